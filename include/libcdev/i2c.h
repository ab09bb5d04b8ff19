/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the I2C bus, client side (include/linux/i2c.h,
 * drivers/i2c/i2c-core-base.c, i2c-core-smbus.c): adapters, the devices
 * ("clients") at their addresses, and the drivers that bind to them by their
 * id_table, their of_match_table, or by detection at the addresses of their
 * address_list. Transfers go to the adapter's algorithm: a simulated bus whose
 * devices are models (<libcdev/i2c-sim.h>), a real adapter of the host
 * (/dev/i2c-N), or an adapter a driver registers itself.
 *
 * Devices are described from outside, one line each (libcdev-buses(7)):
 *
 *   i2c:BUS ADDR TYPE [model=regs:REG=VAL,...|model=NAME] [bus=/dev/i2c-N]
 *                     [irq=N] [compatible=VENDOR,CHIP] [KEY=VALUE]...
 *
 * (TYPE "-": a simulated chip at ADDR and no device: for a driver's detect()
 * to find, or for i2c-tools to see.)
 *
 * The numbers and flags below are the kernel's (include/uapi/linux/i2c.h), so
 * that a message or an SMBus transfer means the same here and there.
 */
#ifndef LIBCDEV_I2C_H
#define LIBCDEV_I2C_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libcdev/device.h>
#include <libcdev/ksync.h>
#include <libcdev/module.h>
#include <libcdev/names.h>
#include <libcdev/platform.h>

/* ---- messages and SMBus transfers (uapi) ---- */

struct i2c_msg {
	uint16_t addr;
	uint16_t flags;
#define I2C_M_RD	   0x0001
#define I2C_M_TEN	   0x0010
#define I2C_M_DMA_SAFE	   0x0200
#define I2C_M_RECV_LEN	   0x0400
#define I2C_M_NO_RD_ACK	   0x0800
#define I2C_M_IGNORE_NAK   0x1000
#define I2C_M_REV_DIR_ADDR 0x2000
#define I2C_M_NOSTART	   0x4000
#define I2C_M_STOP	   0x8000
	uint16_t len;
	uint8_t *buf;
};

#define I2C_FUNC_I2C			0x00000001
#define I2C_FUNC_10BIT_ADDR		0x00000002
#define I2C_FUNC_PROTOCOL_MANGLING	0x00000004
#define I2C_FUNC_SMBUS_PEC		0x00000008
#define I2C_FUNC_NOSTART		0x00000010
#define I2C_FUNC_SLAVE			0x00000020
#define I2C_FUNC_SMBUS_BLOCK_PROC_CALL	0x00008000
#define I2C_FUNC_SMBUS_QUICK		0x00010000
#define I2C_FUNC_SMBUS_READ_BYTE	0x00020000
#define I2C_FUNC_SMBUS_WRITE_BYTE	0x00040000
#define I2C_FUNC_SMBUS_READ_BYTE_DATA	0x00080000
#define I2C_FUNC_SMBUS_WRITE_BYTE_DATA	0x00100000
#define I2C_FUNC_SMBUS_READ_WORD_DATA	0x00200000
#define I2C_FUNC_SMBUS_WRITE_WORD_DATA	0x00400000
#define I2C_FUNC_SMBUS_PROC_CALL	0x00800000
#define I2C_FUNC_SMBUS_READ_BLOCK_DATA	0x01000000
#define I2C_FUNC_SMBUS_WRITE_BLOCK_DATA 0x02000000
#define I2C_FUNC_SMBUS_READ_I2C_BLOCK	0x04000000
#define I2C_FUNC_SMBUS_WRITE_I2C_BLOCK	0x08000000
#define I2C_FUNC_SMBUS_HOST_NOTIFY	0x10000000

