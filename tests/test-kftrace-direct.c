/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ftrace's direct calls on the library's direct-call sites: a trampoline
 * written as samples/ftrace writes them for x86-64 is called from the
 * first instruction of wake_up_process(), schedule() and handle_mm_fault()
 * with the function's argument and its address + MCOUNT_INSN_SIZE at
 * 8(%rbp);
 * modify switches trampolines, unregister stops them, the _multi calls
 * attach one ftrace_ops to several sites; addresses that are no site are
 * refused as the kernel's ftrace_location() check refuses them; and
 * unregister returns only once no thread is still in the trampoline.
 */
#include <linux/ftrace.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/sched.h>

#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include "test-util.h"

#ifdef __x86_64__

/* What each trampoline saw: its calls, the last first argument and return address. */
struct tramp_seen {
	unsigned long calls;
	unsigned long arg;
	unsigned long ip;
};
static struct tramp_seen seen1, seen2;

void tramp_record1(unsigned long arg, unsigned long ip);
void tramp_record2(unsigned long arg, unsigned long ip);

void tramp_record1(unsigned long arg, unsigned long ip)
{
	__atomic_store_n(&seen1.arg, arg, __ATOMIC_RELAXED);
	__atomic_store_n(&seen1.ip, ip, __ATOMIC_RELAXED);
	__atomic_fetch_add(&seen1.calls, 1, __ATOMIC_RELAXED);
}

void tramp_record2(unsigned long arg, unsigned long ip)
{
	__atomic_store_n(&seen2.arg, arg, __ATOMIC_RELAXED);
	__atomic_store_n(&seen2.ip, ip, __ATOMIC_RELAXED);
	__atomic_fetch_add(&seen2.calls, 1, __ATOMIC_RELAXED);
}

/* As the samples' trampolines: a frame, the argument kept, the return address read. */
void test_tramp1(void);
void test_tramp2(void);
asm("	.pushsection .text, \"ax\", @progbits\n"
    "	.type test_tramp1, @function\n"
    "	.globl test_tramp1\n"
    "test_tramp1:\n"
    "	pushq %rbp\n"
    "	movq %rsp, %rbp\n"
    "	pushq %rdi\n"
    "	movq 8(%rbp), %rsi\n"
    "	call tramp_record1\n"
    "	popq %rdi\n"
    "	leave\n"
    "	ret\n"
    "	.size test_tramp1, .-test_tramp1\n"
    "	.type test_tramp2, @function\n"
    "	.globl test_tramp2\n"
    "test_tramp2:\n"
    "	pushq %rbp\n"
    "	movq %rsp, %rbp\n"
    "	pushq %rdi\n"
    "	movq 8(%rbp), %rsi\n"
    "	call tramp_record2\n"
    "	popq %rdi\n"
    "	leave\n"
    "	ret\n"
    "	.size test_tramp2, .-test_tramp2\n"
    "	.popsection\n");

#define TRAMP1 ((unsigned long)test_tramp1)
#define TRAMP2 ((unsigned long)test_tramp2)
#define WAKE   ((unsigned long)wake_up_process)
#define SCHED  ((unsigned long)schedule)

static void reset_seen(void)
{
	memset(&seen1, 0, sizeof(seen1));
	memset(&seen2, 0, sizeof(seen2));
}

static void test_register_calls(void **state)
{
	(void)state;
	reset_seen();
	assert_int_equal(ftrace_location(WAKE), WAKE);
	assert_int_equal(ftrace_location(WAKE + 4), WAKE);
	assert_int_equal(register_ftrace_direct(WAKE, TRAMP1), 0);
	assert_int_equal(ftrace_find_rec_direct(WAKE), TRAMP1);
	wake_up_process(current);
	assert_int_equal(seen1.calls, 1);
	assert_ptr_equal((void *)seen1.arg, current);
	assert_int_equal(seen1.ip, WAKE + MCOUNT_INSN_SIZE);

	/* Modify switches without a gap. */
	assert_int_equal(modify_ftrace_direct(WAKE, TRAMP2, TRAMP1), -EINVAL);
	assert_int_equal(modify_ftrace_direct(WAKE, TRAMP1, TRAMP2), 0);
	wake_up_process(current);
	assert_int_equal(seen1.calls, 1);
	assert_int_equal(seen2.calls, 1);
	assert_ptr_equal((void *)seen2.arg, current);

	/* Unregister stops it. */
	assert_int_equal(unregister_ftrace_direct(WAKE, TRAMP2), 0);
	assert_int_equal(ftrace_find_rec_direct(WAKE), 0);
	wake_up_process(current);
	assert_int_equal(seen1.calls + seen2.calls, 2);
}

