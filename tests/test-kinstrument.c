/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel's instrumentation API as its own samples use it, through the
 * kernel-compatible headers: live patches' shadow variables are kept by
 * (object, id) with their constructors and destructors, a patch itself is
 * refused as a kernel without CONFIG_LIVEPATCH refuses it; statically
 * declared delayed work runs. Direct calls and probes are refused on a
 * function that is not traceable (test-kftrace-direct and test-kkprobes
 * use the traceable ones); hardware breakpoints and kdb answer as a kernel
 * built without them, while a direct-call trampoline of the samples' kind
 * assembles and runs. The
 * symbols of the process are found by name and printed by address; stack
 * traces name their callers. Per-CPU variables have a copy per CPU;
 * kmemleak's marks change the leak report at unload; a string parameter
 * fits its buffer or is refused.
 */
#include <linux/completion.h>
#include <linux/fdtable.h>
#include <linux/fprobe.h>
#include <linux/ftrace.h>
#include <linux/hw_breakpoint.h>
#include <linux/jiffies.h>
#include <linux/kallsyms.h>
#include <linux/kdb.h>
#include <linux/kmemleak.h>
#include <linux/kprobes.h>
#include <linux/kthread.h>
#include <linux/livepatch.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/sched/debug.h>
#include <linux/sched/stat.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/workqueue.h>
#include <asm/asm-offsets.h>
#include <asm/ibt.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "test-util.h"

/* ---- live patches: shadow variables ---- */

#define SV_A 1
#define SV_B 2

static int ctor_calls, dtor_calls;

static int copy_ctor(void *obj, void *shadow_data, void *ctor_data)
{
	ctor_calls++;
	if (!ctor_data)
		return -EINVAL;
	memcpy(shadow_data, ctor_data, sizeof(int));
	return 0;
}

static void count_dtor(void *obj, void *shadow_data)
{
	dtor_calls++;
	assert_non_null(obj);
	assert_non_null(shadow_data);
}

static void test_shadow_alloc_get_free(void **state)
{
	int obj1, obj2, v = 42, *d;

	ctor_calls = dtor_calls = 0;
	assert_null(klp_shadow_get(&obj1, SV_A));
	d = klp_shadow_alloc(&obj1, SV_A, sizeof(int), GFP_KERNEL, copy_ctor, &v);
	assert_non_null(d);
	assert_int_equal(*d, 42);
	assert_ptr_equal(klp_shadow_get(&obj1, SV_A), d);
	/* Another id on the same object, the same id on another object: others. */
	assert_null(klp_shadow_get(&obj1, SV_B));
	assert_null(klp_shadow_get(&obj2, SV_A));
	/* A second alloc of the same pair fails and leaves the first as it was. */
	assert_null(klp_shadow_alloc(&obj1, SV_A, sizeof(int), GFP_KERNEL, copy_ctor, &v));
	assert_ptr_equal(klp_shadow_get(&obj1, SV_A), d);
	assert_int_equal(ctor_calls, 1);
	klp_shadow_free(&obj1, SV_A, count_dtor);
	assert_int_equal(dtor_calls, 1);
	assert_null(klp_shadow_get(&obj1, SV_A));
	/* Freeing what does not exist is nothing. */
	klp_shadow_free(&obj1, SV_A, count_dtor);
	assert_int_equal(dtor_calls, 1);
}

static void test_shadow_zeroed_and_get_or_alloc(void **state)
{
	int obj, v = 7;
	char *z;
	int *d, *again;

	z = klp_shadow_alloc(&obj, SV_B, 64, GFP_KERNEL, NULL, NULL);
	assert_non_null(z);
	for (int i = 0; i < 64; i++)
		assert_int_equal(z[i], 0);
	klp_shadow_free(&obj, SV_B, NULL);

	ctor_calls = 0;
	d = klp_shadow_get_or_alloc(&obj, SV_A, sizeof(int), GFP_KERNEL, copy_ctor, &v);
	assert_non_null(d);
	v = 8;
	again = klp_shadow_get_or_alloc(&obj, SV_A, sizeof(int), GFP_KERNEL, copy_ctor, &v);
	assert_ptr_equal(again, d);
	assert_int_equal(*again, 7);
	assert_int_equal(ctor_calls, 1);
	klp_shadow_free(&obj, SV_A, NULL);
}

