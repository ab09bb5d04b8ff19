// SPDX-License-Identifier: GPL-2.0
/*
 * A platform driver for tests/examples/gpio-host.bats: it drives the output
 * line of its device's led-gpios property (high at probe) and sets it
 * through its attribute led, so that the test sees the value a driver sets
 * reach a chip of the host (gpio:LABEL chip=/dev/gpiochipN):
 *
 *   echo 0 > /dev/sys/devices/platform/kgpioled.0/led
 */
#include <linux/device.h>
#include <linux/gpio/consumer.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/platform_device.h>

static ssize_t led_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct gpio_desc *led = dev_get_drvdata(dev);

	return sysfs_emit(buf, "%d\n", gpiod_get_value_cansleep(led));
}

static ssize_t led_store(struct device *dev, struct device_attribute *attr, const char *buf,
			 size_t count)
{
	struct gpio_desc *led = dev_get_drvdata(dev);
	bool on;
	int err;

	err = kstrtobool(buf, &on);
	if (err)
		return err;
	gpiod_set_value_cansleep(led, on);
	return count;
}
static DEVICE_ATTR_RW(led);

static struct attribute *kgpioled_attrs[] = {
	&dev_attr_led.attr,
	NULL,
};
ATTRIBUTE_GROUPS(kgpioled);

static int kgpioled_probe(struct platform_device *pdev)
{
	struct gpio_desc *led = devm_gpiod_get(&pdev->dev, "led", GPIOD_OUT_HIGH);

	if (IS_ERR(led)) {
		dev_err(&pdev->dev, "no led line: %ld\n", PTR_ERR(led));
		return PTR_ERR(led);
	}
	platform_set_drvdata(pdev, led);
	return 0;
}

static struct platform_driver kgpioled_driver = {
	.probe = kgpioled_probe,
	.driver = {
		.name = "kgpioled",
		.dev_groups = kgpioled_groups,
	},
};
module_platform_driver(kgpioled_driver);

MODULE_DESCRIPTION("An output GPIO line set through an attribute (libcdev's tests)");
MODULE_LICENSE("GPL");
