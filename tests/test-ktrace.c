/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Tracing as a driver written for the kernel uses it: events of a trace
 * header (ktrace_events.h) record their TP_printk() text in the buffers
 * they are enabled in, read from the tracefs nodes; conditions, classes,
 * DEFINE_EVENT_PRINT() and the reg/unreg of DEFINE_EVENT_FN(); probes of
 * register_trace_*(); trace_printk(); instances; a custom event on the
 * library's sched_waking; irq_work in hard interrupt context.
 */
#include <linux/irq_work.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/trace.h>
#include <linux/trace_events.h>

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test-util.h"
#include <libcdev/direct.h>
#include <libcdev/sysfs.h>

#define CREATE_TRACE_POINTS
#include "ktrace_events.h"

#include <trace/events/sched.h>
#define CREATE_CUSTOM_TRACE_EVENTS
#include "ktrace_custom.h"

/* The library's: what a module's start does, and the environment's list. */
void trace_publish(void);
bool trace_env_match(const char *list, const char *system, const char *event);

static int fn_regs, fn_unregs;

int kt_fn_reg(void)
{
	fn_regs++;
	return 0;
}

void kt_fn_unreg(void)
{
	fn_unregs++;
}

static int capture(void **state)
{
	test_env_reset(state);
	test_log_everything();
	trace_publish();
	return 0;
}

static char trace_text[1 << 16];

/* The node @name read whole into trace_text; -errno. */
static ssize_t node_read(const char *name)
{
	struct file *f;
	ssize_t n, total = 0;
	int err = test_node_open(name, O_RDONLY, &f);

	if (err)
		return err;
	while ((n = cdev_direct_read(f, trace_text + total, sizeof(trace_text) - 1 - total)) > 0)
		total += n;
	trace_text[total] = '\0';
	cdev_direct_release(f);
	return n < 0 ? n : total;
}

static ssize_t node_write(const char *name, const char *s, int flags)
{
	struct file *f;
	ssize_t n;
	int err = test_node_open(name, O_WRONLY | flags, &f);

	if (err)
		return err;
	n = cdev_direct_write(f, s, strlen(s));
	cdev_direct_release(f);
	return n;
}

static void clear_trace(const char *dir)
{
	char path[128];

	snprintf(path, sizeof(path), "sys/kernel/tracing/%strace", dir);
	/* Any write empties it, as "echo > trace" does. */
	assert_int_equal(node_write(path, "\n", O_TRUNC), 1);
}

static void enable(const char *event, const char *on)
{
	char path[128];

	snprintf(path, sizeof(path), "sys/kernel/tracing/events/ktest/%s/enable", event);
	assert_int_equal(node_write(path, on, 0), 1);
}

/* ---- events ---- */

static void test_event_off_then_on(void **state)
{
	(void)state;
	clear_trace("");
	assert_false(trace_kt_simple_enabled());
	trace_kt_simple("nobody", 1);
	assert_true(node_read("sys/kernel/tracing/trace") > 0);
	assert_null(strstr(trace_text, "kt_simple"));
	assert_non_null(strstr(trace_text, "# tracer: nop"));

	enable("kt_simple", "1");
	assert_true(trace_kt_simple_enabled());
	assert_true(node_read("sys/kernel/tracing/events/ktest/kt_simple/enable") == 2);
	assert_string_equal(trace_text, "1\n");
	trace_kt_simple("hello", 42);
	enable("kt_simple", "0");
	trace_kt_simple("after", 43);
	assert_true(node_read("sys/kernel/tracing/trace") > 0);
	/* "COMM-PID [CPU] FLAGS SECONDS.MICROS: EVENT: TEXT" */
	assert_non_null(strstr(trace_text, "] ..... "));
	assert_non_null(strstr(trace_text, ": kt_simple: name=hello val=42\n"));
	assert_null(strstr(trace_text, "after"));
}

static void test_event_fields_and_helpers(void **state)
{
	int list[] = { 7, 8, 9 };
	unsigned long mask = 0x0f0f;

	(void)state;
	clear_trace("");
	/* Bitmasks print all their bits: a long's worth for 16, as the kernel's. */
	enable("kt_rich", "1");
	trace_kt_rich(3, list, 3, &mask);
	trace_kt_rich(2, list, 1, &mask);
	enable("kt_rich", "0");
	node_read("sys/kernel/tracing/trace");
	assert_non_null(
		strstr(trace_text, "kt_rich: abc 0x3 A|B {0x7,0x8,0x9} bits=00000000,00000f0f\n"));
	assert_non_null(strstr(trace_text, "kt_rich: abc TWO B {0x7} bits=00000000,00000f0f\n"));
}

