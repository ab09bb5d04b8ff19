/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * kprobes, kretprobes and fprobes on the library's traceable functions:
 * handlers see the registers the function was entered with (the argument
 * in ->di, ->ip past the probed instruction as the kernel gives it), a
 * return probe sees the return value and can change it, a pre-handler can
 * move ->ip to skip the function; kernel_clone() is probed as the samples
 * probe it (every kernel thread made); probes elsewhere, twice, or beside
 * an ftrace direct call are refused as the kernel refuses them; the
 * calls in flight beyond maxactive are counted as missed; and a return
 * still in flight after unregister runs no handler.
 */
#include <linux/delay.h>
#include <linux/fprobe.h>
#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/sched.h>

#include <pthread.h>
#include <unistd.h>

#include "test-util.h"

#ifdef __x86_64__

#define WAKE ((unsigned long)wake_up_process)

/* What the handlers saw. */
static struct {
	unsigned long pre, post, ret, entry, exit;
	unsigned long pre_ip, post_ip, arg, retval, ret_ip;
	struct kprobe *running;
	unsigned long data;
} seen;

static int pre(struct kprobe *p, struct pt_regs *regs)
{
	seen.pre++;
	seen.pre_ip = regs->ip;
	seen.arg = regs->di;
	seen.running = kprobe_running();
	(void)p;
	return 0;
}

static void post(struct kprobe *p, struct pt_regs *regs, unsigned long flags)
{
	seen.post++;
	seen.post_ip = regs->ip;
	(void)p;
	(void)flags;
}

static void test_kprobe_handlers(void **state)
{
	struct kprobe kp = { .symbol_name = "wake_up_process",
			     .pre_handler = pre,
			     .post_handler = post };

	(void)state;
	memset(&seen, 0, sizeof(seen));
	assert_int_equal(register_kprobe(&kp), 0);
	assert_int_equal((unsigned long)kp.addr, WAKE);
	assert_ptr_equal(get_kprobe(kp.addr), &kp);
	assert_false(within_kprobe_blacklist(WAKE));
	wake_up_process(current);
	assert_int_equal(seen.pre, 1);
	assert_int_equal(seen.post, 1);
	assert_int_equal(seen.pre_ip, WAKE + 1); /* as after the breakpoint */
	assert_int_equal(seen.post_ip, WAKE + MCOUNT_INSN_SIZE);
	assert_ptr_equal((void *)seen.arg, current);
	assert_ptr_equal(seen.running, &kp);
	assert_null(kprobe_running());

	/* Disabled, no handler; enabled again, it runs. */
	assert_int_equal(disable_kprobe(&kp), 0);
	wake_up_process(current);
	assert_int_equal(seen.pre, 1);
	assert_int_equal(enable_kprobe(&kp), 0);
	wake_up_process(current);
	assert_int_equal(seen.pre, 2);

	unregister_kprobe(&kp);
	assert_null(get_kprobe((void *)WAKE));
	wake_up_process(current);
	assert_int_equal(seen.pre, 2);
	assert_int_equal(disable_kprobe(&kp), -EINVAL);
}

void noop_tramp(void);
asm("	.globl noop_tramp\n"
    "	.pushsection .text, \"ax\", @progbits\n"
    "noop_tramp:\n"
    "	ret\n"
    "	.popsection\n");

static void test_kprobe_refused(void **state)
{
	struct kprobe both = { .symbol_name = "wake_up_process", .addr = (void *)WAKE };
	struct kprobe none = { .pre_handler = pre };
	struct kprobe unknown = { .symbol_name = "no_such_function_here" };
	struct kprobe elsewhere = { .addr = (void *)kthread_should_stop };
	struct kprobe inside = { .symbol_name = "wake_up_process", .offset = 1 };
	struct kprobe kp = { .addr = (void *)WAKE, .pre_handler = pre };

	(void)state;
	assert_int_equal(register_kprobe(&both), -EINVAL);
	assert_int_equal(register_kprobe(&none), -EINVAL);
	assert_int_equal(register_kprobe(&unknown), -ENOENT);
	assert_int_equal(register_kprobe(&elsewhere), -EINVAL);
	assert_int_equal(register_kprobe(&inside), -EINVAL);
	assert_true(within_kprobe_blacklist((unsigned long)kthread_should_stop));

	/* Twice: -EINVAL; beside a direct call: -EBUSY either way round. */
	assert_int_equal(register_kprobe(&kp), 0);
	assert_int_equal(register_kprobe(&kp), -EINVAL);
	assert_int_equal(register_ftrace_direct(WAKE, (unsigned long)noop_tramp), -EBUSY);
	assert_int_equal(unregister_ftrace_direct(WAKE, (unsigned long)noop_tramp), -ENODEV);
	unregister_kprobe(&kp);
	assert_int_equal(register_ftrace_direct(WAKE, (unsigned long)noop_tramp), 0);
	kp.addr = (void *)WAKE;
	assert_int_equal(register_kprobe(&kp), -EBUSY);
	assert_int_equal(unregister_ftrace_direct(WAKE, (unsigned long)noop_tramp), 0);
}

