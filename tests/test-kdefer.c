/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Deferred work as a driver written for the kernel uses it, through the
 * kernel-compatible headers: timers fire in the order of their expiry, in
 * atomic context, and are cancelled; work runs in process context, never
 * twice at once, and is flushed and cancelled; delayed work waits for its
 * timer; kernel threads start when woken and stop when told; tasklets run
 * once per scheduling; kfifo wraps around its end and moves data to and
 * from the caller; module unload cancels and reports what a driver left.
 *
 * Waits for another thread are bounded loops on a completion or a flag:
 * a broken implementation fails the test instead of hanging it.
 */
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/kfifo.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/timer.h>
#include <linux/workqueue.h>

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <syslog.h>
#include <cmocka.h>

#include <libcdev/libcdev.h>

/* Bounded: two seconds for what should take milliseconds. */
#define WAIT_MS 2000

static void wait_done(struct completion *c)
{
	assert_true(wait_for_completion_timeout(c, msecs_to_jiffies(WAIT_MS)) > 0);
}

/* ---- timers ---- */

struct ticker {
	struct timer_list timer;
	int id;
	int *order;
	atomic_t *n;
	bool atomic_ctx;
	struct completion *all;
	int want;
};

static void ticker_fn(struct timer_list *t)
{
	struct ticker *tk = from_timer(tk, t, timer);
	int i = atomic_inc_return(tk->n) - 1;

	tk->order[i] = tk->id;
	tk->atomic_ctx = in_atomic() && in_softirq() && !in_task();
	if (i + 1 == tk->want)
		complete(tk->all);
}

static void test_timers_fire_in_order(void **state)
{
	int order[3] = { -1, -1, -1 };
	atomic_t n = ATOMIC_INIT(0);
	DECLARE_COMPLETION(all);
	struct ticker tk[3];
	unsigned long now = jiffies;
	/* Armed out of order: 3rd, 1st, 2nd. */
	const unsigned long delay[3] = { 60, 20, 40 };

	(void)state;
	for (int i = 0; i < 3; i++) {
		tk[i] = (struct ticker){ .id = i, .order = order, .n = &n, .all = &all, .want = 3 };
		timer_setup(&tk[i].timer, ticker_fn, 0);
		assert_int_equal(mod_timer(&tk[i].timer, now + delay[i]), 0);
		assert_true(timer_pending(&tk[i].timer));
	}
	wait_done(&all);
	assert_int_equal(order[0], 1);
	assert_int_equal(order[1], 2);
	assert_int_equal(order[2], 0);
	for (int i = 0; i < 3; i++) {
		assert_true(tk[i].atomic_ctx);
		assert_false(timer_pending(&tk[i].timer));
		assert_int_equal(del_timer_sync(&tk[i].timer), 0);
	}
	/* None fired early: the last, 60 ms out, ran no earlier than that. */
	assert_true(time_after_eq(jiffies, now + 60));
}

static void test_timer_cancel_and_modify(void **state)
{
	int order[2] = { -1, -1 };
	atomic_t n = ATOMIC_INIT(0);
	DECLARE_COMPLETION(all);
	struct ticker a = { .id = 0, .order = order, .n = &n, .all = &all, .want = 1 };
	struct ticker b = { .id = 1, .order = order, .n = &n, .all = &all, .want = 1 };

	(void)state;
	timer_setup(&a.timer, ticker_fn, 0);
	timer_setup(&b.timer, ticker_fn, 0);
	mod_timer(&a.timer, jiffies + 30);
	mod_timer(&b.timer, jiffies + 10000);
	/* Cancelled before it fires: it never does. */
	assert_int_equal(timer_delete_sync(&a.timer), 1);
	assert_int_equal(del_timer(&a.timer), 0);
	/* Moved from 10 s to now: mod_timer() of a pending timer says 1. */
	assert_int_equal(mod_timer(&b.timer, jiffies), 1);
	wait_done(&all);
	msleep(60); /* past a's old expiry */
	assert_int_equal(atomic_read(&n), 1);
	assert_int_equal(order[0], 1);
	/* Shut down: re-arming does nothing. */
	timer_shutdown_sync(&b.timer);
	mod_timer(&b.timer, jiffies);
	assert_false(timer_pending(&b.timer));
}

