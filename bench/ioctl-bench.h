/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The ioctl benchmark's one command: 64 bytes in, each byte + 1, 64 bytes out. */
#ifndef LIBCDEV_IOCTL_BENCH_H
#define LIBCDEV_IOCTL_BENCH_H

#include <sys/ioctl.h>

struct bench_blob {
	unsigned char b[64];
};

#define BENCH_IOC_INC _IOWR('b', 1, struct bench_blob)

static inline void bench_blob_inc(struct bench_blob *x)
{
	for (unsigned int i = 0; i < sizeof(x->b); i++)
		x->b[i]++;
}

#endif
