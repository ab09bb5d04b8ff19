/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - mm/memory.c: handle_mm_fault(). A driver here maps nothing into
 * a process (there is no mmap through CUSE), so no fault is ever its to
 * serve: every one is VM_FAULT_SIGBUS, the answer for an address that no
 * page backs. It is a direct-call site, as the kernel's is traceable: the
 * ftrace samples attach their trampolines to it.
 */
#include "core/core.h"
#include <libcdev/names.h>

#define VM_FAULT_SIGBUS 0x000002

struct vm_area_struct;
struct pt_regs;

unsigned int handle_mm_fault(struct vm_area_struct *vma, unsigned long address, unsigned int flags,
			     struct pt_regs *regs);

FTRACE_DIRECT_SITE(handle_mm_fault);
unsigned int FTRACE_SITE_BODY(handle_mm_fault)(struct vm_area_struct *vma, unsigned long address,
					       unsigned int flags, struct pt_regs *regs)
{
	(void)vma;
	(void)address;
	(void)flags;
	(void)regs;
	return VM_FAULT_SIGBUS;
}
