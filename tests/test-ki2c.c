/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The I2C core (<linux/i2c.h>) on simulated adapters: binding by id_table,
 * by compatible and by detection at an address list; SMBus transfers made
 * of I2C messages as the kernel's core makes them (word byte order, block
 * counts, the PEC byte); plain messages to C models; faults; SMBus-only
 * adapters refusing plain messages; the description's rules and errors.
 */
#include <linux/device.h>
#include <linux/i2c.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/property.h>
#include <linux/regmap.h>
#include <libcdev/direct.h>
#include <libcdev/i2c-sim.h>
#include <libcdev/sysfs.h>

#include <fcntl.h>

#include <string.h>

#include "test-util.h"

static int forget(void **state)
{
	(void)state;
	libcdev_i2c_forget_described();
	return 0;
}

static struct i2c_client *describe(const char *line)
{
	struct i2c_client *client = NULL;

	assert_int_equal(libcdev_i2c_describe(line, &client), 0);
	assert_non_null(client);
	return client;
}

/* ---- a driver bound by its id table ---- */

static struct {
	int probed, removed;
	const struct i2c_device_id *id;
	const void *match_data;
	int chip_id;
} seen;

struct chip {
	int id;
};

static int chip_probe(struct i2c_client *client, const struct i2c_device_id *id)
{
	struct chip *chip = devm_kzalloc(&client->dev, sizeof(*chip), GFP_KERNEL);
	int v;

	if (!chip)
		return -ENOMEM;
	if (!i2c_check_functionality(client->adapter, I2C_FUNC_SMBUS_BYTE_DATA))
		return -EIO;
	v = i2c_smbus_read_byte_data(client, 0x00);
	if (v < 0)
		return v;
	chip->id = v;
	i2c_set_clientdata(client, chip);
	seen.probed++;
	seen.id = id;
	seen.chip_id = v;
	return 0;
}

static void chip_remove(struct i2c_client *client)
{
	struct chip *chip = i2c_get_clientdata(client);

	assert_int_equal(chip->id, seen.chip_id);
	seen.removed++;
}

static const struct i2c_device_id chip_ids[] = {
	{ "tchip", 7 },
	{ "tchip2", 8 },
	{},
};

static struct i2c_driver chip_driver = {
	.driver = { .name = "tchip" },
	.probe = chip_probe,
	.remove = chip_remove,
	.id_table = chip_ids,
};

static void test_bind_by_id_and_smbus_bytes(void **state)
{
	struct i2c_client *client;
	struct libcdev_i2c_model *m;

	(void)state;
	memset(&seen, 0, sizeof(seen));
	client = describe("i2c:3 0x39 tchip2 model=regs:0x00=0x5a,0x10=0x20");
	assert_string_equal(dev_name(&client->dev), "3-0039");
	assert_int_equal(client->addr, 0x39);
	assert_int_equal(i2c_adapter_id(client->adapter), 3);
	assert_int_equal(seen.probed, 0);
	assert_int_equal(i2c_add_driver(&chip_driver), 0);
	assert_int_equal(seen.probed, 1);
	assert_ptr_equal(seen.id, &chip_ids[1]);
	assert_ptr_equal(i2c_client_get_device_id(client), &chip_ids[1]);
	assert_int_equal(seen.chip_id, 0x5a);
	assert_ptr_equal(client->dev.driver, &chip_driver.driver);
	assert_ptr_equal(i2c_verify_client(&client->dev), client);

	/* Bytes go to the model's registers, and back. */
	assert_int_equal(i2c_smbus_read_byte_data(client, 0x10), 0x20);
	assert_int_equal(i2c_smbus_write_byte_data(client, 0x11, 0x77), 0);
	m = libcdev_i2c_model_find(3, 0x39);
	assert_non_null(m);
	assert_int_equal(libcdev_i2c_model_get_reg(m, 0x11), 0x77);
	libcdev_i2c_model_set_reg(m, 0x12, 0x99);
	assert_int_equal(i2c_smbus_read_byte_data(client, 0x12), 0x99);
	/* write_byte sets the pointer, read_byte reads where it points. */
	assert_int_equal(i2c_smbus_write_byte(client, 0x11), 0);
	assert_int_equal(i2c_smbus_read_byte(client), 0x77);
	assert_int_equal(i2c_smbus_read_byte(client), 0x99);

	i2c_del_driver(&chip_driver);
	assert_int_equal(seen.removed, 1);
	assert_null(client->dev.driver);
	assert_int_equal(libcdev_devres_count(&client->dev), 0);
}

