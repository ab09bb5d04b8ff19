/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Thread safety: 8 threads open, read and release a device while another
 * thread deletes and re-adds its cdev over and over. Every open either
 * succeeds and then works, or fails with -ENXIO; every successful open is
 * released exactly once; every cdev is freed (LSan) and never used after
 * being freed (ASan); the owner's count returns to zero.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "test-util.h"

#define READERS	   8
#define ROUNDS	   20000
/* Readers go on past ROUNDS until the churner has done this many cycles: a
 * churner the scheduler starves (under the sanitizers, a loaded machine)
 * would otherwise leave them nothing to open. */
#define MIN_CYCLES 20
#define DEV	   MKDEV(241, 3)

static struct module mod = { .name = "stress", .refcnt = MODULE_REF_BASE };
static int opens, releases, reads;
static int stop;

static int stress_open(struct inode *inode, struct file *filp)
{
	/* The cdev this file was opened through must still be readable here. */
	filp->private_data = (void *)(unsigned long)inode->i_cdev->count;
	__atomic_add_fetch(&opens, 1, __ATOMIC_RELAXED);
	return 0;
}

static int stress_release(struct inode *inode, struct file *filp)
{
	(void)inode, (void)filp;
	__atomic_add_fetch(&releases, 1, __ATOMIC_RELAXED);
	return 0;
}

static ssize_t stress_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	char c = 'x';

	(void)filp;
	if (count == 0)
		return 0;
	if (copy_to_user(buf, &c, 1))
		return -EFAULT;
	*ppos += 1;
	__atomic_add_fetch(&reads, 1, __ATOMIC_RELAXED);
	return 1;
}

static const struct file_operations stress_fops = {
	.owner = &mod,
	.open = stress_open,
	.release = stress_release,
	.read = stress_read,
};

static int cycles_done;

struct reader_count {
	long enxio;
	long rounds;
};

static void *reader(void *arg)
{
	struct reader_count *rc = arg;
	long *enxio = &rc->enxio;

	for (long i = 0; i < ROUNDS || __atomic_load_n(&cycles_done, __ATOMIC_RELAXED) < MIN_CYCLES;
	     i++) {
		rc->rounds++;
		struct file *f;
		char c;
		int err = cdev_direct_open(DEV, O_RDONLY, &f);

		if (err == -ENXIO) {
			(*enxio)++;
			continue;
		}
		if (err != 0)
			return (void *)"open failed with an unexpected error";
		if (cdev_direct_read(f, &c, 1) != 1 || c != 'x')
			return (void *)"read on an open file failed";
		if (f->f_pos != 1)
			return (void *)"f_pos not advanced";
		cdev_direct_release(f);
	}
	return NULL;
}

static struct cdev *add_one(void)
{
	struct cdev *c = cdev_alloc();

	assert_non_null(c);
	c->owner = &mod;
	c->ops = &stress_fops;
	assert_int_equal(cdev_add(c, DEV - 1, 4), 0);
	return c;
}

static void *churner(void *arg)
{
	int *cycles = arg;

	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		struct cdev *c = add_one();
		/* Live for a moment, so opens find it however the threads are scheduled. */
		struct timespec live = { 0, 100 * 1000 };

		nanosleep(&live, NULL);
		cdev_del(c);
		(*cycles)++;
		__atomic_store_n(&cycles_done, *cycles, __ATOMIC_RELAXED);
	}
	return NULL;
}

static void open_read_release_while_deleting(void **state)
{
	pthread_t readers[READERS], churn;
	struct reader_count counts[READERS] = { 0 };
	long total_enxio = 0, total_rounds = 0;
	int cycles = 0;
	void *ret;

	(void)state;
	assert_int_equal(pthread_create(&churn, NULL, churner, &cycles), 0);
	for (int i = 0; i < READERS; i++)
		assert_int_equal(pthread_create(&readers[i], NULL, reader, &counts[i]), 0);
	for (int i = 0; i < READERS; i++) {
		assert_int_equal(pthread_join(readers[i], &ret), 0);
		if (ret)
			fail_msg("reader %d: %s", i, (const char *)ret);
		total_enxio += counts[i].enxio;
		total_rounds += counts[i].rounds;
	}
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	assert_int_equal(pthread_join(churn, NULL), 0);

	print_message("cycles of cdev_del+cdev_add: %d, opens: %d, -ENXIO: %ld\n", cycles, opens,
		      total_enxio);
	assert_int_equal(opens + total_enxio, total_rounds);
	assert_true(total_rounds >= READERS * ROUNDS);
	assert_int_equal(opens, releases);
	assert_int_equal(opens, reads);
	assert_true(cycles > 0);
	assert_true(opens > 0);
	assert_int_equal(module_refcount(&mod), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(open_read_release_while_deleting),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
