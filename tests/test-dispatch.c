/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The dispatcher, through the direct backend, with the test driver:
 * range-checked lookup (smallest live range, -ENXIO outside), what the VFS
 * does around a driver (f_mode, f_pos, default methods), cdev_del with files
 * open, module pinning, register_chrdev's 256 minors, and user copies.
 */
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "test-util.h"
#include "testdrv.h"

#define MA 240

static struct module mod;

static int reset(void **state)
{
	mod = (struct module){ .name = "testdrv", .refcnt = MODULE_REF_BASE };
	return test_env_reset(state);
}

static void open_calls_driver_with_inode(void **state)
{
	struct testdrv d;
	struct file *f;

	(void)state;
	testdrv_init(&d, &mod);
	assert_int_equal(cdev_add(&d.cdev, MKDEV(MA, 10), 4), 0);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 12), O_RDWR, &f), 0);
	assert_int_equal(d.opens, 1);
	assert_ptr_equal(f->private_data, &d); /* container_of from i_cdev */
	assert_ptr_equal(f->f_inode, d.last_inode);
	assert_ptr_equal(f->f_inode->i_cdev, &d.cdev);
	assert_int_equal(f->f_inode->i_rdev, MKDEV(MA, 12));
	assert_int_equal(iminor(f->f_inode), 12);
	assert_int_equal(imajor(f->f_inode), MA);
	assert_ptr_equal(f->f_op, &testdrv_fops);
	assert_int_equal(f->f_pos, 0);
	/* The open file holds the cdev and its owner. */
	assert_int_equal(libcdev_kobject_refcount(&d.cdev.kobj), 2);
	assert_int_equal(module_refcount(&mod), 1);

	assert_int_equal(cdev_direct_release(f), 0);
	assert_int_equal(d.flushes, 1);
	assert_int_equal(d.releases, 1);
	assert_int_equal(libcdev_kobject_refcount(&d.cdev.kobj), 1);
	assert_int_equal(module_refcount(&mod), 0);
	cdev_del(&d.cdev);
}

static void open_outside_any_range_is_enxio(void **state)
{
	struct testdrv d;
	struct file *f = NULL;

	(void)state;
	testdrv_init(&d, &mod);
	assert_int_equal(cdev_add(&d.cdev, MKDEV(MA, 10), 4), 0);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 9), O_RDONLY, &f), -ENXIO);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 14), O_RDONLY, &f), -ENXIO);
	assert_int_equal(cdev_direct_open(MKDEV(MA + 1, 10), O_RDONLY, &f), -ENXIO);
	assert_null(f);
	assert_int_equal(d.opens, 0);
	cdev_del(&d.cdev);
	/* Deleted: the range is no longer live. */
	assert_int_equal(cdev_direct_open(MKDEV(MA, 10), O_RDONLY, &f), -ENXIO);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 10), O_RDONLY, NULL), -EINVAL);
}

static void lookup_takes_smallest_range(void **state)
{
	struct testdrv wide, narrow, same;
	struct file *f, *g;

	(void)state;
	testdrv_init(&wide, &mod);
	testdrv_init(&narrow, &mod);
	testdrv_init(&same, &mod);
	assert_int_equal(cdev_add(&wide.cdev, MKDEV(MA, 0), 10), 0);
	/* g is open on number 4 through the wide range before a narrower one comes. */
	assert_int_equal(cdev_direct_open(MKDEV(MA, 4), O_RDONLY, &g), 0);
	assert_int_equal(cdev_add(&narrow.cdev, MKDEV(MA, 3), 2), 0);

	assert_int_equal(cdev_direct_open(MKDEV(MA, 3), O_RDONLY, &f), 0);
	assert_ptr_equal(f->private_data, &narrow);
	cdev_direct_release(f);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 5), O_RDONLY, &f), 0);
	assert_ptr_equal(f->private_data, &wide);
	cdev_direct_release(f);

	/* New opens of 4 get the narrow cdev; g keeps its inode and i_cdev, as in the kernel. */
	assert_int_equal(cdev_direct_open(MKDEV(MA, 4), O_RDONLY, &f), 0);
	assert_ptr_equal(f->f_inode->i_cdev, &narrow.cdev);
	assert_ptr_equal(g->f_inode->i_cdev, &wide.cdev);
	assert_ptr_not_equal(f->f_inode, g->f_inode);
	cdev_direct_release(f);

	/* Among equal sizes the one added last wins, as kobj_map() inserts. */
	assert_int_equal(cdev_add(&same.cdev, MKDEV(MA, 4), 2), 0);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 4), O_RDONLY, &f), 0);
	assert_ptr_equal(f->private_data, &same);
	cdev_direct_release(f);

	/* Deleting the narrow ones uncovers the wide range again. */
	cdev_del(&same.cdev);
	cdev_del(&narrow.cdev);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 4), O_RDONLY, &f), 0);
	assert_ptr_equal(f->private_data, &wide);
	cdev_direct_release(f);
	cdev_del(&wide.cdev);
	assert_ptr_equal(g->f_inode->i_cdev, &wide.cdev);
	cdev_direct_release(g);
}

