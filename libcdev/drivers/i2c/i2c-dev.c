/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/i2c/i2c-dev.c: a simulated adapter as a real node,
 * /dev/i2c-N, answering the ioctls of the kernel's i2c-dev (I2C_SLAVE and
 * _FORCE, I2C_TENBIT, I2C_PEC, I2C_FUNCS, I2C_RDWR, I2C_SMBUS, I2C_RETRIES,
 * I2C_TIMEOUT) and its read() and write(), with its limits, so that the
 * stock i2c-tools see the simulated chips while a driver uses them. Made
 * with the library's own misc devices: the node is a CUSE node (or a FUSE
 * file), the ioctl arguments read and written where the caller has them.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "drivers/i2c/i2c-core.h"
#include <libcdev/fs.h>
#include <libcdev/miscdevice.h>
#include <libcdev/uaccess.h>

/* The kernel's limit on one message of I2C_RDWR, and on read() and write(). */
#define I2C_DEV_MSG_MAX 8192

struct i2c_dev {
	struct miscdevice misc;
	struct i2c_adapter *adap;
	char name[16];
};

/* What one open file addresses, as the kernel's i2c-dev keeps it in an anonymous client. */
struct i2c_dev_file {
	struct i2c_client client;
};

static int i2c_dev_open(struct inode *inode, struct file *file)
{
	struct i2c_dev *d = container_of(file->private_data, struct i2c_dev, misc);
	struct i2c_dev_file *f = calloc(1, sizeof(*f));

	(void)inode;
	if (!f)
		return -ENOMEM;
	f->client.adapter = d->adap;
	file->private_data = f;
	return 0;
}

static int i2c_dev_release(struct inode *inode, struct file *file)
{
	(void)inode;
	free(file->private_data);
	return 0;
}

static ssize_t i2c_dev_rw(struct file *file, char __user *ubuf, size_t count, bool rd)
{
	struct i2c_dev_file *f = file->private_data;
	char *tmp;
	int ret;

	if (count > I2C_DEV_MSG_MAX)
		count = I2C_DEV_MSG_MAX;
	tmp = malloc(count ? count : 1);
	if (!tmp)
		return -ENOMEM;
	if (!rd && copy_from_user(tmp, ubuf, count)) {
		free(tmp);
		return -EFAULT;
	}
	ret = i2c_transfer_buffer_flags(&f->client, tmp, (int)count, rd ? I2C_M_RD : 0);
	if (ret >= 0 && rd && copy_to_user(ubuf, tmp, count))
		ret = -EFAULT;
	free(tmp);
	return ret;
}

static ssize_t i2c_dev_read(struct file *file, char __user *buf, size_t count, loff_t *pos)
{
	(void)pos;
	return i2c_dev_rw(file, buf, count, true);
}

static ssize_t i2c_dev_write(struct file *file, const char __user *buf, size_t count, loff_t *pos)
{
	(void)pos;
	return i2c_dev_rw(file, (char __user *)buf, count, false);
}

/* I2C_SLAVE: an address a bound driver holds is busy; I2C_SLAVE_FORCE takes it anyway. */
static long i2c_dev_set_addr(struct i2c_dev_file *f, unsigned long addr, bool force)
{
	struct i2c_client *c;
	bool busy;

	if (addr > ((f->client.flags & I2C_M_TEN) ? 0x3ffUL : 0x7fUL))
		return -EINVAL;
	i2c_core_lock();
	c = i2c_client_at_locked(f->client.adapter, (unsigned short)addr);
	busy = c && c->dev.driver;
	i2c_core_unlock();
	if (busy && !force)
		return -EBUSY;
	f->client.addr = (unsigned short)addr;
	return 0;
}