/* ---- SMBus made of I2C messages ---- */

static void test_smbus_emulation(void **state)
{
	struct i2c_client *client = describe("i2c:0 0x50 eeprom model=regs:0x20=0x34,0x21=0x12,"
					     "0x30=3,0x31=0xa,0x32=0xb,0x33=0xc");
	uint8_t buf[I2C_SMBUS_BLOCK_MAX];
	uint8_t wr[] = { 1, 2, 3, 4 };
	struct libcdev_i2c_model *m = libcdev_i2c_model_find(0, 0x50);

	(void)state;
	/* Words travel low byte first; swapped() is for chips that send the high byte first. */
	assert_int_equal(i2c_smbus_read_word_data(client, 0x20), 0x1234);
	assert_int_equal(i2c_smbus_read_word_swapped(client, 0x20), 0x3412);
	assert_int_equal(i2c_smbus_write_word_data(client, 0x40, 0xbeef), 0);
	assert_int_equal(libcdev_i2c_model_get_reg(m, 0x40), 0xef);
	assert_int_equal(libcdev_i2c_model_get_reg(m, 0x41), 0xbe);
	/* An SMBus block read: the device's first byte is the count. */
	assert_int_equal(i2c_smbus_read_block_data(client, 0x30, buf), 3);
	assert_memory_equal(buf, "\x0a\x0b\x0c", 3);
	/* An I2C block: the caller's count. */
	assert_int_equal(i2c_smbus_write_i2c_block_data(client, 0x60, 4, wr), 4 - 4);
	assert_int_equal(i2c_smbus_read_i2c_block_data(client, 0x60, 4, buf), 4);
	assert_memory_equal(buf, wr, 4);
	assert_int_equal(i2c_smbus_read_i2c_block_data_or_emulated(client, 0x60, 3, buf), 3);
	assert_memory_equal(buf, wr, 3);
	/* An SMBus block write: count then data. */
	assert_int_equal(i2c_smbus_write_block_data(client, 0x70, 2, wr), 0);
	assert_int_equal(libcdev_i2c_model_get_reg(m, 0x70), 2);
	assert_int_equal(libcdev_i2c_model_get_reg(m, 0x72), 2);
	/* A count the block cannot hold is a protocol error. */
	libcdev_i2c_model_set_reg(m, 0x30, 40);
	assert_int_equal(i2c_smbus_read_block_data(client, 0x30, buf), -EPROTO);
}

/* A model in C that keeps the last messages: what went on the wire. */
static struct {
	struct i2c_msg msg[2];
	uint8_t data[2][40];
	int num;
} wire;

static int wire_transfer(struct libcdev_i2c_model *m, struct i2c_msg *msgs, int num)
{
	(void)m;
	wire.num = num;
	for (int i = 0; i < num && i < 2; i++) {
		wire.msg[i] = msgs[i];
		if (msgs[i].flags & I2C_M_RD) {
			/* A heading of 0x0e10 (360.0 degrees), and then the PEC if asked for. */
			memcpy(msgs[i].buf, "\x42\x99", msgs[i].len);
		}
		memcpy(wire.data[i], msgs[i].buf, msgs[i].len);
	}
	return num;
}

static struct libcdev_i2c_model_ops wire_model = {
	.name = "wire",
	.transfer = wire_transfer,
};

