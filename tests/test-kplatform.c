/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The driver model as a driver written for the kernel uses it: platform
 * devices described from outside (one line each) are probed by the driver of
 * their name, id table entry or compatible string; remove() runs when either
 * goes, then the devm resources are released newest first; dev_info() names
 * driver and device; the driver's attributes, a class's attributes and
 * debugfs files are nodes that read and write through ->show()/->store(),
 * and go with their device.
 */
#include <linux/debugfs.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/property.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test-util.h"
#include <libcdev/direct.h>

/* ---- a driver with resources, properties, devm and attributes ---- */

struct sdev {
	struct device *dev;
	unsigned int rate;
	int irq;
	unsigned long long mem_start;
	const char *label;
};

static char order[64]; /* what ran, in order: p(robe) r(emove) 1 2 3 (devm actions) */

static void note(char c)
{
	size_t len = strlen(order);

	if (len + 1 < sizeof(order)) {
		order[len] = c;
		order[len + 1] = '\0';
	}
}

static void devm_one(void *data)
{
	note(*(const char *)data);
}

static ssize_t rate_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct sdev *s = dev_get_drvdata(dev);

	return sysfs_emit(buf, "%u\n", s->rate);
}

static ssize_t rate_store(struct device *dev, struct device_attribute *attr, const char *buf,
			  size_t count)
{
	struct sdev *s = dev_get_drvdata(dev);
	unsigned int v;
	int err = kstrtouint(buf, 0, &v);

	if (err)
		return err;
	if (v == 0 || v > 1000)
		return -ERANGE;
	s->rate = v;
	return count;
}
static DEVICE_ATTR_RW(rate);

static ssize_t label_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct sdev *s = dev_get_drvdata(dev);

	return sysfs_emit(buf, "%s\n", s->label);
}
static DEVICE_ATTR_RO(label);

static struct attribute *sdev_attrs[] = {
	&dev_attr_rate.attr,
	&dev_attr_label.attr,
	NULL,
};
ATTRIBUTE_GROUPS(sdev);

static struct sdev *last;

static int sdev_probe(struct platform_device *pdev)
{
	static const char one = '1', two = '2', three = '3';
	struct resource *mem;
	struct sdev *s;
	int err;

	note('p');
	s = devm_kzalloc(&pdev->dev, sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	s->dev = &pdev->dev;
	s->irq = platform_get_irq(pdev, 0);
	if (s->irq < 0)
		return s->irq;
	mem = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!mem)
		return -EINVAL;
	s->mem_start = mem->start;
	if (device_property_read_u32(&pdev->dev, "rate", &s->rate))
		s->rate = 10;
	if (device_property_read_string(&pdev->dev, "label", &s->label))
		s->label = "none";
	err = devm_add_action(&pdev->dev, devm_one, (void *)&one);
	if (!err)
		err = devm_add_action(&pdev->dev, devm_one, (void *)&two);
	if (!err)
		err = devm_add_action_or_reset(&pdev->dev, devm_one, (void *)&three);
	if (err)
		return err;
	platform_set_drvdata(pdev, s);
	dev_info(&pdev->dev, "probed irq %d rate %u\n", s->irq, s->rate);
	last = s;
	return 0;
}

static void sdev_remove(struct platform_device *pdev)
{
	/* The driver data and the managed memory are still there. */
	struct sdev *s = platform_get_drvdata(pdev);

	assert_non_null(s);
	assert_ptr_equal(s->dev, &pdev->dev);
	note('r');
}

static struct platform_driver sdev_driver = {
	.probe = sdev_probe,
	.remove_new = sdev_remove,
	.driver = {
		.name = "tsensor",
		.dev_groups = sdev_groups,
	},
};