static void dead_owner_is_enxio_or_falls_through(void **state)
{
	struct module other = { .name = "other", .refcnt = MODULE_REF_BASE };
	struct testdrv wide, narrow;
	struct file *f;

	(void)state;
	testdrv_init(&wide, &other);
	testdrv_init(&narrow, &mod);
	assert_int_equal(cdev_add(&wide.cdev, MKDEV(MA, 0), 10), 0);
	assert_int_equal(cdev_add(&narrow.cdev, MKDEV(MA, 3), 2), 0);
	assert_int_equal(libcdev_module_stop(&mod, false), 0);
	/* kobj_lookup() skips a range whose owner is going and tries the next. */
	assert_int_equal(cdev_direct_open(MKDEV(MA, 3), O_RDONLY, &f), 0);
	assert_ptr_equal(f->private_data, &wide);
	cdev_direct_release(f);
	assert_int_equal(libcdev_module_stop(&other, false), 0);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 3), O_RDONLY, &f), -ENXIO);
	assert_int_equal(narrow.opens + wide.opens, 1);
	cdev_del(&narrow.cdev);
	cdev_del(&wide.cdev);
}

static void cdev_without_ops_is_enxio(void **state)
{
	struct cdev *c = cdev_alloc();
	struct file *f;

	(void)state;
	assert_non_null(c);
	assert_int_equal(cdev_add(c, MKDEV(MA, 0), 1), 0);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 0), O_RDONLY, &f), -ENXIO);
	assert_int_equal(libcdev_kobject_refcount(&c->kobj), 1); /* the failed open gave it back */
	cdev_del(c);
}

static void open_error_is_returned_and_references_dropped(void **state)
{
	struct testdrv d;
	struct file *f;

	(void)state;
	testdrv_init(&d, &mod);
	d.open_error = -EBUSY;
	assert_int_equal(cdev_add(&d.cdev, MKDEV(MA, 0), 1), 0);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 0), O_RDONLY, &f), -EBUSY);
	assert_int_equal(libcdev_kobject_refcount(&d.cdev.kobj), 1);
	assert_int_equal(module_refcount(&mod), 0);
	assert_int_equal(d.releases, 0);
	cdev_del(&d.cdev);
}

static void f_mode_follows_access_mode(void **state)
{
	struct testdrv d;
	struct file *f;
	char c = 'x';

	(void)state;
	testdrv_init(&d, &mod);
	assert_int_equal(cdev_add(&d.cdev, MKDEV(MA, 0), 1), 0);

	assert_int_equal(cdev_direct_open(MKDEV(MA, 0), O_RDONLY | O_NONBLOCK | O_CREAT, &f), 0);
	assert_true(f->f_mode & FMODE_READ);
	assert_false(f->f_mode & FMODE_WRITE);
	assert_true(f->f_flags & O_NONBLOCK);
	assert_false(f->f_flags & O_CREAT); /* open-time flags are not kept */
	assert_int_equal(cdev_direct_write(f, &c, 1), -EBADF);
	cdev_direct_release(f);

	assert_int_equal(cdev_direct_open(MKDEV(MA, 0), O_WRONLY, &f), 0);
	assert_int_equal(f->f_mode & (FMODE_READ | FMODE_WRITE), FMODE_WRITE);
	assert_int_equal(cdev_direct_read(f, &c, 1), -EBADF);
	cdev_direct_release(f);

	assert_int_equal(cdev_direct_open(MKDEV(MA, 0), O_RDWR, &f), 0);
	assert_int_equal(f->f_mode & (FMODE_READ | FMODE_WRITE), FMODE_READ | FMODE_WRITE);
	assert_true(f->f_mode & FMODE_LSEEK);
	cdev_direct_release(f);
	cdev_del(&d.cdev);
}