static void test_condition_class_print_fn(void **state)
{
	clear_trace("");
	const char *words = "ktest:kt_cond ktest:kt_plain kt_printed";

	(void)state;
	assert_int_equal(node_write("sys/kernel/tracing/set_event", words, O_TRUNC),
			 (ssize_t)strlen(words));
	node_read("sys/kernel/tracing/set_event");
	assert_non_null(strstr(trace_text, "ktest:kt_cond\n"));
	assert_non_null(strstr(trace_text, "ktest:kt_printed\n"));
	trace_kt_cond(3);
	trace_kt_cond(4);
	trace_kt_plain(5);
	trace_kt_printed(6);

	assert_int_equal(fn_regs, 0);
	enable("kt_fn", "1");
	assert_int_equal(fn_regs, 1); /* TRACE_EVENT_FN()'s reg, before the first probe */
	trace_kt_fn(7);
	enable("kt_fn", "0");
	assert_int_equal(fn_unregs, 1);
	assert_int_equal(node_write("sys/kernel/tracing/set_event", "!ktest:*", 0), 8);

	node_read("sys/kernel/tracing/trace");
	assert_null(strstr(trace_text, "even=3"));
	assert_non_null(strstr(trace_text, "kt_cond: even=4\n"));
	assert_non_null(strstr(trace_text, "kt_plain: class val=5\n"));
	assert_non_null(strstr(trace_text, "kt_printed: own print 6\n"));
	assert_non_null(strstr(trace_text, "kt_fn: class val=7\n"));
	assert_int_equal(node_write("sys/kernel/tracing/set_event", "nosuch:event", 0), -EINVAL);
}

/* ---- probes ---- */

static int probe_calls[2];
static int probe_order[4], probe_n;

static void probe_a(void *data, const char *name, int val)
{
	probe_calls[0] += val;
	probe_order[probe_n++ % 4] = 'a';
	assert_ptr_equal(data, &probe_calls[0]);
}

static void probe_b(void *data, const char *name, int val)
{
	probe_calls[1]++;
	probe_order[probe_n++ % 4] = 'b';
	assert_string_equal(name, "probed");
}

static void test_probes(void **state)
{
	(void)state;
	assert_int_equal(register_trace_kt_simple(probe_a, &probe_calls[0]), 0);
	assert_int_equal(register_trace_kt_simple(probe_a, &probe_calls[0]), -EEXIST);
	assert_int_equal(register_trace_prio_kt_simple(probe_b, NULL, 20), 0);
	trace_kt_simple("probed", 5);
	assert_int_equal(probe_calls[0], 5);
	assert_int_equal(probe_calls[1], 1);
	/* Higher priority first. */
	assert_int_equal(probe_order[0], 'b');
	assert_int_equal(probe_order[1], 'a');
	assert_int_equal(unregister_trace_kt_simple(probe_a, &probe_calls[0]), 0);
	assert_int_equal(unregister_trace_kt_simple(probe_a, &probe_calls[0]), -ENOENT);
	tracepoint_synchronize_unregister();
	trace_kt_simple("probed", 5);
	assert_int_equal(probe_calls[0], 5);
	assert_int_equal(probe_calls[1], 2);
	assert_int_equal(unregister_trace_kt_simple(probe_b, NULL), 0);
	assert_false(trace_kt_simple_enabled());
}

/* ---- trace_printk(), instances ---- */

static void test_trace_printk(void **state)
{
	(void)state;
	clear_trace("");
	trace_printk("formatted %d %s\n", 12, "str");
	trace_printk("as it is %d\n");
	trace_puts("put\n");
	tracing_off();
	assert_false(tracing_is_on());
	trace_printk("while off\n");
	tracing_on();
	assert_int_equal(node_write("sys/kernel/tracing/trace_marker", "marked", 0), 6);
	node_read("sys/kernel/tracing/trace");
	assert_non_null(strstr(trace_text, ": formatted 12 str\n"));
	assert_non_null(strstr(trace_text, ": as it is %d\n"));
	assert_non_null(strstr(trace_text, ": put\n"));
	assert_non_null(strstr(trace_text, "tracing_mark_write: marked\n"));
	assert_null(strstr(trace_text, "while off"));
	ftrace_dump(DUMP_ALL);
	assert_non_null(strstr(test_log_take(), "formatted 12 str"));
	node_read("sys/kernel/tracing/trace");
	assert_null(strstr(trace_text, "formatted"));
}

