/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The SPI bus, driver side: binding by id_table, by compatible and by
 * modalias; the register-file model behind spi_write_then_read() and the
 * spi_w8r*() helpers; chip select as a model sees it around the transfers
 * of a message (cs_change between transfers and after the last); the
 * kernel's validation of a message and spi_setup()'s mode checks; fault
 * injection; spi_async() in order; the bus held by one device
 * (spi_bus_lock()) and an ancillary device; regmap over SPI; remove() and the managed resources at
 * unregistration; the description's refusals, which leave nothing behind.
 */
#include <linux/completion.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/property.h>
#include <linux/regmap.h>
#include <linux/spi/spi.h>

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "test-util.h"

static struct spi_device *describe(const char *line)
{
	struct spi_device *spi = NULL;

	assert_int_equal(libcdev_spi_describe(line, &spi), 0);
	assert_non_null(spi);
	return spi;
}

static int forget(void **state)
{
	(void)state;
	libcdev_spi_forget_described();
	return 0;
}

/* ---- a driver, and what happened to it ---- */

static char events[256];

static void event(const char *fmt, const char *arg)
{
	size_t n = strlen(events);

	snprintf(events + n, sizeof(events) - n, fmt, arg);
}

static void tdrv_release(void *data)
{
	event("release(%s) ", data);
}

static int tdrv_probe(struct spi_device *spi)
{
	const struct spi_device_id *id = spi_get_device_id(spi);
	char *mem = devm_kzalloc(&spi->dev, 16, GFP_KERNEL);

	if (!mem)
		return -ENOMEM;
	strcpy(mem, spi->modalias);
	spi_set_drvdata(spi, mem);
	event("probe(%s) ", id ? id->name : "-");
	return devm_add_action_or_reset(&spi->dev, tdrv_release, mem);
}

static void tdrv_remove(struct spi_device *spi)
{
	event("remove(%s) ", spi_get_drvdata(spi));
}

static const struct spi_device_id tdrv_ids[] = {
	{ "tchipa", 1 },
	{ "tchipb", 2 },
	{},
};

static const struct of_device_id tdrv_of[] = {
	{ .compatible = "acme,tchip", .data = "acme" },
	{},
};

static struct spi_driver tdrv = {
	.driver = { .name = "tdrv", .of_match_table = tdrv_of },
	.probe = tdrv_probe,
	.remove = tdrv_remove,
	.id_table = tdrv_ids,
};

static struct spi_driver tplain = {
	.driver = { .name = "tplain" },
	.probe = tdrv_probe,
	.remove = tdrv_remove,
};

static void test_bind(void **state)
{
	struct spi_device *byid, *bycompat, *byname, *none;
	const char *label;
	uint32_t v;

	(void)state;
	events[0] = '\0';
	assert_int_equal(spi_register_driver(&tdrv), 0);
	assert_int_equal(spi_register_driver(&tdrv), -EBUSY);
	byid = describe("spi:0.0 tchipb label=first num=0x2a");
	assert_ptr_equal(byid->dev.driver, &tdrv.driver);
	assert_string_equal(dev_name(&byid->dev), "spi0.0");
	assert_int_equal(spi_get_device_id(byid)->driver_data, 2);
	assert_string_equal(spi_get_drvdata(byid), "tchipb");
	/* Its KEY=VALUE words are the device's properties. */
	assert_int_equal(device_property_read_string(&byid->dev, "label", &label), 0);
	assert_string_equal(label, "first");
	assert_int_equal(device_property_read_u32(&byid->dev, "num", &v), 0);
	assert_int_equal(v, 42);
	/* By compatible, although neither the id table nor the name matches. */
	bycompat = describe("spi:0.1 other compatible=acme,tchip");
	assert_ptr_equal(bycompat->dev.driver, &tdrv.driver);
	assert_string_equal(of_match_device(tdrv_of, &bycompat->dev)->data, "acme");
	assert_string_equal(of_node_full_name(bycompat->dev.of_node), "other@1");
	assert_null(byid->dev.of_node);
	assert_null(spi_get_device_id(bycompat));
	/* By name only for a driver without an id table. */
	none = describe("spi:0.2 tdrv");
	assert_null(none->dev.driver);
	assert_int_equal(spi_register_driver(&tplain), 0);
	byname = describe("spi:0.3 tplain");
	assert_ptr_equal(byname->dev.driver, &tplain.driver);
	assert_string_equal(events, "probe(tchipb) probe(-) probe(-) ");
	/* remove(), then the managed resources, newest first. */
	events[0] = '\0';
	spi_unregister_device(byid);
	assert_string_equal(events, "remove(tchipb) release(tchipb) ");
	events[0] = '\0';
	spi_unregister_driver(&tdrv);
	assert_string_equal(events, "remove(other) release(other) ");
	assert_null(bycompat->dev.driver);
	spi_unregister_driver(&tplain);
	assert_int_equal(libcdev_devres_count(&byname->dev), 0);
}