/* handle_mm_fault() is a site too (ftrace-direct-too's): its four arguments reach it. */
static void test_mm_fault_site(void **state)
{
	struct vm_area_struct *vma = (struct vm_area_struct *)&seen2;
	unsigned long site = (unsigned long)handle_mm_fault;

	(void)state;
	reset_seen();
	assert_int_equal(ftrace_location(site), site);
	assert_int_equal(register_ftrace_direct(site, TRAMP1), 0);
	assert_int_equal(handle_mm_fault(vma, 0x1000, 1, NULL), VM_FAULT_SIGBUS);
	assert_int_equal(seen1.calls, 1);
	assert_ptr_equal((void *)seen1.arg, vma);
	assert_int_equal(seen1.ip, site + MCOUNT_INSN_SIZE);
	assert_int_equal(unregister_ftrace_direct(site, TRAMP1), 0);
	assert_int_equal(handle_mm_fault(vma, 0x1000, 0, NULL), VM_FAULT_SIGBUS);
	assert_int_equal(seen1.calls, 1);
}

static void test_errors(void **state)
{
	struct ftrace_ops ops = { 0 };

	(void)state;
	/* Not a site: the kernel's ftrace_location() check. */
	assert_int_equal(ftrace_location((unsigned long)msleep), 0);
	assert_int_equal(register_ftrace_direct((unsigned long)msleep, TRAMP1), -ENODEV);
	assert_int_equal(register_ftrace_direct(WAKE + MCOUNT_INSN_SIZE, TRAMP1), -ENODEV);
	assert_int_equal(unregister_ftrace_direct(WAKE, TRAMP1), -ENODEV);
	assert_int_equal(modify_ftrace_direct(WAKE, TRAMP1, TRAMP2), -ENODEV);
	assert_int_equal(ftrace_set_filter_ip(&ops, (unsigned long)msleep, 0, 0), -EINVAL);
	assert_int_equal(ftrace_set_filter_ip(&ops, SCHED, 1, 0), -ENOENT);
	/* An empty filter, an unregistered ops. */
	assert_int_equal(register_ftrace_direct_multi(&ops, TRAMP1), -EINVAL);
	assert_int_equal(unregister_ftrace_direct_multi(&ops, TRAMP1), -EINVAL);
	assert_int_equal(modify_ftrace_direct_multi(&ops, TRAMP1), -EINVAL);

	/* One trampoline per site: -EBUSY, by address and for an ops. */
	assert_int_equal(register_ftrace_direct(SCHED, TRAMP1), 0);
	assert_int_equal(register_ftrace_direct(SCHED, TRAMP2), -EBUSY);
	assert_int_equal(ftrace_set_filter_ip(&ops, SCHED, 0, 0), 0);
	assert_int_equal(register_ftrace_direct_multi(&ops, TRAMP2), -EBUSY);
	assert_int_equal(unregister_ftrace_direct(SCHED, TRAMP1), 0);
	ftrace_free_filter(&ops);
}

static void test_multi(void **state)
{
	struct ftrace_ops ops = { 0 };

	(void)state;
	reset_seen();
	assert_int_equal(ftrace_set_filter_ip(&ops, WAKE, 0, 0), 0);
	assert_int_equal(ftrace_set_filter_ip(&ops, SCHED, 0, 0), 0);
	assert_int_equal(ftrace_set_filter_ip(&ops, SCHED, 0, 0), 0); /* already there */
	assert_int_equal(register_ftrace_direct_multi(&ops, TRAMP1), 0);
	assert_int_equal(register_ftrace_direct_multi(&ops, TRAMP1), -EINVAL);
	/* By address, a site an ops holds is not one's to take. */
	assert_int_equal(unregister_ftrace_direct(WAKE, TRAMP1), -ENODEV);

	wake_up_process(current);
	assert_int_equal(seen1.calls, 1);
	assert_int_equal(seen1.ip, WAKE + MCOUNT_INSN_SIZE);
	schedule(); /* running: returns at once, through its entry */
	assert_int_equal(seen1.calls, 2);
	assert_int_equal(seen1.ip, SCHED + MCOUNT_INSN_SIZE);

	assert_int_equal(modify_ftrace_direct_multi(&ops, TRAMP2), 0);
	schedule_timeout(0); /* the kernel's: schedule() under a timer */
	assert_int_equal(seen2.calls, 1);
	assert_int_equal(seen2.ip, SCHED + MCOUNT_INSN_SIZE);

	assert_int_equal(unregister_ftrace_direct_multi(&ops, TRAMP2), 0);
	wake_up_process(current);
	schedule();
	assert_int_equal(seen1.calls + seen2.calls, 3);
	ftrace_free_filter(&ops);
	/* 6.6's form on an ftrace_ops. */
	assert_int_equal(ftrace_set_filter_ip(&ops, WAKE, 0, 0), 0);
	assert_int_equal(register_ftrace_direct(&ops, TRAMP1), 0);
	wake_up_process(current);
	assert_int_equal(seen1.calls, 3);
	assert_int_equal(unregister_ftrace_direct(&ops, TRAMP1, true), 0);
	assert_null(ops.filter_ips);
}