static void f_pos_advances_with_read_write_llseek(void **state)
{
	struct testdrv d;
	struct file *w, *r;
	char buf[16] = { 0 };

	(void)state;
	testdrv_init(&d, &mod);
	assert_int_equal(cdev_add(&d.cdev, MKDEV(MA, 0), 1), 0);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 0), O_WRONLY, &w), 0);
	assert_int_equal(cdev_direct_write(w, "hello", 5), 5);
	assert_int_equal(w->f_pos, 5);
	assert_int_equal(cdev_direct_write(w, " world", 6), 6);
	assert_int_equal(w->f_pos, 11);

	/* Each open file has its own position. */
	assert_int_equal(cdev_direct_open(MKDEV(MA, 0), O_RDONLY, &r), 0);
	assert_int_equal(cdev_direct_read(r, buf, 5), 5);
	assert_memory_equal(buf, "hello", 5);
	assert_int_equal(r->f_pos, 5);
	assert_int_equal(cdev_direct_read(r, buf, sizeof(buf)), 6);
	assert_memory_equal(buf, " world", 6);
	assert_int_equal(cdev_direct_read(r, buf, sizeof(buf)), 0); /* end of data */

	assert_int_equal(cdev_direct_llseek(r, 6, SEEK_SET), 6);
	assert_int_equal(cdev_direct_read(r, buf, 5), 5);
	assert_memory_equal(buf, "world", 5);
	assert_int_equal(cdev_direct_llseek(r, -5, SEEK_CUR), 6);
	assert_int_equal(cdev_direct_llseek(r, -1, SEEK_END), 10);
	assert_int_equal(cdev_direct_read(r, buf, 1), 1);
	assert_int_equal(buf[0], 'd');
	assert_int_equal(cdev_direct_llseek(r, -1, SEEK_SET), -EINVAL);
	assert_int_equal(cdev_direct_llseek(r, 0, 99), -EINVAL);
	assert_int_equal(r->f_pos, 11); /* a failed seek moves nothing */

	cdev_direct_release(r);
	cdev_direct_release(w);
	cdev_del(&d.cdev);
}

static void methods_missing_behave_as_vfs(void **state)
{
	static const struct file_operations empty;
	struct cdev *c = cdev_alloc();
	struct file *f;
	char buf[4];

	(void)state;
	assert_non_null(c);
	c->ops = &empty;
	assert_int_equal(cdev_add(c, MKDEV(MA, 0), 1), 0);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 0), O_RDWR, &f), 0); /* no ->open: success */
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), -EINVAL);
	assert_int_equal(cdev_direct_write(f, buf, sizeof(buf)), -EINVAL);
	assert_int_equal(cdev_direct_llseek(f, 0, SEEK_SET), -ESPIPE);
	assert_int_equal(cdev_direct_ioctl(f, 0x1234, 0), -ENOTTY);
	assert_int_equal(cdev_direct_poll(f), POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM);
	assert_int_equal(cdev_direct_fsync(f, 0), -EINVAL);
	assert_int_equal(cdev_direct_release(f), 0); /* no flush, no release: fine */
	cdev_del(c);

	assert_int_equal(cdev_direct_read(NULL, buf, 1), -EBADF);
	assert_int_equal(cdev_direct_release(NULL), -EBADF);
}

static int seekless_open(struct inode *inode, struct file *filp)
{
	return nonseekable_open(inode, filp);
}

static void nonseekable_open_makes_llseek_espipe(void **state)
{
	static const struct file_operations fops = {
		.open = seekless_open,
		.llseek = noop_llseek,
	};
	struct cdev *c = cdev_alloc();
	struct file *f;

	(void)state;
	assert_non_null(c);
	c->ops = &fops;
	assert_int_equal(cdev_add(c, MKDEV(MA, 0), 1), 0);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 0), O_RDONLY, &f), 0);
	assert_int_equal(cdev_direct_llseek(f, 0, SEEK_SET), -ESPIPE);
	cdev_direct_release(f);
	cdev_del(c);
}

static void ioctl_in_out_and_by_value(void **state)
{
	struct testdrv d;
	struct file *f;
	int v = 0x41;
	char buf[4];

	(void)state;
	testdrv_init(&d, &mod);
	assert_int_equal(cdev_add(&d.cdev, MKDEV(MA, 0), 1), 0);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 0), O_RDWR, &f), 0);
	assert_int_equal(cdev_direct_ioctl(f, TESTDRV_IOC_SETFILL, (unsigned long)&v), 0);
	v = 0;
	assert_int_equal(cdev_direct_ioctl(f, TESTDRV_IOC_GETSIZE, (unsigned long)&v), 0);
	assert_int_equal(v, TESTDRV_SIZE);
	assert_int_equal(cdev_direct_read(f, buf, 4), 4);
	assert_memory_equal(buf, "AAAA", 4);
	assert_int_equal(cdev_direct_ioctl(f, TESTDRV_IOC_ADD1, 41), 42);
	assert_int_equal(cdev_direct_ioctl(f, 0xdead, 0), -ENOTTY);
	cdev_direct_release(f);
	cdev_del(&d.cdev);
}

