/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - direct-call sites: the library functions a trampoline written
 * for x86-64 ftrace can be attached to (register_ftrace_direct()).
 *
 * The kernel compiles every traceable function with -mfentry: its first
 * instruction is a 5-byte call that dynamic ftrace patches into a call of
 * the trampoline. User space cannot rewrite running code safely, so a site
 * here is built with that call already in place, to a stub of its own:
 *
 *   NAME:    call  stub             the trampoline's return address: NAME + 5
 *            cmpl  $0, active       (MCOUNT_INSN_SIZE), as in the kernel
 *            jne   2f
 *   1:       jmp   BODY             the function's C body, under another name
 *   2:       call  __libcdev_ftrace_exit
 *            jmp   1b
 *   stub:    lea   site, %r11
 *            jmp   *site.slot       __libcdev_ftrace_ret (a plain ret) or,
 *                                   while a trampoline is attached,
 *                                   __libcdev_ftrace_call
 *
 * Untraced, a call costs a direct call, an indirect jump to a ret and one
 * compare. __libcdev_ftrace_call counts the caller in flight, then jumps
 * to the trampoline with the stack and argument registers the function was
 * entered with, so the trampoline returns to NAME + 5; there, while any
 * trampoline is attached, __libcdev_ftrace_exit ends the count. Unregister
 * waits for the count to reach zero (ftrace.c): the kernel's
 * synchronize_rcu_tasks().
 *
 * Only functions whose arguments are integers and pointers can be sites:
 * the entry keeps the general argument registers, as the kernel's does (it
 * has no floating point).
 *
 * Included by: core/core.h, for the files that define a site; the calls
 * on sites are kernel/trace/ftrace.h's.
 */
#ifndef LIBCDEV_CORE_FTRACE_SITE_H
#define LIBCDEV_CORE_FTRACE_SITE_H

/* One site, in section libcdev_ftrace_sites; the entry's asm fixes the layout. */
struct ftrace_site {
	const void *slot;	/* what the stub jumps through */
	unsigned long ip;	/* the function */
	unsigned long direct;	/* the trampoline, 0 for none */
	unsigned long inflight; /* callers counted into the trampoline */
	struct ftrace_ops *ops; /* the _multi owner, or NULL */
	void *probes;		/* the kprobes on it (kernel/kprobes.c), or NULL */
	const char *name;	/* its symbol: kallsyms finds the ones not exported */
};

#if defined(__x86_64__) && defined(__ELF__)
#define FTRACE_SITES	       1
#define FTRACE_SITE_BODY(fn)   __FTRACE_SITE_BODY(fn)
#define __FTRACE_SITE_BODY(fn) __ftrace_body_##fn
#define __FTRACE_STR(x)	       #x
#define __FTRACE_XSTR(x)       __FTRACE_STR(x)
/* The entry, stub and record of site @fn; see the top of this file. */
#define __FTRACE_SITE_ASM(fn, body)                                                      \
	".pushsection .text, \"ax\", @progbits\n"                                        \
	".globl " fn "\n"                                                                \
	".type " fn ", @function\n"                                                      \
	".p2align 4\n" fn ":\n"                                                          \
	"	call .Lftrace_stub_" fn "\n"                                             \
	"	cmpl $0, __libcdev_ftrace_active(%rip)\n"                                      \
	"	jne 2f\n"                                                                      \
	"1:	jmp " body "\n"                                                          \
	"2:	call __libcdev_ftrace_exit\n"                                                \
	"	jmp 1b\n"                                                                      \
	".size " fn ", .-" fn "\n"                                                       \
	".Lftrace_stub_" fn ":\n"                                                        \
	"	leaq .Lftrace_site_" fn "(%rip), %r11\n"                                 \
	"	jmp *.Lftrace_site_" fn "(%rip)\n"                                       \
	".hidden __libcdev_ftrace_active, __libcdev_ftrace_exit, __libcdev_ftrace_ret\n" \
	".popsection\n"                                                                  \
	".pushsection libcdev_ftrace_sites, \"aw\", @progbits\n"                         \
	".p2align 3\n"                                                                   \
	".Lftrace_site_" fn ":\n"                                                        \
	"	.quad __libcdev_ftrace_ret, " fn ", 0, 0, 0, 0, .Lftrace_name_" fn "\n"  \
	".popsection\n"                                                                  \
	".pushsection .rodata, \"a\", @progbits\n"                                       \
	".Lftrace_name_" fn ":\n"                                                        \
	"	.asciz \"" fn "\"\n"                                                     \
	".popsection\n"
/*
 * Makes library function @fn (its kernel name) a direct-call site; its C
 * definition follows under the name FTRACE_SITE_BODY(fn).
 */
#define FTRACE_DIRECT_SITE(fn)                                                           \
	__typeof__(fn) FTRACE_SITE_BODY(fn) __attribute__((visibility("hidden"), used)); \
	__asm__(__FTRACE_SITE_ASM(__FTRACE_XSTR(fn), __FTRACE_XSTR(FTRACE_SITE_BODY(fn))))
#else
/* Elsewhere no site: the function is its body, and registering is -ENODEV. */
#define FTRACE_SITE_BODY(fn)   fn
#define FTRACE_DIRECT_SITE(fn) __typeof__(fn) fn __attribute__((visibility("default")))
#endif

#endif