static void test_shadow_ctor_error(void **state)
{
	int obj;

	/* copy_ctor refuses NULL data: nothing is left behind. */
	assert_null(klp_shadow_alloc(&obj, SV_A, sizeof(int), GFP_KERNEL, copy_ctor, NULL));
	assert_null(klp_shadow_get(&obj, SV_A));
}

static void test_shadow_free_all(void **state)
{
	int objs[300], v = 1;

	dtor_calls = 0;
	for (int i = 0; i < 300; i++) {
		assert_non_null(
			klp_shadow_alloc(&objs[i], SV_A, sizeof(int), GFP_KERNEL, copy_ctor, &v));
		assert_non_null(
			klp_shadow_alloc(&objs[i], SV_B, sizeof(int), GFP_KERNEL, copy_ctor, &v));
	}
	klp_shadow_free_all(SV_A, count_dtor);
	assert_int_equal(dtor_calls, 300);
	for (int i = 0; i < 300; i++) {
		assert_null(klp_shadow_get(&objs[i], SV_A));
		assert_non_null(klp_shadow_get(&objs[i], SV_B));
	}
	klp_shadow_free_all(SV_B, NULL);
	for (int i = 0; i < 300; i++)
		assert_null(klp_shadow_get(&objs[i], SV_B));
}

/* ---- live patches: the patch itself ---- */

static void replacement(void)
{
}

static void test_klp_enable_patch_refused(void **state)
{
	struct klp_func funcs[] = { { .old_name = "dummy_alloc", .new_func = replacement }, {} };
	struct klp_object objs[] = { { .name = "some_mod", .funcs = funcs }, {} };
	struct klp_patch patch = { .mod = THIS_MODULE, .objs = objs };
	struct klp_patch empty = { .mod = THIS_MODULE };

	assert_int_equal(klp_enable_patch(NULL), -EINVAL);
	assert_int_equal(klp_enable_patch(&empty), -EINVAL);
	assert_int_equal(klp_enable_patch(&patch), -ENOEXEC);
	assert_null(klp_get_prev_state(1));
}

/* ---- statically declared delayed work, as livepatch-shadow-mod.c has it ---- */

static DECLARE_COMPLETION(dwork_ran);
static void dwork_fn(struct work_struct *work)
{
	complete(&dwork_ran);
}
static DECLARE_DELAYED_WORK(static_dwork, dwork_fn);

static void test_declare_delayed_work(void **state)
{
	assert_true(schedule_delayed_work(&static_dwork, msecs_to_jiffies(10)));
	assert_true(delayed_work_pending(&static_dwork));
	assert_true(wait_for_completion_timeout(&dwork_ran, msecs_to_jiffies(2000)) > 0);
	assert_false(cancel_delayed_work_sync(&static_dwork));
}

/* ---- function tracing ---- */

static int tramp_calls;
void my_direct_func(void);
void my_direct_func(void)
{
	tramp_calls++;
}

#ifdef __x86_64__
/* The shape of samples/ftrace/ftrace-direct.c's trampoline, with its macros. */
void my_tramp(void);
asm("	.pushsection    .text, \"ax\", @progbits\n"
    "	.type		my_tramp, @function\n"
    "	.globl		my_tramp\n"
    "   my_tramp:" ASM_ENDBR "	pushq %rbp\n"
    "	movq %rsp, %rbp\n"
    "	pushq %rdi\n"
    "	call my_direct_func\n"
    "	popq %rdi\n"
    "	leave\n" ASM_RET "	.size		my_tramp, .-my_tramp\n"
    "	.popsection\n");
#endif