static void test_probe_remove_devm_order(void **state)
{
	struct platform_device *pdev;
	char buf[64];

	(void)state;
	order[0] = '\0';
	last = NULL;
	assert_int_equal(platform_driver_register(&sdev_driver), 0);
	assert_int_equal(libcdev_platform_describe("tsensor.0 irq=7 mem=0x40000000+0x100 "
						   "rate=250 label=left",
						   &pdev),
			 0);
	assert_string_equal(order, "p");
	assert_non_null(last);
	assert_int_equal(last->irq, 7);
	assert_true(last->mem_start == 0x40000000ULL);
	assert_int_equal(last->rate, 250);
	assert_string_equal(dev_name(&pdev->dev), "tsensor.0");
	assert_ptr_equal(pdev->dev.driver, &sdev_driver.driver);
	/* devm_kzalloc() and three actions. */
	assert_int_equal(libcdev_devres_count(&pdev->dev), 4);
	assert_non_null(strstr(test_log_peek(), "tsensor tsensor.0: probed irq 7 rate 250"));
	/* Every level names the driver and the device. */
	dev_err(&pdev->dev, "failed %d\n", -5);
	dev_dbg(&pdev->dev, "detail %s\n", "x");
	assert_non_null(strstr(test_log_peek(), "tsensor tsensor.0: failed -5"));
	assert_non_null(strstr(test_log_peek(), "tsensor tsensor.0: detail x"));

	/* The driver's attributes, below sys/devices/platform/. */
	assert_int_equal(test_node_read("sys/devices/platform/tsensor.0/rate", buf, sizeof(buf)),
			 4);
	assert_string_equal(buf, "250\n");
	assert_int_equal(test_node_write("sys/devices/platform/tsensor.0/rate", "500\n"), 4);
	assert_int_equal(last->rate, 500);
	assert_int_equal(test_node_write("sys/devices/platform/tsensor.0/rate", "0"), -ERANGE);
	assert_int_equal(test_node_write("sys/devices/platform/tsensor.0/rate", "x"), -EINVAL);
	assert_int_equal(test_node_read("sys/devices/platform/tsensor.0/label", buf, sizeof(buf)),
			 5);
	assert_string_equal(buf, "left\n");
	/* No ->store(): not for writing, whatever the caller. */
	assert_int_equal(test_node_write("sys/devices/platform/tsensor.0/label", "right"), -EACCES);

	platform_device_unregister(pdev);
	/* remove(), then the actions newest first (the memory last of all). */
	assert_string_equal(order, "pr321");
	assert_int_equal(test_node_read("sys/devices/platform/tsensor.0/rate", buf, sizeof(buf)),
			 -ENOENT);
	platform_driver_unregister(&sdev_driver);
}

static void test_driver_after_device_and_open_file(void **state)
{
	struct platform_device *pdev;
	struct file *f;
	dev_t devt;
	char buf[16];

	(void)state;
	order[0] = '\0';
	assert_int_equal(libcdev_platform_describe("tsensor irq=3 mem=0x1000+16", &pdev), 0);
	assert_string_equal(dev_name(&pdev->dev), "tsensor");
	assert_string_equal(order, "");
	assert_null(pdev->dev.driver);
	assert_int_equal(platform_driver_register(&sdev_driver), 0);
	assert_string_equal(order, "p");
	assert_int_equal(last->rate, 10);

	/* A file open on an attribute outlives it: -ENODEV, no call into the driver. */
	assert_int_equal(libcdev_device_lookup("sys/devices/platform/tsensor/rate", &devt), 0);
	assert_int_equal(cdev_direct_open(devt, O_RDONLY, &f), 0);
	platform_driver_unregister(&sdev_driver);
	assert_string_equal(order, "pr321");
	assert_null(pdev->dev.driver);
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), -ENODEV);
	assert_int_equal(cdev_direct_release(f), 0);
	platform_device_unregister(pdev);
}

/* ---- a failing probe, id tables, compatible strings ---- */

static int fail_probe(struct platform_device *pdev)
{
	static const char x = 'x';

	assert_int_equal(devm_add_action(&pdev->dev, devm_one, (void *)&x), 0);
	assert_non_null(devm_kzalloc(&pdev->dev, 100, GFP_KERNEL));
	return -EIO;
}

static struct platform_driver fail_driver = {
	.probe = fail_probe,
	.driver = { .name = "tfail" },
};

