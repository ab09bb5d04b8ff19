/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel's rules, checked: each test breaks one on purpose and sees
 * the report in the kernel's words at its own line, once per call site;
 * a clean driver produces none; the summary at unload counts them, and
 * strict mode makes unload fail.
 */
#include <linux/cdev.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/highmem.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/timer.h>
#include <linux/uaccess.h>

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include "test-util.h"
#include <libcdev/direct.h>

/* The library's unload summary (checks.c), reached through the internal library. */
int kcheck_module_unload(struct module *mod, unsigned int deferred_left, bool permanent);

static char logged[8192];

static void log_capture(int priority, const char *fmt, va_list ap)
{
	size_t len = strlen(logged);

	(void)priority;
	vsnprintf(logged + len, sizeof(logged) - len, fmt, ap);
}

static int capture(void **state)
{
	(void)state;
	logged[0] = '\0';
	libcdev_set_log_fn(log_capture, LOG_DEBUG);
	return 0;
}

/* "FILE:LINE" of this file, as the reports spell a call site. */
static int has_site(int line)
{
	char site[32];

	snprintf(site, sizeof(site), "test-kcheck.c:%d", line);
	return strstr(logged, site) != NULL;
}

static int count_of(const char *what)
{
	int n = 0;

	for (const char *p = logged; (p = strstr(p, what)); p++)
		n++;
	return n;
}

/* ---- sleeping in a timer callback ---- */

static int sleep_line;
static DECLARE_COMPLETION(fired);

static void sleepy_timer(struct timer_list *t)
{
	(void)t;
	sleep_line = __LINE__ + 1;
	msleep(1);
	complete(&fired);
}

static void test_sleep_in_timer(void **state)
{
	struct timer_list t;
	unsigned int before = libcdev_check_problems();

	(void)state;
	timer_setup(&t, sleepy_timer, 0);
	for (int i = 0; i < 2; i++) {
		reinit_completion(&fired);
		mod_timer(&t, jiffies);
		assert_true(wait_for_completion_timeout(&fired, msecs_to_jiffies(2000)) > 0);
		del_timer_sync(&t);
	}
	assert_non_null(strstr(logged, "BUG: sleeping function called from invalid context at "));
	assert_true(has_site(sleep_line));
	assert_non_null(strstr(logged, "a timer callback or tasklet"));
	/* Twice broken, reported once, counted twice. */
	assert_int_equal(count_of("BUG: sleeping"), 1);
	assert_int_equal(libcdev_check_problems() - before, 2);
}

/* ---- sleeping under a spinlock ---- */

static void test_sleep_under_spinlock(void **state)
{
	DEFINE_SPINLOCK(lock);
	DEFINE_MUTEX(m);
	void *p, *q;
	int l1, l2;
	char c = 0;

	(void)state;
	spin_lock(&lock);
	l1 = __LINE__ + 1;
	mutex_lock(&m);
	mutex_unlock(&m);
	/* GFP_ATOMIC may be used under a spinlock; GFP_KERNEL may not. */
	q = kmalloc(8, GFP_ATOMIC);
	l2 = __LINE__ + 1;
	p = kmalloc(8, GFP_KERNEL);
	spin_unlock(&lock);
	kfree(p);
	kfree(q);
	assert_true(has_site(l1));
	assert_true(has_site(l2));
	assert_int_equal(count_of("BUG: sleeping"), 2);
	assert_non_null(strstr(logged, "spinlocks held: 1"));
	/* After the unlock, process context again: no report. */
	assert_int_equal(copy_to_user((void __user *)&c, "x", 1), 0);
	assert_int_equal(count_of("BUG: sleeping"), 2);
}

/*
 * Pages: aligned blocks of 2^order pages, zeroed on request; kmap_atomic()
 * is atomic until kunmap_atomic(), so a sleeping allocation between is reported.
 */
static void test_pages_and_kmap_atomic(void **state)
{
	struct page *page = alloc_pages(GFP_KERNEL | __GFP_ZERO, 2);
	unsigned long addr = get_zeroed_page(GFP_KERNEL);
	char *p, buf[4];
	void *q;
	int line;

	(void)state;
	assert_non_null(page);
	assert_int_equal((uintptr_t)page_address(page) % PAGE_SIZE, 0);
	assert_int_equal(((char *)page_address(page))[4 * PAGE_SIZE - 1], 0);
	assert_true(addr && addr % PAGE_SIZE == 0);
	assert_int_equal(*(char *)addr, 0);
	memcpy_to_page(page, 10, "abc", 3);
	memcpy_from_page(buf, page, 10, 3);
	assert_memory_equal(buf, "abc", 3);
	assert_ptr_equal(kmap(page), page_address(page));
	kunmap(page);

	p = kmap_atomic(page);
	assert_true(in_atomic());
	assert_memory_equal(p + 10, "abc", 3);
	line = __LINE__ + 1;
	q = kmalloc(8, GFP_KERNEL);
	kunmap_atomic(p);
	assert_false(in_atomic());
	assert_true(has_site(line));
	assert_int_equal(count_of("BUG: sleeping"), 1);
	kfree(q);
	zero_user(page, 10, 2);
	assert_memory_equal((char *)page_address(page) + 10, "\0\0c", 3);
	__free_pages(page, 2);
	free_page(addr);
	assert_null(alloc_pages(GFP_KERNEL, 11));
}

