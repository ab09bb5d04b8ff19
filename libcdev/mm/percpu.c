/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - mm/percpu.c (and nr_cpu_ids of kernel/smp.c): per-CPU
 * variables, one copy for each of the machine's CPUs. The first copy is the
 * one a driver's pointer designates: for alloc_percpu() the start of a block
 * of nr_cpu_ids copies side by side, for DEFINE_PER_CPU() the variable
 * itself, in its module's libcdev_percpu section, whose other copies are
 * made when the module is mapped, from the section's initial contents (the
 * kernel copies its .data..percpu section the same way). per_cpu_ptr()
 * finds the area a pointer falls in and moves to the CPU's copy.
 *
 * Threads are not pinned to a CPU: "this CPU" is the one sched_getcpu()
 * names at the time of the call.
 */
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/core.h"
#include <libcdev/instrument.h>
#include <libcdev/kcheck.h>
#include <libcdev/printk.h>

_public_ unsigned int nr_cpu_ids = 1;

struct pcpu_area {
	struct pcpu_area *next;
	char *base;	   /* CPU 0's copy */
	size_t size;	   /* of one copy */
	size_t stride;	   /* between the copies in @others */
	char *others;	   /* CPU 1's copy; NULL when they follow @base (alloc_percpu()) */
	unsigned int refs; /* files of a module that registered its section */
};

static pthread_rwlock_t pcpu_lock = PTHREAD_RWLOCK_INITIALIZER;
static struct pcpu_area *pcpu_areas;

static pthread_once_t pcpu_once = PTHREAD_ONCE_INIT;

static void pcpu_count_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);

	nr_cpu_ids = n > 0 ? (unsigned int)n : 1;
}

/*
 * At load, and again before the first area is made: a program linked with
 * the library may run its constructors (<linux/percpu.h>'s) first.
 */
__attribute__((constructor)) static void pcpu_init(void)
{
	pthread_once(&pcpu_once, pcpu_count_cpus);
}

_public_ unsigned int libcdev_smp_processor_id(void)
{
	int cpu = sched_getcpu();

	return cpu < 0 ? 0 : (unsigned int)cpu % nr_cpu_ids;
}

static size_t round_up_to(size_t n, size_t align)
{
	return (n + align - 1) / align * align;
}

static void pcpu_link(struct pcpu_area *a)
{
	pthread_rwlock_wrlock(&pcpu_lock);
	a->next = pcpu_areas;
	pcpu_areas = a;
	pthread_rwlock_unlock(&pcpu_lock);
}

/* Unlink the area whose first copy is @base; NULL if none. */
static struct pcpu_area *pcpu_unlink(const void *base, bool last_ref)
{
	struct pcpu_area **pp, *a = NULL;

	pthread_rwlock_wrlock(&pcpu_lock);
	for (pp = &pcpu_areas; *pp; pp = &(*pp)->next)
		if ((*pp)->base == base) {
			a = *pp;
			if (last_ref && --a->refs)
				a = NULL;
			else
				*pp = a->next;
			break;
		}
	pthread_rwlock_unlock(&pcpu_lock);
	return a;
}

_public_ void *libcdev_alloc_percpu_at(size_t size, size_t align, struct module *owner,
				       const char *file, int line)
{
	struct pcpu_area *a = calloc(1, sizeof(*a));
	size_t stride;

	pcpu_init();
	if (!a || !size)
		goto fail;
	if (align < sizeof(void *))
		align = sizeof(void *);
	stride = round_up_to(size, align);
	a->base = aligned_alloc(align, round_up_to(stride * nr_cpu_ids, align));
	if (!a->base)
		goto fail;
	memset(a->base, 0, stride * nr_cpu_ids);
	a->size = size;
	a->stride = stride;
	a->refs = 1;
	libcdev_kmem_track((uintptr_t)a->base, stride * nr_cpu_ids, owner, file, line);
	pcpu_link(a);
	return a->base;
fail:
	free(a);
	return NULL;
}

_public_ void free_percpu(void *ptr)
{
	struct pcpu_area *a;

	if (!ptr)
		return;
	a = pcpu_unlink(ptr, false);
	if (!a) {
		printk(KERN_ERR "free_percpu: %p is not a per-CPU area\n", ptr);
		return;
	}
	libcdev_kmem_untrack((uintptr_t)a->base);
	free(a->base);
	free(a);
}

_public_ void *libcdev_per_cpu_ptr(const void *ptr, unsigned int cpu)
{
	const char *p = ptr;
	char *copy = NULL;

	pthread_rwlock_rdlock(&pcpu_lock);
	for (struct pcpu_area *a = pcpu_areas; a; a = a->next) {
		if (p < a->base || p >= a->base + a->size)
			continue;
		if (cpu == 0)
			copy = (char *)p;
		else if (a->others)
			copy = a->others + (cpu - 1) * a->stride + (p - a->base);
		else
			copy = (char *)p + cpu * a->stride;
		break;
	}
	pthread_rwlock_unlock(&pcpu_lock);
	if (cpu >= nr_cpu_ids || !copy) {
		printk(KERN_ERR "per_cpu_ptr: %p is not per-CPU data, or CPU %u is not possible\n",
		       ptr, cpu);
		return (void *)ptr;
	}
	return copy;
}

_public_ void libcdev_percpu_section(void *start, size_t size)
{
	struct pcpu_area *a;

	if (!start || !size)
		return;
	pcpu_init();
	pthread_rwlock_wrlock(&pcpu_lock);
	for (a = pcpu_areas; a && a->base != start; a = a->next)
		;
	if (a)
		a->refs++;
	pthread_rwlock_unlock(&pcpu_lock);
	if (a)
		return;
	a = calloc(1, sizeof(*a));
	if (a)
		a->others = malloc(size * (nr_cpu_ids > 1 ? nr_cpu_ids - 1 : 1));
	if (!a || !a->others) {
		free(a);
		printk(KERN_ERR "per-CPU variables at %p: no memory for their copies\n", start);
		return;
	}
	*a = (struct pcpu_area){
		.base = start, .size = size, .stride = size, .others = a->others, .refs = 1
	};
	for (unsigned int cpu = 1; cpu < nr_cpu_ids; cpu++)
		memcpy(a->others + (cpu - 1) * size, start, size);
	pcpu_link(a);
}

_public_ void libcdev_percpu_section_put(void *start)
{
	struct pcpu_area *a = start ? pcpu_unlink(start, true) : NULL;

	if (!a)
		return;
	free(a->others);
	free(a);
}
