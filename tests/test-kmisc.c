/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Misc devices, cdev_device_add(), ida/idr and the iterator methods, as a
 * driver written for the kernel uses them, through the direct backend:
 * ->read_iter sees the caller's segments of readv(2) and advances the
 * position through the kiocb; misc devices take the kernel's minors (127
 * down for dynamic ones, -EBUSY for a taken fixed one), their open reaches
 * the driver with file->private_data at the miscdevice, and they go away
 * with misc_deregister(). And what the kernel's own misc core uses: a
 * class's devnode() naming the node, replace_fops() handing a file over,
 * request_module() running modprobe_path.
 */
#include <linux/cdev.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/idr.h>
#include <linux/kmod.h>
#include <linux/kdev_t.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/uio.h>

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <string.h>
#include <sys/uio.h>

#include "test-util.h"
#include <libcdev/direct.h>

/* ---- a buffer device with iterator methods only ---- */

static char store[64];
static size_t stored;
static unsigned long last_segs;
static size_t last_count;

static ssize_t buf_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	size_t n;

	last_segs = to->nr_segs;
	last_count = iov_iter_count(to);
	if (iocb->ki_pos >= (loff_t)stored)
		return 0;
	n = copy_to_iter(store + iocb->ki_pos, stored - (size_t)iocb->ki_pos, to);
	if (n == 0)
		return -EFAULT;
	iocb->ki_pos += n;
	return (ssize_t)n;
}

static ssize_t buf_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	size_t n;

	last_segs = from->nr_segs;
	n = copy_from_iter(store, sizeof(store), from);
	stored = n;
	iocb->ki_pos = (loff_t)n;
	return (ssize_t)n;
}

static int buf_open(struct inode *inode, struct file *file)
{
	/* Set by misc_open() before the driver's open runs. */
	struct miscdevice *m = file->private_data;

	(void)inode;
	return m && m->fops == file->f_op ? 0 : -EINVAL;
}

static const struct file_operations buf_fops = {
	.owner = THIS_MODULE,
	.open = buf_open,
	.read_iter = buf_read_iter,
	.write_iter = buf_write_iter,
};

static void test_misc_read_iter_sees_segments(void **state)
{
	struct miscdevice misc = {
		.minor = MISC_DYNAMIC_MINOR,
		.name = "kbuf",
		.nodename = "test/kbuf",
		.fops = &buf_fops,
		.mode = 0666,
	};
	char a[3], b[4], c[16];
	struct iovec out[2] = { { (void *)"hello ", 6 }, { (void *)"world", 5 } };
	struct iovec in[3] = { { a, sizeof(a) }, { b, sizeof(b) }, { c, sizeof(c) } };
	struct file *f;

	(void)state;
	assert_int_equal(misc_register(&misc), 0);
	assert_int_equal(misc.minor, 127);
	assert_non_null(misc.this_device);
	assert_string_equal(dev_name(misc.this_device), "test/kbuf");
	/* The kernel's misc driver holds 10 (in the test's /proc/devices): a dynamic major. */
	assert_int_not_equal(MAJOR(misc.this_device->devt), MISC_MAJOR);
	assert_int_equal(MINOR(misc.this_device->devt), 127);

	assert_int_equal(cdev_direct_open(misc.this_device->devt, O_RDWR, &f), 0);
	assert_int_equal(cdev_direct_writev(f, out, 2), 11);
	assert_int_equal(last_segs, 2);
	assert_memory_equal(store, "hello world", 11);
	assert_int_equal(cdev_direct_release(f), 0);

	assert_int_equal(cdev_direct_open(misc.this_device->devt, O_RDONLY, &f), 0);
	assert_int_equal(cdev_direct_readv(f, in, 3), 11);
	assert_int_equal(last_segs, 3);
	assert_int_equal(last_count, 23);
	assert_memory_equal(a, "hel", 3);
	assert_memory_equal(b, "lo w", 4);
	assert_memory_equal(c, "orld", 4);
	/* The position moved through the kiocb: at the end now. */
	assert_int_equal(cdev_direct_read(f, c, sizeof(c)), 0);
	assert_int_equal(last_segs, 1);
	assert_int_equal(cdev_direct_release(f), 0);

	misc_deregister(&misc);
	assert_null(misc.this_device);
}

/* ---- minors ---- */

static const struct file_operations plain_fops = { .owner = THIS_MODULE };