static void test_failed_probe_releases(void **state)
{
	struct platform_device *pdev;

	(void)state;
	order[0] = '\0';
	assert_int_equal(platform_driver_register(&fail_driver), 0);
	assert_int_equal(libcdev_platform_describe("tfail.3", &pdev), 0);
	assert_string_equal(order, "x");
	assert_null(pdev->dev.driver);
	assert_int_equal(libcdev_devres_count(&pdev->dev), 0);
	assert_non_null(strstr(test_log_peek(), "tfail: probe of tfail.3 failed with error -5"));
	/* No IRQ was described: -ENXIO and the kernel's message. */
	assert_int_equal(platform_get_irq(pdev, 0), -ENXIO);
	assert_non_null(strstr(test_log_peek(), "IRQ index 0 not found"));
	platform_device_unregister(pdev);
	platform_driver_unregister(&fail_driver);
}

struct variant {
	int channels;
};

static const struct variant v2 = { 2 }, v4 = { 4 };
static const struct of_device_id match_of[] = { { .compatible = "acme,temp2", .data = &v2 },
						{ .compatible = "acme,temp4", .data = &v4 },
						{} };
static const struct platform_device_id match_ids[] = { { "temp-legacy", 7 }, {} };
static int matched_channels;
static unsigned long matched_id;

static int match_probe(struct platform_device *pdev)
{
	const struct variant *v = device_get_match_data(&pdev->dev);
	const struct platform_device_id *id = platform_get_device_id(pdev);

	matched_channels = v ? v->channels : 0;
	matched_id = id ? id->driver_data : 0;
	return 0;
}

static struct platform_driver match_driver = {
	.probe = match_probe,
	.id_table = match_ids,
	.driver = { .name = "tmatch", .of_match_table = of_match_ptr(match_of) },
};

static void test_match_by_compatible_and_id(void **state)
{
	struct platform_device *a, *b, *c;

	(void)state;
	assert_int_equal(platform_driver_register(&match_driver), 0);
	assert_int_equal(libcdev_platform_describe("sensorx.1 compatible=acme,temp4", &a), 0);
	assert_ptr_equal(a->dev.driver, &match_driver.driver);
	assert_int_equal(matched_channels, 4);
	assert_int_equal(libcdev_platform_describe("temp-legacy", &b), 0);
	assert_ptr_equal(b->dev.driver, &match_driver.driver);
	assert_int_equal(matched_id, 7);
	assert_int_equal(libcdev_platform_describe("other compatible=acme,temp9", &c), 0);
	assert_null(c->dev.driver);
	/* Registered twice: refused. */
	assert_int_equal(libcdev_platform_describe("temp-legacy", NULL), -EEXIST);
	platform_driver_unregister(&match_driver);
	assert_null(a->dev.driver);
	libcdev_platform_forget_described();
}

static void test_describe_refuses(void **state)
{
	static const char *const bad[] = {
		"",
		"x irq=0",
		"x irq=1024",
		"x irq=two",
		"x mem=0x1000",
		"x mem=0x1000+0",
		"x mem=0x1000+0x200000",
		"x novalue",
		"a/b",
		"x =1",
		"averyveryverylongname",
	};
	char path[128];
	FILE *f;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		test_log_take();
		assert_int_equal(libcdev_platform_describe(bad[i], NULL), -EINVAL);
		assert_non_null(strstr(test_log_peek(), "platform device"));
	}
	snprintf(path, sizeof(path), "%s/devices.txt", test_env.dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("# two devices\n\nfa.0 irq=4   # the first\nfb irq=5 irq=6 mem=0x10+4 k=v\nfc irq=x\n",
	      f);
	fclose(f);
	test_log_take();
	assert_int_equal(libcdev_platform_describe_file(path), -EINVAL);
	assert_non_null(strstr(test_log_peek(), "devices.txt:5"));
	libcdev_platform_forget_described();
}

