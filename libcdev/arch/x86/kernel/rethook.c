/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - x86-64's return trampoline of rethook (kernel/trace/rethook.c):
 * a hooked call's return address is replaced by this one, so the function
 * returns here. It builds a struct pt_regs (ax the return value, sp as
 * after the return), asks the handler for the real return address (the
 * handler runs the return probes, which may change the registers), and
 * returns there with the registers from the frame.
 */
#include "core/core.h"

#ifdef FTRACE_SITES
#include "arch/x86/entry/calling.h"

__asm__(".pushsection .text, \"ax\", @progbits\n"
	".globl __libcdev_rethook_tramp\n"
	".hidden __libcdev_rethook_tramp\n"
	".type __libcdev_rethook_tramp, @function\n"
	"__libcdev_rethook_tramp:\n"
	"	pushq $0\n"			/* where the real return address goes */
	"	subq $" PT_REGS_SIZE ", %rsp\n" /* the frame */
	SAVE_PT_REGS				/* ax: the return value */
	"	leaq __libcdev_rethook_tramp(%rip), %r11\n"
	"	movq %r11, 128(%rsp)\n" /* regs->ip until the handler finds the real one */
	"	leaq " PT_REGS_SIZE "+8(%rsp), %r11\n"
	"	movq %r11, 152(%rsp)\n" /* regs->sp: as after the return */
	"	movq %rsp, %rdi\n"
	"	call __libcdev_rethook_trampoline_handler\n"
	"	movq %rax, " PT_REGS_SIZE "(%rsp)\n" /* the real return address */
	RESTORE_PT_REGS_BUT_R11			     /* as the return handlers left them */
	"	movq 48(%rsp), %r11\n"
	"	addq $" PT_REGS_SIZE ", %rsp\n"
	"	ret\n"
	".size __libcdev_rethook_tramp, .-__libcdev_rethook_tramp\n"
	".popsection\n");
#endif