/* ---- the register file ---- */

static int reads_of_0x20;

static int count_read(struct spi_device *spi, unsigned int reg, uint8_t *val, void *ctx)
{
	(void)spi;
	(void)reg;
	(void)ctx;
	*val = (uint8_t)++reads_of_0x20;
	return 0;
}

static int refuse_write(struct spi_device *spi, unsigned int reg, uint8_t val, void *ctx)
{
	(void)spi;
	(void)reg;
	(void)ctx;
	return val == 0xee ? -EIO : 0;
}

static void test_regs(void **state)
{
	struct spi_device *spi = describe("spi:1.0 treg model=regs:0x10=0xab,0x11=0xcd");
	u8 cmd = 0x90, rx[2] = { 0 }, wr[] = { 0x12, 0x55, 0x66 };
	u8 bad[] = { 0x21, 0xee };

	(void)state;
	assert_int_equal(spi_write_then_read(spi, &cmd, 1, rx, 2), 0);
	assert_int_equal(rx[0], 0xab);
	assert_int_equal(rx[1], 0xcd);
	assert_int_equal(spi_w8r8(spi, 0x91), 0xcd);
	assert_int_equal(spi_w8r16be(spi, 0x90), 0xabcd);
	/* A write: the address, then the data of consecutive registers. */
	assert_int_equal(spi_write(spi, wr, sizeof(wr)), 0);
	assert_int_equal(libcdev_spi_regs_get(spi, 0x12), 0x55);
	assert_int_equal(libcdev_spi_regs_get(spi, 0x13), 0x66);
	/* Per-register callbacks. */
	assert_int_equal(libcdev_spi_regs_on(spi, 0x20, count_read, NULL, NULL), 0);
	assert_int_equal(libcdev_spi_regs_on(spi, 0x21, NULL, refuse_write, NULL), 0);
	assert_int_equal(spi_w8r8(spi, 0xa0), 1);
	assert_int_equal(spi_w8r8(spi, 0xa0), 2);
	assert_int_equal(spi_write(spi, bad, 2), -EIO);
	assert_int_equal(libcdev_spi_regs_get(spi, 0x21), 0);
	assert_int_equal(libcdev_spi_regs_set(spi, 0x30, 0x77), 0);
	assert_int_equal(spi_w8r8(spi, 0xb0), 0x77);
	/* The other convention: the bit set for a write. */
	spi = describe("spi:1.1 treg model=regs:write-mask=0x80,0x01=0x42");
	assert_int_equal(spi_w8r8(spi, 0x01), 0x42);
	wr[0] = 0x81;
	assert_int_equal(spi_write(spi, wr, 2), 0);
	assert_int_equal(libcdev_spi_regs_get(spi, 0x01), 0x55);
	/* Not a register file. */
	spi = describe("spi:1.2 tnone");
	assert_int_equal(libcdev_spi_regs_get(spi, 0), -ENODEV);
	assert_int_equal(spi_w8r8(spi, 0x80), 0);
}

/* ---- regmap over SPI ---- */

