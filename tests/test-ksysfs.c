/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sysfs beyond text attributes: binary attributes (an EEPROM's bytes, read
 * and written at offsets within their size, a page at most per call, alone
 * and in a group) and sysfs_notify(), which makes the files open on an
 * attribute poll with POLLPRI until they read it again, as kernfs does, for
 * a kobject's attribute and for a device's. Served through the nodes
 * libcdev makes, as a reader of /sys would see them.
 */
#include <linux/kernel.h>
#include <linux/kobject.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/sysfs.h>

#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "test-util.h"
#include <libcdev/direct.h>

static bool node_exists(const char *name)
{
	dev_t devt;

	return libcdev_device_lookup(name, &devt) == 0;
}

/* ---- binary attributes ---- */

static char eeprom[10];
static int unlimited_calls;

static ssize_t eeprom_read(struct file *file, struct kobject *kobj, struct bin_attribute *attr,
			   char *buf, loff_t pos, size_t count)
{
	memcpy(buf, eeprom + pos, count);
	return (ssize_t)count;
}

static ssize_t eeprom_write(struct file *file, struct kobject *kobj, struct bin_attribute *attr,
			    char *buf, loff_t pos, size_t count)
{
	memcpy(eeprom + pos, buf, count);
	return (ssize_t)count;
}

static BIN_ATTR_RW(eeprom, sizeof(eeprom));

/* Size 0: no end; each call gets what it is given, at most a page. */
static ssize_t stream_read(struct file *file, struct kobject *kobj, struct bin_attribute *attr,
			   char *buf, loff_t pos, size_t count)
{
	unlimited_calls++;
	memset(buf, 'z', count);
	return (ssize_t)count;
}

static BIN_ATTR_RO(stream, 0);

static struct bin_attribute *blob_attrs[] = { &bin_attr_stream, NULL };
static const struct attribute_group blob_group = { .name = "blobs", .bin_attrs = blob_attrs };

static void test_bin_attribute(void **state)
{
	struct kobject *kobj = kobject_create_and_add("tbin", kernel_kobj);
	struct file *f, *w;
	static char buf[8192];

	(void)state;
	memcpy(eeprom, "0123456789", sizeof(eeprom));
	assert_int_equal(sysfs_create_bin_file(kobj, &bin_attr_eeprom), 0);
	assert_int_equal(sysfs_create_bin_file(kobj, &bin_attr_eeprom), -EEXIST);
	assert_int_equal(test_node_open("sys/kernel/tbin/eeprom", O_RDWR, &f), 0);
	assert_int_equal(cdev_direct_read(f, buf, 4), 4);
	assert_memory_equal(buf, "0123", 4);
	/* Within the size: the rest, then the end. */
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), 6);
	assert_memory_equal(buf, "456789", 6);
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), 0);
	assert_int_equal(cdev_direct_llseek(f, -2, SEEK_END), 8);
	assert_int_equal(cdev_direct_write(f, "abcd", 4), 2);
	assert_memory_equal(eeprom + 8, "ab", 2);
	assert_int_equal(cdev_direct_write(f, "x", 1), -EFBIG);
	cdev_direct_release(f);
	/* No ->write(): not for writing, whatever the mode. */
	bin_attr_stream.attr.mode = 0644;
	assert_int_equal(sysfs_create_group(kobj, &blob_group), 0);
	assert_int_equal(test_node_open("sys/kernel/tbin/blobs/stream", O_WRONLY, &w), -EACCES);
	assert_int_equal(test_node_open("sys/kernel/tbin/blobs/stream", O_RDONLY, &f), 0);
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), 4096);
	assert_int_equal(cdev_direct_read(f, buf, 3), 3);
	assert_int_equal(unlimited_calls, 2);
	sysfs_remove_group(kobj, &blob_group);
	assert_false(node_exists("sys/kernel/tbin/blobs/stream"));
	/* A file still open on a removed attribute: -ENODEV, and no call. */
	assert_int_equal(cdev_direct_read(f, buf, 3), -ENODEV);
	assert_int_equal(unlimited_calls, 2);
	cdev_direct_release(f);
	sysfs_remove_bin_file(kobj, &bin_attr_eeprom);
	assert_false(node_exists("sys/kernel/tbin/eeprom"));
	/* Gone with its kobject too. */
	assert_int_equal(sysfs_create_bin_file(kobj, &bin_attr_eeprom), 0);
	kobject_put(kobj);
	assert_false(node_exists("sys/kernel/tbin/eeprom"));
}