static void test_instances(void **state)
{
	struct trace_array *tr = trace_array_get_by_name("ktest-inst"), *again;

	(void)state;
	assert_non_null(tr);
	again = trace_array_get_by_name("ktest-inst");
	assert_ptr_equal(again, tr);
	assert_int_equal(trace_array_init_printk(tr), 0);
	assert_int_equal(trace_array_set_clr_event(tr, "ktest", "kt_plain", true), 0);
	assert_int_equal(trace_array_set_clr_event(tr, "ktest", "nosuch", true), -EINVAL);
	trace_kt_plain(11);
	trace_array_printk(tr, _THIS_IP_, "count=%d\n", 3);
	assert_int_equal(trace_array_set_clr_event(tr, "ktest", "kt_plain", false), 0);
	trace_kt_plain(12);
	node_read("sys/kernel/tracing/instances/ktest-inst/trace");
	assert_non_null(strstr(trace_text, "kt_plain: class val=11\n"));
	assert_non_null(strstr(trace_text, ": count=3\n"));
	assert_null(strstr(trace_text, "val=12"));
	/* Not in the top-level buffer. */
	node_read("sys/kernel/tracing/trace");
	assert_null(strstr(trace_text, "count=3"));

	assert_int_equal(trace_array_destroy(tr), -EBUSY);
	trace_array_put(again);
	trace_array_put(tr);
	assert_int_equal(trace_array_destroy(tr), 0);
	assert_int_equal(node_read("sys/kernel/tracing/instances/ktest-inst/trace"), -ENOENT);
}

/* ---- the library's tracepoints and a custom event ---- */

static void find_tp(struct tracepoint *tp, void *priv)
{
	*(int *)priv += trace_custom_event_sched_waking_update(tp);
}

static int sleeper(void *arg)
{
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		schedule_timeout(1000);
	}
	return 0;
}

static void test_custom_event(void **state)
{
	struct task_struct *t;
	int found = 0;

	(void)state;
	for_each_kernel_tracepoint(find_tp, &found);
	assert_int_equal(found, 1);
	clear_trace("");
	assert_int_equal(node_write("sys/kernel/tracing/events/custom/sched_waking/enable", "1", 0),
			 1);
	t = kthread_run(sleeper, NULL, "kt-sleeper");
	assert_false(IS_ERR(t));
	wake_up_process(t);
	kthread_stop(t);
	assert_int_equal(node_write("sys/kernel/tracing/events/custom/sched_waking/enable", "0", 0),
			 1);
	node_read("sys/kernel/tracing/trace");
	assert_non_null(strstr(trace_text, "sched_waking: woken=kt-sleeper prio=120\n"));
}

/* ---- irq_work ---- */

static struct irq_work work;
static int work_runs;
static bool work_in_irq, work_atomic;

static void work_fn(struct irq_work *w)
{
	work_in_irq = in_irq();
	work_atomic = in_atomic();
	usleep(20000);
	work_runs++;
}

static void test_irq_work(void **state)
{
	(void)state;
	init_irq_work(&work, work_fn);
	assert_true(irq_work_queue(&work));
	irq_work_queue(&work); /* pending or running: at most once more */
	irq_work_sync(&work);
	assert_false(irq_work_is_busy(&work));
	assert_true(work_runs >= 1 && work_runs <= 2);
	assert_true(work_in_irq);
	assert_true(work_atomic);
}

static void test_env_list(void **state)
{
	(void)state;
	assert_true(trace_env_match("ktest:kt_simple", "ktest", "kt_simple"));
	assert_true(trace_env_match("x:y, ktest:*", "ktest", "kt_rich"));
	assert_true(trace_env_match("kt_rich", "ktest", "kt_rich"));
	assert_true(trace_env_match("ktest", "ktest", "kt_rich"));
	assert_false(trace_env_match("ktest:kt_simple", "ktest", "kt_rich"));
	assert_false(trace_env_match(NULL, "ktest", "kt_rich"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_event_off_then_on, capture),
		cmocka_unit_test_setup(test_event_fields_and_helpers, capture),
		cmocka_unit_test_setup(test_condition_class_print_fn, capture),
		cmocka_unit_test_setup(test_probes, capture),
		cmocka_unit_test_setup(test_trace_printk, capture),
		cmocka_unit_test_setup(test_instances, capture),
		cmocka_unit_test_setup(test_custom_event, capture),
		cmocka_unit_test_setup(test_irq_work, capture),
		cmocka_unit_test_setup(test_env_list, capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