/* Copy the messages' buffers in; the user's buffer pointers are kept in @ubufs. */
static long rdwr_copy_in(struct i2c_msg *msgs, uint32_t n, uint8_t __user **ubufs)
{
	for (uint32_t i = 0; i < n; i++) {
		struct i2c_msg *m = &msgs[i];

		ubufs[i] = (uint8_t __user *)m->buf;
		m->buf = NULL;
		if (m->len > I2C_DEV_MSG_MAX)
			return -EINVAL;
		m->buf = malloc(m->len ? m->len : 1);
		if (!m->buf)
			return -ENOMEM;
		if (copy_from_user(m->buf, ubufs[i], m->len))
			return -EFAULT;
		/* A block whose count the device sends: room for the largest, as the kernel requires. */
		if (m->flags & I2C_M_RECV_LEN) {
			if (!(m->flags & I2C_M_RD) || !m->len || m->buf[0] < 1 ||
			    m->len < m->buf[0] + I2C_SMBUS_BLOCK_MAX)
				return -EINVAL;
			m->len = m->buf[0];
		}
	}
	return 0;
}

static long i2c_dev_rdwr(struct i2c_dev_file *f, unsigned long arg)
{
	struct i2c_rdwr_ioctl_data rdwr;
	uint8_t __user *ubufs[I2C_RDWR_IOCTL_MAX_MSGS];
	struct i2c_msg *msgs;
	long ret;

	if (copy_from_user(&rdwr, (void __user *)arg, sizeof(rdwr)))
		return -EFAULT;
	if (!rdwr.msgs || rdwr.nmsgs == 0)
		return -EINVAL;
	if (rdwr.nmsgs > I2C_RDWR_IOCTL_MAX_MSGS)
		return -EINVAL;
	msgs = calloc(rdwr.nmsgs, sizeof(*msgs));
	if (!msgs)
		return -ENOMEM;
	ret = -EFAULT;
	if (copy_from_user(msgs, (void __user *)rdwr.msgs, rdwr.nmsgs * sizeof(*msgs)))
		goto out;
	ret = rdwr_copy_in(msgs, rdwr.nmsgs, ubufs);
	if (!ret)
		ret = i2c_transfer(f->client.adapter, msgs, (int)rdwr.nmsgs);
	for (uint32_t i = 0; ret >= 0 && i < rdwr.nmsgs; i++)
		if ((msgs[i].flags & I2C_M_RD) && copy_to_user(ubufs[i], msgs[i].buf, msgs[i].len))
			ret = -EFAULT;
out:
	for (uint32_t i = 0; i < rdwr.nmsgs; i++)
		free(msgs[i].buf);
	free(msgs);
	return ret;
}

/* The bytes of union i2c_smbus_data a transfer of @size reads or writes. */
static size_t smbus_data_size(uint32_t size)
{
	switch (size) {
	case I2C_SMBUS_BYTE:
	case I2C_SMBUS_BYTE_DATA:
		return sizeof(uint8_t);
	case I2C_SMBUS_WORD_DATA:
	case I2C_SMBUS_PROC_CALL:
		return sizeof(uint16_t);
	default:
		return sizeof(union i2c_smbus_data);
	}
}

static bool smbus_size_valid(uint32_t size)
{
	return size <= I2C_SMBUS_I2C_BLOCK_DATA;
}

