/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Wait queues, poll and interrupts through the direct backend, with a
 * one-byte pipe driver: a blocked reader is woken by a writer, poll sleeps
 * until a wake-up, an interrupt of the reader's task ends its wait with EINTR,
 * O_NONBLOCK gives -EAGAIN, and timed waits time out.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include "test-util.h"

#define DEV MKDEV(242, 0)

static struct {
	struct cdev cdev;
	pthread_mutex_t lock;
	wait_queue_head_t inq;
	int full;
	char byte;
} pipe_dev;

static bool pipe_has_data(void)
{
	bool full;

	/* Conditions may take the driver's own lock: no queue lock is held here. */
	pthread_mutex_lock(&pipe_dev.lock);
	full = pipe_dev.full;
	pthread_mutex_unlock(&pipe_dev.lock);
	return full;
}

static ssize_t pipe_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	char c;

	(void)ppos;
	if (count == 0)
		return 0;
	for (;;) {
		pthread_mutex_lock(&pipe_dev.lock);
		if (pipe_dev.full)
			break;
		pthread_mutex_unlock(&pipe_dev.lock);
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (wait_event_interruptible(pipe_dev.inq, pipe_has_data()))
			return -ERESTARTSYS;
	}
	c = pipe_dev.byte;
	pipe_dev.full = 0;
	pthread_mutex_unlock(&pipe_dev.lock);
	return copy_to_user(buf, &c, 1) ? -EFAULT : 1;
}

static ssize_t pipe_write(struct file *filp, const char __user *buf, size_t count, loff_t *ppos)
{
	(void)filp, (void)ppos;
	if (count == 0)
		return 0;
	pthread_mutex_lock(&pipe_dev.lock);
	if (copy_from_user(&pipe_dev.byte, buf, 1)) {
		pthread_mutex_unlock(&pipe_dev.lock);
		return -EFAULT;
	}
	pipe_dev.full = 1;
	pthread_mutex_unlock(&pipe_dev.lock);
	wake_up_interruptible(&pipe_dev.inq);
	return 1;
}

static __poll_t pipe_poll(struct file *filp, poll_table *wait)
{
	poll_wait(filp, &pipe_dev.inq, wait);
	return (pipe_has_data() ? POLLIN | POLLRDNORM : 0) | POLLOUT | POLLWRNORM;
}

static const struct file_operations pipe_fops = {
	.read = pipe_read,
	.write = pipe_write,
	.poll = pipe_poll,
};

static int pipe_setup(void **state)
{
	(void)state;
	pthread_mutex_init(&pipe_dev.lock, NULL);
	init_waitqueue_head(&pipe_dev.inq);
	pipe_dev.full = 0;
	cdev_init(&pipe_dev.cdev, &pipe_fops);
	return cdev_add(&pipe_dev.cdev, DEV, 1);
}