static void test_misc_minors(void **state)
{
	struct miscdevice d1 = { .minor = MISC_DYNAMIC_MINOR, .name = "d1", .fops = &plain_fops };
	struct miscdevice d2 = { .minor = MISC_DYNAMIC_MINOR, .name = "d2", .fops = &plain_fops };
	struct miscdevice f1 = { .minor = 200, .name = "f1", .fops = &plain_fops };
	struct miscdevice f2 = { .minor = 200, .name = "f2", .fops = &plain_fops };
	struct miscdevice bad = { .minor = 300, .name = "bad", .fops = &plain_fops };
	struct file *f;
	dev_t dev;

	(void)state;
	assert_int_equal(misc_register(&d1), 0);
	assert_int_equal(misc_register(&d2), 0);
	assert_int_equal(d1.minor, 127);
	assert_int_equal(d2.minor, 126);
	assert_int_equal(misc_register(&f1), 0);
	assert_int_equal(f1.minor, 200);
	assert_int_equal(misc_register(&f2), -EBUSY);
	assert_int_equal(misc_register(&bad), -EINVAL);
	assert_string_equal(dev_name(d2.this_device), "d2");
	assert_int_equal(MAJOR(d1.this_device->devt), MAJOR(f1.this_device->devt));

	/* Gone: new opens fail, and the minor is free for the next one. */
	dev = d1.this_device->devt;
	misc_deregister(&d1);
	assert_int_equal(cdev_direct_open(dev, O_RDONLY, &f), -ENXIO);
	d1.minor = MISC_DYNAMIC_MINOR;
	assert_int_equal(misc_register(&d1), 0);
	assert_int_equal(d1.minor, 127);
	misc_deregister(&d1);
	misc_deregister(&d2);
	misc_deregister(&f1);
}

/* ---- cdev_device_add ---- */

struct kdev {
	struct cdev cdev;
	struct device dev;
};

static ssize_t plain_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct kdev *k = container_of(file->f_inode->i_cdev, struct kdev, cdev);

	(void)ppos;
	/* ->read is preferred for one buffer; for readv(2) it is called per segment. */
	if (count == 0)
		return 0;
	return copy_to_user(buf, dev_name(&k->dev), 1) ? -EFAULT : 1;
}

static const struct file_operations kdev_fops = {
	.owner = THIS_MODULE,
	.read = plain_read,
	.read_iter = buf_read_iter,
};

static void test_cdev_device_add(void **state)
{
	struct kdev k;
	dev_t base;
	struct file *f;
	char x[2], y[2];
	struct iovec in[2] = { { x, 2 }, { y, 2 } };

	(void)state;
	memset(&k, 0, sizeof(k));
	assert_int_equal(alloc_chrdev_region(&base, 3, 1, "kdev"), 0);
	device_initialize(&k.dev);
	k.dev.devt = base;
	assert_int_equal(dev_set_name(&k.dev, "kdev%d", MINOR(base)), 0);
	cdev_init(&k.cdev, &kdev_fops);
	assert_int_equal(cdev_device_add(&k.cdev, &k.dev), 0);

	assert_int_equal(cdev_direct_open(base, O_RDONLY, &f), 0);
	assert_int_equal(cdev_direct_read(f, x, 2), 1);
	assert_int_equal(x[0], 'k');
	/* readv with ->read_iter set: the iterator method, with both segments. */
	stored = 0;
	assert_int_equal(cdev_direct_readv(f, in, 2), 0);
	assert_int_equal(last_segs, 2);
	assert_int_equal(cdev_direct_release(f), 0);

	cdev_device_del(&k.cdev, &k.dev);
	assert_int_equal(cdev_direct_open(base, O_RDONLY, &f), -ENXIO);
	unregister_chrdev_region(base, 1);
	free(k.dev.name);
}

/* ---- kstrtobool ---- */

static void test_kstrtobool(void **state)
{
	static const char *const yes[] = { "y", "Y", "t", "T", "1", "on", "ON", "yes" };
	static const char *const no[] = { "n", "N", "f", "F", "0", "off", "oFf", "never" };
	bool b;

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(yes); i++) {
		b = false;
		assert_int_equal(kstrtobool(yes[i], &b), 0);
		assert_true(b);
		b = true;
		assert_int_equal(kstrtobool(no[i], &b), 0);
		assert_false(b);
	}
	b = true;
	assert_int_equal(kstrtobool("", &b), -EINVAL);
	assert_int_equal(kstrtobool("o", &b), -EINVAL);
	assert_int_equal(kstrtobool("x", &b), -EINVAL);
	assert_true(b);
}

/* ---- ida / idr ---- */

/* The library's unload summary (checks.c), reached through the internal library. */
int kcheck_module_unload(struct module *mod, unsigned int deferred_left, bool permanent);

static DEFINE_IDA(test_ida);

