/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Every delay and sleep of <linux/delay.h> and <linux/sched.h>, in every
 * atomic context the rule checks know (a hard IRQ handler, a timer
 * callback, a tasklet, a spinlock held, taken with _irq, _irqsave and _bh,
 * interrupts off with local_irq_disable() and local_irq_save(), preemption
 * off) and in process context: the verdict ("sleeping function called from
 * invalid context" or nothing) is the kernel's, from the table below. The
 * busy-waits (udelay, ndelay, mdelay, fsleep up to 10 us) take the time
 * they were asked for without a report.
 */
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/timer.h>

#include <stdio.h>
#include <string.h>

#include "test-util.h"

#define WAIT_MS 2000

enum delay {
	D_UDELAY,
	D_NDELAY,
	D_MDELAY,
	D_FSLEEP_SHORT,
	D_FSLEEP_LONG,
	D_MSLEEP,
	D_MSLEEP_INTERRUPTIBLE,
	D_SSLEEP,
	D_USLEEP_RANGE,
	D_USLEEP_IDLE_RANGE,
	D_SCHEDULE_TIMEOUT,
	D_SCHEDULE_TIMEOUT_INTERRUPTIBLE,
	D_SCHEDULE_TIMEOUT_UNINTERRUPTIBLE,
	D_SCHEDULE_TIMEOUT_KILLABLE,
	D_SCHEDULE_TIMEOUT_IDLE,
	DELAYS
};

/*
 * The kernel's verdict in atomic context (Linux 6.1): true where the call
 * sleeps, and CONFIG_DEBUG_ATOMIC_SLEEP's might_sleep() or schedule()'s
 * "scheduling while atomic" reports it; false for a busy-wait.
 */
static const struct {
	const char *name;
	bool sleeps;
	const char *source;
} kernel[DELAYS] = {
	[D_UDELAY] = { "udelay(2)", false, "arch/x86/lib/delay.c: a TSC loop" },
	[D_NDELAY] = { "ndelay(500)", false, "arch/x86/include/asm/delay.h: __ndelay, a loop" },
	[D_MDELAY] = { "mdelay(1)", false, "include/linux/delay.h: mdelay() loops on udelay()" },
	[D_FSLEEP_SHORT] = { "fsleep(5)", false,
			     "include/linux/delay.h: fsleep() <= 10 us is udelay()" },
	[D_FSLEEP_LONG] = { "fsleep(50)", true,
			    "include/linux/delay.h: fsleep() > 10 us is usleep_range()" },
	[D_MSLEEP] = { "msleep(1)", true,
		       "kernel/time/timer.c: msleep() -> schedule_timeout_uninterruptible()" },
	[D_MSLEEP_INTERRUPTIBLE] = { "msleep_interruptible(1)", true,
				     "kernel/time/timer.c: -> schedule_timeout_interruptible()" },
	[D_SSLEEP] = { "ssleep(0)", true, "include/linux/delay.h: ssleep() is msleep()" },
	[D_USLEEP_RANGE] = { "usleep_range(10, 20)", true,
			     "kernel/time/timer.c: usleep_range_state() -> schedule_hrtimeout_range()" },
	[D_USLEEP_IDLE_RANGE] = { "usleep_idle_range(10, 20)", true,
				  "include/linux/delay.h: usleep_range_state(TASK_IDLE)" },
	[D_SCHEDULE_TIMEOUT] = { "schedule_timeout(1)", true,
				 "kernel/time/timer.c: schedule_timeout() -> schedule()" },
	[D_SCHEDULE_TIMEOUT_INTERRUPTIBLE] = { "schedule_timeout_interruptible(1)", true,
					       "kernel/time/timer.c: -> schedule_timeout()" },
	[D_SCHEDULE_TIMEOUT_UNINTERRUPTIBLE] = { "schedule_timeout_uninterruptible(1)", true,
						 "kernel/time/timer.c: -> schedule_timeout()" },
	[D_SCHEDULE_TIMEOUT_KILLABLE] = { "schedule_timeout_killable(1)", true,
					  "kernel/time/timer.c: -> schedule_timeout()" },
	[D_SCHEDULE_TIMEOUT_IDLE] = { "schedule_timeout_idle(1)", true,
				      "kernel/time/timer.c: -> schedule_timeout()" },
};

static int delay_line[DELAYS];

static unsigned long long monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ULL + (unsigned long long)ts.tv_nsec;
}