/* A file of descriptions: each device is registered and probed, and goes with the host. */
static void test_describe_file_probes(void **state)
{
	char path[128], buf[16];
	FILE *f;

	(void)state;
	order[0] = '\0';
	assert_int_equal(platform_driver_register(&sdev_driver), 0);
	snprintf(path, sizeof(path), "%s/board.txt", test_env.dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("# the board\ntsensor.4 irq=9 mem=0x2000+16 rate=77\n\n"
	      "tsensor.5 irq=10 mem=0x3000+16   # default rate\n",
	      f);
	fclose(f);
	assert_int_equal(libcdev_platform_describe_file(path), 0);
	assert_string_equal(order, "pp");
	assert_int_equal(test_node_read("sys/devices/platform/tsensor.4/rate", buf, sizeof(buf)),
			 3);
	assert_string_equal(buf, "77\n");
	assert_int_equal(test_node_read("sys/devices/platform/tsensor.5/rate", buf, sizeof(buf)),
			 3);
	assert_string_equal(buf, "10\n");
	assert_int_equal(last->irq, 10);
	libcdev_platform_forget_described();
	assert_string_equal(order, "ppr321r321");
	assert_int_equal(test_node_read("sys/devices/platform/tsensor.4/rate", buf, sizeof(buf)),
			 -ENOENT);
	platform_driver_unregister(&sdev_driver);
}

static void test_devm_release_and_strings(void **state)
{
	static const char a = 'a', b = 'b';
	struct platform_device *pdev;
	char *s;

	(void)state;
	order[0] = '\0';
	pdev = platform_device_register_simple("tplain", PLATFORM_DEVID_AUTO, NULL, 0);
	assert_false(IS_ERR(pdev));
	assert_string_equal(dev_name(&pdev->dev), "tplain.0.auto");
	/* No driver bound: the bus names it, as in the kernel. */
	dev_warn(&pdev->dev, "unbound\n");
	assert_non_null(strstr(test_log_peek(), "platform tplain.0.auto: unbound"));
	s = devm_kasprintf(&pdev->dev, GFP_KERNEL, "%s-%d", "x", 5);
	assert_string_equal(s, "x-5");
	assert_int_equal(devm_add_action(&pdev->dev, devm_one, (void *)&a), 0);
	assert_int_equal(devm_add_action(&pdev->dev, devm_one, (void *)&b), 0);
	devm_release_action(&pdev->dev, devm_one, (void *)&a);
	assert_string_equal(order, "a");
	devm_remove_action(&pdev->dev, devm_one, (void *)&b);
	devm_kfree(&pdev->dev, s);
	assert_int_equal(libcdev_devres_count(&pdev->dev), 0);
	platform_device_unregister(pdev);
	assert_string_equal(order, "a");
}

/* A device of the driver's own, in static memory: registered, unregistered, never freed. */
static struct resource static_res[] = {
	DEFINE_RES_MEM(0x3000, 0x10),
	DEFINE_RES_IRQ(12),
};
static struct platform_device static_pdev = {
	.name = "tstatic",
	.id = 1,
	.num_resources = ARRAY_SIZE(static_res),
	.resource = static_res,
};

static void test_static_device(void **state)
{
	(void)state;
	for (int round = 0; round < 2; round++) {
		assert_int_equal(platform_device_register(&static_pdev), 0);
		assert_string_equal(dev_name(&static_pdev.dev), "tstatic.1");
		assert_int_equal(platform_get_irq(&static_pdev, 0), 12);
		assert_int_equal(platform_irq_count(&static_pdev), 1);
		assert_true(platform_get_resource(&static_pdev, IORESOURCE_MEM, 0)->start ==
			    0x3000);
		assert_null(platform_get_resource(&static_pdev, IORESOURCE_MEM, 1));
		assert_int_equal(platform_device_register(&static_pdev), -EINVAL);
		platform_device_unregister(&static_pdev);
		assert_null(static_pdev.dev.name);
		assert_ptr_equal(static_pdev.resource, static_res);
	}
}

/* ---- class attributes, class dev_groups, misc .groups ---- */

static int knob = 3;

static ssize_t knob_show(const struct class *cls, const struct class_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s %d\n", cls->name, knob);
}

static ssize_t knob_store(const struct class *cls, const struct class_attribute *attr,
			  const char *buf, size_t count)
{
	return kstrtoint(buf, 10, &knob) ?: (ssize_t)count;
}
static CLASS_ATTR_RW(knob);

static ssize_t devt_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u:%u\n", MAJOR(dev->devt), MINOR(dev->devt));
}
static DEVICE_ATTR_RO(devt);

