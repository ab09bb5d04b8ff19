/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Devices of the driver model with a life of their own, as a class module
 * like the kernel's enclosure services builds them: device_register() of a
 * class device whose class serves ->dev_groups, of children below it with
 * their own ->groups, reference counts that keep a device (and its parent)
 * until the last put_device() calls ->release or the class's ->dev_release,
 * and the links of sysfs: made, refused when the name is taken, read back,
 * removed, and gone with their directory.
 */
#include <linux/device.h>
#include <linux/enclosure.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sysfs.h>

#include <fcntl.h>
#include <string.h>

#include "test-util.h"
#include <libcdev/direct.h>

static bool node_exists(const char *name)
{
	dev_t devt;

	return libcdev_device_lookup(name, &devt) == 0;
}

/* ---- a class of boxes, each with slots ---- */

struct box {
	struct device dev;
	int slots;
};

static int box_releases, slot_releases, host_releases;

static void box_release(struct device *dev)
{
	box_releases++;
	kfree(container_of(dev, struct box, dev));
}

static ssize_t slots_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", container_of(dev, struct box, dev)->slots);
}
static DEVICE_ATTR_RO(slots);

static struct attribute *box_attrs[] = { &dev_attr_slots.attr, NULL };
ATTRIBUTE_GROUPS(box);

static struct class box_class = {
	.name = "box",
	.owner = THIS_MODULE,
	.dev_release = box_release,
	.dev_groups = box_groups,
};

struct slot {
	struct device dev;
	int locate;
};

static ssize_t locate_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", container_of(dev, struct slot, dev)->locate);
}

static ssize_t locate_store(struct device *dev, struct device_attribute *attr, const char *buf,
			    size_t count)
{
	int err = kstrtoint(buf, 0, &container_of(dev, struct slot, dev)->locate);

	return err ? err : (ssize_t)count;
}
static DEVICE_ATTR_RW(locate);

static struct attribute *slot_attrs[] = { &dev_attr_locate.attr, NULL };
ATTRIBUTE_GROUPS(slot);

static void slot_release(struct device *dev)
{
	slot_releases++;
	put_device(dev->parent);
}

static void host_release(struct device *dev)
{
	host_releases++;
}

/* A device of no class and no parent: sys/devices/NAME. */
static void add_host(struct device *host, const char *name)
{
	memset(host, 0, sizeof(*host));
	host->release = host_release;
	assert_int_equal(dev_set_name(host, "%s", name), 0);
	assert_int_equal(device_register(host), 0);
}

static struct box *add_box(struct device *parent, const char *name, int slots)
{
	struct box *b = kzalloc(sizeof(*b), GFP_KERNEL);

	assert_non_null(b);
	b->slots = slots;
	b->dev.class = &box_class;
	b->dev.parent = parent;
	assert_int_equal(dev_set_name(&b->dev, "%s", name), 0);
	assert_int_equal(device_register(&b->dev), 0);
	return b;
}

static void add_slot(struct slot *s, struct box *b, int n)
{
	memset(s, 0, sizeof(*s));
	s->dev.parent = get_device(&b->dev);
	s->dev.release = slot_release;
	s->dev.groups = slot_groups;
	assert_int_equal(dev_set_name(&s->dev, "%d", n), 0);
	assert_int_equal(device_register(&s->dev), 0);
}

static void test_class_devices(void **state)
{
	struct device host;
	struct slot slot;
	struct box *b;
	char buf[64];

	(void)state;
	box_releases = slot_releases = host_releases = 0;
	assert_int_equal(class_register(&box_class), 0);
	add_host(&host, "hba0");
	b = add_box(&host, "box0", 12);

	/* The class's files, in the class's directory; a link to the parent. */
	assert_int_equal(test_node_read("sys/class/box/box0/slots", buf, sizeof(buf)), 3);
	assert_string_equal(buf, "12\n");
	assert_int_equal(libcdev_sysfs_readlink("sys/class/box/box0/device", buf, sizeof(buf)), 0);
	assert_string_equal(buf, "sys/devices/hba0");
	assert_non_null(b->dev.kobj.sd);

	/* A child of no class: below its parent, with its own groups. */
	add_slot(&slot, b, 3);
	assert_int_equal(test_node_write("sys/class/box/box0/3/locate", "1\n"), 2);
	assert_int_equal(slot.locate, 1);
	assert_int_equal(test_node_read("sys/class/box/box0/3/locate", buf, sizeof(buf)), 2);
	assert_false(node_exists("sys/class/box/box0/3/slots"));

	/* The child keeps the box: its unregistration releases nothing yet. */
	device_unregister(&b->dev);
	assert_false(node_exists("sys/class/box/box0/slots"));
	assert_null(b->dev.kobj.sd);
	assert_int_equal(box_releases, 0);
	device_unregister(&slot.dev);
	assert_int_equal(slot_releases, 1);
	assert_int_equal(box_releases, 1);
	assert_false(node_exists("sys/class/box/box0/3/locate"));

	/* The host was held by the box from its device_add() to its device_del(). */
	assert_int_equal(host_releases, 0);
	device_unregister(&host);
	assert_int_equal(host_releases, 1);
	class_unregister(&box_class);
}