#define I2C_FUNC_SMBUS_BYTE	  (I2C_FUNC_SMBUS_READ_BYTE | I2C_FUNC_SMBUS_WRITE_BYTE)
#define I2C_FUNC_SMBUS_BYTE_DATA  (I2C_FUNC_SMBUS_READ_BYTE_DATA | I2C_FUNC_SMBUS_WRITE_BYTE_DATA)
#define I2C_FUNC_SMBUS_WORD_DATA  (I2C_FUNC_SMBUS_READ_WORD_DATA | I2C_FUNC_SMBUS_WRITE_WORD_DATA)
#define I2C_FUNC_SMBUS_BLOCK_DATA (I2C_FUNC_SMBUS_READ_BLOCK_DATA | I2C_FUNC_SMBUS_WRITE_BLOCK_DATA)
#define I2C_FUNC_SMBUS_I2C_BLOCK  (I2C_FUNC_SMBUS_READ_I2C_BLOCK | I2C_FUNC_SMBUS_WRITE_I2C_BLOCK)
#define I2C_FUNC_SMBUS_EMUL                                                                      \
	(I2C_FUNC_SMBUS_QUICK | I2C_FUNC_SMBUS_BYTE | I2C_FUNC_SMBUS_BYTE_DATA |                 \
	 I2C_FUNC_SMBUS_WORD_DATA | I2C_FUNC_SMBUS_PROC_CALL | I2C_FUNC_SMBUS_WRITE_BLOCK_DATA | \
	 I2C_FUNC_SMBUS_I2C_BLOCK | I2C_FUNC_SMBUS_PEC)
#define I2C_FUNC_SMBUS_EMUL_ALL \
	(I2C_FUNC_SMBUS_EMUL | I2C_FUNC_SMBUS_READ_BLOCK_DATA | I2C_FUNC_SMBUS_BLOCK_PROC_CALL)

#define I2C_SMBUS_BLOCK_MAX 32
union i2c_smbus_data {
	uint8_t byte;
	uint16_t word;
	uint8_t block[I2C_SMBUS_BLOCK_MAX + 2]; /* block[0] is the length; one more for PEC */
};

#define I2C_SMBUS_READ	1
#define I2C_SMBUS_WRITE 0

#define I2C_SMBUS_QUICK		   0
#define I2C_SMBUS_BYTE		   1
#define I2C_SMBUS_BYTE_DATA	   2
#define I2C_SMBUS_WORD_DATA	   3
#define I2C_SMBUS_PROC_CALL	   4
#define I2C_SMBUS_BLOCK_DATA	   5
#define I2C_SMBUS_I2C_BLOCK_BROKEN 6
#define I2C_SMBUS_BLOCK_PROC_CALL  7
#define I2C_SMBUS_I2C_BLOCK_DATA   8

/* ---- devices, drivers, adapters ---- */

#define I2C_NAME_SIZE  20
#define I2C_CLIENT_END 0xfffeU

/* i2c_client.flags */
#define I2C_CLIENT_PEC	       0x04
#define I2C_CLIENT_TEN	       0x10
#define I2C_CLIENT_SLAVE       0x20
#define I2C_CLIENT_HOST_NOTIFY 0x40
#define I2C_CLIENT_WAKE	       0x80
#define I2C_CLIENT_SCCB	       0x9000

/* Adapter and driver classes: detection probes only adapters of a driver's class. */
#define I2C_CLASS_HWMON	     (1 << 0)
#define I2C_CLASS_DDC	     (1 << 3)
#define I2C_CLASS_SPD	     (1 << 7)
#define I2C_CLASS_DEPRECATED (1 << 8)

struct i2c_device_id {
	char name[I2C_NAME_SIZE];
	unsigned long driver_data;
};

struct i2c_adapter;

struct i2c_client {
	unsigned short flags;
	unsigned short addr; /* 7 bits, or 10 with I2C_CLIENT_TEN */
	char name[I2C_NAME_SIZE];
	struct i2c_adapter *adapter;
	struct device dev;
	int init_irq;
	int irq; /* from the description's irq=N, or 0 */
	/* private */
	struct platform_device_property *props;
	const struct i2c_device_id *id_entry;
	const struct of_device_id *of_match;
	struct i2c_client *next;
	struct device_node of_node;
	bool described;	 /* from a description: the library owns it */
	bool detected;	 /* made by detection: goes with the driver */
	bool registered; /* on its adapter's list */
	char dev_name_buf[16];
};

#define to_i2c_client(d)      container_of(d, struct i2c_client, dev)
/* The client whose directory @k is: a binary attribute's ->read() gets the kobject. */
#define kobj_to_i2c_client(k) to_i2c_client(container_of(k, struct device, kobj))

struct i2c_board_info {
	char type[I2C_NAME_SIZE];
	unsigned short flags;
	unsigned short addr;
	const char *dev_name;
	void *platform_data;
	struct device_node *of_node;
	void *fwnode;
	const void *swnode;
	const struct resource *resources;
	unsigned int num_resources;
	int irq;
};

