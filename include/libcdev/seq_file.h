/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - files made of records (include/linux/seq_file.h,
 * fs/seq_file.c), produced by a driver's start/next/stop/show and handed
 * out across reads of any size: a read fills a buffer with whole records
 * (doubling it for a record that does not fit), gives what the caller asked,
 * and keeps the rest for the next read; the iterator restarts at the record
 * after the last one shown.
 *
 * seq_lseek() can only go back to the start (offset 0); other positions
 * fail with -EINVAL. The memory of a seq_file is accounted to the module
 * that opened it.
 *
 * Not in <libcdev/libcdev.h>; <linux/seq_file.h> carries the kernel's
 * spellings (seq_open() and single_open() record THIS_MODULE).
 */
#ifndef LIBCDEV_SEQ_FILE_H
#define LIBCDEV_SEQ_FILE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include <libcdev/fs.h>
#include <libcdev/ksync.h>
#include <libcdev/list_head.h>
#include <libcdev/module.h>

#define SEQ_SKIP	1
#define SEQ_START_TOKEN ((void *)1)

struct seq_file;

struct seq_operations {
	void *(*start)(struct seq_file *m, loff_t *pos);
	void (*stop)(struct seq_file *m, void *v);
	void *(*next)(struct seq_file *m, void *v, loff_t *pos);
	int (*show)(struct seq_file *m, void *v);
};

struct seq_file {
	char *buf;
	size_t size;
	size_t from;  /* the first byte not yet read in buf */
	size_t count; /* bytes in buf from @from on */
	loff_t index; /* the next record to show */
	loff_t read_pos;
	struct mutex lock;
	const struct seq_operations *op;
	const struct file *file;
	void *private;
	struct module *owner; /* private: whose memory the buffer is */
};

/** libcdev_seq_open - what seq_open() does, for @owner: @file's private_data is the seq_file */
int libcdev_seq_open(struct file *file, const struct seq_operations *op, struct module *owner);
/** libcdev_single_open - what single_open() does, for @owner: one record, printed by @show */
int libcdev_single_open(struct file *file, int (*show)(struct seq_file *, void *), void *data,
			struct module *owner);

/* The file operations of a seq_file. */
ssize_t seq_read(struct file *file, char __user *buf, size_t size, loff_t *ppos);
loff_t seq_lseek(struct file *file, loff_t offset, int whence);
int seq_release(struct inode *inode, struct file *file);
int single_release(struct inode *inode, struct file *file);

/* For show(): what does not fit makes the record shown again in a larger buffer. */
void seq_vprintf(struct seq_file *m, const char *f, va_list args)
	__attribute__((format(printf, 2, 0)));
void seq_printf(struct seq_file *m, const char *f, ...) __attribute__((format(printf, 2, 3)));
void seq_write(struct seq_file *m, const void *data, size_t len);
void seq_puts(struct seq_file *m, const char *s);
void seq_putc(struct seq_file *m, char c);

/*
 * A start()/next() pair over a list (the list_head of each record is the
 * record): the entry at @pos, or NULL past the end; start_head gives @head
 * itself at position 0, for a header line.
 */
struct list_head *seq_list_start(struct list_head *head, loff_t pos);
struct list_head *seq_list_start_head(struct list_head *head, loff_t pos);
struct list_head *seq_list_next(void *v, struct list_head *head, loff_t *ppos);

static inline bool seq_has_overflowed(struct seq_file *m)
{
	return m->count == m->size;
}

#endif
