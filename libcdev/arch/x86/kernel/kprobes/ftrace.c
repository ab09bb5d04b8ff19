/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - x86-64's entry into kprobes from a direct-call site, as the
 * kernel's ftrace_regs_caller calls kprobe_ftrace_handler(): the trampoline
 * kprobes attach to a site with probes (kernel/kprobes.c).
 *
 * It is entered as a site's trampoline is (kernel/trace/ftrace.h): the
 * function's return address NAME + 5 on top of the stack, its caller's
 * above it, the argument registers as the caller set them. It builds a
 * struct pt_regs there, with sp as at the function's first instruction,
 * and calls the handler, which returns 0 to go on into the function, or
 * the address a pre-handler moved regs->ip to (regs->sp may have moved
 * too: the kernel's way to make a function return at once, or to skip it).
 * Either way every register comes back from the frame, as the handlers
 * left them.
 */
#include "core/core.h"

#ifdef FTRACE_SITES
#include "arch/x86/entry/calling.h"

/* PT_REGS_SIZE + 8: the call below needs %rsp 16-aligned. */
#define FRAME "176"

__asm__(".pushsection .text, \"ax\", @progbits\n"
	".globl __libcdev_kprobe_tramp\n"
	".hidden __libcdev_kprobe_tramp\n"
	".type __libcdev_kprobe_tramp, @function\n"
	"__libcdev_kprobe_tramp:\n"
	"	subq $" FRAME ", %rsp\n"	/* the frame */
	SAVE_PT_REGS				/* the registers as the function was entered */
	"	movq " FRAME "(%rsp), %r11\n"	/* NAME + 5 */
	"	movq %r11, 128(%rsp)\n"		/* regs->ip */
	"	leaq " FRAME "+8(%rsp), %r11\n" /* the caller's return address */
	"	movq %r11, 152(%rsp)\n"		/* regs->sp */
	"	movq %rsp, %rdi\n"
	"	call __libcdev_kprobe_ftrace_handler\n"
	"	movq %rax, %r11\n" /* 0, or where to go on */
	RESTORE_PT_REGS_BUT_R11	   /* as the handlers left them */
	"	testq %r11, %r11\n"
	"	jnz 1f\n"
	"	addq $" FRAME ", %rsp\n"
	"	ret\n"
	"1:	movq 152(%rsp), %rsp\n"
	"	jmp *%r11\n"
	".size __libcdev_kprobe_tramp, .-__libcdev_kprobe_tramp\n"
	".popsection\n");
#endif