static long i2c_dev_smbus(struct i2c_dev_file *f, unsigned long arg)
{
	struct i2c_smbus_ioctl_data a;
	union i2c_smbus_data tmp = { 0 };
	uint32_t size;
	size_t n;
	long ret;

	if (copy_from_user(&a, (void __user *)arg, sizeof(a)))
		return -EFAULT;
	if (!smbus_size_valid(a.size) ||
	    (a.read_write != I2C_SMBUS_READ && a.read_write != I2C_SMBUS_WRITE))
		return -EINVAL;
	size = a.size;
	/* Transfers that carry no data. */
	if (size == I2C_SMBUS_QUICK || (size == I2C_SMBUS_BYTE && a.read_write == I2C_SMBUS_WRITE))
		return i2c_smbus_xfer(f->client.adapter, f->client.addr, f->client.flags,
				      (char)a.read_write, a.command, (int)size, NULL);
	if (!a.data)
		return -EINVAL;
	n = smbus_data_size(size);
	if ((size == I2C_SMBUS_PROC_CALL || size == I2C_SMBUS_BLOCK_PROC_CALL ||
	     size == I2C_SMBUS_I2C_BLOCK_DATA || a.read_write == I2C_SMBUS_WRITE) &&
	    copy_from_user(&tmp, a.data, n))
		return -EFAULT;
	/* The old block read of 32 bytes, as the kernel converts it. */
	if (size == I2C_SMBUS_I2C_BLOCK_BROKEN) {
		size = I2C_SMBUS_I2C_BLOCK_DATA;
		if (a.read_write == I2C_SMBUS_READ)
			tmp.block[0] = I2C_SMBUS_BLOCK_MAX;
	}
	ret = i2c_smbus_xfer(f->client.adapter, f->client.addr, f->client.flags, (char)a.read_write,
			     a.command, (int)size, &tmp);
	if (!ret &&
	    (size == I2C_SMBUS_PROC_CALL || size == I2C_SMBUS_BLOCK_PROC_CALL ||
	     a.read_write == I2C_SMBUS_READ) &&
	    copy_to_user(a.data, &tmp, n))
		return -EFAULT;
	return ret;
}

static long i2c_dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct i2c_dev_file *f = file->private_data;
	struct i2c_adapter *adap = f->client.adapter;

	switch (cmd) {
	case I2C_SLAVE:
	case I2C_SLAVE_FORCE:
		return i2c_dev_set_addr(f, arg, cmd == I2C_SLAVE_FORCE);
	case I2C_TENBIT:
		f->client.flags = (unsigned short)(arg ? f->client.flags | I2C_M_TEN :
							 f->client.flags & ~I2C_M_TEN);
		return 0;
	case I2C_PEC:
		f->client.flags = (unsigned short)(arg ? f->client.flags | I2C_CLIENT_PEC :
							 f->client.flags & ~I2C_CLIENT_PEC);
		return 0;
	case I2C_FUNCS: {
		unsigned long funcs = i2c_get_functionality(adap);

		return copy_to_user((void __user *)arg, &funcs, sizeof(funcs)) ? -EFAULT : 0;
	}
	case I2C_RDWR:
		return i2c_dev_rdwr(f, arg);
	case I2C_SMBUS:
		return i2c_dev_smbus(f, arg);
	case I2C_RETRIES:
		if (arg > INT_MAX)
			return -EINVAL;
		adap->retries = (int)arg;
		return 0;
	case I2C_TIMEOUT:
		/* In units of 10 ms. */
		if (arg > INT_MAX / 10)
			return -EINVAL;
		adap->timeout = (int)msecs_to_jiffies(arg * 10);
		return 0;
	default:
		return -ENOTTY;
	}
}

static const struct file_operations i2c_dev_fops = {
	.owner = NULL,
	.open = i2c_dev_open,
	.release = i2c_dev_release,
	.read = i2c_dev_read,
	.write = i2c_dev_write,
	.unlocked_ioctl = i2c_dev_ioctl,
};

struct i2c_dev *i2c_dev_export(struct i2c_adapter *adap)
{
	struct i2c_dev *d = calloc(1, sizeof(*d));
	int err;

	if (!d)
		return ERR_PTR(-ENOMEM);
	d->adap = adap;
	snprintf(d->name, sizeof(d->name), "i2c-%d", adap->nr);
	d->misc.minor = MISC_DYNAMIC_MINOR;
	d->misc.name = d->name;
	d->misc.fops = &i2c_dev_fops;
	err = misc_register(&d->misc);
	if (err) {
		free(d);
		return ERR_PTR(err);
	}
	return d;
}

void i2c_dev_unexport(struct i2c_dev *d)
{
	if (IS_ERR_OR_NULL(d))
		return;
	misc_deregister(&d->misc);
	free(d);
}