static void test_pec_and_plain_messages(void **state)
{
	struct i2c_client *client;
	char buf[2];

	(void)state;
	assert_int_equal(libcdev_i2c_model_register(&wire_model), 0);
	assert_int_equal(libcdev_i2c_model_register(&wire_model), -EEXIST);
	client = describe("i2c:1 0x50 pecchip model=wire");
	client->flags |= I2C_CLIENT_PEC;
	/* A write ends with the CRC-8 of the address byte, command and data. */
	assert_int_equal(i2c_smbus_write_byte_data(client, 0x10, 0x55), 0);
	assert_int_equal(wire.num, 1);
	assert_int_equal(wire.msg[0].len, 3);
	assert_int_equal(wire.data[0][2], 0xb3);
	/* A read's PEC covers the write, the read's address byte and the data: 0x99 for 0x42. */
	assert_int_equal(i2c_smbus_read_byte_data(client, 0x10), 0x42);
	assert_int_equal(wire.num, 2);
	assert_int_equal(wire.msg[1].len, 2);
	/* Without PEC: plain messages as the driver sends them. */
	client->flags &= (unsigned short)~I2C_CLIENT_PEC;
	assert_int_equal(i2c_master_send(client, "A", 1), 1);
	assert_int_equal(wire.num, 1);
	assert_int_equal(wire.data[0][0], 'A');
	assert_int_equal(i2c_master_recv(client, buf, 2), 2);
	assert_memory_equal(buf, "\x42\x99", 2);
	assert_true(wire.msg[0].flags & I2C_M_RD);
	libcdev_i2c_model_unregister(&wire_model);
}

static struct libcdev_i2c_model_ops notyet_model = { .name = "notyet" };

static void test_faults_and_absent_devices(void **state)
{
	struct i2c_client *client = describe("i2c:2 0x20 faulty model=regs:0x00=1");
	struct libcdev_i2c_model *m = libcdev_i2c_model_find(2, 0x20);
	struct i2c_client *empty = describe("i2c:2 0x21 nothing");
	struct i2c_client *later = describe("i2c:2 0x22 later model=notyet");

	(void)state;
	assert_int_equal(libcdev_i2c_model_fault(m, -ENXIO, 1), 0);
	assert_int_equal(i2c_smbus_read_byte_data(client, 0), -ENXIO);
	assert_int_equal(i2c_smbus_read_byte_data(client, 0), 1);
	assert_int_equal(libcdev_i2c_model_fault(m, -ETIMEDOUT, -1), 0);
	assert_int_equal(i2c_smbus_read_byte_data(client, 0), -ETIMEDOUT);
	assert_int_equal(i2c_smbus_write_byte_data(client, 0, 1), -ETIMEDOUT);
	assert_int_equal(libcdev_i2c_model_fault(m, 0, 0), 0);
	assert_int_equal(i2c_smbus_read_byte_data(client, 0), 1);
	assert_int_equal(libcdev_i2c_model_fault(m, -EPERM, 1), -EINVAL);
	assert_true(libcdev_i2c_model_transfers(m) >= 5);
	/* No model: the address does not acknowledge. */
	assert_int_equal(i2c_smbus_read_byte_data(empty, 0), -ENXIO);
	/* A model named but not registered does not either, and says why. */
	test_log_take();
	assert_int_equal(i2c_smbus_read_byte_data(later, 0), -ENXIO);
	assert_non_null(strstr(test_log_take(), "no model named \"notyet\" at 0x22"));
	/* Registered late, it answers at the next transfer. */
	assert_int_equal(libcdev_i2c_model_register(&notyet_model), 0);
	assert_int_equal(i2c_smbus_read_byte_data(later, 0), 0);
	libcdev_i2c_forget_described();
	libcdev_i2c_model_unregister(&notyet_model);
}

/* ---- matching by compatible, and by detection ---- */

static const struct of_device_id sensor_of[] = {
	{ .compatible = "acme,sensor", .data = (void *)42 },
	{},
};

static int sensor_probe(struct i2c_client *client)
{
	uint32_t gain = 0;

	seen.probed++;
	seen.match_data = device_get_match_data(&client->dev);
	seen.id = i2c_client_get_device_id(client);
	assert_int_equal(device_property_read_u32(&client->dev, "gain", &gain), 0);
	assert_int_equal(gain, 3);
	assert_int_equal(client->irq, 17);
	return 0;
}

static struct i2c_driver sensor_driver = {
	.driver = { .name = "sensor", .of_match_table = sensor_of },
	.probe_new = sensor_probe,
};

