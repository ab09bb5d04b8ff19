/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the memory behind ioremap() (arch/x86/mm/ioremap.c, lib/devres.c)
 * and behind inb()/outb() (arch/x86/include/asm/io.h): register banks
 * (io.h), one per memory or port resource of a platform device, made on
 * first use, gone with the device. A memory access finds its bank by address,
 * a port access by port number; the bank's operations, if a test gave some,
 * see it in place of the memory.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "drivers/base/base.h"
#include <libcdev/io.h>

struct regbank {
	struct regbank *next;
	const struct resource *res; /* its region: the key */
	unsigned char *mem;
	size_t size;
	const struct libcdev_regbank_ops *ops;
	void *ctx;
	const struct device *claimed_by; /* devm_ioremap_resource() */
};

static pthread_rwlock_t banks_lock = PTHREAD_RWLOCK_INITIALIZER;
static struct regbank *banks;

/* The bank of @res, made if there is none yet. Under banks_lock for writing. */
static struct regbank *bank_get_locked(const struct resource *res)
{
	struct regbank *b;

	for (b = banks; b; b = b->next)
		if (b->res == res)
			return b;
	b = calloc(1, sizeof(*b));
	if (!b)
		return NULL;
	b->size = (size_t)resource_size(res);
	b->mem = calloc(1, b->size);
	if (!b->mem) {
		free(b);
		return NULL;
	}
	b->res = res;
	b->next = banks;
	banks = b;
	return b;
}

void regbanks_forget(const struct resource *res, unsigned int n)
{
	struct regbank **pp, *b;

	if (!res || !n)
		return;
	pthread_rwlock_wrlock(&banks_lock);
	for (pp = &banks; (b = *pp);) {
		if (b->res >= res && b->res < res + n) {
			*pp = b->next;
			free(b->mem);
			free(b);
		} else {
			pp = &b->next;
		}
	}
	pthread_rwlock_unlock(&banks_lock);
}

static int bank_set_ops(const struct resource *res, const struct libcdev_regbank_ops *ops,
			void *ctx)
{
	struct regbank *b;

	pthread_rwlock_wrlock(&banks_lock);
	b = bank_get_locked(res);
	if (b) {
		b->ops = ops;
		b->ctx = ctx;
	}
	pthread_rwlock_unlock(&banks_lock);
	return b ? 0 : -ENOMEM;
}

_public_ int libcdev_regbank_set_ops(unsigned long long phys, const struct libcdev_regbank_ops *ops,
				     void *ctx)
{
	const struct resource *res = platform_region(IORESOURCE_MEM, phys, 1);

	return res ? bank_set_ops(res, ops, ctx) : -ENOENT;
}

/* The mapping of [@phys, @phys + @size), claimed for @dev if not NULL; @fn names the caller. */
static void *bank_map(const char *fn, unsigned long long phys, size_t size,
		      const struct device *dev, int *err)
{
	const struct resource *res = platform_region(IORESOURCE_MEM, phys, size);
	struct regbank *b;
	void *p = NULL;

	*err = -ENOMEM;
	if (!res) {
		printk(KERN_ERR "%s: no device region holds %#llx-%#llx "
				"(describe it: mem=START+SIZE)\n",
		       fn, phys, phys + size - 1);
		*err = -EINVAL;
		return NULL;
	}
	pthread_rwlock_wrlock(&banks_lock);
	b = bank_get_locked(res);
	if (b && dev && b->claimed_by) {
		*err = -EBUSY;
	} else if (b) {
		if (dev)
			b->claimed_by = dev;
		p = b->mem + (phys - res->start);
		*err = 0;
	}
	pthread_rwlock_unlock(&banks_lock);
	return p;
}

_public_ void *ioremap(unsigned long long phys, size_t size)
{
	int err;

	return bank_map("ioremap", phys, size, NULL, &err);
}

_public_ void iounmap(volatile void *addr)
{
	(void)addr;
}

/*
 * The bank's memory itself: what the CPU reads and writes there goes to no
 * model's operations, as accesses to RAM are no bus cycles of a device. The
 * cache mode asked for changes nothing in a process; none at all is refused,
 * as the kernel refuses it.
 */
_public_ void *memremap(unsigned long long offset, size_t size, unsigned long flags)
{
	int err;

	if (!flags || (flags & ~(unsigned long)LIBCDEV_MEMREMAP_KNOWN))
		return NULL;
	return bank_map("memremap", offset, size, NULL, &err);
}

_public_ void memunmap(void *addr)
{
	(void)addr;
}

static void devm_memunmap_action(void *addr)
{
	memunmap(addr);
}

_public_ void *devm_memremap(struct device *dev, unsigned long long offset, size_t size,
			     unsigned long flags)
{
	void *p = memremap(offset, size, flags);
	int err;

	if (!p)
		return ERR_PTR(-ENXIO);
	err = devm_add_action(dev, devm_memunmap_action, p);
	return err ? ERR_PTR(err) : p;
}

/* The mapping's managed entry goes now, not at unbind. */
_public_ void devm_memunmap(struct device *dev, void *addr)
{
	devm_release_action(dev, devm_memunmap_action, addr);
}

static void bank_unclaim(void *data)
{
	struct regbank *b;

	pthread_rwlock_wrlock(&banks_lock);
	for (b = banks; b; b = b->next)
		if (b->claimed_by == data)
			b->claimed_by = NULL;
	pthread_rwlock_unlock(&banks_lock);
}