struct slow_timer {
	struct timer_list timer;
	struct completion entered;
	int finished;
};

static void slow_timer_fn(struct timer_list *t)
{
	struct slow_timer *st = from_timer(st, t, timer);

	complete(&st->entered);
	/* Busy (atomic context forbids sleeping): 50 ms. */
	for (unsigned long end = jiffies + 50; time_before(jiffies, end);)
		;
	WRITE_ONCE(st->finished, 1);
}

static void test_timer_delete_sync_waits(void **state)
{
	struct slow_timer st = { .finished = 0 };

	(void)state;
	init_completion(&st.entered);
	timer_setup(&st.timer, slow_timer_fn, 0);
	mod_timer(&st.timer, jiffies);
	wait_done(&st.entered);
	/* Running, no longer pending: del_timer_sync() returns 0 after the callback ended. */
	assert_int_equal(del_timer_sync(&st.timer), 0);
	assert_int_equal(READ_ONCE(st.finished), 1);
}

/* ---- work queues ---- */

struct job {
	struct work_struct work;
	atomic_t runs;
	atomic_t inside; /* >1 would mean two workers at once */
	int overlap;
	bool process_ctx;
	struct completion started;
	struct completion release;
	bool block;
};

static void job_fn(struct work_struct *work)
{
	struct job *j = container_of(work, struct job, work);

	if (atomic_inc_return(&j->inside) > 1)
		j->overlap = 1;
	j->process_ctx = in_task() && !in_atomic();
	complete(&j->started);
	if (j->block)
		wait_for_completion(&j->release);
	else
		msleep(5); /* sleeping is allowed in process context */
	atomic_inc(&j->runs);
	atomic_dec(&j->inside);
}

static void job_init(struct job *j, bool block)
{
	memset(j, 0, sizeof(*j));
	INIT_WORK(&j->work, job_fn);
	init_completion(&j->started);
	init_completion(&j->release);
	j->block = block;
}

static void test_work_runs_and_flushes(void **state)
{
	struct job j;

	(void)state;
	job_init(&j, false);
	assert_true(schedule_work(&j.work));
	flush_work(&j.work);
	assert_int_equal(atomic_read(&j.runs), 1);
	assert_true(j.process_ctx);
	assert_false(work_pending(&j.work));
	/* Idle: nothing to wait for. */
	assert_false(flush_work(&j.work));
}

static void test_work_requeued_while_running(void **state)
{
	struct job j;

	(void)state;
	job_init(&j, true);
	assert_true(schedule_work(&j.work));
	wait_done(&j.started);
	/* Running and not pending: queued again, once; a second queueing is refused. */
	assert_true(schedule_work(&j.work));
	assert_false(schedule_work(&j.work));
	assert_int_equal(work_busy(&j.work), WORK_BUSY_PENDING | WORK_BUSY_RUNNING);
	complete_all(&j.release);
	flush_work(&j.work);
	assert_int_equal(atomic_read(&j.runs), 2);
	assert_int_equal(j.overlap, 0);
}

static void test_cancel_work_sync(void **state)
{
	struct workqueue_struct *wq = alloc_ordered_workqueue("test-%d", 0, 1);
	struct job a, b;

	(void)state;
	assert_non_null(wq);
	job_init(&a, true);
	job_init(&b, false);
	queue_work(wq, &a.work);
	wait_done(&a.started);
	/* b waits behind a on the ordered queue: cancelled before it ran. */
	assert_true(queue_work(wq, &b.work));
	assert_true(cancel_work_sync(&b.work));
	assert_false(cancel_work_sync(&b.work));
	complete_all(&a.release);
	/* a was running, not pending: cancel_work_sync() waits and says false. */
	assert_false(cancel_work_sync(&a.work));
	assert_int_equal(atomic_read(&a.runs), 1);
	assert_int_equal(atomic_read(&b.runs), 0);
	destroy_workqueue(wq);
}