static void test_regmap_spi(void **state)
{
	const struct regmap_config map8 = { .reg_bits = 8, .val_bits = 8 };
	const struct regmap_config map16 = { .reg_bits = 8, .val_bits = 16 };
	const struct regmap_config wflag = { .reg_bits = 8,
					     .val_bits = 8,
					     .write_flag_mask = 0x80 };
	struct spi_device *spi = describe("spi:1.3 tmap model=regs:0x10=0x34,0x11=0x12");
	struct regmap *map = regmap_init_spi(spi, &map8);
	u8 buf[2];
	unsigned int v;

	(void)state;
	assert_false(IS_ERR(map));
	/* A read sets the top bit of the register, which the register file reads as a read. */
	assert_int_equal(regmap_read(map, 0x10, &v), 0);
	assert_int_equal(v, 0x34);
	assert_int_equal(regmap_write(map, 0x20, 0xab), 0);
	assert_int_equal(libcdev_spi_regs_get(spi, 0x20), 0xab);
	assert_int_equal(regmap_bulk_read(map, 0x10, buf, 2), 0);
	assert_memory_equal(buf, "\x34\x12", 2);
	assert_int_equal(regmap_update_bits(map, 0x20, 0x0f, 0x05), 0);
	assert_int_equal(libcdev_spi_regs_get(spi, 0x20), 0xa5);
	libcdev_spi_inject_fault(spi, -EIO, 1);
	assert_int_equal(regmap_read(map, 0x10, &v), -EIO);
	regmap_exit(map);
	/* Values are big-endian by default: the high byte goes first. */
	map = regmap_init_spi(spi, &map16);
	assert_false(IS_ERR(map));
	assert_int_equal(regmap_write(map, 0x30, 0x1234), 0);
	assert_int_equal(libcdev_spi_regs_get(spi, 0x30), 0x12);
	assert_int_equal(libcdev_spi_regs_get(spi, 0x31), 0x34);
	assert_int_equal(regmap_read(map, 0x10, &v), 0);
	assert_int_equal(v, 0x3412);
	regmap_exit(map);
	/* The configuration's own masks replace the bus's: the bit set for a write. */
	spi = describe("spi:1.4 tmap model=regs:write-mask=0x80,0x01=0x42");
	map = devm_regmap_init_spi(spi, &wflag);
	assert_false(IS_ERR(map));
	assert_int_equal(regmap_read(map, 0x01, &v), 0);
	assert_int_equal(v, 0x42);
	assert_int_equal(regmap_write(map, 0x01, 0x55), 0);
	assert_int_equal(libcdev_spi_regs_get(spi, 0x01), 0x55);
	assert_ptr_equal(dev_get_regmap(&spi->dev, NULL), map);
}

/* ---- a model that writes down what it sees ---- */

static char wire[256];

static void wire_log(const char *s)
{
	strncat(wire, s, sizeof(wire) - strlen(wire) - 1);
}

static int tlog_attach(struct spi_device *spi, const char *args)
{
	libcdev_spi_model_set_priv(spi, (void *)args);
	wire_log("attach:");
	wire_log(args);
	wire_log(" ");
	return 0;
}

static void tlog_begin(struct spi_device *spi)
{
	(void)spi;
	wire_log("[");
}

static int tlog_xfer(struct spi_device *spi, const struct spi_transfer *t, const uint8_t *tx,
		     uint8_t *rx, unsigned int len)
{
	char buf[16];

	(void)spi;
	snprintf(buf, sizeof(buf), "%s%s%u ", tx ? "w" : "", rx ? "r" : "", len);
	wire_log(buf);
	if (rx)
		memset(rx, t->bits_per_word, len);
	return 0;
}

static void tlog_end(struct spi_device *spi)
{
	(void)spi;
	wire_log("]");
}

static const struct libcdev_spi_model tlog = {
	.name = "tlog",
	.attach = tlog_attach,
	.begin = tlog_begin,
	.xfer = tlog_xfer,
	.end = tlog_end,
};

static void test_cs_change(void **state)
{
	struct spi_device *spi = describe("spi:2.0 tlogged model=tlog:hello");
	u8 a = 1, b[2] = { 2, 3 }, c[2];
	struct spi_transfer x[3] = {
		{ .tx_buf = &a, .len = 1 },
		{ .tx_buf = b, .len = 2, .cs_change = 1 },
		{ .rx_buf = c, .len = 2 },
	};

	(void)state;
	wire[0] = '\0';
	/* The model is looked up at the first message: not registered yet. */
	assert_int_equal(spi_write(spi, &a, 1), -ENODEV);
	assert_non_null(strstr(test_log_take(), "no SPI model tlog"));
	assert_int_equal(libcdev_spi_model_register(&tlog), 0);
	assert_int_equal(libcdev_spi_model_register(&tlog), -EEXIST);
	assert_int_equal(spi_sync_transfer(spi, x, 3), 0);
	assert_string_equal(wire, "attach:hello [w1 w2 ][r2 ]");
	assert_int_equal(c[0], 8);
	/* cs_change on the last transfer: selected after the message, until the next one ends. */
	wire[0] = '\0';
	x[2].cs_change = 1;
	assert_int_equal(spi_sync_transfer(spi, &x[2], 1), 0);
	assert_string_equal(wire, "[r2 ");
	x[2].cs_change = 0;
	assert_int_equal(spi_sync_transfer(spi, &x[2], 1), 0);
	assert_string_equal(wire, "[r2 r2 ]");
	/* Another device selected: the first lets go. */
	wire[0] = '\0';
	x[2].cs_change = 1;
	assert_int_equal(spi_sync_transfer(spi, &x[2], 1), 0);
	assert_int_equal(spi_write(describe("spi:2.1 tother"), &a, 1), 0);
	assert_string_equal(wire, "[r2 ]");
	libcdev_spi_model_unregister(&tlog);
}