/* ---- sysfs_notify() ---- */

static int level;

static ssize_t level_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", level);
}

static struct kobj_attribute level_attribute = __ATTR_RO(level);
static struct attribute *event_attrs[] = { &level_attribute.attr, NULL };
static const struct attribute_group event_group = { .name = "events", .attrs = event_attrs };

static bool changed(struct file *f)
{
	return cdev_direct_poll(f) & POLLPRI;
}

static void read_again(struct file *f)
{
	char buf[16];

	assert_int_equal(cdev_direct_llseek(f, 0, SEEK_SET), 0);
	assert_true(cdev_direct_read(f, buf, sizeof(buf)) > 0);
}

static void *notify_later(void *kobj)
{
	usleep(50 * 1000);
	level = 7;
	sysfs_notify(kobj, NULL, "level");
	return NULL;
}

static void test_notify_kobject(void **state)
{
	struct kobject *kobj = kobject_create_and_add("tnotify", kernel_kobj);
	struct file *f, *g;
	pthread_t t;

	(void)state;
	assert_int_equal(sysfs_create_file(kobj, &level_attribute.attr), 0);
	assert_int_equal(sysfs_create_group(kobj, &event_group), 0);
	assert_int_equal(test_node_open("sys/kernel/tnotify/level", O_RDONLY, &f), 0);
	assert_int_equal(test_node_open("sys/kernel/tnotify/events/level", O_RDONLY, &g), 0);
	/* Not read yet: changed, as a new kernfs file polls. */
	assert_true(changed(f));
	read_again(f);
	read_again(g);
	assert_false(changed(f));
	assert_true(cdev_direct_poll(f) & POLLIN);
	/* A poller is woken by the notification, and sees it until it reads again. */
	assert_int_equal(pthread_create(&t, NULL, notify_later, kobj), 0);
	assert_true(cdev_direct_poll_wait(f, POLLPRI, 5000) & POLLPRI);
	pthread_join(t, NULL);
	assert_true(changed(f));
	/* The file of the same name in the group's directory is another. */
	assert_false(changed(g));
	read_again(f);
	assert_false(changed(f));
	sysfs_notify(kobj, "events", "level");
	assert_true(changed(g));
	assert_false(changed(f));
	/* No such attribute: nothing. */
	sysfs_notify(kobj, NULL, "none");
	sysfs_notify(kobj, "none", "level");
	assert_false(changed(f));
	/* Removed: its pollers are told (POLLERR). */
	sysfs_remove_file(kobj, &level_attribute.attr);
	assert_true(cdev_direct_poll(f) & POLLERR);
	cdev_direct_release(f);
	cdev_direct_release(g);
	kobject_put(kobj);
}

static ssize_t state_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "idle\n");
}

static DEVICE_ATTR_RO(state);

/* A device's attribute, notified through the device's kobject as drivers do. */
static void test_notify_device(void **state)
{
	struct platform_device *pdev;
	struct file *f;

	(void)state;
	assert_int_equal(libcdev_platform_describe("tnotify.0", &pdev), 0);
	assert_int_equal(device_create_file(&pdev->dev, &dev_attr_state), 0);
	assert_int_equal(test_node_open("sys/devices/platform/tnotify.0/state", O_RDONLY, &f), 0);
	read_again(f);
	assert_false(changed(f));
	sysfs_notify(&pdev->dev.kobj, NULL, "state");
	assert_true(changed(f));
	cdev_direct_release(f);
	device_remove_file(&pdev->dev, &dev_attr_state);
	platform_device_unregister(pdev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_bin_attribute, test_env_reset),
		cmocka_unit_test_setup(test_notify_kobject, test_env_reset),
		cmocka_unit_test_setup(test_notify_device, test_env_reset),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
