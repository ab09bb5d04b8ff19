/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the library's side of the kernel's instrumentation headers:
 * live patches' shadow variables (include/linux/livepatch.h), the symbol
 * table of the process (kallsyms.h), kmemleak's marks on allocations
 * (kmemleak.h), per-CPU areas (percpu.h) and stack traces (stacktrace.h).
 *
 * Not in <libcdev/libcdev.h>; the kernel-compatible headers carry the
 * kernel's spellings. The loaded modules and the library are the kernel
 * here: their symbols are the ones kallsyms knows.
 */
#ifndef LIBCDEV_INSTRUMENT_H
#define LIBCDEV_INSTRUMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libcdev/module.h>
#include <libcdev/names.h>

/* ---- shadow variables (kernel/livepatch/shadow.c) ---- */

typedef int (*klp_shadow_ctor_t)(void *obj, void *shadow_data, void *ctor_data);
typedef void (*klp_shadow_dtor_t)(void *obj, void *shadow_data);

/** klp_shadow_get - the data of the shadow variable <@obj, @id>, or NULL */
void *klp_shadow_get(void *obj, unsigned long id);
/**
 * klp_shadow_alloc - attach @size zeroed bytes to <@obj, @id>, then @ctor(obj, data, @ctor_data)
 *
 * Return: the data; NULL if the variable exists already (with a warning),
 * memory runs out, or @ctor returns an error. @ctor runs under the lock of
 * the table: it must not call the shadow API.
 */
void *klp_shadow_alloc(void *obj, unsigned long id, size_t size, unsigned int gfp_flags,
		       klp_shadow_ctor_t ctor, void *ctor_data);
/** klp_shadow_get_or_alloc - the existing variable <@obj, @id>, or a new one as klp_shadow_alloc() */
void *klp_shadow_get_or_alloc(void *obj, unsigned long id, size_t size, unsigned int gfp_flags,
			      klp_shadow_ctor_t ctor, void *ctor_data);
/** klp_shadow_free - detach <@obj, @id>, call @dtor(obj, data) if given, free it */
void klp_shadow_free(void *obj, unsigned long id, klp_shadow_dtor_t dtor);
/** klp_shadow_free_all - klp_shadow_free() of every variable with @id */
void klp_shadow_free_all(unsigned long id, klp_shadow_dtor_t dtor);

/* ---- the symbols of the process (kernel/kallsyms.c) ---- */

#define KSYM_NAME_LEN	512
/* "name+0xoff/0xsize [module]" at most. */
#define KSYM_SYMBOL_LEN (sizeof("%s+%#lx/%#lx [%s]") + KSYM_NAME_LEN + 2 * 20 + 56)

/**
 * kallsyms_lookup_name - the address of the function or object @name, or 0
 *
 * Looked up in the program, its libraries and every loaded module; the
 * library's functions answer to their kernel names (wake_up_process).
 */
unsigned long kallsyms_lookup_name(const char *name);
/** sprint_symbol - "name+0xoff/0xsize [module]" for @address into @buffer (KSYM_SYMBOL_LEN); its length */
int sprint_symbol(char *buffer, unsigned long address);
/** sprint_symbol_no_offset - "name [module]" for @address */
int sprint_symbol_no_offset(char *buffer, unsigned long address);
/** lookup_symbol_name - the name of the symbol holding @addr into @symname (KSYM_NAME_LEN); -ERANGE if none */
int lookup_symbol_name(unsigned long addr, char *symname);
/** __symbol_get - the address of @name and a reference on the module that has it; NULL if none */
void *__symbol_get(const char *name);
/** __symbol_put - drop the reference __symbol_get(@name) took */
void __symbol_put(const char *name);

/* ---- stack traces (kernel/stacktrace.c, lib/dump_stack.c) ---- */

/** stack_trace_save - the return addresses of the calling thread, @skipnr innermost skipped; how many */
unsigned int stack_trace_save(unsigned long *store, unsigned int size, unsigned int skipnr);
/** stack_trace_print - one line per entry, "name+0xoff/0xsize", indented by @spaces */
void stack_trace_print(const unsigned long *entries, unsigned int nr_entries, int spaces);
/** dump_stack - the calling thread's stack, symbolised, to the log */
void dump_stack(void);