/* ---- validation and setup ---- */

static void test_validate(void **state)
{
	struct spi_device *spi = describe("spi:3.0 tval max-speed-hz=100000000 bits-per-word=16");
	u8 buf[4] = { 0 };
	struct spi_transfer x = { .tx_buf = buf, .len = 3 };
	struct spi_message m;

	(void)state;
	/* Clamped to the simulated controller's 50 MHz by spi_setup(). */
	assert_int_equal(spi->max_speed_hz, 50000000);
	assert_int_equal(spi->bits_per_word, 16);
	/* 16-bit words: 3 bytes is not a whole number of words. */
	assert_int_equal(spi_sync_transfer(spi, &x, 1), -EINVAL);
	x.len = 4;
	x.bits_per_word = 0;
	x.speed_hz = 0;
	assert_int_equal(spi_sync_transfer(spi, &x, 1), 0);
	assert_int_equal(x.bits_per_word, 16);
	assert_int_equal(x.speed_hz, 50000000);
	x.bits_per_word = 8;
	x.len = 3;
	x.speed_hz = 1000;
	assert_int_equal(spi_sync_transfer(spi, &x, 1), 0);
	assert_int_equal(x.speed_hz, 1000);
	x.bits_per_word = 33;
	assert_int_equal(spi_sync_transfer(spi, &x, 1), -EINVAL);
	/* A message without transfers; a transfer with a length and no buffer. */
	spi_message_init(&m);
	assert_int_equal(spi_sync(spi, &m), -EINVAL);
	x.bits_per_word = 8;
	x.tx_buf = NULL;
	spi_message_init_with_transfers(&m, &x, 1);
	assert_int_equal(spi_sync(spi, &m), -EINVAL);
	assert_int_equal(m.status, -EINVAL);
	/* Loopback: what goes out comes back. */
	spi = describe("spi:3.1 tloop mode=0x20");
	x.tx_buf = "abc";
	x.rx_buf = buf;
	assert_int_equal(spi_sync_transfer(spi, &x, 1), 0);
	assert_memory_equal(buf, "abc", 3);
}

static int tctl_xfers;

static int tctl_transfer_one(struct spi_controller *ctlr, struct spi_device *spi,
			     struct spi_transfer *x)
{
	(void)ctlr;
	(void)spi;
	(void)x;
	tctl_xfers++;
	return 0;
}

static void test_setup(void **state)
{
	struct spi_controller *ctlr = spi_alloc_master(NULL, 8);
	struct spi_board_info info = { .modalias = "tset", .chip_select = 0, .mode = SPI_MODE_3 };
	struct spi_device *spi, *bad;

	(void)state;
	assert_non_null(ctlr);
	assert_non_null(spi_controller_get_devdata(ctlr));
	ctlr->bus_num = 9;
	ctlr->num_chipselect = 2;
	ctlr->mode_bits = SPI_CPHA | SPI_CPOL;
	ctlr->bits_per_word_mask = SPI_BPW_MASK(8) | SPI_BPW_MASK(16);
	ctlr->transfer_one = tctl_transfer_one;
	assert_int_equal(spi_register_controller(ctlr), 0);
	assert_ptr_equal(spi_busnum_to_master(9), ctlr);
	spi = spi_new_device(ctlr, &info);
	assert_non_null(spi);
	assert_string_equal(dev_name(&spi->dev), "spi9.0");
	assert_int_equal(spi->bits_per_word, 8);
	/* The same chip select, one beyond the controller's, a mode it lacks. */
	assert_null(spi_new_device(ctlr, &info));
	info.chip_select = 2;
	assert_null(spi_new_device(ctlr, &info));
	info.chip_select = 1;
	info.mode = SPI_CS_HIGH;
	assert_null(spi_new_device(ctlr, &info));
	assert_non_null(strstr(test_log_take(), "unsupported mode bits 4"));
	spi->mode = SPI_LSB_FIRST;
	assert_int_equal(spi_setup(spi), -EINVAL);
	spi->mode = SPI_TX_DUAL | SPI_TX_QUAD;
	assert_int_equal(spi_setup(spi), -EINVAL);
	/* Dual and quad bits the controller lacks are dropped with a warning, as the kernel's. */
	spi->mode = SPI_MODE_1 | SPI_TX_DUAL;
	assert_int_equal(spi_setup(spi), 0);
	assert_int_equal(spi->mode, SPI_MODE_1);
	spi->bits_per_word = 12;
	assert_int_equal(spi_setup(spi), -EINVAL);
	spi->bits_per_word = 16;
	assert_int_equal(spi_setup(spi), 0);
	/* A description on this bus: the controller's limits hold. */
	assert_int_equal(libcdev_spi_describe("spi:9.1 tset mode=4", &bad), -EINVAL);
	assert_non_null(strstr(test_log_take(), "mode="));
	assert_int_equal(spi_write(spi, "ab", 2), 0);
	assert_int_equal(tctl_xfers, 1);
	spi_unregister_controller(ctlr);
	assert_null(spi_busnum_to_master(9));
}