static void test_bind_by_compatible(void **state)
{
	struct i2c_client *client;

	(void)state;
	memset(&seen, 0, sizeof(seen));
	assert_int_equal(i2c_add_driver(&sensor_driver), 0);
	assert_int_equal(i2c_add_driver(&sensor_driver), -EBUSY);
	client = describe("i2c:4 0x10 whatever compatible=acme,sensor gain=3 irq=17 "
			  "model=regs");
	assert_int_equal(seen.probed, 1);
	assert_ptr_equal(seen.match_data, (void *)42);
	assert_null(seen.id);
	assert_string_equal(of_node_full_name(client->dev.of_node), "whatever@10");
	i2c_del_driver(&sensor_driver);
}

static int hw_detect(struct i2c_client *client, struct i2c_board_info *info)
{
	/* Ours answers 0xa1 at register 0xff. */
	if (i2c_smbus_read_byte_data(client, 0xff) != 0xa1)
		return -ENODEV;
	strscpy(info->type, "tchip", I2C_NAME_SIZE);
	return 0;
}

static struct i2c_driver hw_driver = {
	.class = I2C_CLASS_HWMON,
	.driver = { .name = "hwchip" },
	.probe = chip_probe,
	.remove = chip_remove,
	.id_table = chip_ids,
	.detect = hw_detect,
	.address_list = I2C_ADDRS(0x48, 0x49, 0x4a),
};

static void test_detection(void **state)
{
	struct i2c_board_info info = { I2C_BOARD_INFO("found", 0) };
	const unsigned short scan[] = { 0x30, 0x49, I2C_CLIENT_END };
	const unsigned short none[] = { 0x30, 0x31, I2C_CLIENT_END };
	struct i2c_adapter *adap;
	struct i2c_client *client;

	(void)state;
	memset(&seen, 0, sizeof(seen));
	/* Chips no description makes a device of: another at 0x48, ours at 0x49 and 0x77. */
	assert_int_equal(libcdev_i2c_describe("i2c:5 0x48 - model=regs:0xff=0x10", NULL), 0);
	assert_int_equal(libcdev_i2c_describe("i2c:5 0x49 - model=regs:0xff=0xa1,0x00=0x33", NULL),
			 0);
	assert_int_equal(libcdev_i2c_describe("i2c:5 0x77 - model=regs:0xff=0xa1", NULL), 0);
	/* Only the address of the list where detect() recognises the chip gets a device. */
	assert_int_equal(i2c_add_driver(&hw_driver), 0);
	assert_int_equal(seen.probed, 1);
	assert_int_equal(seen.chip_id, 0x33);
	assert_non_null(strstr(test_log_take(), "i2c i2c-5: Creating tchip at 0x49"));
	/* The detected device goes with its driver; the chip stays on the bus. */
	i2c_del_driver(&hw_driver);
	assert_int_equal(seen.removed, 1);
	adap = i2c_get_adapter(5);
	assert_non_null(adap);
	client = i2c_new_scanned_device(adap, &info, scan, NULL);
	assert_false(IS_ERR(client));
	assert_int_equal(client->addr, 0x49);
	assert_string_equal(client->name, "found");
	i2c_unregister_device(client);
	assert_int_equal(PTR_ERR(i2c_new_scanned_device(adap, &info, none, NULL)), -ENODEV);
	/* A chip where one is already: refused. */
	test_log_take();
	assert_int_equal(libcdev_i2c_describe("i2c:5 0x49 - model=regs", NULL), -EBUSY);
	assert_non_null(strstr(test_log_take(), "bus 5 has a chip at 0x49 already"));
	libcdev_i2c_forget_described();
	assert_null(i2c_get_adapter(5));
}

/* ---- adapters a driver registers ---- */

static int smbus_only_xfer(struct i2c_adapter *adap, u16 addr, unsigned short flags,
			   char read_write, u8 command, int size, union i2c_smbus_data *data)
{
	(void)adap, (void)flags;
	if (addr != 0x2c)
		return -ENXIO;
	if (size == I2C_SMBUS_BYTE_DATA && read_write == I2C_SMBUS_READ) {
		data->byte = (u8)(command + 1);
		return 0;
	}
	return -EOPNOTSUPP;
}

