/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GPIO: simulated chips described from outside ("gpio:LABEL lines=N ..."),
 * lines a driver gets through its device's CONID-gpios properties (active
 * low, raw values, -EBUSY, optional lines, the managed forms released at
 * unbind), the legacy integer API over a simulated chip and over a chip a
 * driver provides, of_get_named_gpio(), the IRQ of a line with its edge,
 * the board's lookup tables, a chip removed under its consumer, and
 * descriptions that are refused, chip= ones (a host's gpiochip) included.
 */
#include <linux/gpio.h>
#include <linux/gpio/consumer.h>
#include <linux/gpio/driver.h>
#include <linux/gpio/machine.h>
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/of_gpio.h>
#include <linux/platform_device.h>

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "test-util.h"

static struct platform_device *describe(const char *line)
{
	struct platform_device *pdev;

	assert_int_equal(libcdev_platform_describe(line, &pdev), 0);
	return pdev;
}

static int sim_value(const char *label, unsigned int line)
{
	int v = -1;

	assert_int_equal(libcdev_gpio_sim_get(label, line, &v), 0);
	return v;
}

static int forget(void **state)
{
	(void)state;
	libcdev_gpio_forget_described();
	return 0;
}

static struct gpio_desc *led, *button, *absent;

static int tgpio_probe(struct platform_device *pdev)
{
	led = devm_gpiod_get(&pdev->dev, "led", GPIOD_OUT_LOW);
	if (IS_ERR(led))
		return PTR_ERR(led);
	button = devm_gpiod_get(&pdev->dev, "button", GPIOD_IN);
	if (IS_ERR(button))
		return PTR_ERR(button);
	absent = devm_gpiod_get_optional(&pdev->dev, "reset", GPIOD_OUT_HIGH);
	return PTR_ERR_OR_ZERO(absent);
}

static struct platform_driver tgpio_driver = {
	.probe = tgpio_probe,
	.driver = { .name = "tgpio" },
};

static void test_consumer(void **state)
{
	struct platform_device *pdev;
	struct gpio_desc *again, *od;
	struct device *dev;

	(void)state;
	assert_int_equal(libcdev_gpio_describe("gpio:chip0 lines=8 names=led,button"), 0);
	assert_int_equal(platform_driver_register(&tgpio_driver), 0);
	pdev = describe("tgpio.0 led-gpios=chip0:0 button-gpios=chip0:1:active-low "
			"far-gpios=chip0:9 bad-gpios=chip0 none-gpios=nochip:0 "
			"od-gpios=chip0:2:open-drain");
	dev = &pdev->dev;
	assert_ptr_equal(dev->driver, &tgpio_driver.driver);
	assert_null(absent);
	/* GPIOD_OUT_LOW drove the led low; its value is what the line is driven to. */
	assert_int_equal(gpiod_get_direction(led), GPIO_LINE_DIRECTION_OUT);
	assert_int_equal(sim_value("chip0", 0), 0);
	gpiod_set_value(led, 1);
	assert_int_equal(sim_value("chip0", 0), 1);
	assert_int_equal(gpiod_get_value(led), 1);
	/* Active low: the outside pulls the button low, which reads 1 (raw 0). */
	assert_int_equal(gpiod_get_direction(button), GPIO_LINE_DIRECTION_IN);
	assert_true(gpiod_is_active_low(button));
	assert_int_equal(libcdev_gpio_sim_set("chip0", 1, 0), 0);
	assert_int_equal(gpiod_get_value(button), 1);
	assert_int_equal(gpiod_get_raw_value(button), 0);
	assert_int_equal(libcdev_gpio_sim_set("chip0", 1, 1), 0);
	assert_int_equal(gpiod_get_value(button), 0);
	/* An output keeps its own value whatever the outside pulls. */
	assert_int_equal(libcdev_gpio_sim_set("chip0", 0, 0), 0);
	assert_int_equal(gpiod_get_value(led), 1);
	/* Setting an input line is no error, and leaves it an input (as the kernel). */
	gpiod_set_value(button, 1);
	assert_int_equal(gpiod_get_direction(button), GPIO_LINE_DIRECTION_IN);
	/* Active low through direction_output: logical 1 is raw 0. */
	assert_int_equal(gpiod_direction_output(button, 1), 0);
	assert_int_equal(sim_value("chip0", 1), 0);
	assert_int_equal(gpiod_direction_output_raw(button, 1), 0);
	assert_int_equal(sim_value("chip0", 1), 1);
	assert_int_equal(gpiod_direction_input(button), 0);
	assert_int_equal(gpiod_set_debounce(button, 1000), -ENOTSUPP);
	assert_ptr_equal(gpio_to_desc((unsigned int)desc_to_gpio(led)), led);
	/* Taken, absent, beyond the chip, malformed, no such chip. */
	assert_ptr_equal(gpiod_get(dev, "led", GPIOD_ASIS), ERR_PTR(-EBUSY));
	assert_ptr_equal(gpiod_get(dev, "reset", GPIOD_ASIS), ERR_PTR(-ENOENT));
	assert_ptr_equal(gpiod_get(dev, "far", GPIOD_ASIS), ERR_PTR(-EINVAL));
	assert_ptr_equal(gpiod_get(dev, "bad", GPIOD_ASIS), ERR_PTR(-EINVAL));
	assert_non_null(strstr(test_log_take(), "'chip0' is not CHIPLABEL:LINE"));
	assert_ptr_equal(gpiod_get(dev, "none", GPIOD_ASIS), ERR_PTR(-EPROBE_DEFER));
	assert_int_equal(gpiod_count(dev, "led"), 1);
	assert_int_equal(gpiod_count(dev, "reset"), -ENOENT);
	/* Open drain, emulated: high lets the line go (an input, reading its pull). */
	od = gpiod_get(dev, "od", GPIOD_OUT_HIGH);
	assert_false(IS_ERR(od));
	assert_int_equal(gpiod_get_direction(od), GPIO_LINE_DIRECTION_OUT);
	assert_int_equal(libcdev_gpio_sim_set("chip0", 2, 1), 0);
	assert_int_equal(gpiod_get_value(od), 1);
	gpiod_set_value(od, 0);
	assert_int_equal(sim_value("chip0", 2), 0);
	gpiod_set_value(od, 1);
	assert_int_equal(sim_value("chip0", 2), 1);
	assert_int_equal(libcdev_gpio_sim_set("chip0", 2, 0), 0);
	assert_int_equal(gpiod_get_value(od), 0);
	gpiod_put(od);
	/* The NULL line of an optional get: every call does nothing. */
	gpiod_set_value(NULL, 1);
	assert_int_equal(gpiod_get_value(NULL), 0);
	/* Unbound: the managed lines are free again. */
	platform_driver_unregister(&tgpio_driver);
	again = gpiod_get(dev, "led", GPIOD_ASIS);
	assert_false(IS_ERR(again));
	gpiod_put(again);
	platform_device_unregister(pdev);
}

static void test_can_sleep(void **state)
{
	struct platform_device *pdev;
	struct gpio_desc *d;

	(void)state;
	assert_int_equal(libcdev_gpio_describe("gpio:slow lines=2 can-sleep=1"), 0);
	pdev = describe("tslow.0 gpios=slow:1,slow:0:active-low");
	assert_int_equal(gpiod_count(&pdev->dev, NULL), 2);
	d = gpiod_get_index(&pdev->dev, NULL, 1, GPIOD_OUT_HIGH);
	assert_false(IS_ERR(d));
	/* Index 1 is line 0, active low: logical high is raw 0. */
	assert_int_equal(sim_value("slow", 0), 0);
	test_log_take();
	assert_int_equal(gpiod_get_value_cansleep(d), 1);
	assert_null(strstr(test_log_peek(), "WARNING"));
	assert_int_equal(gpiod_get_value(d), 1);
	assert_non_null(strstr(test_log_take(), "WARNING"));
	gpiod_set_value(d, 0);
	assert_non_null(strstr(test_log_take(), "can_sleep"));
	assert_int_equal(sim_value("slow", 0), 1);
	gpiod_put(d);
	platform_device_unregister(pdev);
}

/* A chip removed under its consumer: reported, and the line's calls do nothing until put. */
static void test_removed_chip(void **state)
{
	struct platform_device *pdev;
	struct gpio_desc *d;

	(void)state;
	assert_int_equal(libcdev_gpio_describe("gpio:gone lines=1"), 0);
	pdev = describe("tgone.0 gpios=gone:0");
	d = gpiod_get(&pdev->dev, NULL, GPIOD_OUT_HIGH);
	assert_false(IS_ERR(d));
	test_log_take();
	libcdev_gpio_forget_described();
	assert_non_null(strstr(test_log_take(), "REMOVING GPIOCHIP WITH GPIOS STILL REQUESTED"));
	assert_int_equal(gpiod_get_value(d), 0);
	assert_non_null(strstr(test_log_take(), "backing chip is gone"));
	assert_int_equal(gpiod_to_irq(d), -EINVAL);
	gpiod_put(d);
	/* Its label is free again. */
	assert_int_equal(libcdev_gpio_describe("gpio:gone lines=1"), 0);
	platform_device_unregister(pdev);
}

static int irq_hits;

static irqreturn_t on_edge(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	irq_hits++;
	return IRQ_HANDLED;
}

static void test_irq(void **state)
{
	struct platform_device *pdev;
	struct gpio_desc *d;
	int irq;

	(void)state;
	assert_int_equal(libcdev_gpio_describe("gpio:irqchip lines=4 base=40"), 0);
	pdev = describe("tirq.0 irq=5 key-gpios=irqchip:3");
	d = gpiod_get(&pdev->dev, "key", GPIOD_IN);
	assert_false(IS_ERR(d));
	irq = gpiod_to_irq(d);
	/* Above the lines of descriptions: 1024 + the line's number. */
	assert_int_equal(irq, LIBCDEV_GPIO_IRQ_BASE + 43);
	assert_int_equal(gpio_to_irq(43), irq);
	irq_hits = 0;
	assert_int_equal(
		request_irq((unsigned int)irq, on_edge, IRQF_TRIGGER_FALLING, "key", &irq_hits), 0);
	/* Rising: nothing. */
	assert_int_equal(libcdev_gpio_sim_set("irqchip", 3, 1), 0);
	synchronize_irq((unsigned int)irq);
	assert_int_equal(irq_hits, 0);
	/* Falling: once; the same level again is no edge. */
	assert_int_equal(libcdev_gpio_sim_set("irqchip", 3, 0), 0);
	synchronize_irq((unsigned int)irq);
	assert_int_equal(irq_hits, 1);
	assert_int_equal(libcdev_gpio_sim_set("irqchip", 3, 0), 0);
	synchronize_irq((unsigned int)irq);
	assert_int_equal(irq_hits, 1);
	assert_int_equal(libcdev_irq_count((unsigned int)irq), 1);
	free_irq((unsigned int)irq, &irq_hits);
	gpiod_put(d);
	platform_device_unregister(pdev);
}

static void test_legacy(void **state)
{
	const struct gpio set[] = {
		{ 10, GPIOF_OUT_INIT_HIGH, "a" },
		{ 11, GPIOF_IN, "b" },
		{ 12, GPIOF_OUT_INIT_LOW | GPIOF_ACTIVE_LOW, "c" },
	};
	const struct gpio clash[] = { { 13, GPIOF_IN, "d" }, { 11, GPIOF_IN, "e" } };
	struct platform_device *pdev;

	(void)state;
	assert_int_equal(libcdev_gpio_describe("gpio:legacy lines=4 base=10"), 0);
	assert_true(gpio_is_valid(10));
	assert_false(gpio_is_valid(ARCH_NR_GPIOS));
	assert_int_equal(gpio_request_array(set, 3), 0);
	assert_int_equal(sim_value("legacy", 0), 1);
	/* The legacy values are raw: active low changes nothing. */
	assert_int_equal(gpio_get_value(12), 0);
	gpio_set_value(12, 1);
	assert_int_equal(sim_value("legacy", 2), 1);
	assert_int_equal(libcdev_gpio_sim_set("legacy", 1, 1), 0);
	assert_int_equal(gpio_get_value(11), 1);
	assert_int_equal(gpio_direction_output(11, 0), 0);
	assert_int_equal(sim_value("legacy", 1), 0);
	/* One of the array taken: none is left requested. */
	assert_int_equal(gpio_request_array(clash, 2), -EBUSY);
	assert_int_equal(gpio_request(13, "f"), 0);
	gpio_free(13);
	gpio_free_array(set, 3);
	assert_int_equal(gpio_request_one(11, GPIOF_IN, "g"), 0);
	gpio_free(11);
	/* A valid number without a chip waits for one. */
	assert_int_equal(gpio_request(300, "h"), -EPROBE_DEFER);
	/* The device-tree lookup reads the same properties. */
	pdev = describe("tlegacy.0 compatible=t,legacy rst-gpios=legacy:3:active-low,legacy:1");
	assert_int_equal(of_get_named_gpio(pdev->dev.of_node, "rst-gpios", 0), 13);
	assert_int_equal(of_get_named_gpio(pdev->dev.of_node, "rst-gpios", 1), 11);
	assert_int_equal(of_get_named_gpio(pdev->dev.of_node, "rst-gpios", 2), -ENOENT);
	assert_int_equal(of_gpio_named_count(pdev->dev.of_node, "rst-gpios"), 2);
	platform_device_unregister(pdev);
}

/* A driver's own chip: four lines whose values it keeps. */
struct tchip {
	struct gpio_chip gc;
	int values[4];
	int sets;
};

static struct tchip tchip;

static int tchip_get(struct gpio_chip *gc, unsigned int offset)
{
	struct tchip *c = gpiochip_get_data(gc);

	return c->values[offset];
}

static void tchip_set(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct tchip *c = gpiochip_get_data(gc);

	c->values[offset] = value;
	c->sets++;
}

static int tchip_output(struct gpio_chip *gc, unsigned int offset, int value)
{
	tchip_set(gc, offset, value);
	return 0;
}

static int tchip_probe(struct platform_device *pdev)
{
	tchip.gc = (struct gpio_chip){
		.label = "tchip",
		.parent = &pdev->dev,
		.owner = THIS_MODULE,
		.base = -1,
		.ngpio = 4,
		.get = tchip_get,
		.set = tchip_set,
		.direction_output = tchip_output,
	};
	return devm_gpiochip_add_data(&pdev->dev, &tchip.gc, &tchip);
}

static struct platform_driver tchip_driver = {
	.probe = tchip_probe,
	.driver = { .name = "tchip" },
};

static void test_provider(void **state)
{
	struct platform_device *pdev;
	unsigned int base;

	(void)state;
	/* A chip described first takes the top numbers; this one comes below. */
	assert_int_equal(libcdev_gpio_describe("gpio:top lines=16"), 0);
	assert_int_equal(platform_driver_register(&tchip_driver), 0);
	pdev = describe("tchip.0");
	assert_int_equal(tchip.gc.base, ARCH_NR_GPIOS - 16 - 4);
	base = (unsigned int)tchip.gc.base;
	tchip.values[3] = 1;
	assert_int_equal(gpio_request_one(base + 2, GPIOF_OUT_INIT_HIGH, "p"), 0);
	assert_int_equal(tchip.values[2], 1);
	assert_int_equal(gpio_request(base + 3, "q"), 0);
	assert_int_equal(gpio_get_value(base + 3), 1);
	gpio_set_value(base + 3, 0);
	assert_int_equal(tchip.values[3], 0);
	assert_string_equal(gpiochip_is_requested(&tchip.gc, 2), "p");
	assert_null(gpiochip_is_requested(&tchip.gc, 0));
	/* No ->to_irq(): no IRQ. */
	assert_int_equal(gpio_to_irq(base), -ENXIO);
	gpio_free(base + 2);
	gpio_free(base + 3);
	/* Unbound: the chip is gone, its numbers with it. */
	platform_driver_unregister(&tchip_driver);
	assert_null(gpio_to_desc(base));
	platform_device_unregister(pdev);
}

static struct gpiod_lookup_table board_table = {
	.dev_id = "tboard.0",
	.table = {
		GPIO_LOOKUP("board", 1, "enable", GPIO_ACTIVE_LOW),
		GPIO_LOOKUP_IDX("board", 0, "leds", 1, GPIO_ACTIVE_HIGH),
		GPIO_LOOKUP("reset", U16_MAX, "reset", GPIO_ACTIVE_HIGH),
		GPIO_LOOKUP("later", 0, "late", GPIO_ACTIVE_HIGH),
		GPIO_LOOKUP("board", 7, "far", GPIO_ACTIVE_HIGH),
		{},
	},
};

static void test_lookup_table(void **state)
{
	struct platform_device *pdev;
	struct gpio_desc *en, *led0, *led1, *rst;
	struct device *dev;

	(void)state;
	assert_int_equal(libcdev_gpio_describe("gpio:board lines=4 names=a,b,reset"), 0);
	gpiod_add_lookup_table(&board_table);
	pdev = describe("tboard.0 leds-gpios=board:3");
	dev = &pdev->dev;
	en = gpiod_get(dev, "enable", GPIOD_OUT_HIGH);
	assert_false(IS_ERR(en));
	/* Active low from the table: logical high is raw 0. */
	assert_true(gpiod_is_active_low(en));
	assert_int_equal(sim_value("board", 1), 0);
	/* Index 0 from the property, index 1 from the table. */
	led0 = gpiod_get_index(dev, "leds", 0, GPIOD_ASIS);
	led1 = gpiod_get_index(dev, "leds", 1, GPIOD_ASIS);
	assert_int_equal(desc_to_gpio(led1) + 3, desc_to_gpio(led0));
	/* By the line's name. */
	rst = gpiod_get(dev, "reset", GPIOD_ASIS);
	assert_int_equal(desc_to_gpio(rst), desc_to_gpio(led1) + 2);
	assert_ptr_equal(gpiod_get(dev, "late", GPIOD_ASIS), ERR_PTR(-EPROBE_DEFER));
	assert_non_null(strstr(test_log_take(), "cannot find GPIO chip later, deferring"));
	assert_ptr_equal(gpiod_get(dev, "far", GPIOD_ASIS), ERR_PTR(-EINVAL));
	assert_non_null(strstr(test_log_take(), "out of range [0..3] for chip board"));
	assert_int_equal(gpiod_count(dev, "enable"), 1);
	gpiod_put(rst);
	gpiod_put(led1);
	gpiod_put(led0);
	gpiod_put(en);
	gpiod_remove_lookup_table(&board_table);
	assert_ptr_equal(gpiod_get(dev, "enable", GPIOD_ASIS), ERR_PTR(-ENOENT));
	platform_device_unregister(pdev);
}

static void test_bad_descriptions(void **state)
{
	static const char *const bad[] = {
		"gpio:b lines=0", "gpio:b lines=513",		"gpio:b lines=4 colour=red",
		"gpio:b",	  "gpio:b lines=2 names=a,b,c", "gpio:b lines=8 base=508",
		"gpio: lines=2",  "gpio:b lines=2 can-sleep=2", "gpio:dup lines=2",
	};
	int v;

	(void)state;
	assert_int_equal(libcdev_gpio_describe("gpio:dup lines=1"), 0);
	test_log_take();
	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(libcdev_gpio_describe(bad[i]), -EINVAL);
		assert_non_null(strstr(test_log_take(), "GPIO chip"));
	}
	/* Nothing was left behind. */
	assert_int_equal(libcdev_gpio_sim_get("b", 0, &v), -ENOENT);
	assert_int_equal(libcdev_gpio_sim_get("dup", 1, &v), -EINVAL);
	/* Static bases that overlap. */
	assert_int_equal(libcdev_gpio_describe("gpio:low lines=4 base=0"), 0);
	assert_int_equal(libcdev_gpio_describe("gpio:over lines=4 base=2"), -EBUSY);
	assert_int_equal(libcdev_gpio_sim_get("over", 0, &v), -ENOENT);
}