static void test_ftrace_direct(void **state)
{
	struct ftrace_ops ops = { 0 };

	/*
	 * 6.1's calls by address, 6.6's on an ftrace_ops, on a function that is
	 * no direct-call site: ftrace_location()'s errors (test-kftrace-direct
	 * attaches to the sites).
	 */
	assert_int_equal(register_ftrace_direct((unsigned long)kthread_should_stop, 1UL), -ENODEV);
	assert_int_equal(unregister_ftrace_direct((unsigned long)kthread_should_stop, 1UL),
			 -ENODEV);
	assert_int_equal(modify_ftrace_direct((unsigned long)kthread_should_stop, 1UL, 2UL),
			 -ENODEV);
	assert_int_equal(register_ftrace_direct(&ops, 1UL), -EINVAL);
	assert_int_equal(modify_ftrace_direct(&ops, 2UL), -EINVAL);
	assert_int_equal(ftrace_set_filter_ip(&ops, (unsigned long)kthread_should_stop, 0, 0),
			 -EINVAL);
	assert_int_equal(register_ftrace_direct_multi(&ops, 1UL), -EINVAL);
	assert_int_equal(modify_ftrace_direct_multi(&ops, 1UL), -EINVAL);
	ftrace_free_filter(&ops);
#ifdef __x86_64__
	tramp_calls = 0;
	my_tramp();
	assert_int_equal(tramp_calls, 1);
	assert_int_equal(PTREGS_SIZE, sizeof(struct pt_regs));
#endif
	/* No process memory faults into a driver: an unservable fault. */
	assert_int_equal(handle_mm_fault(NULL, 0, 0, NULL), VM_FAULT_SIGBUS);
}

/* ---- probes off the traceable functions; breakpoints, kdb: as kernels without them ---- */

static int probe_hits;
static int pre(struct kprobe *p, struct pt_regs *regs)
{
	probe_hits++;
	return 0;
}

static void entry(struct fprobe *fp, unsigned long ip, struct pt_regs *regs, void *data)
{
	probe_hits++;
}

static void bp_hit(struct perf_event *bp, struct perf_sample_data *data, struct pt_regs *regs)
{
	probe_hits++;
}

static int hello_cmd(int argc, const char **argv)
{
	return 0;
}

static void test_probes_refused(void **state)
{
	struct kprobe kp = { .addr = (void *)kthread_should_stop, .pre_handler = pre };
	struct kretprobe krp = { .kp.addr = (void *)kthread_should_stop };
	struct fprobe fp = { .entry_handler = entry };
	unsigned long ips[] = { (unsigned long)kthread_should_stop };
	struct perf_event_attr attr;
	struct perf_event *__percpu *bp;
	kdbtab_t cmd = { .name = "hello", .func = hello_cmd };

	probe_hits = 0;
	assert_int_equal(register_kprobe(&kp), -EINVAL);
	assert_int_equal(register_kretprobe(&krp), -EINVAL);
	unregister_kprobe(&kp);
	assert_int_equal(register_fprobe(&fp, "kthread_should_*", NULL), -EINVAL);
	assert_int_equal(register_fprobe_ips(&fp, ips, 1), -EINVAL);
	hw_breakpoint_init(&attr);
	assert_int_equal(attr.type, PERF_TYPE_BREAKPOINT);
	attr.bp_addr = (unsigned long)&probe_hits;
	attr.bp_len = HW_BREAKPOINT_LEN_4;
	attr.bp_type = HW_BREAKPOINT_W;
	bp = register_wide_hw_breakpoint(&attr, bp_hit, NULL);
	assert_true(IS_ERR((void *)bp));
	assert_int_equal(PTR_ERR((void *)bp), -ENOSYS);
	assert_int_equal(probe_hits, 0);
	assert_int_equal(kdb_register(&cmd), 0);
	assert_int_equal(kdb_printf("Hello %s.\n", "world"), 0);
	kdb_unregister(&cmd);
}

/* ---- the symbols of the process ---- */

noinline void kallsyms_target(void);
noinline void kallsyms_target(void)
{
	__asm__ volatile("nop; nop; nop; nop");
}