static u32 smbus_only_func(struct i2c_adapter *adap)
{
	(void)adap;
	return I2C_FUNC_SMBUS_BYTE_DATA;
}

static const struct i2c_algorithm smbus_only_algo = {
	.smbus_xfer = smbus_only_xfer,
	.functionality = smbus_only_func,
};

static void test_smbus_only_adapter(void **state)
{
	struct i2c_adapter adap = { .algo = &smbus_only_algo, .name = "smbus-only" };
	struct i2c_board_info info = { I2C_BOARD_INFO("dummy", 0x2c) };
	struct i2c_client *client;
	char buf[1];

	(void)state;
	assert_int_equal(i2c_add_adapter(&adap), 0);
	assert_true(adap.nr >= 0);
	client = i2c_new_client_device(&adap, &info);
	assert_false(IS_ERR(client));
	assert_true(IS_ERR(i2c_new_client_device(&adap, &info)));
	assert_int_equal(PTR_ERR(i2c_new_client_device(&adap, &info)), -EBUSY);
	assert_int_equal(i2c_smbus_read_byte_data(client, 7), 8);
	/* What the SMBus algorithm cannot do is not made of messages it cannot carry. */
	assert_int_equal(i2c_smbus_read_word_data(client, 7), -EOPNOTSUPP);
	assert_int_equal(i2c_master_recv(client, buf, 1), -EOPNOTSUPP);
	assert_false(i2c_check_functionality(&adap, I2C_FUNC_I2C));
	assert_true(i2c_check_functionality(&adap, I2C_FUNC_SMBUS_READ_BYTE_DATA));
	/* A bad address is refused, as the kernel refuses it. */
	info.addr = 0x80;
	assert_int_equal(PTR_ERR(i2c_new_client_device(&adap, &info)), -EINVAL);
	i2c_del_adapter(&adap);
	assert_null(i2c_get_adapter(adap.nr));
}

/* ---- register maps over I2C: the bus chosen by what the adapter can do ---- */

static const struct regmap_config map8 = {
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = 0xff,
	.cache_type = REGCACHE_NONE,
};

static void test_regmap_i2c(void **state)
{
	struct i2c_client *client = describe("i2c:10 0x48 mapped model=regs:0x10=0x34,0x11=0x12");
	struct libcdev_i2c_model *m = libcdev_i2c_model_find(10, 0x48);
	struct regmap *map = regmap_init_i2c(client, &map8);
	uint8_t buf[2];
	unsigned int v;
	unsigned long before;

	(void)state;
	assert_false(IS_ERR(map));
	assert_int_equal(regmap_read(map, 0x10, &v), 0);
	assert_int_equal(v, 0x34);
	assert_int_equal(regmap_write(map, 0x20, 0xab), 0);
	assert_int_equal(libcdev_i2c_model_get_reg(m, 0x20), 0xab);
	/* A bulk read is one transaction of plain messages (register, then a read). */
	before = libcdev_i2c_model_transfers(m);
	assert_int_equal(regmap_bulk_read(map, 0x10, buf, 2), 0);
	assert_memory_equal(buf, "\x34\x12", 2);
	assert_int_equal(libcdev_i2c_model_transfers(m), before + 1);
	assert_int_equal(regmap_update_bits(map, 0x20, 0x0f, 0x05), 0);
	assert_int_equal(libcdev_i2c_model_get_reg(m, 0x20), 0xa5);
	/* A chip that does not answer: the bus's error. */
	libcdev_i2c_model_fault(m, -ENXIO, 1);
	assert_int_equal(regmap_read(map, 0x10, &v), -ENXIO);
	regmap_exit(map);
}

/* On an adapter with only SMBus byte transfers, the map uses those. */
static void test_regmap_i2c_smbus_only(void **state)
{
	struct i2c_adapter adap = { .algo = &smbus_only_algo, .name = "smbus-only" };
	struct i2c_board_info info = { I2C_BOARD_INFO("dummy", 0x2c) };
	struct i2c_client *client;
	struct regmap *map;
	unsigned int v;

	(void)state;
	assert_int_equal(i2c_add_adapter(&adap), 0);
	client = i2c_new_client_device(&adap, &info);
	map = regmap_init_i2c(client, &map8);
	assert_false(IS_ERR(map));
	assert_int_equal(regmap_read(map, 0x41, &v), 0);
	assert_int_equal(v, 0x42);
	regmap_exit(map);
	i2c_del_adapter(&adap);
}