static int pipe_teardown(void **state)
{
	(void)state;
	cdev_del(&pipe_dev.cdev);
	return 0;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

struct reader_result {
	struct task_struct *task;
	ssize_t ret;
	char c;
	int started;
};

static void *blocking_reader(void *arg)
{
	struct reader_result *r = arg;
	struct file *f;

	r->task = current;
	if (cdev_direct_open(DEV, O_RDONLY, &f)) {
		r->ret = -1000;
		return NULL;
	}
	__atomic_store_n(&r->started, 1, __ATOMIC_RELEASE);
	r->ret = cdev_direct_read(f, &r->c, 1);
	cdev_direct_release(f);
	return NULL;
}

static void wait_for_start(struct reader_result *r)
{
	while (!__atomic_load_n(&r->started, __ATOMIC_ACQUIRE))
		sleep_ms(1);
	sleep_ms(50); /* let it reach the wait; the test holds either way */
}

static void blocked_reader_woken_by_writer(void **state)
{
	struct reader_result r = { 0 };
	struct file *w;
	pthread_t t;

	(void)state;
	assert_int_equal(pthread_create(&t, NULL, blocking_reader, &r), 0);
	wait_for_start(&r);
	assert_int_equal(cdev_direct_open(DEV, O_WRONLY, &w), 0);
	assert_int_equal(cdev_direct_write(w, "z", 1), 1);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_int_equal(r.ret, 1);
	assert_int_equal(r.c, 'z');
	cdev_direct_release(w);
}

static void interrupt_gives_eintr(void **state)
{
	struct reader_result r = { 0 };
	pthread_t t;

	(void)state;
	assert_int_equal(pthread_create(&t, NULL, blocking_reader, &r), 0);
	wait_for_start(&r);
	libcdev_task_interrupt(r.task);
	assert_int_equal(pthread_join(t, NULL), 0);
	/* -ERESTARTSYS inside, EINTR for the caller, as the kernel's syscall exit. */
	assert_int_equal(r.ret, -EINTR);
}

static void nonblocking_read_is_eagain(void **state)
{
	struct file *f;
	char c;

	(void)state;
	assert_int_equal(cdev_direct_open(DEV, O_RDONLY | O_NONBLOCK, &f), 0);
	assert_int_equal(cdev_direct_read(f, &c, 1), -EAGAIN);
	cdev_direct_release(f);
}

static void *delayed_writer(void *arg)
{
	struct file *w;

	(void)arg;
	sleep_ms(100);
	if (cdev_direct_open(DEV, O_WRONLY, &w) == 0) {
		cdev_direct_write(w, "p", 1);
		cdev_direct_release(w);
	}
	return NULL;
}

static void poll_sleeps_until_wake_up(void **state)
{
	struct file *f;
	pthread_t t;
	char c;

	(void)state;
	assert_int_equal(cdev_direct_open(DEV, O_RDONLY, &f), 0);
	assert_int_equal(cdev_direct_poll(f) & POLLIN, 0);
	assert_int_equal(cdev_direct_poll_wait(f, POLLIN, 50), 0); /* times out */
	assert_int_equal(pthread_create(&t, NULL, delayed_writer, NULL), 0);
	assert_int_equal(cdev_direct_poll_wait(f, POLLIN, 10000) & POLLIN, POLLIN);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_int_equal(cdev_direct_read(f, &c, 1), 1);
	assert_int_equal(c, 'p');
	assert_false(waitqueue_active(&pipe_dev.inq)); /* poll entries removed */
	cdev_direct_release(f);
}

static void timed_wait_times_out_or_returns_time_left(void **state)
{
	DECLARE_WAIT_QUEUE_HEAD(wq);
	long left;
	int flag = 0;

	(void)state;
	left = wait_event_interruptible_timeout(wq, flag != 0, msecs_to_jiffies(30));
	assert_int_equal(left, 0);
	flag = 1;
	left = wait_event_interruptible_timeout(wq, flag != 0, msecs_to_jiffies(5000));
	assert_true(left > 0 && left <= 5000);
	assert_int_equal(wait_event_interruptible(wq, flag == 1), 0);
}

static void capable_reads_own_credentials(void **state)
{
	(void)state;
	assert_int_equal(current->tgid, getpid());
	assert_int_equal(__kuid_val(current_euid()), geteuid());
	/* CAP_SYS_ADMIN (21): what the effective set says, root or not. */
	assert_int_equal(capable(21), geteuid() == 0);
	assert_false(capable(99));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(blocked_reader_woken_by_writer),
		cmocka_unit_test(interrupt_gives_eintr),
		cmocka_unit_test(nonblocking_read_is_eagain),
		cmocka_unit_test(poll_sleeps_until_wake_up),
		cmocka_unit_test(timed_wait_times_out_or_returns_time_left),
		cmocka_unit_test(capable_reads_own_credentials),
	};
	int ret;

	if (test_env_setup(NULL) || pipe_setup(NULL))
		return 1;
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	pipe_teardown(NULL);
	test_env_teardown(NULL);
	return ret;
}