static void test_references_and_errors(void **state)
{
	struct device plain, twin, *held;
	struct box *b;

	(void)state;
	box_releases = 0;
	assert_int_equal(class_register(&box_class), 0);
	b = add_box(NULL, "box1", 1);
	held = get_device(&b->dev);
	assert_ptr_equal(held, &b->dev);
	device_unregister(&b->dev);
	assert_int_equal(box_releases, 0);
	put_device(held);
	assert_int_equal(box_releases, 1);

	/* Without a name, or not initialised: -EINVAL; a name taken: -EEXIST. */
	memset(&plain, 0, sizeof(plain));
	assert_int_equal(device_add(&plain), -EINVAL);
	device_initialize(&plain);
	assert_int_equal(device_add(&plain), -EINVAL);
	plain.release = host_release;
	assert_int_equal(dev_set_name(&plain, "same"), 0);
	assert_int_equal(device_add(&plain), 0);
	memset(&twin, 0, sizeof(twin));
	twin.release = host_release;
	assert_int_equal(dev_set_name(&twin, "same"), 0);
	assert_int_equal(device_register(&twin), -EEXIST);
	put_device(&twin);
	device_unregister(&plain);

	/* No release at all: the kernel's complaint. */
	memset(&plain, 0, sizeof(plain));
	device_initialize(&plain);
	test_log_take();
	put_device(&plain);
	assert_non_null(strstr(test_log_take(), "does not have a release() function"));
	class_unregister(&box_class);
}

static void test_device_number(void **state)
{
	struct device dev;
	dev_t base, found;

	(void)state;
	assert_int_equal(alloc_chrdev_region(&base, 0, 1, "kdevice"), 0);
	memset(&dev, 0, sizeof(dev));
	device_initialize(&dev);
	dev.devt = base;
	dev.release = host_release;
	assert_int_equal(dev_set_name(&dev, "kdevice0"), 0);
	assert_int_equal(device_add(&dev), 0);
	/* The node of the number is named, as by device_create(). */
	assert_int_equal(libcdev_device_lookup("kdevice0", &found), 0);
	assert_int_equal(found, base);
	device_unregister(&dev);
	assert_int_equal(libcdev_device_lookup("kdevice0", &found), -ENOENT);
	unregister_chrdev_region(base, 1);
}

static void test_links(void **state)
{
	struct kobject *a = kobject_create_and_add("la", kernel_kobj);
	struct kobject *b = kobject_create_and_add("lb", kernel_kobj);
	struct kobject loose = { 0 };
	char buf[64];

	(void)state;
	assert_int_equal(sysfs_create_link(a, b, "peer"), 0);
	assert_int_equal(libcdev_sysfs_readlink("sys/kernel/la/peer", buf, sizeof(buf)), 0);
	assert_string_equal(buf, "sys/kernel/lb");
	/* The name is taken (by a link or a directory); a target not in sysfs. */
	assert_int_equal(sysfs_create_link(a, b, "peer"), -EEXIST);
	assert_int_equal(sysfs_create_link(kernel_kobj, b, "la"), -EEXIST);
	assert_int_equal(sysfs_create_link(a, &loose, "x"), -ENOENT);
	assert_int_equal(sysfs_create_link(&loose, b, "x"), -EINVAL);
	assert_int_equal(libcdev_sysfs_readlink("sys/kernel/la", buf, sizeof(buf)), -EINVAL);
	assert_int_equal(libcdev_sysfs_readlink("sys/kernel/la/none", buf, sizeof(buf)), -ENOENT);
	assert_int_equal(libcdev_sysfs_readlink("sys/kernel/la/peer", buf, 4), -ENAMETOOLONG);

	sysfs_remove_link(a, "peer");
	assert_int_equal(libcdev_sysfs_readlink("sys/kernel/la/peer", buf, sizeof(buf)), -ENOENT);
	sysfs_remove_link(a, "peer"); /* a second time: nothing */

	/* A link outlives its target, and goes with its own directory. */
	assert_int_equal(sysfs_create_link(a, b, "peer"), 0);
	kobject_put(b);
	assert_int_equal(libcdev_sysfs_readlink("sys/kernel/la/peer", buf, sizeof(buf)), 0);
	kobject_put(a);
	assert_int_equal(libcdev_sysfs_readlink("sys/kernel/la/peer", buf, sizeof(buf)), -ENOENT);
}

/* The structures of <linux/enclosure.h>: a component is found from its device. */
static void test_enclosure_header(void **state)
{
	struct enclosure_device *edev;

	(void)state;
	edev = kzalloc(struct_size(edev, component, 3), GFP_KERNEL);
	assert_non_null(edev);
	assert_ptr_equal(to_enclosure_component(&edev->component[2].cdev), &edev->component[2]);
	assert_ptr_equal(to_enclosure_device(&edev->edev), edev);
	assert_int_equal(ENCLOSURE_STATUS_MAX, 8);
	assert_int_equal(ENCLOSURE_COMPONENT_ARRAY_DEVICE, 0x17);
	kfree(edev);
	/* struct_size() saturates instead of wrapping, so the allocation fails. */
	assert_int_equal(struct_size(edev, component, SIZE_MAX / 2), SIZE_MAX);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_class_devices, test_env_capture),
		cmocka_unit_test_setup(test_references_and_errors, test_env_capture),
		cmocka_unit_test_setup(test_device_number, test_env_capture),
		cmocka_unit_test_setup(test_links, test_env_capture),
		cmocka_unit_test_setup(test_enclosure_header, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
