/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/seq_file.h>: files made of records, produced by a
 * driver's start/next/stop/show and handed out across reads of any size, as
 * the kernel's seq_file does: a read fills a buffer with whole records
 * (doubling it for a record that does not fit), gives what the caller asked,
 * and keeps the rest for the next read; the iterator restarts at the record
 * after the last one shown. Written for libcdev.
 *
 * seq_lseek() can only go back to the start (offset 0); other positions
 * fail with -EINVAL.
 */
#ifndef LIBCDEV_KERNEL_LINUX_SEQ_FILE_H
#define LIBCDEV_KERNEL_LINUX_SEQ_FILE_H

#include <stdarg.h>
#include <stdio.h>

#include <asm/page.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#define SEQ_SKIP 1

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
	size_t from;		/* the first byte not yet read in buf */
	size_t count;		/* bytes in buf from @from on */
	loff_t index;		/* the next record to show */
	loff_t read_pos;
	struct mutex lock;
	const struct seq_operations *op;
	const struct file *file;
	void *private;
};

#define SEQ_START_TOKEN ((void *)1)

static inline bool seq_has_overflowed(struct seq_file *m)
{
	return m->count == m->size;
}

static inline __printf(2, 0) void seq_vprintf(struct seq_file *m, const char *f, va_list args)
{
	int len;

	if (m->count < m->size) {
		len = vsnprintf(m->buf + m->count, m->size - m->count, f, args);
		if (len >= 0 && m->count + (size_t)len < m->size) {
			m->count += (size_t)len;
			return;
		}
	}
	m->count = m->size;	/* overflowed: the record is shown again in a larger buffer */
}

static inline __printf(2, 3) void seq_printf(struct seq_file *m, const char *f, ...)
{
	va_list args;

	va_start(args, f);
	seq_vprintf(m, f, args);
	va_end(args);
}

static inline void seq_write(struct seq_file *m, const void *data, size_t len)
{
	if (m->count + len < m->size) {
		memcpy(m->buf + m->count, data, len);
		m->count += len;
	} else {
		m->count = m->size;
	}
}

static inline void seq_puts(struct seq_file *m, const char *s)
{
	seq_write(m, s, strlen(s));
}

static inline void seq_putc(struct seq_file *m, char c)
{
	seq_write(m, &c, 1);
}

#define seq_put_decimal_ull(m, delimiter, num)	seq_printf(m, "%s%llu", delimiter, (unsigned long long)(num))
#define seq_put_decimal_ll(m, delimiter, num)	seq_printf(m, "%s%lld", delimiter, (long long)(num))

static inline int seq_open(struct file *file, const struct seq_operations *op)
{
	struct seq_file *m = (struct seq_file *)kzalloc(sizeof(*m), GFP_KERNEL);

	if (!m)
		return -ENOMEM;
	mutex_init(&m->lock);
	m->op = op;
	m->file = file;
	file->private_data = m;
	return 0;
}

/* Show records from m->index into an empty buffer; 0, or a negative errno. */
static inline int __libcdev_seq_fill(struct seq_file *m, size_t want)
{
	void *p;
	int err;

	if (!m->buf) {
		m->size = PAGE_SIZE;
		m->buf = (char *)kmalloc(m->size, GFP_KERNEL);
		if (!m->buf)
			return -ENOMEM;
	}
	m->from = 0;
	m->count = 0;
	/* The first record: grow the buffer until it fits. */
	for (;;) {
		p = m->op->start(m, &m->index);
		if (!p || IS_ERR(p))
			break;
		err = m->op->show(m, p);
		if (err < 0) {
			m->op->stop(m, p);
			return err;
		}
		if (err > 0)	/* SEQ_SKIP: drop what it printed */
			m->count = 0;
		if (!seq_has_overflowed(m))
			goto fill;
		m->op->stop(m, p);
		kfree(m->buf);
		m->count = 0;
		m->size <<= 1;
		m->buf = (char *)kmalloc(m->size, GFP_KERNEL);
		if (!m->buf)
			return -ENOMEM;
	}
	m->op->stop(m, p);
	return p ? (int)PTR_ERR(p) : 0;
fill:
	/* More whole records while the caller wants more. */
	while (m->count < want) {
		size_t offs = m->count;
		loff_t pos = m->index;

		p = m->op->next(m, p, &m->index);
		if (pos == m->index)	/* a next() that forgot to advance */
			m->index++;
		if (!p || IS_ERR(p))
			break;
		err = m->op->show(m, p);
		if (seq_has_overflowed(m) || err) {
			m->count = offs;	/* not whole: shown again next time */
			if (err <= 0)
				break;
		}
	}
	/* The record after the last one shown is where the next fill starts. */
	if (p && !IS_ERR(p) && m->count >= want) {
		/* p was shown and m->index is still p's: move past it. */
		loff_t pos = m->index;

		p = m->op->next(m, p, &m->index);
		if (pos == m->index)
			m->index++;
	}
	m->op->stop(m, p);
	return 0;
}

