/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the SPI bus, protocol driver side (include/linux/spi/spi.h,
 * drivers/spi/spi.c), with simulated controllers and devices: a
 * struct spi_driver's probe() runs for each struct spi_device it matches
 * (its of_match_table by the "compatible" property, then its id_table by
 * modalias, then its name), remove() when either goes; messages of transfers
 * are validated as the kernel does and run by the device's controller.
 *
 * Devices come from a controller's code (spi_new_device()) or from a
 * description, one line each (libcdev-spi(7)):
 *
 *   spi:BUS.CS MODALIAS [model=regs:REG=VAL,...|model=NAME] [mode=N]
 *       [max-speed-hz=N] [bits-per-word=N] [irq=N] [compatible=V,C] [KEY=VALUE]...
 *
 * The controller of a described BUS is a simulated one, made at first use;
 * what answers on the wires is a model: C callbacks registered by name
 * (libcdev_spi_model_register()) or the register file "regs".
 */
#ifndef LIBCDEV_SPI_H
#define LIBCDEV_SPI_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <libcdev/kdefer.h>
#include <libcdev/list_head.h>
#include <libcdev/names.h>
#include <libcdev/platform.h>

/* ---- modes (include/uapi/linux/spi/spi.h) ---- */

#define SPI_CPHA	0x01u
#define SPI_CPOL	0x02u
#define SPI_MODE_0	0u
#define SPI_MODE_1	SPI_CPHA
#define SPI_MODE_2	SPI_CPOL
#define SPI_MODE_3	(SPI_CPOL | SPI_CPHA)
#define SPI_MODE_X_MASK (SPI_CPOL | SPI_CPHA)
#define SPI_CS_HIGH	0x04u
#define SPI_LSB_FIRST	0x08u
#define SPI_3WIRE	0x10u
#define SPI_LOOP	0x20u
#define SPI_NO_CS	0x40u
#define SPI_READY	0x80u
#define SPI_TX_DUAL	0x100u
#define SPI_TX_QUAD	0x200u
#define SPI_RX_DUAL	0x400u
#define SPI_RX_QUAD	0x800u
#define SPI_CS_WORD	0x1000u
#define SPI_TX_OCTAL	0x2000u
#define SPI_RX_OCTAL	0x4000u
#define SPI_3WIRE_HIZ	0x8000u
/* Kernel-only bits, above the user-space ones. */
#define SPI_NO_TX	(1u << 31)
#define SPI_NO_RX	(1u << 30)

#define SPI_NAME_SIZE 32

/* bits_per_word_mask: bit (N - 1) for N bits per word. */
#define SPI_BPW_MASK(bits) ((uint32_t)1 << ((bits)-1))
#define SPI_BPW_RANGE_MASK(min, max) \
	((~(uint32_t)0 >> (32 - (max))) & ~((uint32_t)SPI_BPW_MASK(min) - 1))

#define SPI_NBITS_SINGLE 0x01
#define SPI_NBITS_DUAL	 0x02
#define SPI_NBITS_QUAD	 0x04

struct spi_device_id {
	char name[SPI_NAME_SIZE];
	unsigned long driver_data;
};

/* ---- delays ---- */

#define SPI_DELAY_UNIT_USECS 0
#define SPI_DELAY_UNIT_NSECS 1
#define SPI_DELAY_UNIT_SCK   2

struct spi_delay {
	uint16_t value;
	uint8_t unit;
};

/* ---- devices and drivers ---- */

struct spi_controller;
struct spi_message;
struct spi_transfer;
struct libcdev_spi_model;

struct spi_device {
	struct device dev;
	struct spi_controller *controller;
	struct spi_controller *master; /* the same, by its old name */
	uint32_t max_speed_hz;
	uint8_t chip_select;
	uint8_t bits_per_word;
	bool rt;
	uint32_t mode;
	int irq;
	void *controller_state;
	void *controller_data;
	char modalias[SPI_NAME_SIZE];
	const char *driver_override;
	struct spi_delay word_delay;
	struct spi_delay cs_setup;
	struct spi_delay cs_hold;
	struct spi_delay cs_inactive;
	/* private */
	struct spi_device *next;
	struct platform_device_property *props;
	const struct spi_device_id *id_entry;
	const struct of_device_id *of_match;
	struct device_node of_node_buf;
	bool registered;
	bool described;
	bool cs_active; /* the simulated chip select, as the model saw it last */
	char *model_name;
	const struct libcdev_spi_model *model;
	void *model_priv;
	int fault_err;
	unsigned int fault_count;
};

#define to_spi_device(d) container_of(d, struct spi_device, dev)

struct spi_driver {
	const struct spi_device_id *id_table;
	int (*probe)(struct spi_device *spi);
	void (*remove)(struct spi_device *spi);
	void (*shutdown)(struct spi_device *spi);
	struct device_driver driver;
	/* private */
	struct spi_driver *next;
};