/* Two probes on one function: both run; the second's removal leaves the first. */
static void test_two_kprobes(void **state)
{
	struct kprobe a = { .symbol_name = "wake_up_process", .pre_handler = pre };
	struct kprobe b = { .symbol_name = "wake_up_process", .post_handler = post };

	(void)state;
	memset(&seen, 0, sizeof(seen));
	assert_int_equal(register_kprobe(&a), 0);
	assert_int_equal(register_kprobe(&b), 0);
	wake_up_process(current);
	assert_int_equal(seen.pre, 1);
	assert_int_equal(seen.post, 1);
	unregister_kprobe(&b);
	wake_up_process(current);
	assert_int_equal(seen.pre, 2);
	assert_int_equal(seen.post, 1);
	unregister_kprobe(&a);
}

/* What the function does instead, when a pre-handler skips it. */
static int instead(struct task_struct *p)
{
	(void)p;
	return 42;
}

static int skip_function(struct kprobe *p, struct pt_regs *regs)
{
	(void)p;
	regs->ip = (unsigned long)instead;
	return 1;
}

static void test_kprobe_moves_ip(void **state)
{
	struct kprobe kp = { .symbol_name = "wake_up_process",
			     .pre_handler = skip_function,
			     .post_handler = post };

	(void)state;
	memset(&seen, 0, sizeof(seen));
	assert_int_equal(register_kprobe(&kp), 0);
	assert_int_equal(wake_up_process(current), 42);
	assert_int_equal(seen.post, 0); /* no single step after a moved ip */
	unregister_kprobe(&kp);
	assert_int_not_equal(wake_up_process(current), 42);
}

/* ---- kretprobes ---- */

static int ret_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	seen.entry++;
	*(unsigned long *)ri->data = regs->di;
	return 0;
}

static int ret_handler(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	seen.ret++;
	seen.retval = regs_return_value(regs);
	seen.ret_ip = regs->ip;
	seen.data = *(unsigned long *)ri->data;
	seen.running = kprobe_running();
	assert_int_equal(get_kretprobe_retaddr(ri), regs->ip);
	return 0;
}