static void test_kallsyms(void **state)
{
	unsigned long addr = (unsigned long)kallsyms_target;
	char buf[KSYM_SYMBOL_LEN], name[KSYM_NAME_LEN], want[64];
	int local, len;

	assert_int_equal(kallsyms_lookup_name("kallsyms_target"), addr);
	/* The library's functions under the kernel's names. */
	assert_int_equal(kallsyms_lookup_name("wake_up_process"), (unsigned long)wake_up_process);
	assert_int_equal(kallsyms_lookup_name("no_such_symbol_anywhere"), 0);
	len = sprint_symbol(buf, addr + 2);
	assert_int_equal(len, (int)strlen(buf));
	assert_non_null(strstr(buf, "kallsyms_target+0x2/0x"));
	sprint_symbol_no_offset(buf, addr + 2);
	assert_string_equal(buf, "kallsyms_target");
	sprint_symbol(buf, (unsigned long)wake_up_process);
	assert_true(!strncmp(buf, "wake_up_process+0x0/0x", 22));
	assert_int_equal(lookup_symbol_name(addr, name), 0);
	assert_string_equal(name, "kallsyms_target");
	/* The stack is no symbol: a number, as the kernel prints one. */
	assert_int_equal(lookup_symbol_name((unsigned long)&local, name), -ERANGE);
	sprint_symbol(buf, (unsigned long)&local);
	snprintf(want, sizeof(want), "%#lx", (unsigned long)&local);
	assert_string_equal(buf, want);
	assert_ptr_equal(__symbol_get("wake_up_process"), (void *)wake_up_process);
	assert_ptr_equal(symbol_get(kallsyms_target), kallsyms_target);
	symbol_put(kallsyms_target);
	assert_null(__symbol_get("no_such_symbol_anywhere"));
}

noinline unsigned int stack_saver(unsigned long *e, unsigned int n);
noinline unsigned int stack_saver(unsigned long *e, unsigned int n)
{
	unsigned int got = stack_trace_save(e, n, 0);

	__asm__ volatile("" ::: "memory"); /* not a tail call */
	return got;
}

static void test_stack_trace(void **state)
{
	unsigned long entries[16];
	char name[KSYM_NAME_LEN];
	unsigned int n = stack_saver(entries, 16);

	assert_true(n >= 2);
	assert_int_equal(lookup_symbol_name(entries[0], name), 0);
	assert_string_equal(name, "stack_saver");
	test_log_everything();
	dump_stack();
	assert_non_null(strstr(test_log_peek(), "Call Trace:"));
	assert_non_null(strstr(test_log_take(), "dump_stack"));
	assert_int_equal(stack_saver(entries, 1), 1);
}

/* ---- the caller's memory, the scheduler's counts ---- */

static struct mm_struct *kthread_mm = (struct mm_struct *)1;
static DECLARE_COMPLETION(kthread_looked);
static int mm_thread(void *data)
{
	kthread_mm = current->mm;
	complete(&kthread_looked);
	while (!kthread_should_stop())
		schedule_timeout_interruptible(1);
	return 0;
}

static void test_task_mm_and_counts(void **state)
{
	struct task_struct *t;

	assert_non_null(current->mm);
	t = kthread_run(mm_thread, NULL, "mm-test");
	assert_false(IS_ERR(t));
	assert_true(wait_for_completion_timeout(&kthread_looked, msecs_to_jiffies(2000)) > 0);
	assert_null(kthread_mm);
	kthread_stop(t);
	assert_true(nr_running() >= 1);
	assert_true(nr_processes() >= 1);
}

/* ---- per-CPU variables ---- */

static DEFINE_PER_CPU(int, pcpu_start) = 5;
DEFINE_PER_CPU(long, pcpu_count);

static void test_percpu_static(void **state)
{
	long want = sysconf(_SC_NPROCESSORS_CONF);
	long sum = 0;
	int cpu;

	assert_int_equal(nr_cpu_ids, want > 0 ? want : 1);
	/* Every CPU's copy starts from the initializer, and is its own. */
	for_each_possible_cpu(cpu)
		assert_int_equal(per_cpu(pcpu_start, cpu), 5);
	for_each_possible_cpu(cpu)
		per_cpu(pcpu_start, cpu) = cpu;
	for_each_possible_cpu(cpu) {
		assert_int_equal(per_cpu(pcpu_start, cpu), cpu);
		if (cpu)
			assert_ptr_not_equal(&per_cpu(pcpu_start, cpu), &per_cpu(pcpu_start, 0));
	}
	assert_ptr_equal(per_cpu_ptr(&pcpu_start, 0), &pcpu_start);
	for (int i = 0; i < 1000; i++)
		this_cpu_inc(pcpu_count);
	get_cpu_var(pcpu_count) += 10;
	put_cpu_var(pcpu_count);
	for_each_possible_cpu(cpu)
		sum += per_cpu(pcpu_count, cpu);
	assert_int_equal(sum, 1010);
	assert_true(smp_processor_id() >= 0 && (unsigned int)smp_processor_id() < nr_cpu_ids);
}