static void test_flush_workqueue_and_destroy(void **state)
{
	struct workqueue_struct *wq = alloc_workqueue("flush-test", WQ_UNBOUND, 4);
	static struct job jobs[8]; /* off the stack: kbuild's -Wframe-larger-than=2048 */

	(void)state;
	assert_non_null(wq);
	for (int i = 0; i < 8; i++) {
		job_init(&jobs[i], false);
		assert_true(queue_work(wq, &jobs[i].work));
	}
	flush_workqueue(wq);
	for (int i = 0; i < 8; i++)
		assert_int_equal(atomic_read(&jobs[i].runs), 1);
	/* destroy_workqueue() drains what is still queued. */
	for (int i = 0; i < 8; i++)
		queue_work(wq, &jobs[i].work);
	destroy_workqueue(wq);
	for (int i = 0; i < 8; i++)
		assert_int_equal(atomic_read(&jobs[i].runs), 2);
}

struct later {
	struct delayed_work dwork;
	unsigned long ran_at;
	struct completion done;
};

static void later_fn(struct work_struct *work)
{
	struct later *l = container_of(to_delayed_work(work), struct later, dwork);

	l->ran_at = jiffies;
	complete(&l->done);
}

static void test_delayed_work(void **state)
{
	struct later l;
	unsigned long start;

	(void)state;
	init_completion(&l.done);
	INIT_DELAYED_WORK(&l.dwork, later_fn);
	start = jiffies;
	assert_true(schedule_delayed_work(&l.dwork, msecs_to_jiffies(40)));
	assert_true(delayed_work_pending(&l.dwork));
	assert_false(schedule_delayed_work(&l.dwork, 0));
	wait_done(&l.done);
	assert_true(time_after_eq(l.ran_at, start + 40));

	/* Cancelled while its timer waits: it never runs. */
	reinit_completion(&l.done);
	assert_true(schedule_delayed_work(&l.dwork, msecs_to_jiffies(30)));
	assert_true(cancel_delayed_work_sync(&l.dwork));
	msleep(50);
	assert_false(completion_done(&l.done));

	/* Flushed while its timer waits: it runs at once. */
	start = jiffies;
	assert_true(schedule_delayed_work(&l.dwork, msecs_to_jiffies(10000)));
	flush_delayed_work(&l.dwork);
	assert_true(completion_done(&l.done));
	assert_true(time_before(jiffies, start + 5000));

	/* mod_delayed_work() brings a far one near. */
	reinit_completion(&l.done);
	assert_true(schedule_delayed_work(&l.dwork, msecs_to_jiffies(10000)));
	assert_true(mod_delayed_work(system_wq, &l.dwork, 0));
	wait_done(&l.done);
}

/* ---- kernel threads ---- */

struct worker_state {
	atomic_t loops;
	DECLARE_KFIFO(fifo, int, 8);
	wait_queue_head_t wq;
	bool saw_current;
	struct completion done;
};

static int sleeper_fn(void *data)
{
	struct worker_state *ws = data;

	ws->saw_current = !strcmp(current->comm, "sleeper/7");
	while (!kthread_should_stop()) {
		atomic_inc(&ws->loops);
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop())
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	return 42;
}

static void test_kthread_stop_wakes_schedule(void **state)
{
	struct worker_state ws = { .loops = ATOMIC_INIT(0) };
	struct task_struct *k = kthread_create(sleeper_fn, &ws, "sleeper/%d", 7);

	(void)state;
	assert_false(IS_ERR(k));
	msleep(20);
	/* Created stopped: it has not run. */
	assert_int_equal(atomic_read(&ws.loops), 0);
	wake_up_process(k);
	for (int i = 0; i < WAIT_MS && atomic_read(&ws.loops) == 0; i++)
		msleep(1);
	assert_true(atomic_read(&ws.loops) >= 1);
	assert_int_equal(kthread_stop(k), 42);
	assert_true(ws.saw_current);
}

