/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - x86's model-specific registers (arch/x86/lib/msr.c, and the
 * fault that RDMSR or WRMSR of a missing MSR takes, arch/x86/mm/extable.c).
 * A process cannot execute those instructions: the MSRs are simulated, one
 * set for the process, as the port banks are. A described platform device
 * names the MSRs it brings and their values at power-on,
 * msr=ADDR=VALUE[,ADDR=VALUE]... (libcdev-platform(7)): the description is
 * refused if that is not well formed, the device's registration if another
 * device has one of them already; they go with the device. Each holds what
 * was last written to it, all 64 bits (no bits are reserved or read-only).
 *
 * An MSR nobody described is one the CPU does not have: RDMSR and WRMSR
 * fault. The _safe forms then return -EIO; the plain ones are warned about
 * once each per process, as the kernel's handler does once per boot, and a
 * read gives 0, a write changes nothing.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include <libcdev/instrument.h>
#include <libcdev/io.h>
#include <libcdev/platform.h>
#include <libcdev/printk.h>

struct sim_msr {
	struct sim_msr *next;
	uint32_t msr;
	uint64_t value;
	const struct platform_device *owner;
};

static pthread_mutex_t msrs_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sim_msr *msrs;

/* ---- descriptions: msr=ADDR=VALUE[,ADDR=VALUE]... ---- */

/* A number starts with a digit: no sign or blank, which strtoull() would skip. */
static bool msr_number_at(const char *s)
{
	return *s >= '0' && *s <= '9';
}

/* The item at *@s, "ADDR=VALUE" ending at ',' or the end; *@s moves past it. 0 or -EINVAL. */
static int msr_parse_item(const char **s, uint32_t *msr, uint64_t *value)
{
	unsigned long long a, v;
	char *end;

	if (!msr_number_at(*s))
		return -EINVAL;
	errno = 0;
	a = strtoull(*s, &end, 0);
	if (*end != '=' || a > UINT32_MAX || !msr_number_at(end + 1))
		return -EINVAL;
	v = strtoull(end + 1, &end, 0);
	if (errno || (*end && (*end != ',' || !msr_number_at(end + 1))))
		return -EINVAL;
	*msr = (uint32_t)a;
	*value = v;
	*s = *end ? end + 1 : end;
	return 0;
}

/* @fn(@ctx, MSR, VALUE) for each item of each msr= of @pdev, until one returns nonzero. */
static int msr_for_each(const struct platform_device *pdev,
			int (*fn)(void *ctx, uint32_t msr, uint64_t value), void *ctx)
{
	for (const struct platform_device_property *p = pdev->props; p; p = p->next) {
		const char *s = p->value;

		if (strcmp(p->key, "msr"))
			continue;
		do {
			uint32_t msr;
			uint64_t value;
			int err = msr_parse_item(&s, &msr, &value);

			if (!err)
				err = fn(ctx, msr, value);
			if (err)
				return err;
		} while (*s);
	}
	return 0;
}

static int msr_accept(void *ctx, uint32_t msr, uint64_t value)
{
	(void)ctx;
	(void)msr;
	(void)value;
	return 0;
}

int msr_sim_check(struct platform_device *pdev)
{
	if (!msr_for_each(pdev, msr_accept, NULL))
		return 0;
	pr_err_lib("platform device %s: msr= is ADDR=VALUE[,ADDR=VALUE]..., "
		   "each ADDR up to 0xffffffff and each VALUE up to 64 bits",
		   pdev->name);
	return -EINVAL;
}

static struct sim_msr *msr_find_locked(uint32_t msr)
{
	struct sim_msr *m;

	for (m = msrs; m && m->msr != msr; m = m->next)
		;
	return m;
}

static int msr_add_locked(void *ctx, uint32_t msr, uint64_t value)
{
	const struct platform_device *pdev = ctx;
	struct sim_msr *m = msr_find_locked(msr);

	if (m) {
		pr_err_lib("platform device %s: MSR %#" PRIx32 " is %s's already", pdev->name, msr,
			   m->owner == pdev ? "its own" : m->owner->name);
		return -EBUSY;
	}
	m = calloc(1, sizeof(*m));
	if (!m)
		return -ENOMEM;
	*m = (struct sim_msr){ .next = msrs, .msr = msr, .value = value, .owner = pdev };
	msrs = m;
	return 0;
}

