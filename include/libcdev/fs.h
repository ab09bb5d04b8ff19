/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - files, inodes, file operations and device number regions,
 * after include/linux/fs.h and fs/char_dev.c.
 */
#ifndef LIBCDEV_FS_H
#define LIBCDEV_FS_H

#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include <libcdev/compiler.h>
#include <libcdev/kdev_t.h>
#include <libcdev/names.h>

typedef unsigned int fmode_t;
typedef unsigned int __poll_t;

#define FMODE_READ   ((fmode_t)0x1)
#define FMODE_WRITE  ((fmode_t)0x2)
#define FMODE_LSEEK  ((fmode_t)0x4)
#define FMODE_PREAD  ((fmode_t)0x8)
#define FMODE_PWRITE ((fmode_t)0x10)
#define FMODE_STREAM ((fmode_t)0x200000)

struct cdev;
struct module;
struct file;
struct inode;
struct poll_table_struct;
struct kiocb;
struct iov_iter;
struct io_comp_batch;
struct dir_context;
struct vm_area_struct;
struct file_lock;
struct pipe_inode_info;
struct seq_file;
struct io_uring_cmd;

/**
 * struct file_operations - a driver's methods, in the kernel's signatures
 *
 * Every member may be NULL; the dispatcher then does what the kernel's VFS
 * does: no open or release is success, no read or write is -EINVAL, no llseek
 * is -ESPIPE, no unlocked_ioctl is -ENOTTY, no poll means always readable and
 * writable, no flush is success, no fsync is -EINVAL.
 */
struct file_operations {
	struct module *owner;
	loff_t (*llseek)(struct file *, loff_t, int);
	ssize_t (*read)(struct file *, char __user *, size_t, loff_t *);
	ssize_t (*write)(struct file *, const char __user *, size_t, loff_t *);
	__poll_t (*poll)(struct file *, struct poll_table_struct *);
	long (*unlocked_ioctl)(struct file *, unsigned int, unsigned long);
	int (*open)(struct inode *, struct file *);
	int (*flush)(struct file *, void *id);
	int (*release)(struct inode *, struct file *);
	int (*fsync)(struct file *, loff_t, loff_t, int datasync);
	/*
	 * ->read_iter/->write_iter serve read(2)/write(2) when ->read/->write
	 * are NULL, and readv(2)/writev(2) when set (see <libcdev/uio.h>).
	 */
	ssize_t (*read_iter)(struct kiocb *, struct iov_iter *);
	ssize_t (*write_iter)(struct kiocb *, struct iov_iter *);
	/*
	 * The kernel's other members (6.6), for drivers that set them. Neither
	 * CUSE nor the FUSE backend has a way to reach them: they are never
	 * called (mmap(2) of a node fails with ENODEV, O_ASYNC sends no SIGIO;
	 * see libcdev-kernel(7)).
	 */
	int (*iopoll)(struct kiocb *kiocb, struct io_comp_batch *, unsigned int flags);
	int (*iterate_shared)(struct file *, struct dir_context *);
	long (*compat_ioctl)(struct file *, unsigned int, unsigned long);
	int (*mmap)(struct file *, struct vm_area_struct *);
	unsigned long mmap_supported_flags;
	int (*fasync)(int, struct file *, int);
	int (*lock)(struct file *, int, struct file_lock *);
	unsigned long (*get_unmapped_area)(struct file *, unsigned long, unsigned long,
					   unsigned long, unsigned long);
	int (*check_flags)(int);
	int (*flock)(struct file *, int, struct file_lock *);
	ssize_t (*splice_write)(struct pipe_inode_info *, struct file *, loff_t *, size_t,
				unsigned int);
	ssize_t (*splice_read)(struct file *, loff_t *, struct pipe_inode_info *, size_t,
			       unsigned int);
	void (*splice_eof)(struct file *file);
	int (*setlease)(struct file *, int, struct file_lock **, void **);
	long (*fallocate)(struct file *file, int mode, loff_t offset, loff_t len);
	void (*show_fdinfo)(struct seq_file *m, struct file *f);
	ssize_t (*copy_file_range)(struct file *, loff_t, struct file *, loff_t, size_t,
				   unsigned int);
	loff_t (*remap_file_range)(struct file *file_in, loff_t pos_in, struct file *file_out,
				   loff_t pos_out, loff_t len, unsigned int remap_flags);
	int (*fadvise)(struct file *, loff_t, loff_t, int);
	int (*uring_cmd)(struct io_uring_cmd *ioucmd, unsigned int issue_flags);
	int (*uring_cmd_iopoll)(struct io_uring_cmd *, struct io_comp_batch *,
				unsigned int poll_flags);
};