/* Each at a call site of its own; the nanoseconds it took. */
static unsigned long long delay_by(enum delay d)
{
	unsigned long long start = monotonic_ns();

	switch (d) {
	case D_UDELAY:
		delay_line[d] = __LINE__ + 1;
		udelay(2);
		break;
	case D_NDELAY:
		delay_line[d] = __LINE__ + 1;
		ndelay(500);
		break;
	case D_MDELAY:
		delay_line[d] = __LINE__ + 1;
		mdelay(1);
		break;
	case D_FSLEEP_SHORT:
		delay_line[d] = __LINE__ + 1;
		fsleep(5);
		break;
	case D_FSLEEP_LONG:
		delay_line[d] = __LINE__ + 1;
		fsleep(50);
		break;
	case D_MSLEEP:
		delay_line[d] = __LINE__ + 1;
		msleep(1);
		break;
	case D_MSLEEP_INTERRUPTIBLE:
		delay_line[d] = __LINE__ + 1;
		msleep_interruptible(1);
		break;
	case D_SSLEEP:
		delay_line[d] = __LINE__ + 1;
		ssleep(0);
		break;
	case D_USLEEP_RANGE:
		delay_line[d] = __LINE__ + 1;
		usleep_range(10, 20);
		break;
	case D_USLEEP_IDLE_RANGE:
		delay_line[d] = __LINE__ + 1;
		usleep_idle_range(10, 20);
		break;
	case D_SCHEDULE_TIMEOUT:
		set_current_state(TASK_UNINTERRUPTIBLE);
		delay_line[d] = __LINE__ + 1;
		schedule_timeout(1);
		break;
	case D_SCHEDULE_TIMEOUT_INTERRUPTIBLE:
		delay_line[d] = __LINE__ + 1;
		schedule_timeout_interruptible(1);
		break;
	case D_SCHEDULE_TIMEOUT_UNINTERRUPTIBLE:
		delay_line[d] = __LINE__ + 1;
		schedule_timeout_uninterruptible(1);
		break;
	case D_SCHEDULE_TIMEOUT_KILLABLE:
		delay_line[d] = __LINE__ + 1;
		schedule_timeout_killable(1);
		break;
	case D_SCHEDULE_TIMEOUT_IDLE:
		delay_line[d] = __LINE__ + 1;
		schedule_timeout_idle(1);
		break;
	case DELAYS:
		break;
	}
	return monotonic_ns() - start;
}

/* ---- the contexts, as test-kcheck-contexts.c builds them ---- */

enum context {
	C_IRQ,
	C_TIMER,
	C_TASKLET,
	C_SPINLOCK,
	C_SPINLOCK_IRQ,
	C_SPINLOCK_IRQSAVE,
	C_SPINLOCK_BH,
	C_IRQS_OFF,
	C_IRQ_SAVE,
	C_PREEMPT_OFF,
	C_PROCESS,
	CONTEXTS
};

static const char *const context_name[CONTEXTS] = {
	"an IRQ handler",      "a timer callback",     "a tasklet",
	"spin_lock() held",    "spin_lock_irq() held", "spin_lock_irqsave() held",
	"spin_lock_bh() held", "local_irq_disable()",  "local_irq_save()",
	"preempt_disable()",   "process context",
};

static enum delay current_delay;
static unsigned long long took_ns;
static DECLARE_COMPLETION(ran);

static irqreturn_t delay_irq(int irq, void *dev_id)
{
	took_ns = delay_by(current_delay);
	return IRQ_HANDLED;
}

static void delay_timer(struct timer_list *t)
{
	took_ns = delay_by(current_delay);
	complete(&ran);
}

static void delay_tasklet(struct tasklet_struct *t)
{
	took_ns = delay_by(current_delay);
	complete(&ran);
}

#define DELAY_IRQ 70

