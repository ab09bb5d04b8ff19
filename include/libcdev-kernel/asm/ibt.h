/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <asm/ibt.h>: the landing pad an indirect branch needs on
 * an x86 with Indirect Branch Tracking. The kernel emits it when built with
 * CONFIG_X86_KERNEL_IBT; here when the compiler builds for CET
 * (-fcf-protection), as it does the rest of the module's code.
 */
#ifndef LIBCDEV_KERNEL_ASM_IBT_H
#define LIBCDEV_KERNEL_ASM_IBT_H

#include <asm/linkage.h>

#if defined(__x86_64__) && defined(__CET__)
#define ASM_ENDBR      "endbr64\n\t"
#define HAS_KERNEL_IBT 1
#elif defined(__i386__) && defined(__CET__)
#define ASM_ENDBR      "endbr32\n\t"
#define HAS_KERNEL_IBT 1
#else
#define ASM_ENDBR
#define HAS_KERNEL_IBT 0
#endif

#endif
