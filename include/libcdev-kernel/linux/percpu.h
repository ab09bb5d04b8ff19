/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/percpu.h>: per-CPU variables with a real copy
 * for each of the machine's CPUs (nr_cpu_ids). DEFINE_PER_CPU() puts the
 * variable in its module's libcdev_percpu section, whose copies for the
 * other CPUs the library makes when the module is mapped; alloc_percpu()
 * allocates all copies at once, zeroed. per_cpu_ptr() moves a pointer to a
 * CPU's copy (<libcdev/instrument.h>, mm/percpu.c).
 *
 * "This CPU" is the one the thread runs on at the call; the thread may move
 * afterwards (no preemption is turned off), so this_cpu_add() and friends
 * are atomic on the copy they chose: sums over the CPUs stay exact.
 */
#ifndef LIBCDEV_KERNEL_LINUX_PERCPU_H
#define LIBCDEV_KERNEL_LINUX_PERCPU_H

#include <stddef.h>
#include <stdint.h>

#include <linux/cpumask.h>
#include <linux/gfp.h>
#include <linux/module.h>
#include <linux/smp.h>
#include <libcdev/instrument.h>

#ifndef __percpu
#define __percpu
#endif

#define PERCPU_SECTION "libcdev_percpu"
#define DEFINE_PER_CPU(type, name) \
	__attribute__((section(PERCPU_SECTION), aligned(__alignof__(type)))) __typeof__(type) name
#define DECLARE_PER_CPU(type, name)		   extern __typeof__(type) name
#define DEFINE_PER_CPU_ALIGNED(type, name)	   DEFINE_PER_CPU(type, name)
#define DEFINE_PER_CPU_SHARED_ALIGNED(type, name)  DEFINE_PER_CPU(type, name)
#define DECLARE_PER_CPU_SHARED_ALIGNED(type, name) DECLARE_PER_CPU(type, name)
#define DEFINE_PER_CPU_READ_MOSTLY(type, name)	   DEFINE_PER_CPU(type, name)
#define DECLARE_PER_CPU_READ_MOSTLY(type, name)	   DECLARE_PER_CPU(type, name)

/*
 * The section of the module (or program) this file is linked into: the
 * linker names its bounds. Each file that includes this header registers
 * it; the library counts them.
 */
extern char __start_libcdev_percpu[] __attribute__((weak, visibility("hidden")));
extern char __stop_libcdev_percpu[] __attribute__((weak, visibility("hidden")));

/* The section's size; 0 where the file's module has no per-CPU variable. */
static inline size_t __libcdev_percpu_size(void)
{
	if (!__start_libcdev_percpu)
		return 0;
	return (size_t)((uintptr_t)__stop_libcdev_percpu - (uintptr_t)__start_libcdev_percpu);
}

__attribute__((constructor, used)) static void __libcdev_percpu_map(void)
{
	if (__libcdev_percpu_size())
		libcdev_percpu_section(__start_libcdev_percpu, __libcdev_percpu_size());
}

__attribute__((destructor, used)) static void __libcdev_percpu_unmap(void)
{
	if (__libcdev_percpu_size())
		libcdev_percpu_section_put(__start_libcdev_percpu);
}

#define per_cpu_ptr(ptr, cpu) \
	((__typeof__(ptr))libcdev_per_cpu_ptr((const void *)(ptr), (unsigned int)(cpu)))
#define per_cpu(var, cpu) (*per_cpu_ptr(&(var), cpu))
#define this_cpu_ptr(ptr) per_cpu_ptr(ptr, libcdev_smp_processor_id())
#define raw_cpu_ptr(ptr)  this_cpu_ptr(ptr)
#define get_cpu_ptr(ptr)  this_cpu_ptr(ptr)
#define put_cpu_ptr(ptr)  ((void)(ptr))
#define get_cpu_var(var)  (*this_cpu_ptr(&(var)))
#define put_cpu_var(var)  ((void)&(var))

#define this_cpu_read(pcp)	 __atomic_load_n(this_cpu_ptr(&(pcp)), __ATOMIC_RELAXED)
#define this_cpu_write(pcp, val) __atomic_store_n(this_cpu_ptr(&(pcp)), (val), __ATOMIC_RELAXED)
#define this_cpu_add(pcp, val) \
	((void)__atomic_fetch_add(this_cpu_ptr(&(pcp)), (val), __ATOMIC_RELAXED))
#define this_cpu_sub(pcp, val) \
	((void)__atomic_fetch_sub(this_cpu_ptr(&(pcp)), (val), __ATOMIC_RELAXED))
#define this_cpu_inc(pcp) this_cpu_add(pcp, 1)
#define this_cpu_dec(pcp) this_cpu_sub(pcp, 1)
#define this_cpu_add_return(pcp, val) \
	__atomic_add_fetch(this_cpu_ptr(&(pcp)), (val), __ATOMIC_RELAXED)
#define this_cpu_inc_return(pcp) this_cpu_add_return(pcp, 1)
#define __this_cpu_read(pcp)	 this_cpu_read(pcp)
#define __this_cpu_write(pcp, v) this_cpu_write(pcp, v)
#define __this_cpu_add(pcp, v)	 this_cpu_add(pcp, v)
#define __this_cpu_sub(pcp, v)	 this_cpu_sub(pcp, v)
#define __this_cpu_inc(pcp)	 this_cpu_inc(pcp)
#define __this_cpu_dec(pcp)	 this_cpu_dec(pcp)
#define raw_cpu_read(pcp)	 this_cpu_read(pcp)
#define raw_cpu_write(pcp, v)	 this_cpu_write(pcp, v)
#define raw_cpu_add(pcp, v)	 this_cpu_add(pcp, v)
#define raw_cpu_inc(pcp)	 this_cpu_inc(pcp)

#define __alloc_percpu(size, align) \
	libcdev_alloc_percpu_at(size, align, THIS_MODULE, __FILE__, __LINE__)
#define __alloc_percpu_gfp(size, align, gfp) __alloc_percpu(size, align)
#define alloc_percpu(type) \
	((__typeof__(type) __percpu *)__alloc_percpu(sizeof(type), __alignof__(type)))
#define alloc_percpu_gfp(type, gfp) alloc_percpu(type)

#endif