static int consumer_fn(void *data)
{
	struct worker_state *ws = data;
	int v;

	for (;;) {
		wait_event(ws->wq, !kfifo_is_empty(&ws->fifo) || kthread_should_stop());
		if (kthread_should_stop())
			break;
		while (kfifo_get(&ws->fifo, &v))
			atomic_add(v, &ws->loops);
	}
	return 0;
}

static void test_kthread_run_wait_event(void **state)
{
	struct worker_state ws = { .loops = ATOMIC_INIT(0) };
	struct task_struct *k;

	(void)state;
	INIT_KFIFO(ws.fifo);
	init_waitqueue_head(&ws.wq);
	k = kthread_run(consumer_fn, &ws, "consumer");
	assert_false(IS_ERR(k));
	for (int v = 1; v <= 4; v++) {
		assert_int_equal(kfifo_put(&ws.fifo, v), 1);
		wake_up(&ws.wq);
	}
	for (int i = 0; i < WAIT_MS && atomic_read(&ws.loops) != 10; i++)
		msleep(1);
	assert_int_equal(atomic_read(&ws.loops), 10);
	/* Asleep in an uninterruptible wait_event(): kthread_stop() still ends it. */
	assert_int_equal(kthread_stop(k), 0);
}

static int never_started_fn(void *data)
{
	*(int *)data = 1;
	return 0;
}

static void test_kthread_stop_before_start(void **state)
{
	int ran = 0;
	struct task_struct *k = kthread_create(never_started_fn, &ran, "idle");

	(void)state;
	assert_false(IS_ERR(k));
	assert_int_equal(kthread_stop(k), -EINTR);
	assert_int_equal(ran, 0);
}

/* kthread_complete_and_exit(): the thread ends there, after completing; kthread_stop() gets its code. */
static int finisher_fn(void *data)
{
	struct worker_state *ws = data;

	atomic_inc(&ws->loops);
	kthread_complete_and_exit(&ws->done, 7);
	atomic_inc(&ws->loops); /* never reached */
	return 0;
}

static void test_kthread_complete_and_exit(void **state)
{
	struct worker_state ws = { .loops = ATOMIC_INIT(0) };
	struct task_struct *k;

	(void)state;
	init_completion(&ws.done);
	k = kthread_run(finisher_fn, &ws, "finisher");
	assert_false(IS_ERR(k));
	wait_done(&ws.done);
	assert_int_equal(kthread_stop(k), 7);
	assert_int_equal(atomic_read(&ws.loops), 1);
}

/* ---- tasklets ---- */

struct tl {
	struct tasklet_struct t;
	atomic_t runs;
	bool softirq;
	struct completion done;
};

static void tl_fn(struct tasklet_struct *t)
{
	struct tl *x = from_tasklet(x, t, t);

	x->softirq = in_softirq();
	atomic_inc(&x->runs);
	complete(&x->done);
}

static void test_tasklet(void **state)
{
	struct tl x = { .runs = ATOMIC_INIT(0) };

	(void)state;
	init_completion(&x.done);
	tasklet_setup(&x.t, tl_fn);
	tasklet_schedule(&x.t);
	wait_done(&x.done);
	tasklet_kill(&x.t);
	assert_int_equal(atomic_read(&x.runs), 1);
	assert_true(x.softirq);
	/* Disabled: scheduled but not run until enabled. */
	tasklet_disable(&x.t);
	tasklet_schedule(&x.t);
	msleep(20);
	assert_int_equal(atomic_read(&x.runs), 1);
	tasklet_enable(&x.t);
	wait_done(&x.done);
	tasklet_kill(&x.t);
	assert_int_equal(atomic_read(&x.runs), 2);
}

/* ---- kfifo ---- */