static int thread_fn(void *data)
{
	(void)data;
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

/* kernel_clone(), as samples/kprobes probes it: its return is the thread's pid. */
static void test_kretprobe_kernel_clone(void **state)
{
	struct kretprobe rp = { .kp.symbol_name = "kernel_clone",
				.handler = ret_handler,
				.entry_handler = ret_entry,
				.data_size = sizeof(long) };
	struct task_struct *t;

	(void)state;
	memset(&seen, 0, sizeof(seen));
	assert_int_equal(register_kretprobe(&rp), 0);
	assert_true(rp.maxactive >= 10);
	t = kthread_run(thread_fn, NULL, "probed");
	assert_false(IS_ERR(t));
	assert_int_equal(seen.entry, 1);
	assert_int_equal(seen.ret, 1);
	assert_int_equal(seen.retval, t->pid);
	assert_true(seen.data != 0); /* the clone arguments, kept from the entry */
	assert_true(seen.ret_ip != 0);
	assert_non_null(seen.running); /* kprobe_running() is set in a return handler */
	kthread_stop(t);
	unregister_kretprobe(&rp);
	t = kthread_run(thread_fn, NULL, "unprobed");
	assert_int_equal(seen.ret, 1);
	kthread_stop(t);
}

static int change_return(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	(void)ri;
	regs->ax = 7;
	return 0;
}

static int no_return_probe(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	(void)ri;
	(void)regs;
	seen.entry++;
	return 1;
}

static void test_kretprobe_changes_return(void **state)
{
	struct kretprobe rp = { .kp.addr = (void *)WAKE, .handler = change_return };
	struct kretprobe inside = { .kp.symbol_name = "wake_up_process", .kp.offset = 5 };

	(void)state;
	assert_int_equal(register_kretprobe(&inside), -EINVAL);
	assert_int_equal(register_kretprobe(&rp), 0);
	assert_int_equal(wake_up_process(current), 7);
	unregister_kretprobe(&rp);
	assert_int_not_equal(wake_up_process(current), 7);

	/* An entry handler that returns nonzero: no return handler for that call. */
	memset(&seen, 0, sizeof(seen));
	rp = (struct kretprobe){ .kp.addr = (void *)WAKE,
				 .handler = ret_handler,
				 .entry_handler = no_return_probe };
	assert_int_equal(register_kretprobe(&rp), 0);
	wake_up_process(current);
	assert_int_equal(seen.entry, 1);
	assert_int_equal(seen.ret, 0);
	unregister_kretprobe(&rp);
}

/* Threads asleep in schedule() until told: calls in flight. */
static unsigned int sleepers_go;

static int sleeper(void *data)
{
	(void)data;
	while (!__atomic_load_n(&sleepers_go, __ATOMIC_ACQUIRE)) {
		set_current_state(TASK_INTERRUPTIBLE);
		schedule();
	}
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static int count_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	(void)ri;
	(void)regs;
	__atomic_add_fetch(&seen.entry, 1, __ATOMIC_SEQ_CST);
	return 0;
}

static int count_return(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	(void)ri;
	(void)regs;
	__atomic_add_fetch(&seen.ret, 1, __ATOMIC_SEQ_CST);
	return 0;
}

/*
 * maxactive 1, two threads in schedule(): one call is hooked, the other
 * missed. Unregistered while the hooked one is still asleep, its return
 * later runs no handler.
 */
static void test_kretprobe_in_flight(void **state)
{
	struct kretprobe rp = { .kp.symbol_name = "schedule",
				.handler = count_return,
				.entry_handler = count_entry,
				.maxactive = 1 };
	struct task_struct *t[2];
	unsigned int i, waited;

	(void)state;
	memset(&seen, 0, sizeof(seen));
	sleepers_go = 0;
	assert_int_equal(register_kretprobe(&rp), 0);
	for (i = 0; i < 2; i++) {
		t[i] = kthread_run(sleeper, NULL, "sleeper%u", i);
		assert_false(IS_ERR(t[i]));
	}
	for (waited = 0; waited < 5000; waited++) {
		if (__atomic_load_n(&seen.entry, __ATOMIC_SEQ_CST) >= 1 &&
		    __atomic_load_n(&rp.nmissed, __ATOMIC_SEQ_CST) >= 1)
			break;
		usleep(1000);
	}
	assert_int_equal(seen.entry, 1);
	assert_true(rp.nmissed >= 1);
	assert_int_equal(seen.ret, 0);
	unregister_kretprobe(&rp);
	__atomic_store_n(&sleepers_go, 1, __ATOMIC_RELEASE);
	for (i = 0; i < 2; i++) {
		wake_up_process(t[i]);
		kthread_stop(t[i]);
	}
	assert_int_equal(seen.ret, 0);
}

/* ---- fprobes ---- */

static void fp_entry(struct fprobe *fp, unsigned long ip, struct pt_regs *regs, void *data)
{
	(void)fp;
	seen.entry++;
	seen.pre_ip = ip;
	seen.arg = regs->di;
	if (data)
		*(unsigned long *)data = 0x5eed;
}

static void fp_exit(struct fprobe *fp, unsigned long ip, struct pt_regs *regs, void *data)
{
	(void)fp;
	seen.exit++;
	seen.ret_ip = ip;
	seen.retval = regs_return_value(regs);
	seen.data = data ? *(unsigned long *)data : 0;
}

static void test_fprobe(void **state)
{
	struct fprobe fp = { .entry_handler = fp_entry,
			     .exit_handler = fp_exit,
			     .entry_data_size = sizeof(long) };
	const char *syms[] = { "kernel_clone" };
	const char *unknown[] = { "no_such_function_here" };
	struct task_struct *t;

	(void)state;
	memset(&seen, 0, sizeof(seen));
	assert_int_equal(register_fprobe(&fp, "wake_up_*", NULL), 0);
	assert_int_equal(register_fprobe(&fp, "wake_up_*", NULL), -EINVAL);
	assert_int_equal(wake_up_process(current), (int)seen.retval);
	assert_int_equal(seen.entry, 1);
	assert_int_equal(seen.exit, 1);
	assert_int_equal(seen.pre_ip, WAKE);
	assert_int_equal(seen.ret_ip, WAKE);
	assert_ptr_equal((void *)seen.arg, current);
	assert_int_equal(seen.data, 0x5eed);
	assert_int_equal(unregister_fprobe(&fp), 0);
	assert_int_equal(unregister_fprobe(&fp), -EINVAL);
	wake_up_process(current);
	assert_int_equal(seen.entry, 1);

	assert_int_equal(register_fprobe(&fp, "wake_up_*", "wake_up_process"), -EINVAL);
	assert_int_equal(register_fprobe_syms(&fp, unknown, 1), -ENOENT);
	assert_int_equal(register_fprobe_syms(&fp, syms, 1), 0);
	t = kthread_run(thread_fn, NULL, "fprobed");
	assert_int_equal(seen.entry, 2);
	assert_int_equal(seen.exit, 2);
	assert_int_equal(seen.retval, t->pid);
	kthread_stop(t);
	assert_int_equal(unregister_fprobe(&fp), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kprobe_handlers),
		cmocka_unit_test(test_kprobe_refused),
		cmocka_unit_test(test_two_kprobes),
		cmocka_unit_test(test_kprobe_moves_ip),
		cmocka_unit_test(test_kretprobe_kernel_clone),
		cmocka_unit_test(test_kretprobe_changes_return),
		cmocka_unit_test(test_kretprobe_in_flight),
		cmocka_unit_test(test_fprobe),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

#else

int main(void)
{
	/* No traceable functions off x86-64: every probe is refused. */
	struct kprobe kp = { .symbol_name = "wake_up_process" };

	assert_int_equal(register_kprobe(&kp), -EINVAL);
	return 77;
}

#endif