static void msr_forget_locked(const struct platform_device *pdev)
{
	struct sim_msr **pp, *m;

	for (pp = &msrs; (m = *pp);) {
		if (m->owner == pdev) {
			*pp = m->next;
			free(m);
		} else {
			pp = &m->next;
		}
	}
}

int msr_sim_attach(struct platform_device *pdev)
{
	int err;

	pthread_mutex_lock(&msrs_lock);
	err = msr_for_each(pdev, msr_add_locked, pdev);
	if (err)
		msr_forget_locked(pdev); /* all of its MSRs, or none */
	pthread_mutex_unlock(&msrs_lock);
	return err;
}

void msr_sim_detach(struct platform_device *pdev)
{
	pthread_mutex_lock(&msrs_lock);
	msr_forget_locked(pdev);
	pthread_mutex_unlock(&msrs_lock);
}

/* ---- RDMSR and WRMSR ---- */

static int msr_read(uint32_t msr, uint64_t *value)
{
	struct sim_msr *m;

	pthread_mutex_lock(&msrs_lock);
	m = msr_find_locked(msr);
	*value = m ? m->value : 0;
	pthread_mutex_unlock(&msrs_lock);
	return m ? 0 : -EIO;
}

static int msr_write(uint32_t msr, uint64_t value)
{
	struct sim_msr *m;

	pthread_mutex_lock(&msrs_lock);
	m = msr_find_locked(msr);
	if (m)
		m->value = value;
	pthread_mutex_unlock(&msrs_lock);
	return m ? 0 : -EIO;
}

/* The kernel's warning for an unchecked access, once per kind, naming the driver's code at @ip. */
static _cold_ _printf_(3, 4) void msr_unchecked(atomic_flag *once, const void *ip, const char *fmt,
						...)
{
	char sym[KSYM_SYMBOL_LEN], what[64];
	va_list ap;

	if (atomic_flag_test_and_set(once))
		return;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	sprint_symbol(sym, (unsigned long)ip);
	printk_for(ip, KERN_WARNING, "unchecked MSR access error: %s at rIP: %#lx (%s)\n", what,
		   (unsigned long)ip, sym);
	dump_stack();
}

static atomic_flag rdmsr_warned = ATOMIC_FLAG_INIT, wrmsr_warned = ATOMIC_FLAG_INIT;

_public_ unsigned long long native_read_msr(unsigned int msr)
{
	uint64_t value;

	if (msr_read(msr, &value))
		msr_unchecked(&rdmsr_warned, __builtin_return_address(0), "RDMSR from %#x", msr);
	return value;
}

_public_ unsigned long long native_read_msr_safe(unsigned int msr, int *err)
{
	uint64_t value;

	*err = msr_read(msr, &value);
	return value;
}

_public_ void native_write_msr(unsigned int msr, uint32_t low, uint32_t high)
{
	if (msr_write(msr, (uint64_t)high << 32 | low))
		msr_unchecked(&wrmsr_warned, __builtin_return_address(0),
			      "WRMSR to %#x (tried to write 0x%08x%08x)", msr, high, low);
}

_public_ int native_write_msr_safe(unsigned int msr, uint32_t low, uint32_t high)
{
	return msr_write(msr, (uint64_t)high << 32 | low);
}

/* Set @bit of @msr to @set: 1 if that changed it, 0 if it was so, -EIO without the MSR. */
static int msr_flip_bit(uint32_t msr, uint8_t bit, bool set)
{
	uint64_t value, want;
	int err;

	if (bit > 63)
		return -EINVAL;
	err = msr_read(msr, &value);
	if (err)
		return err;
	want = set ? value | 1ULL << bit : value & ~(1ULL << bit);
	if (want == value)
		return 0;
	err = msr_write(msr, want);
	return err ? err : 1;
}

_public_ int msr_set_bit(uint32_t msr, uint8_t bit)
{
	return msr_flip_bit(msr, bit, true);
}

_public_ int msr_clear_bit(uint32_t msr, uint8_t bit)
{
	return msr_flip_bit(msr, bit, false);
}