static void bad_user_address_is_efault(void **state)
{
	struct testdrv d;
	struct file *f;
	void *hole;
	int v = 1;

	(void)state;
	/* An address that is certainly unmapped: map a page, then unmap it. */
	hole = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(hole != MAP_FAILED);
	assert_int_equal(munmap(hole, 4096), 0);

	testdrv_init(&d, &mod);
	assert_int_equal(cdev_add(&d.cdev, MKDEV(MA, 0), 1), 0);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 0), O_RDWR, &f), 0);
	assert_int_equal(cdev_direct_ioctl(f, TESTDRV_IOC_SETFILL, (unsigned long)&v), 0);
	assert_int_equal(cdev_direct_ioctl(f, TESTDRV_IOC_GETSIZE, (unsigned long)hole), -EFAULT);
	assert_int_equal(cdev_direct_ioctl(f, TESTDRV_IOC_SETFILL, (unsigned long)hole), -EFAULT);
	assert_int_equal(cdev_direct_ioctl(f, TESTDRV_IOC_GETSIZE, 8), -EFAULT);
	assert_int_equal(cdev_direct_read(f, hole, 4), -EFAULT);
	assert_int_equal(cdev_direct_write(f, hole, 4), -EFAULT);
	assert_int_equal(f->f_pos, 0); /* failed transfers do not move */
	cdev_direct_release(f);
	cdev_del(&d.cdev);
}

static void open_file_survives_cdev_del(void **state)
{
	static const struct file_operations readless = { .llseek = noop_llseek };
	struct file *f, *g;
	struct testdrv d;
	struct cdev *c;
	char buf[8];

	(void)state;
	testdrv_init(&d, &mod);
	assert_int_equal(cdev_add(&d.cdev, MKDEV(MA, 0), 1), 0);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 0), O_RDWR, &f), 0);
	cdev_del(&d.cdev);
	/* New opens fail; the open file still works and still holds the cdev. */
	assert_int_equal(cdev_direct_open(MKDEV(MA, 0), O_RDWR, &g), -ENXIO);
	assert_int_equal(cdev_direct_write(f, "abc", 3), 3);
	assert_int_equal(cdev_direct_llseek(f, 0, SEEK_SET), 0);
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), 3);
	assert_int_equal(libcdev_kobject_refcount(&d.cdev.kobj), 1);
	assert_int_equal(module_refcount(&mod), 1);
	assert_int_equal(cdev_direct_release(f), 0);
	assert_int_equal(d.releases, 1);
	assert_int_equal(libcdev_kobject_refcount(&d.cdev.kobj), 0);
	assert_int_equal(module_refcount(&mod), 0);

	/* An allocated cdev is freed at the last release, not at cdev_del: ASan
	 * reports a use after free if it went early, LSan a leak if never. */
	c = cdev_alloc();
	assert_non_null(c);
	c->ops = &readless;
	assert_int_equal(cdev_add(c, MKDEV(MA, 1), 1), 0);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 1), O_RDONLY, &f), 0);
	cdev_del(c);
	assert_int_equal(libcdev_kobject_refcount(&c->kobj), 1); /* only the file's */
	assert_ptr_equal(f->f_inode->i_cdev, c);
	assert_int_equal(cdev_direct_llseek(f, 0, SEEK_CUR), 0);
	assert_int_equal(cdev_direct_read(f, buf, 1), -EINVAL);
	cdev_direct_release(f);
}

static int perm_init(void)
{
	return 0;
}

static void perm_exit(void)
{
}