/* The process's open fds: a refused chip= leaves none open. */
static int open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	assert_non_null(d);
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

/* chip= refused: @err, or -EOPNOTSUPP in a build without libgpiod; @why logged. */
static void refused_host_chip(const char *line, int err, const char *why)
{
	int ret = libcdev_gpio_describe(line);
	const char *log = test_log_take();

	if (ret == -EOPNOTSUPP) {
		assert_non_null(strstr(log, "built without libgpiod"));
		return;
	}
	assert_int_equal(ret, err);
	assert_non_null(strstr(log, why));
}

static void test_bad_host_chips(void **state)
{
	char path[] = "/tmp/test-kgpio-XXXXXX", line[64], why[64];
	int fd = mkstemp(path), fds;
	int v;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	fds = open_fds();
	test_log_take();
	refused_host_chip("gpio:h chip=/dev/gpiochip-absent", -ENOENT,
			  "/dev/gpiochip-absent: No such file or directory");
	/* libgpiod: a character device of another subsystem, and a file that is no device. */
	refused_host_chip("gpio:h chip=/dev/null", -ENOTTY, "/dev/null: not a GPIO chip");
	snprintf(line, sizeof(line), "gpio:h chip=%s", path);
	snprintf(why, sizeof(why), "%s: not a GPIO chip", path);
	refused_host_chip(line, -ENOTTY, why);
	unlink(path);
	/* Nothing registered, nothing left open: the label is free. */
	assert_int_equal(open_fds(), fds);
	assert_int_equal(libcdev_gpio_describe("gpio:h lines=2"), 0);
	assert_int_equal(libcdev_gpio_sim_get("h", 1, &v), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_consumer, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_can_sleep, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_removed_chip, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_irq, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_legacy, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_provider, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_lookup_table, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_bad_descriptions, test_env_capture, forget),
		cmocka_unit_test_setup_teardown(test_bad_host_chips, test_env_capture, forget),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