static inline ssize_t seq_read(struct file *file, char __user *buf, size_t size, loff_t *ppos)
{
	struct seq_file *m = (struct seq_file *)file->private_data;
	size_t copied = 0, n;
	int err = 0;

	mutex_lock(&m->lock);
	if (*ppos != m->read_pos) {
		err = -ESPIPE;	/* only seq_lseek() to 0 moves a seq_file */
		goto out;
	}
	while (copied < size) {
		if (!m->count) {
			err = __libcdev_seq_fill(m, size - copied);
			if (err || !m->count)
				break;
		}
		n = min(m->count, size - copied);
		if (copy_to_user(buf + copied, m->buf + m->from, n)) {
			err = -EFAULT;
			break;
		}
		m->from += n;
		m->count -= n;
		copied += n;
	}
	*ppos += (loff_t)copied;
	m->read_pos += (loff_t)copied;
out:
	mutex_unlock(&m->lock);
	return copied ? (ssize_t)copied : err;
}

static inline loff_t seq_lseek(struct file *file, loff_t offset, int whence)
{
	struct seq_file *m = (struct seq_file *)file->private_data;

	if (whence == SEEK_CUR)
		offset += file->f_pos;
	if ((whence != SEEK_SET && whence != SEEK_CUR) || offset != 0)
		return -EINVAL;
	mutex_lock(&m->lock);
	m->index = 0;
	m->count = 0;
	m->from = 0;
	m->read_pos = 0;
	file->f_pos = 0;
	mutex_unlock(&m->lock);
	return 0;
}

static inline int seq_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = (struct seq_file *)file->private_data;

	(void)inode;
	kfree(m->buf);
	kfree(m);
	return 0;
}

/* single_open(): one record, printed by @show. */
static inline void *__libcdev_single_start(struct seq_file *m, loff_t *pos)
{
	(void)m;
	return *pos == 0 ? SEQ_START_TOKEN : NULL;
}

static inline void *__libcdev_single_next(struct seq_file *m, void *v, loff_t *pos)
{
	(void)m, (void)v;
	++*pos;
	return NULL;
}

static inline void __libcdev_single_stop(struct seq_file *m, void *v)
{
	(void)m, (void)v;
}

static inline int single_open(struct file *file, int (*show)(struct seq_file *, void *),
			      void *data)
{
	struct seq_operations *op = (struct seq_operations *)kmalloc(sizeof(*op), GFP_KERNEL);
	int ret;

	if (!op)
		return -ENOMEM;
	op->start = __libcdev_single_start;
	op->next = __libcdev_single_next;
	op->stop = __libcdev_single_stop;
	op->show = show;
	ret = seq_open(file, op);
	if (ret) {
		kfree(op);
		return ret;
	}
	((struct seq_file *)file->private_data)->private = data;
	return 0;
}

static inline int single_release(struct inode *inode, struct file *file)
{
	const struct seq_operations *op = ((struct seq_file *)file->private_data)->op;

	seq_release(inode, file);
	kfree(op);
	return 0;
}

#endif