#define I2C_BOARD_INFO(dev_type, dev_addr) .type = dev_type, .addr = (dev_addr)

struct i2c_driver {
	unsigned int class; /* the adapter classes detect() is tried on */
	/* 6.1 has both; a driver sets one (probe_new is the newer, without the id) */
	int (*probe)(struct i2c_client *client, const struct i2c_device_id *id);
	void (*remove)(struct i2c_client *client);
	int (*probe_new)(struct i2c_client *client);
	void (*shutdown)(struct i2c_client *client);
	void (*alert)(struct i2c_client *client, int protocol, unsigned int data);
	int (*command)(struct i2c_client *client, unsigned int cmd, void *arg);
	struct device_driver driver;
	const struct i2c_device_id *id_table;
	/* detection: at each address of @address_list on adapters of @class */
	int (*detect)(struct i2c_client *client, struct i2c_board_info *info);
	const unsigned short *address_list;
	unsigned int flags;
	/* private */
	struct i2c_driver *next;
};

#define to_i2c_driver(d) container_of(d, struct i2c_driver, driver)

struct i2c_algorithm {
	/* Return: the number of messages done, or a negative errno (-ENXIO: no acknowledge). */
	int (*master_xfer)(struct i2c_adapter *adap, struct i2c_msg *msgs, int num);
	int (*master_xfer_atomic)(struct i2c_adapter *adap, struct i2c_msg *msgs, int num);
	int (*smbus_xfer)(struct i2c_adapter *adap, uint16_t addr, unsigned short flags,
			  char read_write, uint8_t command, int size, union i2c_smbus_data *data);
	int (*smbus_xfer_atomic)(struct i2c_adapter *adap, uint16_t addr, unsigned short flags,
				 char read_write, uint8_t command, int size,
				 union i2c_smbus_data *data);
	uint32_t (*functionality)(struct i2c_adapter *adap);
};

/* What an adapter cannot do (i2c_adapter.quirks): checked before the transfer, -EOPNOTSUPP. */
#define I2C_AQ_COMB		(1 << 0)
#define I2C_AQ_COMB_WRITE_FIRST (1 << 1)
#define I2C_AQ_COMB_READ_SECOND (1 << 2)
#define I2C_AQ_COMB_SAME_ADDR	(1 << 3)
#define I2C_AQ_COMB_WRITE_THEN_READ \
	(I2C_AQ_COMB | I2C_AQ_COMB_WRITE_FIRST | I2C_AQ_COMB_READ_SECOND | I2C_AQ_COMB_SAME_ADDR)
#define I2C_AQ_NO_CLK_STRETCH	 (1 << 4)
#define I2C_AQ_NO_ZERO_LEN_READ	 (1 << 5)
#define I2C_AQ_NO_ZERO_LEN_WRITE (1 << 6)
#define I2C_AQ_NO_ZERO_LEN	 (I2C_AQ_NO_ZERO_LEN_READ | I2C_AQ_NO_ZERO_LEN_WRITE)
#define I2C_AQ_NO_REP_START	 (1 << 7)

struct i2c_adapter_quirks {
	uint64_t flags;
	int max_num_msgs;
	uint16_t max_write_len;
	uint16_t max_read_len;
	uint16_t max_comb_1st_msg_len;
	uint16_t max_comb_2nd_msg_len;
};

struct i2c_adapter {
	struct module *owner;
	unsigned int class;
	const struct i2c_algorithm *algo;
	void *algo_data;
	int timeout; /* in jiffies */
	int retries;
	struct device dev;
	int nr;
	char name[48];
	const struct i2c_adapter_quirks *quirks;
	/* private */
	struct mutex bus_lock; /* held over a transaction (i2c_lock_bus()) */
	struct i2c_client *clients;
	struct i2c_adapter *next;
	bool registered;
	bool described; /* made for a description: the library owns it */
	char dev_name_buf[16];
};

#define to_i2c_adapter(d) container_of(d, struct i2c_adapter, dev)

/* ---- drivers ---- */

/**
 * i2c_register_driver - register @drv and bind it to every client it
 * matches (of_match_table, then id_table), then run its detection
 * Return: 0; -EINVAL (no name, or no probe); -EBUSY (registered already).
 */