struct pcpu_stats {
	long packets;
	long bytes;
};

static void test_percpu_alloc(void **state)
{
	struct pcpu_stats __percpu *stats = alloc_percpu(struct pcpu_stats);
	int cpu;

	assert_non_null(stats);
	for_each_possible_cpu(cpu) {
		struct pcpu_stats *s = per_cpu_ptr(stats, cpu);

		assert_int_equal(s->packets, 0);
		assert_int_equal(s->bytes, 0);
		s->packets = cpu + 1;
		/* A pointer to a member moves with its area. */
		*per_cpu_ptr(&stats->bytes, cpu) = 100 * (cpu + 1);
	}
	for_each_possible_cpu(cpu) {
		assert_int_equal(per_cpu_ptr(stats, cpu)->packets, cpu + 1);
		assert_int_equal(per_cpu_ptr(stats, cpu)->bytes, 100 * (cpu + 1));
	}
	this_cpu_ptr(stats)->packets += 0;
	free_percpu(stats);
	free_percpu(NULL);
}

/* ---- kmemleak's marks on the leak report ---- */

int kcheck_module_unload(struct module *mod, unsigned int deferred_left, bool permanent);

static void test_kmemleak_marks(void **state)
{
	void *leak = kmalloc(1111, GFP_KERNEL);
	void *kept = kmalloc(2222, GFP_KERNEL);
	void *ignored = kmalloc(3333, GFP_KERNEL);
	static char outside[4444], outside_kept[5555], outside_freed[6666];
	void *files = kmem_cache_alloc(files_cachep, GFP_KERNEL);
	const char *log;

	kmemleak_not_leak(kept);
	kmemleak_ignore(ignored);
	kmemleak_alloc(outside, sizeof(outside), 1, GFP_KERNEL);
	kmemleak_alloc(outside_kept, sizeof(outside_kept), 0, GFP_KERNEL);
	kmemleak_alloc(outside_freed, sizeof(outside_freed), 1, GFP_KERNEL);
	kmemleak_free(outside_freed);
	test_log_everything();
	kcheck_module_unload(THIS_MODULE, 0, false);
	log = test_log_take();
	assert_non_null(strstr(log, "(size 1111)"));
	assert_null(strstr(log, "(size 2222)"));
	assert_null(strstr(log, "(size 3333)"));
	assert_non_null(strstr(log, "(size 4444)"));
	assert_null(strstr(log, "(size 5555)"));
	assert_null(strstr(log, "(size 6666)"));
	assert_non_null(files);
	free(leak);
	free(kept);
	free(ignored);
	free(files);
}

/* ---- string parameters ---- */

static char sym_param[8] = "init";
module_param_string(sym, sym_param, sizeof(sym_param), 0644);

static void test_param_string(void **state)
{
	const struct kernel_param *kp = &__param_sym;
	static char buf[4096]; /* a page, as ->get() is given; not on the stack */

	assert_int_equal(kp->ops->set("kernel", kp), 0);
	assert_string_equal(sym_param, "kernel");
	assert_int_equal(kp->ops->get(buf, kp), 6);
	assert_string_equal(buf, "kernel");
	/* Eight bytes hold seven characters. */
	assert_int_equal(kp->ops->set("12345678", kp), -ENOSPC);
	assert_string_equal(sym_param, "kernel");
	assert_int_equal(kp->ops->set("1234567", kp), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shadow_alloc_get_free),
		cmocka_unit_test(test_shadow_zeroed_and_get_or_alloc),
		cmocka_unit_test(test_shadow_ctor_error),
		cmocka_unit_test(test_shadow_free_all),
		cmocka_unit_test(test_klp_enable_patch_refused),
		cmocka_unit_test(test_declare_delayed_work),
		cmocka_unit_test(test_ftrace_direct),
		cmocka_unit_test(test_probes_refused),
		cmocka_unit_test(test_kallsyms),
		cmocka_unit_test(test_stack_trace),
		cmocka_unit_test(test_task_mm_and_counts),
		cmocka_unit_test(test_percpu_static),
		cmocka_unit_test(test_percpu_alloc),
		cmocka_unit_test(test_kmemleak_marks),
		cmocka_unit_test(test_param_string),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
