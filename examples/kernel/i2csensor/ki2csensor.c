// SPDX-License-Identifier: GPL-2.0
/*
 * ki2csensor - an I2C light sensor, written as a chip driver is written for
 * the kernel: a regmap over SMBus, its data-ready interrupt on a GPIO line,
 * and a misc device to read it; to show a bus driver prototyped against a
 * simulated chip, then against a real adapter, then built as a .ko
 * unchanged (libcdev-buses(7)).
 *
 * The chip (8-bit registers):
 *   ID      0x00  0x5a, read-only
 *   CTRL    0x01  bit 0 EN: the chip measures; bit 1 IE: it interrupts when
 *                 a measurement is ready
 *   STATUS  0x02  bit 0 READY: DATA holds a new measurement (the driver
 *                 writes 0 to acknowledge it)
 *   DATA_L  0x03  the light level in lux, low byte, read-only
 *   DATA_H  0x04  high byte
 *   THRESH  0x05  a threshold the chip compares against
 *
 * probe() checks ID, enables the chip and makes /dev/ki2csensor, whose
 * read(2) gives the level, "LUX\n". The attributes enable, threshold (served
 * from the regmap's cache), value (always from the chip) and events (data-
 * ready interrupts taken) are in the device's sysfs directory. The interrupt
 * is the device's IRQ, or the GPIO line of its irq-gpios property (the line's
 * falling edge); without either the chip is only read when asked.
 *
 * Run it against a simulated chip (the chip and its bus described on the
 * command line), and read it with the kernel's own i2c-tools too:
 *   cdevctl run --device 'i2c:1 adapter export=1' \
 *     --device 'i2c:1 0x39 ki2csensor model=regs:0x00=0x5a,0x03=0x2c,0x04=0x01' \
 *     ki2csensor.so
 *   cat /dev/ki2csensor                         # 300
 *   i2cset -y 1 0x39 0x05 0x40                  # UU: held by the driver
 *   cat /dev/sys/bus/i2c/devices/1-0039/value
 * or against a real chip on the host's bus: 'i2c:1 0x39 ki2csensor bus=/dev/i2c-0'.
 */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/gpio/consumer.h>
#include <linux/i2c.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mod_devicetable.h>
#include <linux/regmap.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define KI2C_ID		  0x00
#define KI2C_ID_VALUE	  0x5a
#define KI2C_CTRL	  0x01
#define KI2C_CTRL_EN	  BIT(0)
#define KI2C_CTRL_IE	  BIT(1)
#define KI2C_STATUS	  0x02
#define KI2C_STATUS_READY BIT(0)
#define KI2C_DATA_L	  0x03
#define KI2C_DATA_H	  0x04
#define KI2C_THRESH	  0x05

struct ki2csensor {
	struct regmap *regmap;
	struct miscdevice misc;
	atomic_t events;
	int irq;
};

static bool ki2c_volatile(struct device *dev, unsigned int reg)
{
	return reg == KI2C_STATUS || reg == KI2C_DATA_L || reg == KI2C_DATA_H;
}

static bool ki2c_writeable(struct device *dev, unsigned int reg)
{
	return reg == KI2C_CTRL || reg == KI2C_STATUS || reg == KI2C_THRESH;
}

static const struct regmap_config ki2c_regmap_config = {
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = KI2C_THRESH,
	.volatile_reg = ki2c_volatile,
	.writeable_reg = ki2c_writeable,
	.cache_type = REGCACHE_RBTREE,
};

/* The level, DATA_H:DATA_L, in one transaction. */
static int ki2c_read_level(struct ki2csensor *s, unsigned int *lux)
{
	u8 data[2];
	int err = regmap_bulk_read(s->regmap, KI2C_DATA_L, data, 2);

	if (err)
		return err;
	*lux = data[0] | (data[1] << 8);
	return 0;
}

static ssize_t ki2c_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct ki2csensor *s = container_of(file->private_data, struct ki2csensor, misc);
	unsigned int lux;
	char line[16];
	int err, len;

	if (*ppos)
		return 0;
	err = ki2c_read_level(s, &lux);
	if (err)
		return err;
	len = scnprintf(line, sizeof(line), "%u\n", lux);
	return simple_read_from_buffer(buf, count, ppos, line, len);
}

static const struct file_operations ki2c_fops = {
	.owner = THIS_MODULE,
	.read = ki2c_read,
	.llseek = noop_llseek,
};

/* Data ready: take it (the chip holds the line until STATUS is cleared). */
static irqreturn_t ki2c_irq(int irq, void *data)
{
	struct ki2csensor *s = data;
	unsigned int status;

	if (regmap_read(s->regmap, KI2C_STATUS, &status) || !(status & KI2C_STATUS_READY))
		return IRQ_NONE;
	atomic_inc(&s->events);
	regmap_write(s->regmap, KI2C_STATUS, 0);
	return IRQ_HANDLED;
}

static ssize_t enable_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct ki2csensor *s = dev_get_drvdata(dev);
	int on = regmap_test_bits(s->regmap, KI2C_CTRL, KI2C_CTRL_EN);

	return on < 0 ? on : sysfs_emit(buf, "%d\n", on);
}