static struct attribute *cdev_attrs[] = { &dev_attr_devt.attr, NULL };
ATTRIBUTE_GROUPS(cdev);

static const struct file_operations plain_fops = { .owner = THIS_MODULE };

static void test_class_and_misc_attributes(void **state)
{
	struct miscdevice misc = {
		.minor = MISC_DYNAMIC_MINOR,
		.name = "tmisc",
		.fops = &plain_fops,
		.groups = cdev_groups,
	};
	struct class *cls;
	struct device *d;
	char buf[64], want[32];

	(void)state;
	/* Linux 6.1's two-argument form builds too, and makes the same class. */
	cls = class_create(THIS_MODULE, "tclass61");
	assert_false(IS_ERR(cls));
	assert_string_equal(cls->name, "tclass61");
	class_destroy(cls);
	cls = class_create("tclass");
	assert_false(IS_ERR(cls));
	cls->dev_groups = cdev_groups;
	assert_int_equal(class_create_file(cls, &class_attr_knob), 0);
	assert_int_equal(class_create_file(cls, &class_attr_knob), -EEXIST);
	assert_int_equal(test_node_read("sys/class/tclass/knob", buf, sizeof(buf)), 9);
	assert_string_equal(buf, "tclass 3\n");
	assert_int_equal(test_node_write("sys/class/tclass/knob", "42"), 2);
	assert_int_equal(knob, 42);

	d = device_create(cls, NULL, MKDEV(300, 2), NULL, "tc/dev%d", 2);
	assert_false(IS_ERR(d));
	/* '/' of the node's name is '!' in the attribute's directory, as in sysfs. */
	assert_int_equal(test_node_read("sys/class/tclass/tc!dev2/devt", buf, sizeof(buf)), 6);
	assert_string_equal(buf, "300:2\n");
	device_destroy(cls, MKDEV(300, 2));
	assert_int_equal(test_node_read("sys/class/tclass/tc!dev2/devt", buf, sizeof(buf)),
			 -ENOENT);

	assert_int_equal(misc_register(&misc), 0);
	snprintf(want, sizeof(want), "%u:%d\n", MAJOR(misc.this_device->devt), misc.minor);
	assert_true(test_node_read("sys/class/misc/tmisc/devt", buf, sizeof(buf)) > 0);
	assert_string_equal(buf, want);
	misc_deregister(&misc);
	assert_int_equal(test_node_read("sys/class/misc/tmisc/devt", buf, sizeof(buf)), -ENOENT);

	class_destroy(cls);
	assert_int_equal(test_node_read("sys/class/tclass/knob", buf, sizeof(buf)), -ENOENT);
}

/* ---- debugfs ---- */