/* A mutex released out of order, under a spinlock taken after it: still atomic. */
static void test_unlock_out_of_order(void **state)
{
	DEFINE_SPINLOCK(lock);
	DEFINE_MUTEX(m);
	char c = 0;
	int line;

	(void)state;
	mutex_lock(&m);
	spin_lock(&lock);
	mutex_unlock(&m); /* legal: an unlock does not sleep */
	line = __LINE__ + 1;
	assert_int_equal(copy_to_user((void __user *)&c, "x", 1), 0);
	spin_unlock(&lock);
	assert_true(has_site(line));
	assert_int_equal(count_of("BUG: sleeping"), 1);
	assert_int_equal(count_of("bad unlock"), 0);
	/* Both released: process context again. */
	msleep(1);
	assert_int_equal(count_of("BUG: sleeping"), 1);
}

/* ---- unlocking what is not held ---- */

static void test_bad_unlock(void **state)
{
	DEFINE_MUTEX(m);
	int line;

	(void)state;
	line = __LINE__ + 1;
	mutex_unlock(&m);
	assert_non_null(strstr(logged, "WARNING: bad unlock balance detected!"));
	assert_true(has_site(line));
}

/* ---- a lock held when a file operation returns ---- */

static DEFINE_SPINLOCK(dev_lock);
static int held_line;

static ssize_t leaky_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	(void)file, (void)buf, (void)ppos;
	held_line = __LINE__ + 1;
	spin_lock(&dev_lock);
	return (ssize_t)count;
}

static const struct file_operations leaky_fops = {
	.owner = THIS_MODULE,
	.read = leaky_read,
};

static void test_lock_held_on_return(void **state)
{
	struct cdev cdev;
	struct file *f;
	dev_t dev;
	char buf[4];

	test_env_reset(state);
	capture(state);
	assert_int_equal(alloc_chrdev_region(&dev, 0, 1, "leaky"), 0);
	cdev_init(&cdev, &leaky_fops);
	assert_int_equal(cdev_add(&cdev, dev, 1), 0);
	assert_int_equal(cdev_direct_open(dev, O_RDONLY, &f), 0);
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), 4);
	/* The report forgot the lock (the next call starts clean): release it underneath. */
	pthread_mutex_unlock(&dev_lock.m);
	assert_int_equal(cdev_direct_release(f), 0);
	cdev_del(&cdev);
	unregister_chrdev_region(dev, 1);
	assert_non_null(strstr(logged, "WARNING: lock held when returning from file operation"));
	assert_true(has_site(held_line));
}

/* ---- a clean driver ---- */

static DECLARE_COMPLETION(clean_fired);

static void clean_timer(struct timer_list *t)
{
	void *p = kmalloc(16, GFP_ATOMIC);

	(void)t;
	spin_lock(&dev_lock);
	spin_unlock(&dev_lock);
	kfree(p);
	complete(&clean_fired);
}

static void test_clean_driver(void **state)
{
	unsigned int before = libcdev_check_problems();
	struct timer_list t;
	DEFINE_MUTEX(m);
	char *p;

	(void)state;
	mutex_lock(&m);
	p = kstrdup("clean", GFP_KERNEL);
	mutex_unlock(&m);
	kfree(p);
	msleep(1);
	timer_setup(&t, clean_timer, 0);
	mod_timer(&t, jiffies);
	assert_true(wait_for_completion_timeout(&clean_fired, msecs_to_jiffies(2000)) > 0);
	del_timer_sync(&t);
	assert_int_equal(libcdev_check_problems(), before);
	assert_string_equal(logged, "");
}

/* ---- memory not freed, the summary, strict mode ---- */

static void test_leak_summary_strict(void **state)
{
	void *p;
	int line;

	(void)state;
	line = __LINE__ + 1;
	p = kzalloc(24, GFP_KERNEL);
	assert_non_null(p);
	setenv("LIBCDEV_STRICT", "1", 1);
	assert_int_equal(kcheck_module_unload(THIS_MODULE, 0, false), -ENOTRECOVERABLE);
	unsetenv("LIBCDEV_STRICT");
	assert_non_null(strstr(logged, "unreferenced object"));
	assert_non_null(strstr(logged, "(size 24)"));
	assert_true(has_site(line));
	assert_non_null(strstr(logged, "by the kernel's rules: sleeping in atomic context 6, "
				       "lock held on return 1, bad unlock 1"));
	assert_non_null(strstr(logged, "objects not freed 1"));
	/* Reported and forgotten: the module is gone. */
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_sleep_in_timer, capture),
		cmocka_unit_test_setup(test_sleep_under_spinlock, capture),
		cmocka_unit_test_setup(test_pages_and_kmap_atomic, capture),
		cmocka_unit_test_setup(test_unlock_out_of_order, capture),
		cmocka_unit_test_setup(test_bad_unlock, capture),
		cmocka_unit_test(test_lock_held_on_return),
		cmocka_unit_test_setup(test_clean_driver, capture),
		cmocka_unit_test_setup(test_leak_summary_strict, capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
