/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/nvram.h>: the /dev/nvram ioctls of the system's
 * uapi header (NVRAM_INIT, NVRAM_SETCKS, NVRAM_FIRST_BYTE), and the
 * kernel's interface to an architecture's NVRAM: struct nvram_ops and the
 * one arch_nvram_ops, which the architecture's code defines (on x86 the
 * nvram driver itself, over the CMOS of <linux/mc146818rtc.h>). The
 * wrappers call an op when it is there and fall back as the kernel's do:
 * byte by byte, 0xff for a byte nobody reads, -ENODEV for no size.
 */
#ifndef LIBCDEV_KERNEL_LINUX_NVRAM_H
#define LIBCDEV_KERNEL_LINUX_NVRAM_H

#include_next <linux/nvram.h>

#include <linux/errno.h>
#include <linux/types.h>

struct nvram_ops {
	ssize_t (*get_size)(void);
	unsigned char (*read_byte)(int);
	void (*write_byte)(unsigned char, int);
	ssize_t (*read)(char *, size_t, loff_t *);
	ssize_t (*write)(char *, size_t, loff_t *);
	long (*initialize)(void);   /* x86 and m68k: zero it, set the checksum */
	long (*set_checksum)(void); /* x86 and m68k: make the checksum match */
};

extern const struct nvram_ops arch_nvram_ops;

static inline ssize_t nvram_get_size(void)
{
	return arch_nvram_ops.get_size ? arch_nvram_ops.get_size() : -ENODEV;
}

static inline unsigned char nvram_read_byte(int addr)
{
	return arch_nvram_ops.read_byte ? arch_nvram_ops.read_byte(addr) : 0xff;
}

static inline void nvram_write_byte(unsigned char val, int addr)
{
	if (arch_nvram_ops.write_byte)
		arch_nvram_ops.write_byte(val, addr);
}

/* From *@ppos to the end at most, one byte at a time; *@ppos moves past them. */
static inline ssize_t nvram_read_bytes(char *buf, size_t count, loff_t *ppos)
{
	ssize_t size = nvram_get_size();
	loff_t i;

	if (size < 0)
		return size;
	for (i = *ppos; count > 0 && i < size; i++, count--)
		buf[i - *ppos] = (char)nvram_read_byte((int)i);
	count = (size_t)(i - *ppos);
	*ppos = i;
	return (ssize_t)count;
}

static inline ssize_t nvram_write_bytes(char *buf, size_t count, loff_t *ppos)
{
	ssize_t size = nvram_get_size();
	loff_t i;

	if (size < 0)
		return size;
	for (i = *ppos; count > 0 && i < size; i++, count--)
		nvram_write_byte((unsigned char)buf[i - *ppos], (int)i);
	count = (size_t)(i - *ppos);
	*ppos = i;
	return (ssize_t)count;
}

static inline ssize_t nvram_read(char *buf, size_t count, loff_t *ppos)
{
	if (arch_nvram_ops.read)
		return arch_nvram_ops.read(buf, count, ppos);
	return nvram_read_bytes(buf, count, ppos);
}

static inline ssize_t nvram_write(char *buf, size_t count, loff_t *ppos)
{
	if (arch_nvram_ops.write)
		return arch_nvram_ops.write(buf, count, ppos);
	return nvram_write_bytes(buf, count, ppos);
}

#endif