#define to_spi_driver(drv) container_of(drv, struct spi_driver, driver)

/* ---- messages ---- */

struct spi_transfer {
	const void *tx_buf;
	void *rx_buf;
	unsigned int len;
	unsigned int cs_change : 1;
	unsigned int tx_nbits : 3;
	unsigned int rx_nbits : 3;
	uint8_t bits_per_word;
	struct spi_delay delay;
	struct spi_delay cs_change_delay;
	struct spi_delay word_delay;
	uint32_t speed_hz;
	uint32_t effective_speed_hz;
	struct list_head transfer_list;
};

struct spi_message {
	struct list_head transfers;
	struct spi_device *spi;
	unsigned int is_dma_mapped : 1;
	void (*complete)(void *context);
	void *context;
	unsigned int frame_length;
	unsigned int actual_length;
	int status;
	struct list_head queue; /* the controller's queue, while spi_async()'s */
	void *state;
};

/* ---- controllers ---- */

#define SPI_CONTROLLER_HALF_DUPLEX 0x01u
#define SPI_CONTROLLER_NO_RX	   0x02u
#define SPI_CONTROLLER_NO_TX	   0x04u
#define SPI_MASTER_HALF_DUPLEX	   SPI_CONTROLLER_HALF_DUPLEX
#define SPI_MASTER_NO_RX	   SPI_CONTROLLER_NO_RX
#define SPI_MASTER_NO_TX	   SPI_CONTROLLER_NO_TX

struct spi_controller {
	struct device dev;
	int16_t bus_num;
	uint16_t num_chipselect;
	uint32_t mode_bits;
	uint32_t bits_per_word_mask;
	uint32_t min_speed_hz;
	uint32_t max_speed_hz;
	uint16_t flags;
	int (*setup)(struct spi_device *spi);
	void (*cleanup)(struct spi_device *spi);
	void (*set_cs)(struct spi_device *spi, bool enable);
	/*
	 * One of the two: the whole message (which ends with
	 * spi_finalize_current_message()), or one transfer at a time with the
	 * core asserting chip select around them as the kernel's
	 * spi_transfer_one_message() does. transfer_one() returns 0 when the
	 * transfer is done (a positive "in progress" is taken as done).
	 */
	int (*transfer_one_message)(struct spi_controller *ctlr, struct spi_message *msg);
	int (*transfer_one)(struct spi_controller *ctlr, struct spi_device *spi,
			    struct spi_transfer *xfer);
	/* optional: before and after each message; an error fails it before its first transfer */
	int (*prepare_message)(struct spi_controller *ctlr, struct spi_message *msg);
	int (*unprepare_message)(struct spi_controller *ctlr, struct spi_message *msg);
	struct spi_message *cur_msg;
	/* private */
	struct spi_controller *next;
	struct spi_device *devices;
	void *devdata;
	bool registered;
	bool simulated;
	bool allocated;
	bool msg_done; /* spi_finalize_current_message() was called */
	pthread_mutex_t io_mutex;
	pthread_mutex_t bus_lock_mutex; /* spi_sync()'s; held across spi_bus_lock() */
	bool bus_lock_flag;		/* spi_bus_lock() holds the bus */
	pthread_mutex_t queue_lock;
	pthread_cond_t done_cond;
	struct list_head queue;
	struct work_struct pump;
};

#define spi_master spi_controller

/** spi_controller_get_devdata - the private area of spi_alloc_master()'s @size bytes */
static inline void *spi_controller_get_devdata(struct spi_controller *ctlr)
{
	return ctlr->devdata;
}
#define spi_master_get_devdata(c) spi_controller_get_devdata(c)

/* ---- board info ---- */

struct spi_board_info {
	char modalias[SPI_NAME_SIZE];
	const void *platform_data;
	void *controller_data;
	int irq;
	uint32_t max_speed_hz;
	uint16_t bus_num;
	uint16_t chip_select;
	uint32_t mode;
};

/* ---- the driver side ---- */

/**
 * __spi_register_driver - register @sdrv for @owner and probe the devices it
 * matches. Return: 0, -EINVAL (no name or probe), -EBUSY (registered already).
 */
int __spi_register_driver(struct module *owner, struct spi_driver *sdrv);
#define spi_register_driver(drv) __spi_register_driver(THIS_MODULE, drv)
/** spi_unregister_driver - remove() each bound device, release its devm resources, forget @sdrv */
void spi_unregister_driver(struct spi_driver *sdrv);
/** spi_get_device_id - the entry of the bound driver's id_table for @sdev's modalias, or NULL */
const struct spi_device_id *spi_get_device_id(const struct spi_device *sdev);

