/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <asm/genapic.h>: in the kernel, the local APIC's
 * definitions under an older name. A process programs no interrupt
 * controller; the header is here for drivers that include it on the way to
 * a platform's own headers (SGI UV's: <asm/uv/uv.h>), and holds nothing.
 */
#ifndef LIBCDEV_KERNEL_ASM_GENAPIC_H
#define LIBCDEV_KERNEL_ASM_GENAPIC_H

#endif