/* ---- the description's errors leave nothing behind ---- */

static void refused(const char *line, int err, const char *msg)
{
	test_log_take();
	assert_int_equal(libcdev_i2c_describe(line, NULL), err);
	assert_non_null(strstr(test_log_take(), msg));
}

static void test_bad_descriptions(void **state)
{
	(void)state;
	refused("i2c:7 0x78 chip", -EINVAL, "a 7-bit address is 0x03 to 0x77");
	refused("i2c:7 0x02 chip", -EINVAL, "a 7-bit address is 0x03 to 0x77");
	refused("i2c:7 0x400 chip ten-bit=1", -EINVAL, "a 10-bit address is 0x000 to 0x3ff");
	refused("i2c:x 0x10 chip", -EINVAL, "the bus is i2c:N");
	refused("i2c:7 0x10", -EINVAL, "an I2C device is i2c:BUS ADDR TYPE");
	refused("i2c:7 0x10 chip model=regs:0x100=1", -EINVAL, "model= is regs");
	refused("i2c:7 0x10 chip model=regs:1=0x100", -EINVAL, "model= is regs");
	refused("i2c:7 0x10 chip irq=0", -EINVAL, "an IRQ line is a number from 1 to 1023");
	refused("i2c:7 0x10 chip model=regs bus=/dev/i2c-0", -EINVAL, "model= is for a simulated");
	refused("i2c:7 0x10 chip bus=/nonexistent/i2c-9", -ENOENT, "No such file or directory");
	refused("i2c:7 0x10 chip bus=/dev/null", -ENOTTY, "not an I2C adapter");
	refused("i2c:7 0x10 averyveryverylongtypename", -EINVAL, "a device type is 1 to 19");
	/* Nothing of bus 7 was left. */
	assert_null(i2c_get_adapter(7));
	/* A taken address: the first device stays, the second is refused. */
	describe("i2c:7 0x10 first");
	refused("i2c:7 0x10 second", -EBUSY, "address 0x10 of bus 7 is taken");
	assert_non_null(i2c_get_adapter(7));
	libcdev_i2c_forget_described();
	assert_null(i2c_get_adapter(7));
}

/* ---- a simulated adapter as /dev/i2c-N: i2c-dev's ioctls ---- */

/* i2c-dev's ABI (include/uapi/linux/i2c-dev.h), as i2c-tools use it. */
#define T_I2C_SLAVE	  0x0703
#define T_I2C_SLAVE_FORCE 0x0706
#define T_I2C_FUNCS	  0x0705
#define T_I2C_RDWR	  0x0707
#define T_I2C_SMBUS	  0x0720

struct t_rdwr {
	struct i2c_msg *msgs;
	uint32_t nmsgs;
};

struct t_smbus {
	uint8_t read_write;
	uint8_t command;
	uint32_t size;
	union i2c_smbus_data *data;
};

static struct file *open_node(const char *name)
{
	struct file *f;
	dev_t devt;

	assert_int_equal(libcdev_device_lookup(name, &devt), 0);
	assert_int_equal(cdev_direct_open(devt, O_RDWR, &f), 0);
	return f;
}

