/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The baseline of the ioctl benchmark: a plain libfuse cuse_lowlevel server
 * for /dev/bench-ioctl/raw doing BENCH_IOC_INC the usual libfuse way, with
 * the retry protocol: the first round asks for the 64 bytes in and out, the
 * second gets them and answers with the result. Runs libfuse's own
 * (multi-threaded) loop in the foreground until killed.
 * Usage: ioctl-raw MAJOR MINOR
 */
#define FUSE_USE_VERSION 31

#include <errno.h>
#include <fuse3/cuse_lowlevel.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ioctl-bench.h"

static void raw_open(fuse_req_t req, struct fuse_file_info *fi)
{
	fi->direct_io = 1;
	fi->nonseekable = 1;
	fuse_reply_open(req, fi);
}

static void raw_ioctl(fuse_req_t req, int cmd, void *arg, struct fuse_file_info *fi,
		      unsigned int flags, const void *in_buf, size_t in_bufsz, size_t out_bufsz)
{
	struct iovec iov = { arg, sizeof(struct bench_blob) };
	struct bench_blob x;

	(void)fi, (void)flags, (void)out_bufsz;
	if ((unsigned int)cmd != BENCH_IOC_INC) {
		fuse_reply_err(req, ENOTTY);
		return;
	}
	if (in_bufsz < sizeof(x)) {
		fuse_reply_ioctl_retry(req, &iov, 1, &iov, 1);
		return;
	}
	memcpy(&x, in_buf, sizeof(x));
	bench_blob_inc(&x);
	fuse_reply_ioctl(req, 0, &x, sizeof(x));
}

static const struct cuse_lowlevel_ops raw_ops = {
	.open = raw_open,
	.ioctl = raw_ioctl,
};

int main(int argc, char **argv)
{
	const char *dev_info[] = { "DEVNAME=bench-ioctl/raw" };
	struct cuse_info ci = { .dev_info_argc = 1,
				.dev_info_argv = dev_info,
				.flags = CUSE_UNRESTRICTED_IOCTL };
	char *fuse_argv[] = { argv[0], (char *)"-f", NULL };

	if (argc != 3) {
		printf("usage: %s MAJOR MINOR\nserves /dev/bench-ioctl/raw for ioctl-bench\n",
		       argv[0]);
		return argc == 2 && !strcmp(argv[1], "--help") ? 0 : 2;
	}
	ci.dev_major = strtoul(argv[1], NULL, 0);
	ci.dev_minor = strtoul(argv[2], NULL, 0);
	return cuse_lowlevel_main(2, fuse_argv, &ci, &raw_ops, NULL);
}