int i2c_register_driver(struct module *owner, struct i2c_driver *drv);
#define i2c_add_driver(drv) i2c_register_driver(THIS_MODULE, drv)
/** i2c_del_driver - remove() each bound client, drop the detected ones, forget @drv */
void i2c_del_driver(struct i2c_driver *drv);

/* ---- adapters ---- */

/**
 * i2c_add_adapter - register @adap with the lowest free bus number
 * (i2c_add_numbered_adapter: the number in @adap->nr), and bind the
 * drivers that detect devices on it
 * Return: 0; -EBUSY (the number is taken); -EINVAL (no algorithm or name).
 */
int i2c_add_adapter(struct i2c_adapter *adap);
int i2c_add_numbered_adapter(struct i2c_adapter *adap);
/** i2c_del_adapter - unregister every client of @adap (remove()s first), then @adap */
void i2c_del_adapter(struct i2c_adapter *adap);
int devm_i2c_add_adapter(struct device *dev, struct i2c_adapter *adap);
/** i2c_get_adapter - the adapter of bus @nr with a reference, or NULL */
struct i2c_adapter *i2c_get_adapter(int nr);
void i2c_put_adapter(struct i2c_adapter *adap);
/** i2c_verify_adapter - @dev's adapter if @dev is one, else NULL */
struct i2c_adapter *i2c_verify_adapter(struct device *dev);

/* ---- clients ---- */

/**
 * i2c_new_client_device - a client of type @info->type at @info->addr on
 * @adap, bound to a driver that matches it
 * Return: the client, or ERR_PTR(-EINVAL) (a bad address), ERR_PTR(-EBUSY)
 * (the address is taken), ERR_PTR(-ENOMEM).
 */
struct i2c_client *i2c_new_client_device(struct i2c_adapter *adap,
					 const struct i2c_board_info *info);
/** i2c_new_dummy_device - a client of no driver at @address, to reach a second address of a chip */
struct i2c_client *i2c_new_dummy_device(struct i2c_adapter *adap, uint16_t address);
struct i2c_client *devm_i2c_new_dummy_device(struct device *dev, struct i2c_adapter *adap,
					     uint16_t address);
/**
 * i2c_new_scanned_device - i2c_new_client_device() at the first address of
 * @addr_list (ended by I2C_CLIENT_END) where @probe (NULL: the kernel's
 * default, an SMBus quick write or read byte) finds a device
 * Return: the client, or ERR_PTR(-ENODEV).
 */
struct i2c_client *i2c_new_scanned_device(struct i2c_adapter *adap, struct i2c_board_info *info,
					  const unsigned short *addr_list,
					  int (*probe)(struct i2c_adapter *adap,
						       unsigned short addr));
int i2c_probe_func_quick_read(struct i2c_adapter *adap, unsigned short addr);
/** i2c_unregister_device - remove() if bound, then forget @client (NULL and ERR_PTR are ignored) */
void i2c_unregister_device(struct i2c_client *client);
/** i2c_verify_client - @dev's client if @dev is one, else NULL */
struct i2c_client *i2c_verify_client(struct device *dev);
/** i2c_match_id - the entry of @id naming @client's type, or NULL */
const struct i2c_device_id *i2c_match_id(const struct i2c_device_id *id,
					 const struct i2c_client *client);
/** i2c_client_get_device_id - the id_table entry @client matched, or NULL */
const struct i2c_device_id *i2c_client_get_device_id(const struct i2c_client *client);

/* ---- transfers ---- */

/**
 * i2c_transfer - @num messages as one transaction (repeated starts between
 * them), the bus locked for it, retried @adap->retries times on -EAGAIN
 * Return: @num, or a negative errno: -ENXIO (no device acknowledged),
 * -EOPNOTSUPP (plain I2C on an SMBus-only adapter, or beyond its quirks),
 * -ETIMEDOUT, -EIO.
 */
int i2c_transfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num);
/** __i2c_transfer - i2c_transfer() with the bus locked by the caller */
int __i2c_transfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num);
/** i2c_transfer_buffer_flags - one message of @count bytes to or from @client; the count or an errno */
int i2c_transfer_buffer_flags(const struct i2c_client *client, char *buf, int count,
			      uint16_t flags);
