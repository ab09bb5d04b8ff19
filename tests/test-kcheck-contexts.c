/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel's rules, checked in every context the kernel forbids sleeping
 * in: each sleeping call a driver makes (mutex_lock, copy_to_user,
 * kmalloc(GFP_KERNEL), msleep, wait_event, and the helpers that copy to
 * and from the caller: kfifo, simple buffers, iterators) is counted in a hard IRQ handler, a timer callback,
 * a tasklet and under a spinlock, reported once at the driver's own line,
 * and never in process context. A lock still held when each kind of
 * callback returns is reported with the place it was taken; so is
 * unlocking a spinlock not held.
 */
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/kfifo.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/timer.h>
#include <linux/uaccess.h>
#include <linux/uio.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include <stdio.h>
#include <string.h>

#include "test-util.h"

#define WAIT_MS 2000

/* Reported at this file's @line (the path before it is the build's). */
static bool reported_at(int line, const char *after)
{
	char site[160];

	snprintf(site, sizeof(site), "test-kcheck-contexts.c:%d%s", line, after);
	return strstr(test_log_peek(), site) != NULL;
}

#define SLEEP_BUG "BUG: sleeping function called from invalid context at "

static int count_of(const char *what)
{
	int n = 0;

	for (const char *p = test_log_peek(); (p = strstr(p, what)); p++)
		n++;
	return n;
}

/* ---- the sleeping calls, one call site each ---- */

enum sleeper {
	S_MUTEX,
	S_COPY_TO_USER,
	S_KMALLOC,
	S_MSLEEP,
	S_WAIT_EVENT,
	S_KFIFO_TO_USER,
	S_SIMPLE_READ,
	S_COPY_TO_ITER,
	SLEEPERS
};

static const char *const sleeper_name[SLEEPERS] = {
	"mutex_lock", "copy_to_user",  "kmalloc(GFP_KERNEL)",	  "msleep",
	"wait_event", "kfifo_to_user", "simple_read_from_buffer", "copy_to_iter",
};

static DEFINE_MUTEX(some_mutex);
static DECLARE_WAIT_QUEUE_HEAD(some_wq);
static DEFINE_KFIFO(some_fifo, char, 8);
static int sleeper_line[SLEEPERS];

static void sleep_by(enum sleeper s)
{
	char c = 0, user[4];
	struct iovec seg = { user, sizeof(user) };
	struct iov_iter iter;
	loff_t pos = 0;
	unsigned int copied;
	void *p;

	switch (s) {
	case S_MUTEX:
		sleeper_line[s] = __LINE__ + 1;
		mutex_lock(&some_mutex);
		mutex_unlock(&some_mutex);
		break;
	case S_COPY_TO_USER:
		sleeper_line[s] = __LINE__ + 1;
		(void)!copy_to_user((void __user *)&c, "x", 1);
		break;
	case S_KMALLOC:
		sleeper_line[s] = __LINE__ + 1;
		p = kmalloc(8, GFP_KERNEL);
		kfree(p);
		break;
	case S_MSLEEP:
		sleeper_line[s] = __LINE__ + 1;
		msleep(1);
		break;
	case S_WAIT_EVENT:
		/* The condition holds: it would not sleep now, and it is still reported. */
		sleeper_line[s] = __LINE__ + 1;
		wait_event(some_wq, true);
		break;
	case S_KFIFO_TO_USER:
		sleeper_line[s] = __LINE__ + 1;
		(void)!kfifo_to_user(&some_fifo, (void __user *)user, sizeof(user), &copied);
		break;
	case S_SIMPLE_READ:
		sleeper_line[s] = __LINE__ + 1;
		(void)!simple_read_from_buffer((void __user *)user, 1, &pos, "x", 1);
		break;
	case S_COPY_TO_ITER:
		iov_iter_init(&iter, ITER_DEST, &seg, 1, sizeof(user));
		sleeper_line[s] = __LINE__ + 1;
		(void)!copy_to_iter("ab", 2, &iter);
		break;
	case SLEEPERS:
		break;
	}
}