/* As delete_module(2): a module with an init and no exit goes only by force. */
static void module_without_exit_is_permanent(void **state)
{
	struct module perm = { .name = "perm", .refcnt = MODULE_REF_BASE, .init = perm_init };

	(void)state;
	assert_true(libcdev_module_is_permanent(&perm));
	assert_int_equal(libcdev_module_stop(&perm, false), -EBUSY);
	assert_int_equal(perm.state, MODULE_STATE_LIVE);
	assert_int_equal(libcdev_module_stop(&perm, true), 0);
	assert_int_equal(perm.state, MODULE_STATE_GOING);
	perm = (struct module){
		.name = "perm", .refcnt = MODULE_REF_BASE, .init = perm_init, .exit = perm_exit
	};
	assert_false(libcdev_module_is_permanent(&perm));
	assert_int_equal(libcdev_module_stop(&perm, false), 0);
	/* Neither init nor exit: nothing to undo, so it goes (the kernel's rule too). */
	perm = (struct module){ .name = "perm", .refcnt = MODULE_REF_BASE };
	assert_false(libcdev_module_is_permanent(&perm));
	assert_int_equal(libcdev_module_stop(&perm, false), 0);
	assert_false(libcdev_module_is_permanent(NULL));
}

static void open_file_pins_module(void **state)
{
	struct testdrv d;
	struct file *f;

	(void)state;
	testdrv_init(&d, &mod);
	assert_int_equal(cdev_add(&d.cdev, MKDEV(MA, 0), 1), 0);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 0), O_RDONLY, &f), 0);
	assert_int_equal(libcdev_module_stop(&mod, false), -EBUSY);
	cdev_direct_release(f);
	assert_int_equal(libcdev_module_stop(&mod, false), 0);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 0), O_RDONLY, &f), -ENXIO);
	libcdev_module_set_live(&mod);
	assert_int_equal(cdev_direct_open(MKDEV(MA, 0), O_RDONLY, &f), 0);
	cdev_direct_release(f);
	cdev_del(&d.cdev);
}

static int legacy_opens;

static int legacy_open(struct inode *inode, struct file *filp)
{
	(void)filp;
	legacy_opens++;
	return iminor(inode) == 7 ? -EPERM : 0;
}

static void register_chrdev_serves_minors_0_to_255(void **state)
{
	static const struct file_operations fops = { .open = legacy_open };
	struct file *f;
	int major;

	(void)state;
	legacy_opens = 0;
	major = register_chrdev(0, "legacy", &fops);
	assert_in_range(major, 234, 254);
	assert_int_equal(cdev_direct_open(MKDEV(major, 0), O_RDONLY, &f), 0);
	cdev_direct_release(f);
	assert_int_equal(cdev_direct_open(MKDEV(major, 255), O_RDONLY, &f), 0);
	cdev_direct_release(f);
	assert_int_equal(cdev_direct_open(MKDEV(major, 7), O_RDONLY, &f), -EPERM);
	/* Minor 256 and above: "no such device", the driver is never called. */
	assert_int_equal(cdev_direct_open(MKDEV(major, 256), O_RDONLY, &f), -ENXIO);
	assert_int_equal(cdev_direct_open(MKDEV(major, 4096), O_RDONLY, &f), -ENXIO);
	assert_int_equal(legacy_opens, 3);
	unregister_chrdev(major, "legacy");
	assert_int_equal(cdev_direct_open(MKDEV(major, 0), O_RDONLY, &f), -ENXIO);
	/* The region is free again. */
	assert_int_equal(register_chrdev(major, "legacy", &fops), 0);
	unregister_chrdev(major, "legacy");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(open_calls_driver_with_inode, reset),
		cmocka_unit_test_setup(open_outside_any_range_is_enxio, reset),
		cmocka_unit_test_setup(lookup_takes_smallest_range, reset),
		cmocka_unit_test_setup(dead_owner_is_enxio_or_falls_through, reset),
		cmocka_unit_test_setup(cdev_without_ops_is_enxio, reset),
		cmocka_unit_test_setup(open_error_is_returned_and_references_dropped, reset),
		cmocka_unit_test_setup(f_mode_follows_access_mode, reset),
		cmocka_unit_test_setup(f_pos_advances_with_read_write_llseek, reset),
		cmocka_unit_test_setup(methods_missing_behave_as_vfs, reset),
		cmocka_unit_test_setup(nonseekable_open_makes_llseek_espipe, reset),
		cmocka_unit_test_setup(ioctl_in_out_and_by_value, reset),
		cmocka_unit_test_setup(bad_user_address_is_efault, reset),
		cmocka_unit_test_setup(open_file_survives_cdev_del, reset),
		cmocka_unit_test_setup(open_file_pins_module, reset),
		cmocka_unit_test_setup(module_without_exit_is_permanent, reset),
		cmocka_unit_test_setup(register_chrdev_serves_minors_0_to_255, reset),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