/* ---- the scheduler's counts (kernel/sched/core.c) ---- */

/** nr_running - the machine's runnable tasks (/proc/loadavg) */
unsigned int nr_running(void);
/** nr_processes - the machine's tasks (/proc/loadavg) */
int nr_processes(void);

/* ---- CPU hotplug states (kernel/cpu.c) ---- */

/*
 * The states of <linux/cpuhotplug.h> a driver sets up: the two ranges the
 * kernel hands out dynamically. Every CPU below nr_cpu_ids is online, and
 * none comes or goes.
 */
enum cpuhp_state {
	CPUHP_INVALID = -1,
	CPUHP_OFFLINE = 0,
	CPUHP_BP_PREPARE_DYN = 64,
	CPUHP_BP_PREPARE_DYN_END = CPUHP_BP_PREPARE_DYN + 20,
	CPUHP_AP_ONLINE_DYN = 128,
	CPUHP_AP_ONLINE_DYN_END = CPUHP_AP_ONLINE_DYN + 30,
	CPUHP_ONLINE = 255,
};

/**
 * __cpuhp_setup_state - take a state (CPUHP_AP_ONLINE_DYN or
 * CPUHP_BP_PREPARE_DYN: the next free one of its range) and, if @invoke,
 * run @startup(cpu) for every CPU: for an AP state on a kernel thread bound
 * to that CPU, as the kernel's hotplug thread does. A failure runs
 * @teardown on the CPUs done, frees the state and is returned.
 * Return: the state's number (> 0), or -EINVAL, -ENOSPC (range full),
 * -EAGAIN/-ENOMEM (no thread), or @startup's error.
 */
int __cpuhp_setup_state(enum cpuhp_state state, const char *name, bool invoke,
			int (*startup)(unsigned int cpu), int (*teardown)(unsigned int cpu),
			bool multi_instance);
/** __cpuhp_remove_state - run @state's teardown on every CPU (if @invoke) and free it */
void __cpuhp_remove_state(enum cpuhp_state state, bool invoke);

/* ---- per-CPU areas (mm/percpu.c) ---- */

/* The machine's configured CPUs, at least 1: the kernel's possible CPUs. */
extern unsigned int nr_cpu_ids;

/** libcdev_smp_processor_id - the CPU the calling thread runs on now (below nr_cpu_ids) */
unsigned int libcdev_smp_processor_id(void);
/**
 * libcdev_alloc_percpu_at - alloc_percpu(): nr_cpu_ids zeroed copies of @size bytes
 *
 * Return: the first copy, which per_cpu_ptr() turns into the others; NULL
 * when memory runs out. Accounted to @owner as kmalloc() is.
 */
void *libcdev_alloc_percpu_at(size_t size, size_t align, struct module *owner, const char *file,
			      int line);
/** free_percpu - free what alloc_percpu() gave; NULL is allowed */
void free_percpu(void *ptr);
/**
 * libcdev_per_cpu_ptr - @cpu's copy of the per-CPU object at @ptr (of any CPU)
 *
 * For a pointer into an area of alloc_percpu() or of DEFINE_PER_CPU(); any
 * other pointer is reported once and given back.
 */
void *libcdev_per_cpu_ptr(const void *ptr, unsigned int cpu);
/**
 * libcdev_percpu_section - the DEFINE_PER_CPU() variables of a module, [@start, @start + @size)
 *
 * Called by each of the module's files that includes <linux/percpu.h>;
 * the copies of the other CPUs start as copies of these, made once.
 */
void libcdev_percpu_section(void *start, size_t size);
/** libcdev_percpu_section_put - the module unmaps: one of those files is gone */
void libcdev_percpu_section_put(void *start);

/* ---- kmemleak's marks (mm/kmemleak.c) ---- */

/** kmemleak_not_leak - never report the kmalloc() block at @ptr as a leak at unload */
void kmemleak_not_leak(const void *ptr);

#endif
