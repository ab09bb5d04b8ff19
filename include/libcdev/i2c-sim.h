/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - simulated I2C devices ("models") for drivers written for the
 * kernel, on the simulated adapters of described devices (libcdev-buses(7)).
 *
 * A model answers the messages addressed to its device. Each has a register
 * file of 256 bytes and a register pointer, which serve the usual protocol
 * of register chips with no code at all: a write's first byte sets the
 * pointer, further bytes are written from there; a read returns bytes from
 * the pointer; the pointer advances after each byte. `model=regs:REG=VAL,...`
 * gives a device only that. A model in C registers a struct
 * libcdev_i2c_model_ops by name (from a module's init, or a test) and is
 * named by `model=NAME` or `model=NAME:ARGS`; it may hook single registers
 * (->reg_read, ->reg_write: a status that changes on read, a command
 * register) or take whole transactions (->transfer). Tests and models set
 * the physical quantities a chip measures with libcdev_i2c_model_set_reg(),
 * and inject faults with libcdev_i2c_model_fault().
 */
#ifndef LIBCDEV_I2C_SIM_H
#define LIBCDEV_I2C_SIM_H

#include <stdint.h>

#include <libcdev/i2c.h>

struct libcdev_i2c_model;

struct libcdev_i2c_model_ops {
	const char *name; /* model=NAME */
	/* Set up @m for a device (@args: what follows "NAME:", or NULL). 0 or a negative errno. */
	int (*create)(struct libcdev_i2c_model *m, const char *args);
	void (*destroy)(struct libcdev_i2c_model *m);
	/*
	 * The messages of one transaction addressed to this device, in order
	 * (NULL: the register file's protocol). Return: @num, or a negative
	 * errno (-ENXIO: no acknowledge).
	 */
	int (*transfer)(struct libcdev_i2c_model *m, struct i2c_msg *msgs, int num);
	/* One register read by the bus (NULL: the stored byte). 0 or a negative errno. */
	int (*reg_read)(struct libcdev_i2c_model *m, uint8_t reg, uint8_t *val);
	/* One register written by the bus (NULL: stored). 0 or a negative errno. */
	int (*reg_write)(struct libcdev_i2c_model *m, uint8_t reg, uint8_t val);
	/* private */
	struct libcdev_i2c_model_ops *next;
};

struct libcdev_i2c_model {
	const struct libcdev_i2c_model_ops *ops; /* NULL: the plain register file */
	int bus;
	unsigned short addr;
	void *priv; /* the model's own */
	uint8_t regs[256];
	uint8_t pointer;
	/* private */
	char *name; /* model=NAME not resolved yet */
	char *args;
	int fault;	 /* the errno of the next transfers, 0 for none */
	int fault_count; /* how many more (-1: until cleared) */
	unsigned long transfers;
};

/**
 * libcdev_i2c_model_register - make @ops known as model=@ops->name
 * Return: 0; -EINVAL (no name); -EEXIST (a model of that name exists).
 */
int libcdev_i2c_model_register(struct libcdev_i2c_model_ops *ops);
void libcdev_i2c_model_unregister(struct libcdev_i2c_model_ops *ops);

/** libcdev_i2c_model_find - the model at @addr of simulated bus @bus, or NULL */
struct libcdev_i2c_model *libcdev_i2c_model_find(int bus, unsigned short addr);

/** libcdev_i2c_model_set_reg - set register @reg, as the chip's own measurement would */
void libcdev_i2c_model_set_reg(struct libcdev_i2c_model *m, uint8_t reg, uint8_t val);
/** libcdev_i2c_model_get_reg - register @reg as the bus last left it */
uint8_t libcdev_i2c_model_get_reg(const struct libcdev_i2c_model *m, uint8_t reg);

/**
 * libcdev_i2c_model_fault - make the next @count transfers to @m fail with
 * @err: -ENXIO (the device does not acknowledge), -EIO (a bus error),
 * -ETIMEDOUT (it holds the clock low); @count -1 for all until cleared with
 * @err 0. Return: 0, or -EINVAL for another @err.
 */
int libcdev_i2c_model_fault(struct libcdev_i2c_model *m, int err, int count);

/** libcdev_i2c_model_transfers - how many transactions reached @m (for tests) */
unsigned long libcdev_i2c_model_transfers(const struct libcdev_i2c_model *m);

#endif