void i2c_lock_bus(struct i2c_adapter *adap, unsigned int flags);
int i2c_trylock_bus(struct i2c_adapter *adap, unsigned int flags);
void i2c_unlock_bus(struct i2c_adapter *adap, unsigned int flags);
#define I2C_LOCK_ROOT_ADAPTER 0x01
#define I2C_LOCK_SEGMENT      0x02

/**
 * i2c_smbus_xfer - one SMBus transfer: the adapter's own SMBus algorithm,
 * else emulated with I2C messages as the kernel's core does (one write, or
 * a write and a read with a repeated start; PEC computed and checked)
 * Return: 0, or a negative errno (-EOPNOTSUPP: neither way can do it).
 */
int i2c_smbus_xfer(struct i2c_adapter *adap, uint16_t addr, unsigned short flags, char read_write,
		   uint8_t command, int protocol, union i2c_smbus_data *data);
int __i2c_smbus_xfer(struct i2c_adapter *adap, uint16_t addr, unsigned short flags, char read_write,
		     uint8_t command, int protocol, union i2c_smbus_data *data);
/* Each returns the value (>= 0) or a negative errno, as the kernel's. */
int32_t i2c_smbus_read_byte(const struct i2c_client *client);
int32_t i2c_smbus_write_byte(const struct i2c_client *client, uint8_t value);
int32_t i2c_smbus_read_byte_data(const struct i2c_client *client, uint8_t command);
int32_t i2c_smbus_write_byte_data(const struct i2c_client *client, uint8_t command, uint8_t value);
int32_t i2c_smbus_read_word_data(const struct i2c_client *client, uint8_t command);
int32_t i2c_smbus_write_word_data(const struct i2c_client *client, uint8_t command, uint16_t value);
int32_t i2c_smbus_process_call(const struct i2c_client *client, uint8_t command, uint16_t value);
/* Blocks: the count of bytes read into @values (at most 32), or an errno. */
int32_t i2c_smbus_read_block_data(const struct i2c_client *client, uint8_t command,
				  uint8_t *values);
int32_t i2c_smbus_write_block_data(const struct i2c_client *client, uint8_t command, uint8_t length,
				   const uint8_t *values);
int32_t i2c_smbus_read_i2c_block_data(const struct i2c_client *client, uint8_t command,
				      uint8_t length, uint8_t *values);
int32_t i2c_smbus_write_i2c_block_data(const struct i2c_client *client, uint8_t command,
				       uint8_t length, const uint8_t *values);
/** i2c_smbus_read_i2c_block_data_or_emulated - block read, else word or byte reads */
int32_t i2c_smbus_read_i2c_block_data_or_emulated(const struct i2c_client *client, uint8_t command,
						  uint8_t length, uint8_t *values);

/** i2c_get_functionality - what @adap can do (I2C_FUNC_*) */
uint32_t i2c_get_functionality(struct i2c_adapter *adap);

/* ---- described devices ---- */

/**
 * libcdev_i2c_describe - register an I2C device from one line
 * @line: "i2c:BUS ADDR TYPE [model=...] [bus=/dev/i2c-N] [irq=N] [KEY=VALUE]..."
 *        (libcdev-buses(7)); BUS is the adapter's number, made on first use:
 *        simulated, or backed by the host's adapter bus= names; ADDR
 *        0x03-0x77 (7 bits) or, with ten-bit=1, 0x000-0x3ff
 * @clientp: set to the client if not NULL
 *
 * Return: 0; -EINVAL (a malformed line, with a message naming the word);
 * -EBUSY (the address is taken); -ENODEV/-ENOTTY (bus= is no I2C adapter);
 * -ENOMEM.
 */
int libcdev_i2c_describe(const char *line, struct i2c_client **clientp);
/** libcdev_i2c_forget_described - unregister every described client and adapter */
void libcdev_i2c_forget_described(void);

/**
 * libcdev_device_describe - a device of any bus from one line: "i2c:..." as
 * libcdev_i2c_describe(), "spi:..." as libcdev_spi_describe(), "gpio:..."
 * as libcdev_gpio_describe(), anything else a platform device
 * (libcdev_platform_describe())
 */
int libcdev_device_describe(const char *line);
/** libcdev_device_describe_file - libcdev_device_describe() for each line of @path */
int libcdev_device_describe_file(const char *path);
/** libcdev_device_forget_described - every described device of every bus goes */
void libcdev_device_forget_described(void);

#endif
