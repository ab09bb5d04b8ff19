/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/io.h>: ioremap() and readl()/writel() (8, 16, 32
 * and 64 bits, relaxed and ioread/iowrite forms), and x86's port I/O
 * (inb()/outb() and the others, with <asm/io.h>'s signatures), on the
 * simulated register banks of <libcdev/io.h>: plain memory, or a test's
 * model of the device; memremap() gives a bank's memory itself (reserved
 * memory, <linux/of_reserved_mem.h>). No real device memory, ports or DMA:
 * libcdev-kernel(7).
 */
#ifndef LIBCDEV_KERNEL_LINUX_IO_H
#define LIBCDEV_KERNEL_LINUX_IO_H

#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/types.h>
#include <libcdev/io.h>

enum {
	MEMREMAP_WB = LIBCDEV_MEMREMAP_WB,
	MEMREMAP_WT = LIBCDEV_MEMREMAP_WT,
	MEMREMAP_WC = LIBCDEV_MEMREMAP_WC,
};

static inline u8 readb(const volatile void __iomem *addr)
{
	return (u8)libcdev_io_read(addr, 1);
}

static inline u16 readw(const volatile void __iomem *addr)
{
	return (u16)libcdev_io_read(addr, 2);
}

static inline u32 readl(const volatile void __iomem *addr)
{
	return (u32)libcdev_io_read(addr, 4);
}

static inline u64 readq(const volatile void __iomem *addr)
{
	return (u64)libcdev_io_read(addr, 8);
}

static inline void writeb(u8 value, volatile void __iomem *addr)
{
	libcdev_io_write(addr, 1, value);
}

static inline void writew(u16 value, volatile void __iomem *addr)
{
	libcdev_io_write(addr, 2, value);
}

static inline void writel(u32 value, volatile void __iomem *addr)
{
	libcdev_io_write(addr, 4, value);
}

static inline void writeq(u64 value, volatile void __iomem *addr)
{
	libcdev_io_write(addr, 8, value);
}

#define readb_relaxed(a)     readb(a)
#define readw_relaxed(a)     readw(a)
#define readl_relaxed(a)     readl(a)
#define readq_relaxed(a)     readq(a)
#define writeb_relaxed(v, a) writeb(v, a)
#define writew_relaxed(v, a) writew(v, a)
#define writel_relaxed(v, a) writel(v, a)
#define writeq_relaxed(v, a) writeq(v, a)
#define ioread8(a)	     readb(a)
#define ioread16(a)	     readw(a)
#define ioread32(a)	     readl(a)
#define ioread64(a)	     readq(a)
#define iowrite8(v, a)	     writeb(v, a)
#define iowrite16(v, a)	     writew(v, a)
#define iowrite32(v, a)	     writel(v, a)
#define iowrite64(v, a)	     writeq(v, a)

/*
 * Copies to and from a bank one byte at a time, each through readb()/writeb(),
 * so that a test's model of the device sees every access.
 */
static inline void memcpy_fromio(void *to, const volatile void __iomem *from, size_t count)
{
	for (size_t i = 0; i < count; i++)
		((u8 *)to)[i] = readb((const volatile u8 __iomem *)from + i);
}

static inline void memcpy_toio(volatile void __iomem *to, const void *from, size_t count)
{
	for (size_t i = 0; i < count; i++)
		writeb(((const u8 *)from)[i], (volatile u8 __iomem *)to + i);
}

static inline void memset_io(volatile void __iomem *addr, int value, size_t count)
{
	for (size_t i = 0; i < count; i++)
		writeb((u8)value, (volatile u8 __iomem *)addr + i);
}

/* Write-combining is a CPU cache mode: a simulated bank has no cache to set. */
#define ioremap_wc(phys, size)		   ioremap(phys, size)
#define devm_ioremap_resource_wc(dev, res) devm_ioremap_resource(dev, res)

/* Port I/O, with x86's types: a port is 16 bits. */
#define LIBCDEV_BUILDIO(bwl, type, size)                                              \
	static inline type in##bwl(u16 port)                                          \
	{                                                                             \
		return (type)libcdev_port_read(port, size);                           \
	}                                                                             \
	static inline void out##bwl(type value, u16 port)                             \
	{                                                                             \
		libcdev_port_write(port, size, value);                                \
	}                                                                             \
	/* The _p forms pause after the access on a PC: nothing to wait for here. */  \
	static inline type in##bwl##_p(u16 port)                                      \
	{                                                                             \
		return in##bwl(port);                                                 \
	}                                                                             \
	static inline void out##bwl##_p(type value, u16 port)                         \
	{                                                                             \
		out##bwl(value, port);                                                \
	}                                                                             \
	static inline void ins##bwl(u16 port, void *addr, unsigned long count)        \
	{                                                                             \
		for (type *p = (type *)addr; count--; p++)                            \
			*p = in##bwl(port);                                           \
	}                                                                             \
	static inline void outs##bwl(u16 port, const void *addr, unsigned long count) \
	{                                                                             \
		for (const type *p = (const type *)addr; count--; p++)                \
			out##bwl(*p, port);                                           \
	}

LIBCDEV_BUILDIO(b, u8, 1)
LIBCDEV_BUILDIO(w, u16, 2)
LIBCDEV_BUILDIO(l, u32, 4)
#undef LIBCDEV_BUILDIO

#endif