static void test_ida_idr(void **state)
{
	struct idr idr;
	int a = 1, b = 2, c = 3, id;
	void *p;

	(void)state;
	assert_int_equal(ida_alloc(&test_ida, GFP_KERNEL), 0);
	assert_int_equal(ida_alloc(&test_ida, GFP_KERNEL), 1);
	assert_int_equal(ida_alloc_min(&test_ida, 10, GFP_KERNEL), 10);
	ida_free(&test_ida, 0);
	assert_int_equal(ida_alloc(&test_ida, GFP_KERNEL), 0);
	assert_int_equal(ida_alloc_range(&test_ida, 0, 1, GFP_KERNEL), -ENOSPC);
	assert_int_equal(ida_alloc_max(&test_ida, 2, GFP_KERNEL), 2);
	ida_destroy(&test_ida);
	assert_true(ida_is_empty(&test_ida));

	idr_init(&idr);
	assert_int_equal(idr_alloc(&idr, &a, 5, 0, GFP_KERNEL), 5);
	assert_int_equal(idr_alloc(&idr, &b, 5, 0, GFP_KERNEL), 6);
	assert_int_equal(idr_alloc(&idr, &c, 5, 7, GFP_KERNEL), -ENOSPC);
	assert_ptr_equal(idr_find(&idr, 6), &b);
	assert_null(idr_find(&idr, 7));
	assert_ptr_equal(idr_remove(&idr, 5), &a);
	assert_null(idr_remove(&idr, 5));
	/* Cyclic: after the last id given, not the lowest free one. */
	assert_int_equal(idr_alloc_cyclic(&idr, &a, 1, 10, GFP_KERNEL), 1);
	assert_int_equal(idr_alloc_cyclic(&idr, &c, 1, 10, GFP_KERNEL), 2);
	idr_remove(&idr, 1);
	assert_int_equal(idr_alloc_cyclic(&idr, &a, 1, 10, GFP_KERNEL), 3);
	int seen = 0;
	idr_for_each_entry(&idr, p, id)
		seen += *(int *)p;
	assert_int_equal(seen, 2 + 3 + 1);
	idr_destroy(&idr);
	assert_true(idr_is_empty(&idr));
}

/*
 * A module that frees its last id and never destroys its static ida (as
 * xilinx_sdfec does) unloads clean, strict: an empty ida holds no memory, as
 * the kernel's radix tree frees its emptied nodes. The ida then works again.
 */
static void test_ida_emptied_holds_nothing(void **state)
{
	static DEFINE_IDA(ids);
	int a, b;

	(void)state;
	a = ida_alloc(&ids, GFP_KERNEL);
	b = ida_alloc(&ids, GFP_KERNEL);
	assert_int_equal(a, 0);
	assert_int_equal(b, 1);
	ida_free(&ids, b);
	ida_free(&ids, a);
	assert_true(ida_is_empty(&ids));
	setenv("LIBCDEV_STRICT", "1", 1);
	assert_int_equal(kcheck_module_unload(THIS_MODULE, 0, false), 0);
	unsetenv("LIBCDEV_STRICT");
	assert_int_equal(ida_alloc(&ids, GFP_KERNEL), 0);
	ida_free(&ids, 0);
}

/* simple_read_from_buffer()/simple_write_to_buffer(): bounds, the position, EFAULT. */
static void test_simple_buffers(void **state)
{
	char store[8] = "abcdefg", out[16];
	loff_t pos = 5;

	(void)state;
	assert_int_equal(simple_read_from_buffer(out, sizeof(out), &pos, store, 7), 2);
	assert_memory_equal(out, "fg", 2);
	assert_int_equal(pos, 7);
	assert_int_equal(simple_read_from_buffer(out, sizeof(out), &pos, store, 7), 0);
	pos = -1;
	assert_int_equal(simple_read_from_buffer(out, 1, &pos, store, 7), -EINVAL);
	pos = 0;
	assert_int_equal(simple_read_from_buffer((void __user *)16, 4, &pos, store, 7), -EFAULT);
	assert_int_equal(pos, 0);
	pos = 6;
	assert_int_equal(simple_write_to_buffer(store, 7, &pos, "XYZ", 3), 1);
	assert_int_equal(store[6], 'X');
	assert_int_equal(pos, 7);
	assert_int_equal(simple_write_to_buffer(store, 7, &pos, "XYZ", 3), 0);
	pos = 0;
	assert_int_equal(simple_write_to_buffer(store, 7, &pos, (const void __user *)16, 3),
			 -EFAULT);
	assert_memory_equal(store, "abcdefX", 7);
}

/*
 * loff_t is the kernel's long long, not glibc's long (<fcntl.h> and
 * <sys/uio.h> are included here too): "%lld" takes it without a cast, which
 * a build with -Werror checks at compile time.
 */
static void test_loff_t_is_long_long(void **state)
{
	loff_t pos = -5;
	char out[32];

	(void)state;
	assert_true(__builtin_types_compatible_p(typeof(pos), long long));
	assert_true(
		__builtin_types_compatible_p(typeof(((struct kiocb *)NULL)->ki_pos), long long));
	snprintf(out, sizeof(out), "%lld", pos);
	assert_string_equal(out, "-5");
	pr_debug("pos %lld\n", pos);
}