/* ---- the contexts ---- */

static enum sleeper current_sleeper;
static DECLARE_COMPLETION(ran);

static irqreturn_t sleepy_irq(int irq, void *dev_id)
{
	sleep_by(current_sleeper);
	return IRQ_HANDLED;
}

static void sleepy_timer(struct timer_list *t)
{
	sleep_by(current_sleeper);
	complete(&ran);
}

static void sleepy_tasklet(struct tasklet_struct *t)
{
	sleep_by(current_sleeper);
	complete(&ran);
}

enum context { C_IRQ, C_TIMER, C_TASKLET, C_SPINLOCK, C_PROCESS, CONTEXTS };

static const char *const context_name[CONTEXTS] = {
	"an interrupt handler",
	"a timer callback or tasklet",
	"a timer callback or tasklet",
	"process context, spinlocks held: 1",
	"process context",
};

#define SLEEPY_IRQ 60

static void sleep_in(enum context ctx, enum sleeper s)
{
	static DEFINE_SPINLOCK(lock);
	struct tasklet_struct tl;
	struct timer_list t;

	current_sleeper = s;
	reinit_completion(&ran);
	switch (ctx) {
	case C_IRQ:
		assert_int_equal(libcdev_irq_raise(SLEEPY_IRQ), 0);
		synchronize_irq(SLEEPY_IRQ);
		return;
	case C_TIMER:
		timer_setup(&t, sleepy_timer, 0);
		mod_timer(&t, jiffies);
		assert_true(wait_for_completion_timeout(&ran, msecs_to_jiffies(WAIT_MS)) > 0);
		del_timer_sync(&t);
		return;
	case C_TASKLET:
		tasklet_setup(&tl, sleepy_tasklet);
		tasklet_schedule(&tl);
		assert_true(wait_for_completion_timeout(&ran, msecs_to_jiffies(WAIT_MS)) > 0);
		tasklet_kill(&tl);
		return;
	case C_SPINLOCK:
		spin_lock(&lock);
		sleep_by(s);
		spin_unlock(&lock);
		return;
	case C_PROCESS:
	case CONTEXTS:
		sleep_by(s);
		return;
	}
}

static void test_every_sleeper_in_every_atomic_context(void **state)
{
	(void)state;
	assert_int_equal(request_irq(SLEEPY_IRQ, sleepy_irq, 0, "sleepy", &current_sleeper), 0);
	for (int ctx = 0; ctx < CONTEXTS; ctx++)
		for (int s = 0; s < SLEEPERS; s++) {
			unsigned int before = libcdev_check_problems();

			sleep_in(ctx, s);
			if (libcdev_check_problems() - before != (ctx == C_PROCESS ? 0U : 1U))
				fail_msg("%s in %s: %u problems counted", sleeper_name[s],
					 context_name[ctx], libcdev_check_problems() - before);
			/* Reported the first time, at this file's line: the driver's call site. */
			if (ctx == C_IRQ && !reported_at(sleeper_line[s], "\nin_atomic(): 1"))
				fail_msg("%s in an IRQ handler: not reported at its line; log:\n%s",
					 sleeper_name[s], test_log_peek());
		}
	free_irq(SLEEPY_IRQ, &current_sleeper);
	/* Once per call site, however often and wherever it ran. */
	assert_int_equal(count_of(SLEEP_BUG), SLEEPERS);
	assert_int_equal(count_of("in an interrupt handler"), SLEEPERS);
}

/* Each context on its own call site: the report names it. */
static void test_context_named(void **state)
{
	static DEFINE_SPINLOCK(lock);
	int line;

	(void)state;
	spin_lock(&lock);
	line = __LINE__ + 1;
	msleep(1);
	spin_unlock(&lock);
	assert_non_null(strstr(test_log_peek(), SLEEP_BUG));
	assert_true(reported_at(line, "\nin_atomic(): 1"));
	assert_non_null(strstr(test_log_peek(), "in process context, spinlocks held: 1"));
}

/* ---- a lock held when a callback returns ---- */