static int stats_show(struct seq_file *m, void *v)
{
	seq_printf(m, "count=%d\n", *(int *)m->private);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(stats);

static void test_debugfs(void **state)
{
	static unsigned int level = 5;
	static bool verbose;
	static int count = 9;
	struct dentry *dir, *sub;
	char buf[64];

	(void)state;
	dir = debugfs_create_dir("tdrv", NULL);
	assert_false(IS_ERR(dir));
	assert_true(IS_ERR(debugfs_create_dir("tdrv", NULL)));
	sub = debugfs_create_dir("regs", dir);
	assert_false(IS_ERR(sub));
	debugfs_create_u32("level", 0644, dir, &level);
	debugfs_create_bool("verbose", 0644, sub, &verbose);
	assert_false(IS_ERR(debugfs_create_file("stats", 0444, dir, &count, &stats_fops)));

	assert_int_equal(test_node_read("sys/kernel/debug/tdrv/level", buf, sizeof(buf)), 2);
	assert_string_equal(buf, "5\n");
	assert_int_equal(test_node_write("sys/kernel/debug/tdrv/level", "0x10\n"), 5);
	assert_int_equal(level, 16);
	assert_int_equal(test_node_write("sys/kernel/debug/tdrv/level", "-1"), -EINVAL);
	assert_int_equal(test_node_write("sys/kernel/debug/tdrv/regs/verbose", "Y"), 1);
	assert_true(verbose);
	assert_int_equal(test_node_read("sys/kernel/debug/tdrv/regs/verbose", buf, sizeof(buf)), 2);
	assert_string_equal(buf, "Y\n");
	/* The driver's own file operations, with i_private at its data. */
	assert_int_equal(test_node_read("sys/kernel/debug/tdrv/stats", buf, sizeof(buf)), 8);
	assert_string_equal(buf, "count=9\n");

	debugfs_remove(dir);
	assert_int_equal(test_node_read("sys/kernel/debug/tdrv/level", buf, sizeof(buf)), -ENOENT);
	assert_int_equal(test_node_read("sys/kernel/debug/tdrv/regs/verbose", buf, sizeof(buf)),
			 -ENOENT);
	assert_int_equal(test_node_read("sys/kernel/debug/tdrv/stats", buf, sizeof(buf)), -ENOENT);
	/* The names are free again. */
	dir = debugfs_create_dir("tdrv", NULL);
	assert_false(IS_ERR(dir));
	debugfs_remove(dir);
}

/* platform_driver_probe(): the devices there are now, no later one. */
static int once_probed;

static int once_probe(struct platform_device *pdev)
{
	(void)pdev;
	once_probed++;
	return 0;
}

static struct platform_driver once_driver = {
	.driver = { .name = "once" },
};

static void test_driver_probe_once(void **state)
{
	struct platform_device *a, *b;

	(void)state;
	/* No device: -ENODEV, and the driver is not left registered. */
	assert_int_equal(platform_driver_probe(&once_driver, once_probe), -ENODEV);
	assert_int_equal(libcdev_platform_describe("once.0", &a), 0);
	assert_null(a->dev.driver);
	assert_int_equal(platform_driver_probe(&once_driver, once_probe), 0);
	assert_int_equal(once_probed, 1);
	assert_ptr_equal(a->dev.driver, &once_driver.driver);
	/* A device added later does not bind: its probe may be gone (__init). */
	assert_int_equal(libcdev_platform_describe("once.1", &b), 0);
	assert_null(b->dev.driver);
	assert_int_equal(once_probed, 1);
	platform_driver_unregister(&once_driver);
	assert_null(a->dev.driver);
	once_driver.driver.probe_type = PROBE_PREFER_ASYNCHRONOUS;
	assert_int_equal(platform_driver_probe(&once_driver, once_probe), -EINVAL);
	assert_non_null(strstr(test_log_take(), "can not be probed asynchronously"));
	once_driver.driver.probe_type = PROBE_DEFAULT_STRATEGY;
	libcdev_platform_forget_described();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_probe_remove_devm_order, test_env_capture),
		cmocka_unit_test_setup(test_driver_after_device_and_open_file, test_env_capture),
		cmocka_unit_test_setup(test_failed_probe_releases, test_env_capture),
		cmocka_unit_test_setup(test_match_by_compatible_and_id, test_env_capture),
		cmocka_unit_test_setup(test_describe_refuses, test_env_capture),
		cmocka_unit_test_setup(test_describe_file_probes, test_env_capture),
		cmocka_unit_test_setup(test_devm_release_and_strings, test_env_capture),
		cmocka_unit_test_setup(test_static_device, test_env_capture),
		cmocka_unit_test_setup(test_class_and_misc_attributes, test_env_capture),
		cmocka_unit_test_setup(test_debugfs, test_env_capture),
		cmocka_unit_test_setup(test_driver_probe_once, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