/* ---- what the kernel's own misc core uses: devnode, replace_fops, request_module ---- */

static char *sub_devnode(struct device *dev, umode_t *mode)
{
	(void)mode;
	return kasprintf(GFP_KERNEL, "sub/%s", dev_name(dev));
}

static void test_class_devnode(void **state)
{
	struct class *cls = class_create("tnode");
	struct device *dev;
	dev_t base, found;

	(void)state;
	assert_false(IS_ERR(cls));
	cls->devnode = sub_devnode;
	assert_int_equal(alloc_chrdev_region(&base, 0, 1, "tnode"), 0);
	dev = device_create(cls, NULL, base, NULL, "leaf%d", 7);
	assert_false(IS_ERR(dev));
	assert_int_equal(libcdev_device_lookup("sub/leaf7", &found), 0);
	assert_int_equal(found, base);
	assert_int_equal(libcdev_device_lookup("leaf7", &found), -ENOENT);
	device_destroy(cls, base);
	unregister_chrdev_region(base, 1);
	class_destroy(cls);
}

static ssize_t handed_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	(void)file, (void)count, (void)ppos;
	return copy_to_user(buf, "h", 1) ? -EFAULT : 1;
}

static const struct file_operations handed_fops = {
	.owner = THIS_MODULE,
	.read = handed_read,
};

/* As misc_open() hands a file to the driver's operations. */
static int handing_open(struct inode *inode, struct file *file)
{
	const struct file_operations *handed = &handed_fops;
	const struct file_operations *fops = fops_get(handed);

	(void)inode;
	if (!fops)
		return -ENODEV;
	replace_fops(file, fops);
	return 0;
}

static const struct file_operations handing_fops = {
	.open = handing_open,
};

static void test_replace_fops(void **state)
{
	struct cdev c;
	struct file *f;
	dev_t base;
	char x;

	(void)state;
	assert_int_equal(alloc_chrdev_region(&base, 0, 1, "thand"), 0);
	cdev_init(&c, &handing_fops);
	assert_int_equal(cdev_add(&c, base, 1), 0);
	assert_int_equal(cdev_direct_open(base, O_RDONLY, &f), 0);
	assert_int_equal(cdev_direct_read(f, &x, 1), 1);
	assert_int_equal(x, 'h');
	assert_int_equal(cdev_direct_release(f), 0);
	cdev_del(&c);
	unregister_chrdev_region(base, 1);
}

static void test_request_module(void **state)
{
	char dir[] = "/tmp/test-kmod-XXXXXX", script[64], out[64], got[64] = "";
	FILE *fp;

	(void)state;
	assert_int_equal(request_module("char-major-%d-%d", 10, 200), -ENOENT);
	assert_non_null(mkdtemp(dir));
	snprintf(script, sizeof(script), "%s/modprobe", dir);
	snprintf(out, sizeof(out), "%s/args", dir);
	fp = fopen(script, "w");
	assert_non_null(fp);
	fprintf(fp, "#!/bin/sh\necho \"$*\" > %s\n[ \"$3\" != absent ]\n", out);
	fclose(fp);
	assert_int_equal(chmod(script, 0700), 0);
	snprintf(modprobe_path, sizeof(modprobe_path), "%s", script);

	assert_int_equal(request_module("char-major-%d-%d", 10, 200), 0);
	fp = fopen(out, "r");
	assert_non_null(fp);
	assert_non_null(fgets(got, sizeof(got), fp));
	fclose(fp);
	assert_string_equal(got, "-q -- char-major-10-200\n");
	/* modprobe's wait status, as the kernel's user-mode helper gives it. */
	assert_int_equal(request_module("absent"), 1 << 8);
	assert_int_equal(request_module("%0*d", 100, 1), -ENAMETOOLONG);

	modprobe_path[0] = '\0';
	unlink(out);
	unlink(script);
	rmdir(dir);
}

static int reset(void **state)
{
	return test_env_reset(state);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_misc_read_iter_sees_segments, reset),
		/* One registry for all: the misc region stays registered, as in the kernel. */
		cmocka_unit_test(test_misc_minors),
		cmocka_unit_test(test_cdev_device_add),
		cmocka_unit_test(test_kstrtobool),
		cmocka_unit_test(test_ida_idr),
		cmocka_unit_test(test_ida_emptied_holds_nothing),
		cmocka_unit_test(test_simple_buffers),
		cmocka_unit_test(test_loff_t_is_long_long),
		cmocka_unit_test(test_class_devnode),
		cmocka_unit_test(test_replace_fops),
		cmocka_unit_test(test_request_module),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
