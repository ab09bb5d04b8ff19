/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - I2C adapters backed by the host's (bus=/dev/i2c-N): a driver
 * prototyped here talks to the real chips on the host's bus through the
 * kernel's i2c-dev interface. Plain messages go as I2C_RDWR, SMBus
 * transfers as I2C_SMBUS, and the host adapter's I2C_FUNCS is this one's
 * functionality: on an SMBus-only host adapter, plain I2C transfers are
 * refused (-EOPNOTSUPP) as the kernel refuses them, and SMBus transfers are
 * never emulated with messages it cannot carry.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/core.h"
#include "drivers/i2c/i2c-core.h"

struct hostdev_adapter {
	struct i2c_adapter adap;
	int fd;
	uint32_t funcs;
};

static struct hostdev_adapter *to_hostdev(struct i2c_adapter *adap)
{
	return container_of(adap, struct hostdev_adapter, adap);
}

static int hostdev_master_xfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	struct i2c_rdwr_ioctl_data rdwr = { msgs, (uint32_t)num };
	int ret;

	/* The kernel's i2c-dev takes at most 42 messages in one I2C_RDWR. */
	if (num > I2C_RDWR_IOCTL_MAX_MSGS)
		return -EINVAL;
	ret = ioctl(to_hostdev(adap)->fd, I2C_RDWR, &rdwr);
	return ret < 0 ? -errno : ret;
}

static int hostdev_smbus_xfer(struct i2c_adapter *adap, uint16_t addr, unsigned short flags,
			      char read_write, uint8_t command, int size,
			      union i2c_smbus_data *data)
{
	struct hostdev_adapter *h = to_hostdev(adap);
	struct i2c_smbus_ioctl_data args = { (uint8_t)read_write, command, (uint32_t)size, data };

	/* i2c-dev addresses the SMBus per file: FORCE, as a bound kernel driver may hold it. */
	if (ioctl(h->fd, I2C_TENBIT, (unsigned long)!!(flags & I2C_M_TEN)) < 0 ||
	    ioctl(h->fd, I2C_PEC, (unsigned long)!!(flags & I2C_CLIENT_PEC)) < 0 ||
	    ioctl(h->fd, I2C_SLAVE_FORCE, (unsigned long)addr) < 0)
		return -errno;
	return ioctl(h->fd, I2C_SMBUS, &args) < 0 ? -errno : 0;
}

static uint32_t hostdev_functionality(struct i2c_adapter *adap)
{
	return to_hostdev(adap)->funcs;
}

static const struct i2c_algorithm hostdev_algo = {
	.master_xfer = hostdev_master_xfer,
	.smbus_xfer = hostdev_smbus_xfer,
	.functionality = hostdev_functionality,
};

static const struct i2c_algorithm hostdev_smbus_only_algo = {
	.smbus_xfer = hostdev_smbus_xfer,
	.functionality = hostdev_functionality,
};

bool i2c_adapter_is_hostdev(const struct i2c_adapter *adap)
{
	return adap && (adap->algo == &hostdev_algo || adap->algo == &hostdev_smbus_only_algo);
}

/* The host's adapter at @path: its descriptor and what it can do. */
static int hostdev_open(const char *path, uint32_t *funcs)
{
	unsigned long f = 0;
	struct stat st;
	int fd = open(path, O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISCHR(st.st_mode) || ioctl(fd, I2C_FUNCS, &f) < 0) {
		close(fd);
		return -ENOTTY;
	}
	*funcs = (uint32_t)f;
	return fd;
}

struct i2c_adapter *i2c_hostdev_adapter_get(int nr, const char *path)
{
	struct i2c_adapter *adap = i2c_get_adapter(nr);
	struct hostdev_adapter *h;
	int err;

	/* Under the core lock: the adapter stays; no module reference is kept. */
	i2c_put_adapter(adap);
	/* One bus, one host adapter: its devices' lines all name the same. */
	if (adap)
		return i2c_adapter_is_hostdev(adap) && !strcmp(adap->name, path) ? adap :
										   ERR_PTR(-EBUSY);
	h = calloc(1, sizeof(*h));
	if (!h)
		return ERR_PTR(-ENOMEM);
	h->fd = hostdev_open(path, &h->funcs);
	if (h->fd < 0) {
		err = h->fd;
		goto out_free;
	}
	h->adap.nr = nr;
	h->adap.algo = (h->funcs & I2C_FUNC_I2C) ? &hostdev_algo : &hostdev_smbus_only_algo;
	h->adap.class = I2C_CLASS_HWMON | I2C_CLASS_SPD;
	h->adap.described = true;
	snprintf(h->adap.name, sizeof(h->adap.name), "%s", path);
	err = i2c_add_numbered_adapter(&h->adap);
	if (err)
		goto out_close;
	return &h->adap;
out_close:
	close(h->fd);
out_free:
	free(h);
	return ERR_PTR(err);
}

void i2c_hostdev_adapter_free(struct i2c_adapter *adap)
{
	struct hostdev_adapter *h = to_hostdev(adap);

	i2c_del_adapter(adap);
	close(h->fd);
	free(h);
}
