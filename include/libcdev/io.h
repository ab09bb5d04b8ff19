/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - simulated register banks (include/linux/io.h): each memory
 * region of a platform device (a mem=START+SIZE of its description, or an
 * IORESOURCE_MEM resource) is a bank that ioremap() maps. By default a bank
 * is plain memory: what is written is read back. A test models a device by
 * giving the bank operations, which then see every access (its offset and
 * width) in place of the memory.
 *
 * Accesses go through libcdev_io_read()/libcdev_io_write() (readl() and the
 * others of <linux/io.h>); one outside every bank is reported as the
 * kernel's "unable to handle page fault" would be, and reads all ones.
 */
#ifndef LIBCDEV_IO_H
#define LIBCDEV_IO_H

#include <stdint.h>

#include <libcdev/names.h>
#include <libcdev/platform.h>

struct libcdev_regbank_ops {
	/* @size is 1, 2, 4 or 8 bytes at @offset from the bank's start; NULL: plain memory */
	uint64_t (*read)(void *ctx, unsigned long offset, unsigned int size);
	void (*write)(void *ctx, unsigned long offset, unsigned int size, uint64_t value);
};

/**
 * libcdev_regbank_set_ops - model the bank at physical address @phys (its
 * region's start) with @ops (NULL: plain memory again) and @ctx
 * Return: 0, or -ENOENT when no registered platform device has a region there.
 */
int libcdev_regbank_set_ops(unsigned long long phys, const struct libcdev_regbank_ops *ops,
			    void *ctx);

/**
 * ioremap - the bank of the region holding [@phys, @phys + @size), at @phys
 * Return: the mapping, or NULL (with a message) when no region holds it all.
 */
void *ioremap(unsigned long long phys, size_t size);
/** iounmap - nothing to undo; NULL is allowed */
void iounmap(volatile void *addr);

/**
 * devm_ioremap_resource - claim @res and map it, until @dev is unbound
 * Return: the mapping, or ERR_PTR(-EINVAL) (not a memory resource),
 * ERR_PTR(-EBUSY) (claimed already), ERR_PTR(-ENOMEM).
 */
void *devm_ioremap_resource(struct device *dev, const struct resource *res);
/** devm_ioremap - ioremap() undone at unbind (not claimed) */
void *devm_ioremap(struct device *dev, unsigned long long phys, size_t size);
/* The cache modes of memremap() (the kernel's MEMREMAP_* values). */
#define LIBCDEV_MEMREMAP_WB    (1 << 0)
#define LIBCDEV_MEMREMAP_WT    (1 << 1)
#define LIBCDEV_MEMREMAP_WC    (1 << 2)
#define LIBCDEV_MEMREMAP_KNOWN (LIBCDEV_MEMREMAP_WB | LIBCDEV_MEMREMAP_WT | LIBCDEV_MEMREMAP_WC)

/**
 * memremap - the memory of the bank holding [@offset, @offset + @size), as
 * plain memory that no bank operations see (reserved memory, not registers)
 * Return: its address; NULL when no region holds it or @flags has no known mode.
 */
void *memremap(unsigned long long offset, size_t size, unsigned long flags);
/** memunmap - nothing to undo */
void memunmap(void *addr);
/** devm_memremap - memremap() undone at unbind; ERR_PTR(-ENXIO) where memremap() gives NULL */
void *devm_memremap(struct device *dev, unsigned long long offset, size_t size,
		    unsigned long flags);
/** devm_memunmap - undo devm_memremap() now */
void devm_memunmap(struct device *dev, void *addr);

/** devm_platform_ioremap_resource - devm_ioremap_resource() of the @index-th memory resource */
void *devm_platform_ioremap_resource(struct platform_device *pdev, unsigned int index);
void *devm_platform_get_and_ioremap_resource(struct platform_device *pdev, unsigned int index,
					     struct resource **res);

/** libcdev_io_read - an access of @size bytes (1, 2, 4, 8) at @addr in a bank */
uint64_t libcdev_io_read(const volatile void *addr, unsigned int size);
void libcdev_io_write(volatile void *addr, unsigned int size, uint64_t value);