_public_ void *devm_ioremap_resource(struct device *dev, const struct resource *res)
{
	void *p;
	int err;

	if (!dev || !res || resource_type(res) != IORESOURCE_MEM) {
		printk(KERN_ERR "%s %s: invalid resource\n", dev_driver_string(dev),
		       dev ? dev_name(dev) : "");
		return ERR_PTR(-EINVAL);
	}
	p = bank_map("ioremap", res->start, (size_t)resource_size(res), dev, &err);
	if (err == -EBUSY)
		printk(KERN_ERR "%s %s: can't request region for resource %#llx-%#llx\n",
		       dev_driver_string(dev), dev_name(dev), res->start, res->end);
	if (err)
		return ERR_PTR(err);
	err = devm_add_action_or_reset(dev, bank_unclaim, dev);
	return err ? ERR_PTR(err) : p;
}

_public_ void *devm_ioremap(struct device *dev, unsigned long long phys, size_t size)
{
	return dev ? ioremap(phys, size) : NULL;
}

_public_ void *devm_platform_get_and_ioremap_resource(struct platform_device *pdev,
						      unsigned int index, struct resource **res)
{
	struct resource *r = platform_get_resource(pdev, IORESOURCE_MEM, index);

	if (res)
		*res = r;
	return devm_ioremap_resource(pdev ? &pdev->dev : NULL, r);
}

_public_ void *devm_platform_ioremap_resource(struct platform_device *pdev, unsigned int index)
{
	return devm_platform_get_and_ioremap_resource(pdev, index, NULL);
}

/* The bank holding [@addr, @addr + @size), with banks_lock held for reading; NULL if none. */
static struct regbank *bank_of(const volatile void *addr, unsigned int size, unsigned long *off)
{
	const unsigned char *p = (const unsigned char *)(uintptr_t)addr;

	pthread_rwlock_rdlock(&banks_lock);
	for (struct regbank *b = banks; b; b = b->next)
		if (p >= b->mem && p + size <= b->mem + b->size) {
			*off = (unsigned long)(p - b->mem);
			return b;
		}
	pthread_rwlock_unlock(&banks_lock);
	printk(KERN_ALERT "BUG: unable to handle page fault for address: %p "
			  "(an I/O access of %u bytes outside every register bank)\n",
	       (const void *)p, size);
	return NULL;
}

/* An access of @size bytes at @off in @b: its model's, or its memory's (little-endian, as readl() is). */
static uint64_t bank_read(const struct regbank *b, unsigned long off, unsigned int size)
{
	uint64_t v = 0;

	if (b->ops && b->ops->read)
		return b->ops->read(b->ctx, off, size);
	memcpy(&v, b->mem + off, size);
	return v;
}

static void bank_write(struct regbank *b, unsigned long off, unsigned int size, uint64_t value)
{
	if (b->ops && b->ops->write)
		b->ops->write(b->ctx, off, size, value);
	else
		memcpy(b->mem + off, &value, size);
}

_public_ uint64_t libcdev_io_read(const volatile void *addr, unsigned int size)
{
	unsigned long off;
	struct regbank *b = bank_of(addr, size, &off);
	uint64_t v;

	if (!b)
		return ~0ULL >> (64 - 8 * size);
	v = bank_read(b, off, size);
	pthread_rwlock_unlock(&banks_lock);
	return v;
}

_public_ void libcdev_io_write(volatile void *addr, unsigned int size, uint64_t value)
{
	unsigned long off;
	struct regbank *b = bank_of(addr, size, &off);

	if (!b)
		return;
	bank_write(b, off, size, value);
	pthread_rwlock_unlock(&banks_lock);
}

/* ---- port I/O: the banks of the io=START+SIZE regions ---- */

_public_ int libcdev_portbank_set_ops(unsigned long port, const struct libcdev_regbank_ops *ops,
				      void *ctx)
{
	const struct resource *res = platform_region(IORESOURCE_IO, port, 1);

	return res ? bank_set_ops(res, ops, ctx) : -ENOENT;
}

/*
 * A port no described device has: the bus floats, so a read gives all ones
 * and a write goes nowhere, as on a PC; said once per process, since a
 * driver probing for its chip does this on purpose.
 */
static void port_unbacked(unsigned long port, unsigned int size)
{
	static atomic_int said;

	if (!atomic_exchange(&said, 1))
		printk(KERN_WARNING "port I/O: no device has ports %#lx-%#lx: reads give all ones, "
				    "writes are dropped (describe one: io=START+SIZE)\n",
		       port, port + size - 1);
}

/* The bank of the port region holding [@port, @port + @size), with banks_lock held for writing. */
static struct regbank *port_bank(unsigned long port, unsigned int size, unsigned long *off)
{
	const struct resource *res = platform_region(IORESOURCE_IO, port, size);
	struct regbank *b;

	if (!res) {
		port_unbacked(port, size);
		return NULL;
	}
	pthread_rwlock_wrlock(&banks_lock);
	b = bank_get_locked(res);
	if (!b) {
		pthread_rwlock_unlock(&banks_lock);
		return NULL;
	}
	*off = (unsigned long)(port - res->start);
	return b;
}

_public_ uint32_t libcdev_port_read(unsigned long port, unsigned int size)
{
	unsigned long off;
	struct regbank *b = port_bank(port, size, &off);
	uint32_t v;

	if (!b)
		return (uint32_t)(~0ULL >> (64 - 8 * size));
	v = (uint32_t)bank_read(b, off, size);
	pthread_rwlock_unlock(&banks_lock);
	return v;
}

_public_ void libcdev_port_write(unsigned long port, unsigned int size, uint32_t value)
{
	unsigned long off;
	struct regbank *b = port_bank(port, size, &off);

	if (!b)
		return;
	bank_write(b, off, size, value);
	pthread_rwlock_unlock(&banks_lock);
}