static int taken_line[5];
static DECLARE_COMPLETION(returned);

/* Each takes a lock of its own and never releases it: the bug under test. */
static void holding_timer(struct timer_list *t)
{
	static DEFINE_SPINLOCK(l);

	taken_line[0] = __LINE__ + 1;
	spin_lock(&l);
	complete(&returned);
}

static void holding_tasklet(struct tasklet_struct *t)
{
	static DEFINE_SPINLOCK(l);

	taken_line[1] = __LINE__ + 1;
	spin_lock(&l);
	complete(&returned);
}

static void holding_work(struct work_struct *w)
{
	static DEFINE_MUTEX(m);

	taken_line[2] = __LINE__ + 1;
	mutex_lock(&m);
}

static int holding_kthread(void *data)
{
	static DEFINE_MUTEX(m);

	taken_line[3] = __LINE__ + 1;
	mutex_lock(&m);
	return 0;
}

static irqreturn_t holding_irq(int irq, void *dev_id)
{
	static DEFINE_SPINLOCK(l);

	taken_line[4] = __LINE__ + 1;
	spin_lock(&l);
	return IRQ_HANDLED;
}

static void test_lock_held_when_callbacks_return(void **state)
{
	static const char *const what[5] = {
		"timer callback", "tasklet", "work", "kthread", "IRQ handler",
	};
	struct timer_list t;
	struct tasklet_struct tl;
	struct work_struct w;
	struct task_struct *k;
	unsigned int before = libcdev_check_problems();
	char want[96];

	(void)state;
	timer_setup(&t, holding_timer, 0);
	mod_timer(&t, jiffies);
	assert_true(wait_for_completion_timeout(&returned, msecs_to_jiffies(WAIT_MS)) > 0);
	del_timer_sync(&t);
	reinit_completion(&returned);
	tasklet_setup(&tl, holding_tasklet);
	tasklet_schedule(&tl);
	assert_true(wait_for_completion_timeout(&returned, msecs_to_jiffies(WAIT_MS)) > 0);
	tasklet_kill(&tl);
	INIT_WORK(&w, holding_work);
	schedule_work(&w);
	flush_work(&w);
	k = kthread_run(holding_kthread, NULL, "holder");
	assert_false(IS_ERR(k));
	assert_int_equal(kthread_stop(k), 0);
	assert_int_equal(request_irq(SLEEPY_IRQ + 1, holding_irq, 0, "holder", &t), 0);
	assert_int_equal(libcdev_irq_raise(SLEEPY_IRQ + 1), 0);
	synchronize_irq(SLEEPY_IRQ + 1);
	free_irq(SLEEPY_IRQ + 1, &t);

	for (int i = 0; i < 5; i++) {
		snprintf(want, sizeof(want), "WARNING: lock held when returning from %s ", what[i]);
		if (!strstr(test_log_peek(), want))
			fail_msg("no report for a %s; log:\n%s", what[i], test_log_peek());
		snprintf(want, sizeof(want), "test-kcheck-contexts.c:%d is still held",
			 taken_line[i]);
		if (!strstr(test_log_peek(), want))
			fail_msg("the %s's lock: not reported where it was taken", what[i]);
	}
	/* The tasklet's and the timer's run on one thread: each report is its own. */
	assert_int_equal(libcdev_check_problems() - before, 5);
}

/* ---- a spinlock released that is not held ---- */

static void test_spin_unlock_not_held(void **state)
{
	static DEFINE_SPINLOCK(lock);
	int line;

	(void)state;
	line = __LINE__ + 1;
	spin_unlock(&lock);
	assert_non_null(strstr(test_log_peek(), "WARNING: bad unlock balance detected!"));
	assert_true(reported_at(line, " releases spinlock "));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_every_sleeper_in_every_atomic_context,
				       test_env_capture),
		cmocka_unit_test_setup(test_context_named, test_env_capture),
		cmocka_unit_test_setup(test_lock_held_when_callbacks_return, test_env_capture),
		cmocka_unit_test_setup(test_spin_unlock_not_held, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