/**
 * spi_setup - check @spi's mode and word size against its controller and
 * apply them: bits_per_word 0 becomes 8, max_speed_hz is clamped to the
 * controller's. Return: 0; -EINVAL (mode bits the controller lacks, two of
 * dual/quad/no-tx at once, a word size outside bits_per_word_mask), or the
 * controller's setup() error.
 */
int spi_setup(struct spi_device *spi);

/**
 * spi_sync - validate @message (as __spi_validate(): transfers present,
 * each len a multiple of its word size, speed and word size from the device
 * when 0, speed clamped to the controller's) and run it; the caller sleeps.
 * Return: the message's status: 0, -EINVAL, or the transfer's error.
 */
int spi_sync(struct spi_device *spi, struct spi_message *message);
/**
 * spi_bus_lock - hold the bus for a run of messages of one device: until
 * spi_bus_unlock(), the others' spi_sync() waits and spi_async() fails
 * -EBUSY; the holder sends with spi_sync_locked()
 */
int spi_bus_lock(struct spi_controller *ctlr);
int spi_bus_unlock(struct spi_controller *ctlr);
/** spi_sync_locked - spi_sync() by the holder of spi_bus_lock() */
int spi_sync_locked(struct spi_device *spi, struct spi_message *message);
/**
 * spi_new_ancillary_device - a second device of @spi's chip at @chip_select
 * on its controller (modalias "dummy": no driver binds it), with @spi's
 * speed and mode; ERR_PTR(-ENOMEM), or the errors of spi_add_device()
 */
struct spi_device *spi_new_ancillary_device(struct spi_device *spi, uint8_t chip_select);
/**
 * spi_async - validate @message and queue it; it runs on a worker thread in
 * the order queued, and ->complete(->context) is called there with ->status
 * set. Return: 0 or -EINVAL (then ->complete is not called).
 */
int spi_async(struct spi_device *spi, struct spi_message *message);
/**
 * spi_write_then_read - @n_tx bytes out, then @n_rx bytes in, in one message
 * (chip select held between); the buffers may be on the stack.
 */
int spi_write_then_read(struct spi_device *spi, const void *txbuf, unsigned int n_tx, void *rxbuf,
			unsigned int n_rx);
/** spi_finalize_current_message - a transfer_one_message() hook's message is done */
void spi_finalize_current_message(struct spi_controller *ctlr);

/* ---- the controller side ---- */

/**
 * __spi_alloc_controller - a controller with @size bytes of private data
 * (spi_controller_get_devdata()), to fill and spi_register_controller()
 */
struct spi_controller *__spi_alloc_controller(struct device *dev, unsigned int size, bool slave);
#define spi_alloc_master(dev, size) __spi_alloc_controller(dev, size, false)
/**
 * spi_register_controller - make @ctlr's bus known (a negative bus_num
 * takes the lowest free number). Return: 0, -EINVAL (no transfer hook, no chip selects),
 * -EBUSY (the bus number is taken).
 */
int spi_register_controller(struct spi_controller *ctlr);
#define spi_register_master(c) spi_register_controller(c)
/** spi_unregister_controller - unregister its devices, forget it, free it if allocated here */
void spi_unregister_controller(struct spi_controller *ctlr);
#define spi_unregister_master(c) spi_unregister_controller(c)
/** spi_controller_put - free an allocated controller that was not registered */
void spi_controller_put(struct spi_controller *ctlr);
#define spi_master_put(c) spi_controller_put(c)
/** spi_busnum_to_master - the registered controller of @busnum, or NULL */
struct spi_controller *spi_busnum_to_master(uint16_t busnum);

/**
 * spi_new_device - a device on @ctlr from @chip, set up and bound
 * Return: the device, or NULL (chip select beyond num_chipselect or in
 * use, spi_setup() refused its mode, out of memory), with a message.
 */
struct spi_device *spi_new_device(struct spi_controller *ctlr, struct spi_board_info *chip);
/** spi_alloc_device - a device of @ctlr to fill and spi_add_device(); spi_dev_put() if not added */
struct spi_device *spi_alloc_device(struct spi_controller *ctlr);
/**
 * spi_add_device - check the chip select, spi_setup(), register and bind @spi
 * Return: 0, -EINVAL (chip select beyond num_chipselect, setup refused), -EBUSY (in use).
 */
int spi_add_device(struct spi_device *spi);
/** spi_dev_put - free a device that is not (or no longer) registered */
void spi_dev_put(struct spi_device *spi);
/** spi_unregister_device - unbind @spi (remove(), devm release), forget and free it */
void spi_unregister_device(struct spi_device *spi);

/* ---- simulated devices: models ---- */

