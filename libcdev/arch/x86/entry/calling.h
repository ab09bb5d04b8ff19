/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - x86-64: a struct pt_regs built on the stack by a trampoline, as
 * the kernel's entry code builds one (arch/x86/entry/calling.h). The frame
 * is PT_REGS_FRAME bytes, the registers at the kernel's offsets from %rsp;
 * the trampoline fills ip, sp and flags itself.
 *
 * Included by: the trampolines of kprobes and rethook (arch/x86/kernel/).
 */
#ifndef LIBCDEV_ARCH_X86_ENTRY_CALLING_H
#define LIBCDEV_ARCH_X86_ENTRY_CALLING_H

/* sizeof(struct pt_regs) */
#define PT_REGS_SIZE "168"

/* The general registers into the frame at %rsp; orig_ax -1, cs and ss user space's. */
#define SAVE_PT_REGS               \
	"	movq %r15, 0(%rsp)\n"    \
	"	movq %r14, 8(%rsp)\n"    \
	"	movq %r13, 16(%rsp)\n"   \
	"	movq %r12, 24(%rsp)\n"   \
	"	movq %rbp, 32(%rsp)\n"   \
	"	movq %rbx, 40(%rsp)\n"   \
	"	movq %r11, 48(%rsp)\n"   \
	"	movq %r10, 56(%rsp)\n"   \
	"	movq %r9, 64(%rsp)\n"    \
	"	movq %r8, 72(%rsp)\n"    \
	"	movq %rax, 80(%rsp)\n"   \
	"	movq %rcx, 88(%rsp)\n"   \
	"	movq %rdx, 96(%rsp)\n"   \
	"	movq %rsi, 104(%rsp)\n"  \
	"	movq %rdi, 112(%rsp)\n"  \
	"	movq $-1, 120(%rsp)\n"   \
	"	movq $0x33, 136(%rsp)\n" \
	"	pushfq\n"                \
	"	popq 144(%rsp)\n"        \
	"	movq $0x2b, 160(%rsp)\n"

/* The general registers back from the frame, as a handler may have changed them; not %r11. */
#define RESTORE_PT_REGS_BUT_R11   \
	"	movq 0(%rsp), %r15\n"   \
	"	movq 8(%rsp), %r14\n"   \
	"	movq 16(%rsp), %r13\n"  \
	"	movq 24(%rsp), %r12\n"  \
	"	movq 32(%rsp), %rbp\n"  \
	"	movq 40(%rsp), %rbx\n"  \
	"	movq 56(%rsp), %r10\n"  \
	"	movq 64(%rsp), %r9\n"   \
	"	movq 72(%rsp), %r8\n"   \
	"	movq 80(%rsp), %rax\n"  \
	"	movq 88(%rsp), %rcx\n"  \
	"	movq 96(%rsp), %rdx\n"  \
	"	movq 104(%rsp), %rsi\n" \
	"	movq 112(%rsp), %rdi\n"

#endif