static void test_kfifo_wraps(void **state)
{
	DECLARE_KFIFO(f, unsigned short, 8);
	unsigned short in[6] = { 1, 2, 3, 4, 5, 6 }, out[8];

	(void)state;
	INIT_KFIFO(f);
	assert_int_equal(kfifo_size(&f), 8);
	assert_int_equal(kfifo_esize(&f), sizeof(unsigned short));
	assert_true(kfifo_is_empty(&f));
	assert_int_equal(kfifo_in(&f, in, 6), 6);
	assert_int_equal(kfifo_out(&f, out, 4), 4);
	assert_memory_equal(out, in, 4 * sizeof(out[0]));
	/* 2 left at 4..5; 6 more go to 6, 7, then wrap to 0..3. */
	assert_int_equal(kfifo_in(&f, in, 6), 6);
	assert_true(kfifo_is_full(&f));
	assert_int_equal(kfifo_avail(&f), 0);
	assert_int_equal(kfifo_in(&f, in, 1), 0);
	assert_int_equal(kfifo_len(&f), 8);
	assert_int_equal(kfifo_out(&f, out, 8), 8);
	const unsigned short want[8] = { 5, 6, 1, 2, 3, 4, 5, 6 };
	assert_memory_equal(out, want, sizeof(want));
	assert_int_equal(kfifo_out(&f, out, 1), 0);
}

static DEFINE_KFIFO(static_fifo, char, 4);

static void test_kfifo_alloc_and_user(void **state)
{
	struct kfifo f;
	char buf[16], back[16];
	unsigned int copied;
	char c;

	(void)state;
	/* Rounded up to a power of two. */
	assert_int_equal(kfifo_alloc(&f, 10, GFP_KERNEL), 0);
	assert_int_equal(kfifo_size(&f), 16);
	memcpy(buf, "abcdefghijklmnop", 16);
	/* The direct backend's "caller" is this process: user pointers are ours. */
	assert_int_equal(kfifo_from_user(&f, (const void __user *)buf, 12, &copied), 0);
	assert_int_equal(copied, 12);
	assert_int_equal(kfifo_to_user(&f, (void __user *)back, 10, &copied), 0);
	assert_int_equal(copied, 10);
	assert_memory_equal(back, "abcdefghij", 10);
	/* 2 left; 12 more wrap around the end of the 16 bytes. */
	assert_int_equal(kfifo_from_user(&f, (const void __user *)buf, 16, &copied), 0);
	assert_int_equal(copied, 14);
	assert_int_equal(kfifo_to_user(&f, (void __user *)back, 16, &copied), 0);
	assert_int_equal(copied, 16);
	assert_memory_equal(back, "klabcdefghijklmn", 16);
	/* A fault moves nothing: the data stay for the next reader. */
	assert_int_equal(kfifo_from_user(&f, (const void __user *)buf, 4, &copied), 0);
	assert_int_equal(kfifo_to_user(&f, (void __user *)16, 4, &copied), -EFAULT);
	assert_int_equal(kfifo_len(&f), 4);
	kfifo_free(&f);
	assert_int_equal(kfifo_alloc(&f, 1, GFP_KERNEL), -EINVAL);

	assert_int_equal(kfifo_size(&static_fifo), 4);
	assert_int_equal(kfifo_put(&static_fifo, 'x'), 1);
	assert_int_equal(kfifo_peek(&static_fifo, &c), 1);
	assert_int_equal(c, 'x');
	assert_int_equal(kfifo_get(&static_fifo, &c), 1);
	assert_true(kfifo_is_empty(&static_fifo));
}

/* ---- module unload ---- */

static char logged[4096];

static void log_capture(int priority, const char *fmt, va_list ap)
{
	size_t len = strlen(logged);

	(void)priority;
	vsnprintf(logged + len, sizeof(logged) - len, fmt, ap);
}

static void nop_timer(struct timer_list *t)
{
	(void)t;
}

/* Exported (the test links with -export-dynamic): reports name it. */
void left_work(struct work_struct *w);
void left_work(struct work_struct *w)
{
	(void)w;
}

