/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - fs/libfs.c and fs/read_write.c:
 * the kernel's helpers that drivers call from their own methods:
 * the stock llseek()s (fs/read_write.c), nonseekable_open() and
 * stream_open() (fs/open.c), and the device number encodings (kdev_t.h). A
 * file of its own: drivers call these, where the dispatcher (vfs.c) is
 * called by the backends.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/sysmacros.h>

#include "core/core.h"
#include "backend/backend.h"

_public_ loff_t no_llseek(struct file *file, loff_t offset, int whence)
{
	(void)file, (void)offset, (void)whence;
	return -ESPIPE;
}

_public_ loff_t noop_llseek(struct file *file, loff_t offset, int whence)
{
	(void)offset, (void)whence;
	return pos_load(file);
}

_public_ loff_t fixed_size_llseek(struct file *file, loff_t offset, int whence, loff_t size)
{
	loff_t base;

	switch (whence) {
	case SEEK_SET:
		base = 0;
		break;
	case SEEK_CUR:
		base = pos_load(file);
		break;
	case SEEK_END:
		base = size;
		break;
	default:
		return -EINVAL;
	}
	if ((offset > 0 && base > LLONG_MAX - offset) || base + offset < 0 || base + offset > size)
		return -EINVAL;
	pos_store(file, base + offset);
	return base + offset;
}

/*
 * The kernel's generic seek for a file of @eof bytes that may grow to
 * @maxsize: SEEK_DATA finds data where it is asked (a device has no
 * holes) and SEEK_HOLE the end, both -ENXIO at or past the end; a position
 * below 0 or past @maxsize is -EINVAL, as vfs_setpos() says.
 */
_public_ loff_t generic_file_llseek_size(struct file *file, loff_t offset, int whence,
					 loff_t maxsize, loff_t eof)
{
	switch (whence) {
	case SEEK_SET:
		break;
	case SEEK_END:
		offset = offset > LLONG_MAX - eof ? -1 : offset + eof;
		break;
	case SEEK_CUR:
		if (offset == 0)
			return pos_load(file);
		offset = offset > LLONG_MAX - pos_load(file) ? -1 : offset + pos_load(file);
		break;
	case SEEK_DATA:
	case SEEK_HOLE:
		if (offset < 0 || offset >= eof)
			return -ENXIO;
		if (whence == SEEK_HOLE)
			offset = eof;
		break;
	default:
		return -EINVAL;
	}
	if (offset < 0 || offset > maxsize)
		return -EINVAL;
	pos_store(file, offset);
	return offset;
}

_public_ int nonseekable_open(struct inode *inode, struct file *filp)
{
	(void)inode;
	filp->f_mode &= ~(FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE);
	return 0;
}

_public_ int stream_open(struct inode *inode, struct file *filp)
{
	(void)inode;
	filp->f_mode &= ~(FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE);
	filp->f_mode |= FMODE_STREAM;
	return 0;
}

_public_ dev_t new_encode_dev(dev_t dev)
{
	return makedev(MAJOR(dev), MINOR(dev));
}

_public_ dev_t new_decode_dev(dev_t sysdev)
{
	return MKDEV(major(sysdev), minor(sysdev));
}