static void test_i2c_dev_node(void **state)
{
	static uint8_t big[8193];
	uint8_t reg = 0x10, val[2] = { 0 };
	struct i2c_msg msgs[2] = { { 0x39, 0, 1, &reg }, { 0x39, I2C_M_RD, 2, val } };
	struct t_rdwr rdwr = { msgs, 2 };
	union i2c_smbus_data data = { 0 };
	struct t_smbus sm = { I2C_SMBUS_READ, 0x11, I2C_SMBUS_BYTE_DATA, &data };
	unsigned long funcs = 0;
	struct file *f;
	char b[2];

	(void)state;
	memset(&seen, 0, sizeof(seen));
	assert_int_equal(libcdev_i2c_describe("i2c:9 adapter export=1", NULL), 0);
	assert_int_equal(libcdev_i2c_describe("i2c:9 adapter export=1", NULL), -EEXIST);
	describe("i2c:9 0x39 tchip model=regs:0x00=0x5a,0x10=0x20,0x11=0x21");
	assert_int_equal(libcdev_i2c_describe("i2c:9 0x40 - model=regs:0x00=0x77", NULL), 0);
	assert_int_equal(i2c_add_driver(&chip_driver), 0);
	assert_int_equal(seen.probed, 1);
	f = open_node("i2c-9");
	assert_int_equal(cdev_direct_ioctl(f, T_I2C_FUNCS, (unsigned long)&funcs), 0);
	assert_true(funcs & I2C_FUNC_I2C);
	/* The driver holds 0x39: I2C_SLAVE says so, I2C_SLAVE_FORCE takes it anyway. */
	assert_int_equal(cdev_direct_ioctl(f, T_I2C_SLAVE, 0x39), -EBUSY);
	assert_int_equal(cdev_direct_ioctl(f, T_I2C_SLAVE, 0x80), -EINVAL);
	assert_int_equal(cdev_direct_ioctl(f, T_I2C_SLAVE_FORCE, 0x39), 0);
	assert_int_equal(cdev_direct_ioctl(f, T_I2C_SMBUS, (unsigned long)&sm), 0);
	assert_int_equal(data.byte, 0x21);
	/* A write then a read, one transaction: two messages done. */
	assert_int_equal(cdev_direct_ioctl(f, T_I2C_RDWR, (unsigned long)&rdwr), 2);
	assert_memory_equal(val, "\x20\x21", 2);
	/* i2c-dev's limits: 42 messages, 8192 bytes each. */
	rdwr.nmsgs = 43;
	assert_int_equal(cdev_direct_ioctl(f, T_I2C_RDWR, (unsigned long)&rdwr), -EINVAL);
	msgs[0].len = 8193;
	msgs[0].buf = big;
	rdwr.nmsgs = 1;
	assert_int_equal(cdev_direct_ioctl(f, T_I2C_RDWR, (unsigned long)&rdwr), -EINVAL);
	assert_int_equal(cdev_direct_ioctl(f, 0x1234, 0), -ENOTTY);
	/* read() and write() at the free address: plain messages. */
	assert_int_equal(cdev_direct_ioctl(f, T_I2C_SLAVE, 0x40), 0);
	assert_int_equal(cdev_direct_write(f, "\x00", 1), 1);
	assert_int_equal(cdev_direct_read(f, b, 1), 1);
	assert_int_equal(b[0], 0x77);
	/* An address with no chip does not acknowledge. */
	assert_int_equal(cdev_direct_ioctl(f, T_I2C_SLAVE, 0x41), 0);
	assert_int_equal(cdev_direct_read(f, b, 1), -ENXIO);
	assert_int_equal(cdev_direct_release(f), 0);
	i2c_del_driver(&chip_driver);
	libcdev_i2c_forget_described();
	assert_null(i2c_get_adapter(9));
	assert_int_equal(libcdev_device_lookup("i2c-9", &(dev_t){ 0 }), -ENOENT);
}

/* Through the dispatcher of every bus: "i2c:" lines are I2C devices. */
static void test_any_bus_description(void **state)
{
	(void)state;
	assert_int_equal(libcdev_device_describe("  i2c:8 0x11 chip model=regs"), 0);
	assert_non_null(libcdev_i2c_model_find(8, 0x11));
	libcdev_device_forget_described();
	assert_null(libcdev_i2c_model_find(8, 0x11));
	assert_null(i2c_get_adapter(8));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_bind_by_id_and_smbus_bytes, test_env_capture,
						forget),
		cmocka_unit_test_setup_teardown(test_smbus_emulation, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_pec_and_plain_messages, test_env_capture,
						forget),
		cmocka_unit_test_setup_teardown(test_faults_and_absent_devices, test_env_capture,
						forget),
		cmocka_unit_test_setup_teardown(test_bind_by_compatible, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_detection, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_smbus_only_adapter, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_bad_descriptions, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_any_bus_description, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_i2c_dev_node, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_regmap_i2c, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_regmap_i2c_smbus_only, test_env_capture,
						forget),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
