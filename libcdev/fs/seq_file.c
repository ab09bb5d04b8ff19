/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - files made of records, after fs/seq_file.c.
 *
 * A read fills the buffer with whole records from m->index on and copies
 * from it; what the caller did not take stays for the next read. A record
 * that overflows an empty buffer is shown again in one twice as large; one
 * that overflows after others is left for the next fill. The buffer and the
 * seq_file are the memory of the module that opened the file.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/core.h"
#include <libcdev/kcheck.h>
#include <libcdev/seq_file.h>
#include <libcdev/uaccess.h>

/* The first buffer: the kernel's is a page. */
#define SEQ_BUF_FIRST 4096

_public_ int libcdev_seq_open(struct file *file, const struct seq_operations *op,
			      struct module *owner)
{
	struct seq_file *m = kmem_alloc(sizeof(*m), KMEM_ZERO | KMEM_MAY_SLEEP, owner);

	if (!m)
		return -ENOMEM;
	mutex_init(&m->lock);
	m->op = op;
	m->file = file;
	m->owner = owner;
	file->private_data = m;
	return 0;
}

_public_ void seq_vprintf(struct seq_file *m, const char *f, va_list args)
{
	int len;

	if (m->count < m->size) {
		len = kvsnprintf(m->buf + m->count, m->size - m->count, f, args);
		if (len >= 0 && m->count + (size_t)len < m->size) {
			m->count += (size_t)len;
			return;
		}
	}
	m->count = m->size; /* overflowed: the record is shown again in a larger buffer */
}

_public_ void seq_printf(struct seq_file *m, const char *f, ...)
{
	va_list args;

	va_start(args, f);
	seq_vprintf(m, f, args);
	va_end(args);
}

_public_ void seq_write(struct seq_file *m, const void *data, size_t len)
{
	if (m->count + len < m->size) {
		memcpy(m->buf + m->count, data, len);
		m->count += len;
	} else {
		m->count = m->size;
	}
}

_public_ void seq_puts(struct seq_file *m, const char *s)
{
	seq_write(m, s, strlen(s));
}

_public_ void seq_putc(struct seq_file *m, char c)
{
	seq_write(m, &c, 1);
}

/* An empty buffer of @size bytes in place of the old one; 0 or -ENOMEM. */
static int seq_buf_new(struct seq_file *m, size_t size)
{
	kmem_free(m->buf);
	m->count = 0;
	m->size = size;
	m->buf = kmem_alloc(size, KMEM_MAY_SLEEP, m->owner);
	return m->buf ? 0 : -ENOMEM;
}

/* Step the iterator past @p; a next() that forgot to advance is moved on. */
static void *seq_step(struct seq_file *m, void *p)
{
	loff_t pos = m->index;

	p = m->op->next(m, p, &m->index);
	if (pos == m->index)
		m->index++;
	return p;
}

/*
 * The first record from m->index into the empty buffer, grown until it
 * fits: 1 with the record shown (*@pp is it, the iterator still started),
 * 0 at the end of the file or a negative errno, the iterator stopped.
 */
static int seq_fill_first(struct seq_file *m, void **pp)
{
	void *p;
	int err;

	for (;;) {
		p = m->op->start(m, &m->index);
		if (!p || IS_ERR(p))
			break;
		err = m->op->show(m, p);
		if (err < 0) {
			m->op->stop(m, p);
			return err;
		}
		if (err > 0) /* SEQ_SKIP: drop what it printed */
			m->count = 0;
		if (!seq_has_overflowed(m)) {
			*pp = p;
			return 1;
		}
		m->op->stop(m, p);
		err = seq_buf_new(m, m->size << 1);
		if (err)
			return err;
	}
	m->op->stop(m, p);
	return p ? (int)PTR_ERR(p) : 0;
}

/* Show records from m->index into an empty buffer; 0, or a negative errno. */
static int seq_fill(struct seq_file *m, size_t want)
{
	void *p = NULL;
	int err;

	if (!m->buf && seq_buf_new(m, SEQ_BUF_FIRST))
		return -ENOMEM;
	m->from = 0;
	m->count = 0;
	err = seq_fill_first(m, &p);
	if (err <= 0)
		return err;
	/* More whole records while the caller wants more. */
	while (m->count < want) {
		size_t offs = m->count;

		p = seq_step(m, p);
		if (!p || IS_ERR(p))
			break;
		err = m->op->show(m, p);
		if (seq_has_overflowed(m) || err) {
			m->count = offs; /* not whole: shown again next time */
			if (err <= 0)
				break;
		}
	}
	/* p was shown and m->index is still its own: the next fill starts after it. */
	if (p && !IS_ERR(p) && m->count >= want)
		p = seq_step(m, p);
	m->op->stop(m, p);
	return 0;
}

