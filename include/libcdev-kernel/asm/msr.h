/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <asm/msr.h>: x86's model-specific registers. A process
 * cannot execute RDMSR or WRMSR, so the MSRs are simulated: a described
 * platform device names the ones it has and their values at power-on
 * (msr=ADDR=VALUE[,ADDR=VALUE]..., libcdev-platform(7), MODEL-SPECIFIC
 * REGISTERS), which read back what was last written while the device lives.
 * An MSR nobody described is one the CPU has not: the _safe forms return
 * -EIO, the plain ones warn once, as the kernel's fault handler does
 * ("unchecked MSR access error: ..."), and read 0.
 *
 * The MSRs are one set, which every CPU reaches alike (a companion chip's,
 * such as the CS5536's): the _on_cpu forms are the kernel's forms without
 * SMP and take no notice of the CPU.
 */
#ifndef LIBCDEV_KERNEL_ASM_MSR_H
#define LIBCDEV_KERNEL_ASM_MSR_H

#include <linux/types.h>
#include <libcdev/io.h>

struct msr {
	union {
		struct {
			u32 l;
			u32 h;
		};
		u64 q;
	};
};

/*
 * native_read_msr(), native_read_msr_safe(), native_write_msr(),
 * native_write_msr_safe(), msr_set_bit() and msr_clear_bit() are the
 * library's (<libcdev/io.h>).
 */

#define rdmsr(msr, low, high)                        \
	do {                                         \
		u64 __val = native_read_msr((msr));  \
		(void)((low) = (u32)__val);          \
		(void)((high) = (u32)(__val >> 32)); \
	} while (0)

#define rdmsrl(msr, val) ((val) = native_read_msr((msr)))

/* @low and @high are pointers here, as in the kernel. */
#define rdmsr_safe(msr, low, high)                               \
	({                                                       \
		int __err;                                       \
		u64 __val = native_read_msr_safe((msr), &__err); \
		(*(low)) = (u32)__val;                           \
		(*(high)) = (u32)(__val >> 32);                  \
		__err;                                           \
	})

static inline void wrmsr(unsigned int msr, u32 low, u32 high)
{
	native_write_msr(msr, low, high);
}

static inline void wrmsrl(unsigned int msr, u64 val)
{
	native_write_msr(msr, (u32)val, (u32)(val >> 32));
}

static inline int wrmsr_safe(unsigned int msr, u32 low, u32 high)
{
	return native_write_msr_safe(msr, low, high);
}

static inline int wrmsrl_safe(u32 msr, u64 val)
{
	return native_write_msr_safe(msr, (u32)val, (u32)(val >> 32));
}

static inline int rdmsrl_safe(unsigned int msr, unsigned long long *p)
{
	int err;

	*p = native_read_msr_safe(msr, &err);
	return err;
}

static inline int rdmsr_on_cpu(unsigned int cpu, u32 msr_no, u32 *l, u32 *h)
{
	(void)cpu;
	rdmsr(msr_no, *l, *h);
	return 0;
}

static inline int wrmsr_on_cpu(unsigned int cpu, u32 msr_no, u32 l, u32 h)
{
	(void)cpu;
	wrmsr(msr_no, l, h);
	return 0;
}

static inline int rdmsrl_on_cpu(unsigned int cpu, u32 msr_no, u64 *q)
{
	(void)cpu;
	rdmsrl(msr_no, *q);
	return 0;
}

static inline int wrmsrl_on_cpu(unsigned int cpu, u32 msr_no, u64 q)
{
	(void)cpu;
	wrmsrl(msr_no, q);
	return 0;
}

static inline int rdmsr_safe_on_cpu(unsigned int cpu, u32 msr_no, u32 *l, u32 *h)
{
	(void)cpu;
	return rdmsr_safe(msr_no, l, h);
}

static inline int wrmsr_safe_on_cpu(unsigned int cpu, u32 msr_no, u32 l, u32 h)
{
	(void)cpu;
	return wrmsr_safe(msr_no, l, h);
}

static inline int rdmsrl_safe_on_cpu(unsigned int cpu, u32 msr_no, u64 *q)
{
	(void)cpu;
	return rdmsrl_safe(msr_no, (unsigned long long *)q);
}

static inline int wrmsrl_safe_on_cpu(unsigned int cpu, u32 msr_no, u64 q)
{
	(void)cpu;
	return wrmsrl_safe(msr_no, q);
}

#endif