/* ---- unregister against callers in flight ---- */

/* Bit 0: the callers stop; bit 1: set while no trampoline is attached. */
static unsigned int stop_callers;
static unsigned long late_calls;

/* Slowed, so callers are often inside when unregister runs. */
void tramp_slow(unsigned long arg, unsigned long ip);
void tramp_slow(unsigned long arg, unsigned long ip)
{
	volatile unsigned int spin;

	for (spin = 0; spin < 2000; spin++)
		;
	tramp_record1(arg, ip);
	/* Had unregister returned while a caller is here, this could be a freed module. */
	if (__atomic_load_n(&stop_callers, __ATOMIC_SEQ_CST) & 2)
		__atomic_fetch_add(&late_calls, 1, __ATOMIC_RELAXED);
}

void test_tramp_slow(void);
asm("	.pushsection .text, \"ax\", @progbits\n"
    "	.type test_tramp_slow, @function\n"
    "	.globl test_tramp_slow\n"
    "test_tramp_slow:\n"
    "	pushq %rbp\n"
    "	movq %rsp, %rbp\n"
    "	pushq %rdi\n"
    "	movq 8(%rbp), %rsi\n"
    "	call tramp_slow\n"
    "	popq %rdi\n"
    "	leave\n"
    "	ret\n"
    "	.size test_tramp_slow, .-test_tramp_slow\n"
    "	.popsection\n");

static void *caller(void *arg)
{
	struct task_struct *self = current;
	unsigned long calls = 0;

	(void)arg;
	while (!(__atomic_load_n(&stop_callers, __ATOMIC_ACQUIRE) & 1)) {
		wake_up_process(self);
		calls++;
	}
	return (void *)calls;
}

/*
 * While threads call wake_up_process(), attach and detach a trampoline
 * whose every run checks that no detach has completed (bit 1 is set
 * right after unregister returns and cleared before the next register).
 */
static void test_unregister_waits(void **state)
{
	pthread_t threads[3];
	struct timespec t0, t;
	unsigned int i, rounds = 0;
	void *calls;

	(void)state;
	reset_seen();
	stop_callers = 0;
	late_calls = 0;
	for (i = 0; i < ARRAY_SIZE(threads); i++)
		assert_int_equal(pthread_create(&threads[i], NULL, caller, NULL), 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		__atomic_and_fetch(&stop_callers, ~2, __ATOMIC_SEQ_CST);
		assert_int_equal(register_ftrace_direct(WAKE, (unsigned long)test_tramp_slow), 0);
		usleep(200);
		assert_int_equal(unregister_ftrace_direct(WAKE, (unsigned long)test_tramp_slow), 0);
		__atomic_or_fetch(&stop_callers, 2, __ATOMIC_SEQ_CST);
		usleep(50);
		rounds++;
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while (t.tv_sec - t0.tv_sec < 2);
	__atomic_or_fetch(&stop_callers, 1, __ATOMIC_SEQ_CST);
	for (i = 0; i < ARRAY_SIZE(threads); i++) {
		assert_int_equal(pthread_join(threads[i], &calls), 0);
		assert_true((unsigned long)calls > 0);
	}
	assert_int_equal(late_calls, 0);
	print_message("%u rounds, %lu traced calls\n", rounds, seen1.calls);
	assert_true(seen1.calls > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_register_calls),	 cmocka_unit_test(test_mm_fault_site),
		cmocka_unit_test(test_errors),		 cmocka_unit_test(test_multi),
		cmocka_unit_test(test_unregister_waits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

#else

int main(void)
{
	/* No direct-call sites off x86-64: every register is -ENODEV. */
	assert_int_equal(register_ftrace_direct((unsigned long)wake_up_process, 1UL), -ENODEV);
	return 77;
}

#endif