/* ---- faults, and the queue ---- */

static void test_faults(void **state)
{
	struct spi_device *spi = describe("spi:4.0 tfault model=regs");
	u8 wr[] = { 0x01, 0x99 };

	(void)state;
	libcdev_spi_inject_fault(spi, -ETIMEDOUT, 2);
	assert_int_equal(spi_write(spi, wr, 2), -ETIMEDOUT);
	assert_int_equal(spi_w8r8(spi, 0x81), -ETIMEDOUT);
	/* Nothing reached the register file. */
	assert_int_equal(libcdev_spi_regs_get(spi, 1), 0);
	assert_int_equal(spi_write(spi, wr, 2), 0);
	assert_int_equal(libcdev_spi_regs_get(spi, 1), 0x99);
	libcdev_spi_inject_fault(spi, -EIO, 1);
	assert_int_equal(spi_w8r8(spi, 0x81), -EIO);
	assert_int_equal(spi_w8r8(spi, 0x81), 0x99);
}

struct async_rec {
	struct completion done;
	struct spi_message m;
	struct spi_transfer x;
	u8 tx[2];
};

static void async_done(void *context)
{
	complete(context);
}

static void test_async(void **state)
{
	struct spi_device *spi = describe("spi:4.1 tasync model=regs");
	static struct async_rec r[4];

	(void)state;
	for (int i = 0; i < 4; i++) {
		r[i].tx[0] = 0x05;
		r[i].tx[1] = (u8)(i + 1);
		r[i].x = (struct spi_transfer){ .tx_buf = r[i].tx, .len = 2 };
		spi_message_init_with_transfers(&r[i].m, &r[i].x, 1);
		init_completion(&r[i].done);
		r[i].m.complete = async_done;
		r[i].m.context = &r[i].done;
		assert_int_equal(spi_async(spi, &r[i].m), 0);
	}
	/* spi_sync() runs behind what is queued: the last write is the fourth. */
	assert_int_equal(spi_w8r8(spi, 0x85), 4);
	for (int i = 0; i < 4; i++) {
		wait_for_completion(&r[i].done);
		assert_int_equal(r[i].m.status, 0);
		assert_int_equal(r[i].m.actual_length, 2);
	}
	/* A message refused by validation is not completed. */
	r[0].x.len = 0;
	r[0].x.tx_buf = NULL;
	spi_message_init(&r[0].m);
	assert_int_equal(spi_async(spi, &r[0].m), -EINVAL);
}

/* ---- the bus held by one device; a second device of its chip ---- */

static int other_read = -1;

static void *read_other(void *spi)
{
	__atomic_store_n(&other_read, spi_w8r8(spi, 0x81), __ATOMIC_RELEASE);
	return NULL;
}