/*
 * What answers on a simulated controller's wires for one device. The core
 * calls begin() when the device's chip select is asserted, xfer() for each
 * transfer while it is, end() when it is deasserted: a message asserts it
 * at its start and deasserts it at its end, and a transfer with cs_change
 * deasserts and reasserts it between it and the next (or, the last one,
 * leaves it asserted after the message), as a real controller does.
 * @tx is NULL for a transfer with no tx_buf, @rx NULL for no rx_buf (when not
 * NULL it is filled with zeros before the call); @t has the transfer's word
 * size and speed. An error from xfer() ends the message with it.
 */
struct libcdev_spi_model {
	const char *name;
	/* optional: a device gets this model, with the text after "NAME:" of model=NAME:ARGS */
	int (*attach)(struct spi_device *spi, const char *args);
	void (*detach)(struct spi_device *spi);
	void (*begin)(struct spi_device *spi);
	int (*xfer)(struct spi_device *spi, const struct spi_transfer *t, const uint8_t *tx,
		    uint8_t *rx, unsigned int len);
	void (*end)(struct spi_device *spi);
};

/**
 * libcdev_spi_model_register - make @model known by its name for model=NAME
 * (looked up at a device's first message, so the model may come later than
 * the description). Return: 0, -EINVAL, -EEXIST (a model of that name).
 */
int libcdev_spi_model_register(const struct libcdev_spi_model *model);
void libcdev_spi_model_unregister(const struct libcdev_spi_model *model);
/**
 * libcdev_spi_set_model - give @spi @model now (NULL: none; the device then
 * answers zeros), with @priv for libcdev_spi_model_priv()
 */
int libcdev_spi_set_model(struct spi_device *spi, const struct libcdev_spi_model *model,
			  void *priv);
void *libcdev_spi_model_priv(const struct spi_device *spi);
void libcdev_spi_model_set_priv(struct spi_device *spi, void *priv);
/**
 * libcdev_spi_inject_fault - the next @count messages to @spi fail with @err
 * (-EIO, -ETIMEDOUT, ...) before any of their transfers reaches the model;
 * @count 0 clears it
 */
void libcdev_spi_inject_fault(struct spi_device *spi, int err, unsigned int count);

/* ---- the register-file model "regs" ---- */

/*
 * 256 registers of 8 bits: the first byte after chip select is the address;
 * a read when (address & read_mask) is set (0x80, the common convention),
 * or when it is clear for a write_mask; the other bytes, until chip select
 * is deasserted, are the data of consecutive registers (the address
 * increments; it wraps at 0xff). A read returns the register's value on
 * the byte clocked out after the address.
 */
/** libcdev_spi_regs_attach - make @spi a register file (all 0), read when @read_mask is set in the address */
int libcdev_spi_regs_attach(struct spi_device *spi, uint8_t read_mask);
/** libcdev_spi_regs_set_write_mask - instead: a write when @write_mask is set, a read when clear */
int libcdev_spi_regs_set_write_mask(struct spi_device *spi, uint8_t write_mask);
/** libcdev_spi_regs_set - set register @reg, for tests (no callback runs); -ENODEV if not a register file */
int libcdev_spi_regs_set(struct spi_device *spi, unsigned int reg, uint8_t val);
/** libcdev_spi_regs_get - the value of @reg, or -ENODEV / -EINVAL */
int libcdev_spi_regs_get(struct spi_device *spi, unsigned int reg);
/**
 * libcdev_spi_regs_on - callbacks of register @reg: read() may change
 * *@val before it is clocked out; write() sees the value written (stored
 * after it returns 0); an error ends the message with it.
 */
int libcdev_spi_regs_on(
	struct spi_device *spi, unsigned int reg,
	int (*read)(struct spi_device *spi, unsigned int reg, uint8_t *val, void *ctx),
	int (*write)(struct spi_device *spi, unsigned int reg, uint8_t val, void *ctx), void *ctx);

/* ---- described devices ---- */

/**
 * libcdev_spi_describe - register an SPI device from one line (libcdev-spi(7))
 * @line: "spi:BUS.CS MODALIAS [model=...] [mode=N] [max-speed-hz=N]
 *        [bits-per-word=N] [irq=N] [compatible=V,C] [KEY=VALUE]..."
 * @spip: set to the device if not NULL
 *
 * BUS's simulated controller is made at first use (8 chip selects, any
 * mode, 1 to 32 bits per word); with bus=/dev/spidevB.C, a controller that
 * sends the messages to the host's spidev node. Return: 0; -EINVAL (a
 * malformed line, a chip select beyond the controller's or in use, a mode
 * the controller refuses, with a message naming the word); -ENOENT, -ENOTTY
 * (bus= names no node, or not a spidev); -ENOMEM. Nothing is left behind
 * on failure.
 */
int libcdev_spi_describe(const char *line, struct spi_device **spip);
/** libcdev_spi_forget_described - unregister every described device and the simulated controllers */
void libcdev_spi_forget_described(void);

#endif