static void delay_in(enum context ctx, enum delay d)
{
	static DEFINE_SPINLOCK(lock);
	struct tasklet_struct tl;
	struct timer_list t;
	unsigned long flags;

	current_delay = d;
	reinit_completion(&ran);
	switch (ctx) {
	case C_IRQ:
		assert_int_equal(libcdev_irq_raise(DELAY_IRQ), 0);
		synchronize_irq(DELAY_IRQ);
		return;
	case C_TIMER:
		timer_setup(&t, delay_timer, 0);
		mod_timer(&t, jiffies);
		assert_true(wait_for_completion_timeout(&ran, msecs_to_jiffies(WAIT_MS)) > 0);
		del_timer_sync(&t);
		return;
	case C_TASKLET:
		tasklet_setup(&tl, delay_tasklet);
		tasklet_schedule(&tl);
		assert_true(wait_for_completion_timeout(&ran, msecs_to_jiffies(WAIT_MS)) > 0);
		tasklet_kill(&tl);
		return;
	case C_SPINLOCK:
		spin_lock(&lock);
		took_ns = delay_by(d);
		spin_unlock(&lock);
		return;
	case C_SPINLOCK_IRQ:
		spin_lock_irq(&lock);
		took_ns = delay_by(d);
		spin_unlock_irq(&lock);
		return;
	case C_SPINLOCK_IRQSAVE:
		spin_lock_irqsave(&lock, flags);
		took_ns = delay_by(d);
		spin_unlock_irqrestore(&lock, flags);
		return;
	case C_SPINLOCK_BH:
		spin_lock_bh(&lock);
		took_ns = delay_by(d);
		spin_unlock_bh(&lock);
		return;
	case C_IRQS_OFF:
		local_irq_disable();
		took_ns = delay_by(d);
		local_irq_enable();
		return;
	case C_IRQ_SAVE:
		local_irq_save(flags);
		took_ns = delay_by(d);
		local_irq_restore(flags);
		return;
	case C_PREEMPT_OFF:
		preempt_disable();
		took_ns = delay_by(d);
		preempt_enable();
		return;
	case C_PROCESS:
	case CONTEXTS:
		took_ns = delay_by(d);
		return;
	}
}

/* The least a busy-wait must take. */
static const unsigned long long busy_ns[DELAYS] = {
	[D_UDELAY] = 2000,
	[D_NDELAY] = 500,
	[D_MDELAY] = 1000000,
	[D_FSLEEP_SHORT] = 5000,
};

static bool reported_at(int line)
{
	char site[96];

	snprintf(site, sizeof(site), "test-kcheck-delays.c:%d\n", line);
	return strstr(test_log_peek(), site) != NULL;
}

static void test_every_delay_in_every_context(void **state)
{
	(void)state;
	assert_int_equal(request_irq(DELAY_IRQ, delay_irq, 0, "delays", &current_delay), 0);
	for (int ctx = 0; ctx < CONTEXTS; ctx++)
		for (int d = 0; d < DELAYS; d++) {
			unsigned int before = libcdev_check_problems();
			unsigned int want = ctx != C_PROCESS && kernel[d].sleeps;
			unsigned int got;

			delay_in(ctx, d);
			got = libcdev_check_problems() - before;
			if (got != want)
				fail_msg("%s in %s: %u problems, the kernel's verdict is %u (%s)",
					 kernel[d].name, context_name[ctx], got, want,
					 kernel[d].source);
			if (took_ns < busy_ns[d])
				fail_msg("%s in %s took %llu ns", kernel[d].name, context_name[ctx],
					 took_ns);
		}
	free_irq(DELAY_IRQ, &current_delay);
	/* Every context was left as it was entered. */
	assert_false(in_atomic());
	assert_false(irqs_disabled());
	/* Each sleeping call reported at its own line, never a busy-wait's. */
	for (int d = 0; d < DELAYS; d++)
		if (reported_at(delay_line[d]) != kernel[d].sleeps)
			fail_msg("%s: reported %s; log:\n%s", kernel[d].name,
				 kernel[d].sleeps ? "nowhere" : "as sleeping", test_log_peek());
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_every_delay_in_every_context, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