/** struct inode - one device number as the dispatcher sees it */
struct inode {
	dev_t i_rdev;	     /* kernel encoding: MAJOR()/MINOR() apply */
	struct cdev *i_cdev; /* the cdev that serves i_rdev */
	void *i_private;     /* free for the driver */
};

/** struct file - one open of a device */
struct file {
	const struct file_operations *f_op;
	unsigned int f_flags; /* open(2) flags, O_NONBLOCK among them */
	fmode_t f_mode;	      /* FMODE_READ, FMODE_WRITE, ... */
	loff_t f_pos;	      /* the position read/write/llseek advance */
	void *private_data;   /* free for the driver */
	struct inode *f_inode;
};

static inline unsigned int iminor(const struct inode *inode)
{
	return MINOR(inode->i_rdev);
}

static inline unsigned int imajor(const struct inode *inode)
{
	return MAJOR(inode->i_rdev);
}

static inline struct inode *file_inode(const struct file *f)
{
	return f->f_inode;
}

/* Helpers drivers use for their llseek and open methods (fs/read_write.c, fs/open.c). */
loff_t no_llseek(struct file *file, loff_t offset, int whence);
loff_t noop_llseek(struct file *file, loff_t offset, int whence);
loff_t fixed_size_llseek(struct file *file, loff_t offset, int whence, loff_t size);
/** generic_file_llseek_size - seek in a file of @eof bytes, positions 0 to @maxsize (SEEK_DATA/HOLE too) */
loff_t generic_file_llseek_size(struct file *file, loff_t offset, int whence, loff_t maxsize,
				loff_t eof);
int nonseekable_open(struct inode *inode, struct file *filp);
int stream_open(struct inode *inode, struct file *filp);

/* Device number regions (fs/char_dev.c); see register_chrdev_region(3). */
#define CHRDEV_NAME_MAX 64 /* names are truncated to 63 characters */

int register_chrdev_region(dev_t from, unsigned count, const char *name);
int alloc_chrdev_region(dev_t *dev, unsigned baseminor, unsigned count, const char *name);
void unregister_chrdev_region(dev_t from, unsigned count);

int __register_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
		      const char *name, const struct file_operations *fops);
void __unregister_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
			 const char *name);

/**
 * register_chrdev - the pre-2.6 interface: a major with 256 minors and one set of fops
 *
 * Return: the allocated major when @major is 0, else 0; a negative errno on failure.
 */
static inline int register_chrdev(unsigned int major, const char *name,
				  const struct file_operations *fops)
{
	return __register_chrdev(major, 0, 256, name, fops);
}

/** struct libcdev_region - one line of the system-wide region registry */
struct libcdev_region {
	unsigned int major;
	unsigned int baseminor;
	unsigned int count;
	pid_t pid; /* the driver process that holds it */
	const char *name;
};

/**
 * libcdev_regions_foreach - call @fn for each region of a living process
 *
 * Reads the registry without changing it (no lock: it is replaced whole).
 * Return: 0, what @fn returned if not 0, -EUCLEAN for a damaged registry, or
 * the errno of reading it.
 */
int libcdev_regions_foreach(int (*fn)(const struct libcdev_region *r, void *data), void *data);

static inline void unregister_chrdev(unsigned int major, const char *name)
{
	__unregister_chrdev(major, 0, 256, name);
}

#endif
