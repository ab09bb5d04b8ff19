/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What stressmod.c serves and stress-client.c uses (tests/cuse/robust.bats). */
#ifndef STRESS_DEV_H
#define STRESS_DEV_H

#include <linux/ioctl.h>

#define STRESS_NODE "libcdev-stress"	  /* deleted and added again all the time */
#define STRESS_WAIT "libcdev-stress-wait" /* reads block until the module exits */
#define STRESS_XCHG _IOWR('S', 1, int)	  /* store an int, return the one before */

#endif
