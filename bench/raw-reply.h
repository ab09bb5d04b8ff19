/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the raw baselines (bench-raw, bench-fuse-raw) answer a read with.
 *
 * By default, their zeros as they are: no byte is touched. With --copy,
 * the zeros are first copied into a buffer of the thread's own, as the
 * libcdev driver of the benchmark must do: its read is a driver's read,
 * which hands its bytes over with copy_to_user(). Measured against both,
 * the framework's cost and the driver's own copy are told apart.
 */
#ifndef BENCH_RAW_REPLY_H
#define BENCH_RAW_REPLY_H

#include <errno.h>
#include <fuse3/fuse_lowlevel.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define RAW_ZEROS_SIZE (1024 * 1024)

static const char raw_zeros[RAW_ZEROS_SIZE];
static bool raw_copy; /* --copy */

/* The bytes of a read of @size (at most RAW_ZEROS_SIZE); NULL if out of memory. */
static inline const char *raw_read_data(size_t size)
{
	static _Thread_local char *buf; /* kept for the thread's life, as libcdev's */

	if (!raw_copy)
		return raw_zeros;
	if (!buf)
		buf = malloc(RAW_ZEROS_SIZE);
	if (buf)
		memcpy(buf, raw_zeros, size);
	return buf;
}

/* Answer a read of @size bytes (RAW_ZEROS_SIZE at most are given). */
static inline void raw_reply_read(fuse_req_t req, size_t size)
{
	const char *data;

	if (size > RAW_ZEROS_SIZE)
		size = RAW_ZEROS_SIZE;
	data = raw_read_data(size);
	if (data)
		fuse_reply_buf(req, data, size);
	else
		fuse_reply_err(req, ENOMEM);
}

#endif