void left_tasklet(struct tasklet_struct *t);
void left_tasklet(struct tasklet_struct *t)
{
	(void)t;
}

static int loop_fn(void *data)
{
	(void)data;
	while (!kthread_should_stop())
		msleep_interruptible(1000);
	return 0;
}

static void *release_later(void *arg)
{
	msleep(100);
	complete_all(arg);
	return NULL;
}

static void test_unload_cancels_and_reports(void **state)
{
	static struct timer_list t;
	static struct delayed_work dw;
	static struct work_struct queued;
	static struct tasklet_struct tl;
	struct workqueue_struct *wq = alloc_ordered_workqueue("left", 0);
	struct job hold;
	struct task_struct *k;
	pthread_t releaser;
	bool keep = false;

	(void)state;
	logged[0] = '\0';
	libcdev_set_log_fn(log_capture, LOG_WARNING);
	timer_setup(&t, nop_timer, 0);
	mod_timer(&t, jiffies + 100000);
	INIT_DELAYED_WORK(&dw, left_work);
	schedule_delayed_work(&dw, 100000);
	/*
	 * The ordered queue is busy with a job of no module (so not the sweep's
	 * to report) for 100 ms: the module's work behind it stays queued.
	 */
	job_init(&hold, true);
	libcdev_init_work(&hold.work, job_fn, NULL);
	queue_work(wq, &hold.work);
	wait_done(&hold.started);
	INIT_WORK(&queued, left_work);
	queue_work(wq, &queued);
	/* Disabled, so it stays scheduled until the sweep. */
	tasklet_setup(&tl, left_tasklet);
	tasklet_disable(&tl);
	tasklet_schedule(&tl);
	k = kthread_run(loop_fn, NULL, "left-thread");
	assert_false(IS_ERR(k));
	assert_int_equal(pthread_create(&releaser, NULL, release_later, &hold.release), 0);

	/* timer, delayed work, queued work, workqueue, tasklet, kthread */
	assert_int_equal(libcdev_module_defer_stop(THIS_MODULE, &keep), 6);
	pthread_join(releaser, NULL);
	assert_false(keep);
	libcdev_set_log_fn(NULL, LOG_ERR);
	assert_non_null(strstr(logged, "timer nop_timer still pending at module unload") ?:
				strstr(logged, "test-kdefer+0x"));
	assert_non_null(strstr(logged, "delayed work left_work still pending"));
	assert_non_null(strstr(logged, "work left_work still queued on left"));
	assert_non_null(strstr(logged, "workqueue left not destroyed"));
	assert_non_null(strstr(logged, "kthread left-thread"));
	assert_non_null(strstr(logged, "tasklet left_tasklet still scheduled at module unload"));
	assert_false(timer_pending(&t));
	assert_int_equal(atomic_read(&hold.runs), 1);
	/* Nothing is left: a second sweep finds nothing. */
	assert_int_equal(libcdev_module_defer_stop(THIS_MODULE, &keep), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timers_fire_in_order),
		cmocka_unit_test(test_timer_cancel_and_modify),
		cmocka_unit_test(test_timer_delete_sync_waits),
		cmocka_unit_test(test_work_runs_and_flushes),
		cmocka_unit_test(test_work_requeued_while_running),
		cmocka_unit_test(test_cancel_work_sync),
		cmocka_unit_test(test_flush_workqueue_and_destroy),
		cmocka_unit_test(test_delayed_work),
		cmocka_unit_test(test_kthread_stop_wakes_schedule),
		cmocka_unit_test(test_kthread_run_wait_event),
		cmocka_unit_test(test_kthread_stop_before_start),
		cmocka_unit_test(test_kthread_complete_and_exit),
		cmocka_unit_test(test_tasklet),
		cmocka_unit_test(test_kfifo_wraps),
		cmocka_unit_test(test_kfifo_alloc_and_user),
		cmocka_unit_test(test_unload_cancels_and_reports),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