/*
 * Port I/O (inb(), outb() and the others of <linux/io.h>): each port region
 * of a platform device (io=START+SIZE, or an IORESOURCE_IO resource) is a
 * bank as above, found by port number. A port no device has reads all ones
 * and drops writes, as an empty ISA bus does, with one warning per process.
 */

/** libcdev_portbank_set_ops - model the port bank holding @port; as libcdev_regbank_set_ops() */
int libcdev_portbank_set_ops(unsigned long port, const struct libcdev_regbank_ops *ops, void *ctx);
/** libcdev_port_read - an access of @size bytes (1, 2, 4) at @port */
uint32_t libcdev_port_read(unsigned long port, unsigned int size);
void libcdev_port_write(unsigned long port, unsigned int size, uint32_t value);
/**
 * scx200_gpio_configure - the SCx200's GPIO pin @index: its configuration
 * becomes (old & @mask) | @bits, through the index and data ports at
 * scx200_gpio_base + 0x20 and + 0x24; the old one
 */
uint32_t scx200_gpio_configure(unsigned int index, uint32_t mask, uint32_t bits);
/** rtc_cmos_read - the PC's CMOS byte at @addr: @addr written to port 0x70, the byte read at 0x71 */
unsigned char rtc_cmos_read(unsigned char addr);
/** rtc_cmos_write - @val into the CMOS byte at @addr, through ports 0x70 and 0x71 */
void rtc_cmos_write(unsigned char val, unsigned char addr);

/*
 * Model-specific registers (<asm/msr.h>): simulated, one set for the
 * process; a described platform device brings the MSRs it names
 * (msr=ADDR=VALUE[,ADDR=VALUE]...), which hold what was last written while
 * it is registered. An MSR nobody described faults, as a missing one does:
 * the _safe accessors return -EIO (a read gives 0); the others warn once per
 * process ("unchecked MSR access error: ..."), read 0 and drop the write.
 */

/** native_read_msr - the value of @msr; 0 and the warning without it */
unsigned long long native_read_msr(unsigned int msr);
/** native_read_msr_safe - the value of @msr, *@err 0; 0 and *@err -EIO without it */
unsigned long long native_read_msr_safe(unsigned int msr, int *err);
/** native_write_msr - @high:@low into @msr; the warning without it */
void native_write_msr(unsigned int msr, uint32_t low, uint32_t high);
/** native_write_msr_safe - @high:@low into @msr: 0, or -EIO without it */
int native_write_msr_safe(unsigned int msr, uint32_t low, uint32_t high);
/** msr_set_bit - set @bit (0 to 63) of @msr: 1 if it changed, 0 if set already, -EIO, -EINVAL */
int msr_set_bit(uint32_t msr, uint8_t bit);
/** msr_clear_bit - clear @bit of @msr; as msr_set_bit() */
int msr_clear_bit(uint32_t msr, uint8_t bit);

/*
 * Claims on ports and addresses (kernel/resource.c): request_region() and
 * the others of <linux/ioport.h> claim a range of ioport_resource (ports 0 to
 * 0xffff) or iomem_resource for a driver, whether or not a device backs it;
 * a range that overlaps a claim fails (NULL), except that a muxed request
 * (request_muxed_region()) waits for a muxed holder to release. A claim lasts
 * until released, as in the kernel, where a module that forgets one leaves
 * it held.
 */
extern struct resource ioport_resource;
extern struct resource iomem_resource;

/** __request_region - claim [@start, @start + @n) of @parent for @name; NULL if busy or outside */
struct resource *__request_region(struct resource *parent, unsigned long long start,
				  unsigned long long n, const char *name, int flags);
/** __release_region - end the claim of exactly [@start, @start + @n); a warning if there is none */
void __release_region(struct resource *parent, unsigned long long start, unsigned long long n);
/** __devm_request_region - __request_region(), released when @dev is unbound */
struct resource *__devm_request_region(struct device *dev, struct resource *parent,
				       unsigned long long start, unsigned long long n,
				       const char *name);

#endif