static ssize_t enable_store(struct device *dev, struct device_attribute *attr, const char *buf,
			    size_t count)
{
	struct ki2csensor *s = dev_get_drvdata(dev);
	bool on;
	int err = kstrtobool(buf, &on);

	if (err)
		return err;
	err = regmap_update_bits(s->regmap, KI2C_CTRL, KI2C_CTRL_EN, on ? KI2C_CTRL_EN : 0);
	return err ? err : count;
}
static DEVICE_ATTR_RW(enable);

static ssize_t threshold_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct ki2csensor *s = dev_get_drvdata(dev);
	unsigned int v;
	int err = regmap_read(s->regmap, KI2C_THRESH, &v);

	return err ? err : sysfs_emit(buf, "%u\n", v);
}

static ssize_t threshold_store(struct device *dev, struct device_attribute *attr, const char *buf,
			       size_t count)
{
	struct ki2csensor *s = dev_get_drvdata(dev);
	u8 v;
	int err = kstrtou8(buf, 0, &v);

	if (err)
		return err;
	err = regmap_write(s->regmap, KI2C_THRESH, v);
	return err ? err : count;
}
static DEVICE_ATTR_RW(threshold);

static ssize_t value_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct ki2csensor *s = dev_get_drvdata(dev);
	unsigned int lux;
	int err = ki2c_read_level(s, &lux);

	return err ? err : sysfs_emit(buf, "%u\n", lux);
}
static DEVICE_ATTR_RO(value);

static ssize_t events_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct ki2csensor *s = dev_get_drvdata(dev);

	return sysfs_emit(buf, "%d\n", atomic_read(&s->events));
}
static DEVICE_ATTR_RO(events);

static struct attribute *ki2c_attrs[] = {
	&dev_attr_enable.attr,
	&dev_attr_threshold.attr,
	&dev_attr_value.attr,
	&dev_attr_events.attr,
	NULL,
};
ATTRIBUTE_GROUPS(ki2c);

/* The interrupt: the device's own, else its irq-gpios line's; 0 without. */
static int ki2c_get_irq(struct i2c_client *client)
{
	struct gpio_desc *gpio;

	if (client->irq > 0)
		return client->irq;
	gpio = devm_gpiod_get_optional(&client->dev, "irq", GPIOD_IN);
	if (IS_ERR(gpio))
		return PTR_ERR(gpio);
	return gpio ? gpiod_to_irq(gpio) : 0;
}

static int ki2c_setup_irq(struct i2c_client *client, struct ki2csensor *s)
{
	int err;

	s->irq = ki2c_get_irq(client);
	if (s->irq <= 0)
		return s->irq;
	err = devm_request_threaded_irq(&client->dev, s->irq, NULL, ki2c_irq,
					IRQF_ONESHOT | IRQF_TRIGGER_FALLING, "ki2csensor", s);
	if (err)
		return err;
	return regmap_set_bits(s->regmap, KI2C_CTRL, KI2C_CTRL_IE);
}

static int ki2c_probe(struct i2c_client *client)
{
	struct device *dev = &client->dev;
	struct ki2csensor *s;
	unsigned int id;
	int err;

	if (!i2c_check_functionality(client->adapter, I2C_FUNC_SMBUS_BYTE_DATA))
		return -EOPNOTSUPP;
	s = devm_kzalloc(dev, sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	s->regmap = devm_regmap_init_i2c(client, &ki2c_regmap_config);
	if (IS_ERR(s->regmap))
		return PTR_ERR(s->regmap);
	err = regmap_read(s->regmap, KI2C_ID, &id);
	if (err)
		return err;
	if (id != KI2C_ID_VALUE) {
		dev_err(dev, "unexpected chip id 0x%02x\n", id);
		return -ENODEV;
	}
	i2c_set_clientdata(client, s);
	err = ki2c_setup_irq(client, s);
	if (err)
		return err;
	err = regmap_set_bits(s->regmap, KI2C_CTRL, KI2C_CTRL_EN);
	if (err)
		return err;
	s->misc.minor = MISC_DYNAMIC_MINOR;
	s->misc.name = "ki2csensor";
	s->misc.fops = &ki2c_fops;
	s->misc.mode = 0444;
	err = misc_register(&s->misc);
	if (err)
		return err;
	dev_info(dev, "chip 0x%02x, %s\n", id, s->irq > 0 ? "interrupt-driven" : "polled");
	return 0;
}

static void ki2c_remove(struct i2c_client *client)
{
	struct ki2csensor *s = i2c_get_clientdata(client);

	misc_deregister(&s->misc);
	regmap_clear_bits(s->regmap, KI2C_CTRL, KI2C_CTRL_EN | KI2C_CTRL_IE);
	dev_info(&client->dev, "removed after %d events\n", atomic_read(&s->events));
}

static const struct i2c_device_id ki2c_ids[] = { { "ki2csensor", 0 }, {} };
MODULE_DEVICE_TABLE(i2c, ki2c_ids);

static const struct of_device_id ki2c_of_match[] = { { .compatible = "acme,ki2csensor" }, {} };
MODULE_DEVICE_TABLE(of, ki2c_of_match);

static struct i2c_driver ki2c_driver = {
	.driver = {
		.name = "ki2csensor",
		.of_match_table = ki2c_of_match,
		.dev_groups = ki2c_groups,
	},
	.probe_new = ki2c_probe,
	.remove = ki2c_remove,
	.id_table = ki2c_ids,
};
module_i2c_driver(ki2c_driver);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("An I2C light sensor: regmap, GPIO interrupt, misc device");
