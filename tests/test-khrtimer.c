/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * hrtimer basics on the softirq thread: a relative or absolute timer never
 * fires early and runs in atomic context; HRTIMER_RESTART with
 * hrtimer_forward_now() makes a periodic timer; hrtimer_cancel() leaves it
 * neither queued nor running, even while it restarts itself.
 */
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/preempt.h>

#include "test-util.h"

struct tick {
	struct hrtimer timer;
	ktime_t fired_at;
	bool atomic;
	int count;
	int stop_after; /* 0: for ever */
	struct completion done;
};

static enum hrtimer_restart tick_fn(struct hrtimer *t)
{
	struct tick *k = container_of(t, struct tick, timer);

	k->fired_at = ktime_get();
	k->atomic = in_atomic();
	k->count++;
	if (k->stop_after && k->count == k->stop_after) {
		complete(&k->done);
		return HRTIMER_NORESTART;
	}
	if (!k->stop_after && k->count == 1)
		complete(&k->done);
	hrtimer_forward_now(t, ms_to_ktime(5));
	return k->stop_after || k->count < 1000000 ? HRTIMER_RESTART : HRTIMER_NORESTART;
}

static void test_relative_one_shot(void **state)
{
	struct tick k = { .stop_after = 1 };
	ktime_t start = ktime_get();

	(void)state;
	init_completion(&k.done);
	hrtimer_init(&k.timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	k.timer.function = tick_fn;
	hrtimer_start(&k.timer, ms_to_ktime(20), HRTIMER_MODE_REL);
	assert_true(hrtimer_active(&k.timer));
	assert_true(wait_for_completion_timeout(&k.done, msecs_to_jiffies(5000)) > 0);
	assert_true(ktime_ms_delta(k.fired_at, start) >= 20);
	assert_true(k.atomic);
	/* Not queued again: nothing to cancel once the callback has returned. */
	assert_int_equal(hrtimer_cancel(&k.timer), 0);
	assert_false(hrtimer_active(&k.timer));
}

static void test_absolute_realtime(void **state)
{
	struct tick k = { .stop_after = 1 };
	ktime_t start = ktime_get();

	(void)state;
	init_completion(&k.done);
	hrtimer_init(&k.timer, CLOCK_REALTIME, HRTIMER_MODE_ABS);
	k.timer.function = tick_fn;
	hrtimer_start(&k.timer, ktime_add_ms(ktime_get_real(), 15), HRTIMER_MODE_ABS);
	assert_true(wait_for_completion_timeout(&k.done, msecs_to_jiffies(5000)) > 0);
	assert_true(ktime_ms_delta(k.fired_at, start) >= 14);
}

static void test_periodic_and_cancel(void **state)
{
	struct tick k = { .stop_after = 3 };
	ktime_t start = ktime_get();

	(void)state;
	init_completion(&k.done);
	hrtimer_init(&k.timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_SOFT);
	k.timer.function = tick_fn;
	hrtimer_start(&k.timer, ms_to_ktime(5), HRTIMER_MODE_REL_SOFT);
	assert_true(wait_for_completion_timeout(&k.done, msecs_to_jiffies(5000)) > 0);
	assert_int_equal(k.count, 3);
	/* 5 ms, then two periods of 5 ms, each never early. */
	assert_true(ktime_ms_delta(k.fired_at, start) >= 15);
	assert_int_equal(hrtimer_cancel(&k.timer), 0);
	assert_false(hrtimer_active(&k.timer));

	/* For ever, until cancelled: then it stays stopped. */
	k = (struct tick){ .stop_after = 0 };
	init_completion(&k.done);
	hrtimer_init(&k.timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	k.timer.function = tick_fn;
	hrtimer_start(&k.timer, ms_to_ktime(1), HRTIMER_MODE_REL);
	assert_true(wait_for_completion_timeout(&k.done, msecs_to_jiffies(5000)) > 0);
	assert_int_equal(hrtimer_cancel(&k.timer), 1);
	assert_false(hrtimer_active(&k.timer));
	{
		int n = k.count;

		msleep(20);
		assert_int_equal(k.count, n);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_relative_one_shot),
		cmocka_unit_test(test_absolute_realtime),
		cmocka_unit_test(test_periodic_and_cancel),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