static void test_bus_lock(void **state)
{
	struct spi_device *a = describe("spi:5.0 tlocka model=regs:0x01=0x11");
	struct spi_device *b = describe("spi:5.1 tlockb model=regs:0x01=0x22");
	struct spi_device *anc;
	struct spi_transfer x = { .tx_buf = "\x01\x33", .len = 2 };
	struct spi_message m;
	pthread_t t;

	(void)state;
	assert_int_equal(spi_bus_lock(a->controller), 0);
	/* Another device's spi_sync() waits for the unlock; its spi_async() is refused. */
	assert_int_equal(pthread_create(&t, NULL, read_other, b), 0);
	spi_message_init_with_transfers(&m, &x, 1);
	assert_int_equal(spi_async(b, &m), -EBUSY);
	usleep(100 * 1000);
	assert_int_equal(__atomic_load_n(&other_read, __ATOMIC_ACQUIRE), -1);
	/* The holder goes on with spi_sync_locked(). */
	spi_message_init_with_transfers(&m, &x, 1);
	assert_int_equal(spi_sync_locked(a, &m), 0);
	assert_int_equal(spi_bus_unlock(a->controller), 0);
	pthread_join(t, NULL);
	assert_int_equal(other_read, 0x22);
	assert_int_equal(spi_w8r8(a, 0x81), 0x33);
	/* An ancillary device: the chip's second chip select, bound to no driver. */
	anc = spi_new_ancillary_device(a, 2);
	assert_false(IS_ERR(anc));
	assert_string_equal(dev_name(&anc->dev), "spi5.2");
	assert_string_equal(anc->modalias, "dummy");
	assert_null(anc->dev.driver);
	assert_int_equal(anc->mode, a->mode);
	assert_ptr_equal(spi_new_ancillary_device(a, 1), ERR_PTR(-EBUSY));
	assert_non_null(strstr(test_log_take(), "chipselect 1 already in use"));
	spi_unregister_device(anc);
	/* The device's own lock, which no one else takes. */
	device_lock(&a->dev);
	assert_int_equal(device_trylock(&a->dev), 0);
	device_unlock(&a->dev);
	assert_int_equal(device_trylock(&a->dev), 1);
	device_unlock(&a->dev);
}

/* ---- descriptions refused ---- */

static void test_describe_errors(void **state)
{
	static const char *const bad[] = {
		"spi:x.0 a",
		"spi:5 a",
		"spi:5.8 a",
		"spi:5.0",
		"spi:5.0 a=b",
		"spi:5.0 a mode=0x10000",
		"spi:5.0 a spi-cpha=1",
		"spi:5.0 a bits-per-word=33",
		"spi:5.0 a max-speed-hz=0",
		"spi:5.0 a irq=0",
		"spi:5.0 a model=regs:0x100=1",
		"spi:5.0 a model=regs:0x10",
		"spi:5.0 a model=:x",
		"spi:5.0 a novalue",
		"spi:5.0 thisnameistoolongforthemodaliasfield",
	};
	struct spi_device *spi;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(libcdev_spi_describe(bad[i], &spi), -EINVAL);
		assert_non_null(strstr(test_log_take(), "spi device"));
		/* Nothing left: not even the controller made for it. */
		assert_null(spi_busnum_to_master(5));
	}
	spi = describe("spi:5.0 a irq=7");
	assert_int_equal(spi->irq, 7);
	assert_int_equal(libcdev_spi_describe("spi:5.0 b", &spi), -EINVAL);
	assert_non_null(strstr(test_log_take(), "in use"));
	libcdev_spi_forget_described();
	assert_null(spi_busnum_to_master(5));
}

/* ---- the host's spidev: only what fails without one can be tried here ---- */

static void test_host_bad_input(void **state)
{
	struct spi_device *spi;

	(void)state;
	assert_int_equal(libcdev_spi_describe("spi:6.0 thost bus=/nonexistent/spidev6.0", &spi),
			 -ENOENT);
	assert_non_null(strstr(test_log_take(), "bus=/nonexistent/spidev6.0"));
	assert_null(spi_busnum_to_master(6));
	/* A node that is not a spidev refuses its ioctls. */
	assert_int_equal(libcdev_spi_describe("spi:6.0 thost bus=/dev/null", &spi), -ENOTTY);
	assert_non_null(strstr(test_log_take(), "not a spidev node"));
	assert_null(spi_busnum_to_master(6));
	assert_int_equal(libcdev_spi_describe("spi:6.0 thost bus=/dev/null model=regs", &spi),
			 -EINVAL);
	assert_null(spi_busnum_to_master(6));
	/* A simulated bus is not the host's, and the other way round. */
	describe("spi:6.0 tsim");
	assert_int_equal(libcdev_spi_describe("spi:6.1 thost bus=/dev/null", &spi), -EINVAL);
	assert_non_null(strstr(test_log_take(), "not the host's"));
	assert_int_equal(libcdev_spi_describe("spi:6.0 thost bus=", &spi), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_bind, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_regs, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_regmap_spi, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_cs_change, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_validate, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_setup, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_bus_lock, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_faults, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_async, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_describe_errors, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_host_bad_input, test_env_capture, forget),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