/* Copy from the buffer, filling it again when empty; the bytes copied. */
static size_t seq_copy(struct seq_file *m, char __user *buf, size_t size, int *err)
{
	size_t copied = 0, n;

	while (copied < size) {
		if (!m->count) {
			*err = seq_fill(m, size - copied);
			if (*err || !m->count)
				break;
		}
		n = m->count < size - copied ? m->count : size - copied;
		__libcdev_might_sleep(__FILE__, __LINE__);
		if (copy_to_user(buf + copied, m->buf + m->from, n)) {
			*err = -EFAULT;
			break;
		}
		m->from += n;
		m->count -= n;
		copied += n;
	}
	return copied;
}

_public_ ssize_t seq_read(struct file *file, char __user *buf, size_t size, loff_t *ppos)
{
	struct seq_file *m = file->private_data;
	size_t copied = 0;
	int err = 0;

	__libcdev_might_sleep(__FILE__, __LINE__);
	mutex_lock(&m->lock);
	if (*ppos != m->read_pos) {
		err = -ESPIPE; /* only seq_lseek() to 0 moves a seq_file */
		goto out;
	}
	copied = seq_copy(m, buf, size, &err);
	*ppos += (loff_t)copied;
	m->read_pos += (loff_t)copied;
out:
	mutex_unlock(&m->lock);
	return copied ? (ssize_t)copied : err;
}

_public_ loff_t seq_lseek(struct file *file, loff_t offset, int whence)
{
	struct seq_file *m = file->private_data;

	if (whence == SEEK_CUR)
		offset += file->f_pos;
	if ((whence != SEEK_SET && whence != SEEK_CUR) || offset != 0)
		return -EINVAL;
	__libcdev_might_sleep(__FILE__, __LINE__);
	mutex_lock(&m->lock);
	m->index = 0;
	m->count = 0;
	m->from = 0;
	m->read_pos = 0;
	file->f_pos = 0;
	mutex_unlock(&m->lock);
	return 0;
}

_public_ int seq_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;

	(void)inode;
	kmem_free(m->buf);
	kmem_free(m);
	return 0;
}

/* single_open(): one record at position 0, printed by the driver's show(). */
static void *single_start(struct seq_file *m, loff_t *pos)
{
	(void)m;
	return *pos == 0 ? SEQ_START_TOKEN : NULL;
}

static void *single_next(struct seq_file *m, void *v, loff_t *pos)
{
	(void)m, (void)v;
	++*pos;
	return NULL;
}

static void single_stop(struct seq_file *m, void *v)
{
	(void)m, (void)v;
}

_public_ int libcdev_single_open(struct file *file, int (*show)(struct seq_file *, void *),
				 void *data, struct module *owner)
{
	struct seq_operations *op = kmem_alloc(sizeof(*op), KMEM_MAY_SLEEP, owner);
	int ret;

	if (!op)
		return -ENOMEM;
	op->start = single_start;
	op->next = single_next;
	op->stop = single_stop;
	op->show = show;
	ret = libcdev_seq_open(file, op, owner);
	if (ret) {
		kmem_free(op);
		return ret;
	}
	((struct seq_file *)file->private_data)->private = data;
	return 0;
}

_public_ int single_release(struct inode *inode, struct file *file)
{
	const struct seq_operations *op = ((struct seq_file *)file->private_data)->op;

	seq_release(inode, file);
	kmem_free(op);
	return 0;
}

_public_ struct list_head *seq_list_start(struct list_head *head, loff_t pos)
{
	struct list_head *entry;

	for (entry = head->next; entry != head; entry = entry->next)
		if (pos-- == 0)
			return entry;
	return NULL;
}

_public_ struct list_head *seq_list_start_head(struct list_head *head, loff_t pos)
{
	return pos ? seq_list_start(head, pos - 1) : head;
}

_public_ struct list_head *seq_list_next(void *v, struct list_head *head, loff_t *ppos)
{
	struct list_head *next = ((struct list_head *)v)->next;

	++*ppos;
	return next == head ? NULL : next;
}
