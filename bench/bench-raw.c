/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench-raw - the baseline: a minimal CUSE server on libfuse alone.
 *
 *   bench-raw [--devnum MAJOR:MINOR] [--copy] NAME
 *
 * Serves /dev/NAME (a dynamic number) with libfuse's own multi-threaded
 * loop (cuse_lowlevel_main): reads answer zeros, writes are swallowed whole.
 * This is the line the libcdev driver of the benchmark (bench-drv) is
 * measured against: no framework, nothing copied that need not be; with
 * --copy, a read copies its zeros first, as the driver's read does
 * (raw-reply.h).
 */
#define FUSE_USE_VERSION 31

#include <errno.h>
#include <fuse3/cuse_lowlevel.h>
#include <fuse3/fuse_lowlevel.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "raw-reply.h"

static void raw_open(fuse_req_t req, struct fuse_file_info *fi)
{
	fi->direct_io = 1;
	fi->nonseekable = 1;
	fuse_reply_open(req, fi);
}

static void raw_read(fuse_req_t req, size_t size, off_t off, struct fuse_file_info *fi)
{
	(void)off, (void)fi;
	raw_reply_read(req, size);
}

static void raw_write(fuse_req_t req, const char *buf, size_t size, off_t off,
		      struct fuse_file_info *fi)
{
	(void)buf, (void)off, (void)fi;
	fuse_reply_write(req, size);
}

static void raw_release(fuse_req_t req, struct fuse_file_info *fi)
{
	(void)fi;
	fuse_reply_err(req, 0);
}

static const struct cuse_lowlevel_ops raw_ops = {
	.open = raw_open,
	.read = raw_read,
	.write = raw_write,
	.release = raw_release,
};

static void usage(FILE *f, const char *argv0)
{
	fprintf(f,
		"usage: %s [--devnum MAJOR:MINOR] [--copy] NAME\n"
		"Serves /dev/NAME with libfuse alone: reads give zeros (copied first with --copy),\n"
		"writes are swallowed.\n",
		argv0);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "devnum", required_argument, NULL, 'd' },
		{ "copy", no_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char devname[300];
	const char *dev_info[] = { devname };
	struct cuse_info ci = {
		.dev_info_argc = 1,
		.dev_info_argv = dev_info,
	};
	char *fuse_argv[] = { argv[0], (char *)"-f", NULL };
	int c;

	/*
	 * Without --devnum the kernel gives each node a dynamic major of its own;
	 * there are fewer than 150, so the scale load numbers its raw nodes.
	 */
	while ((c = getopt_long(argc, argv, "d:Ch", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			if (sscanf(optarg, "%u:%u", &ci.dev_major, &ci.dev_minor) != 2) {
				fprintf(stderr, "%s: --devnum wants MAJOR:MINOR, not '%s'\n",
					argv[0], optarg);
				return 2;
			}
			break;
		case 'C':
			raw_copy = true;
			break;
		default:
			usage(c == 'h' ? stdout : stderr, argv[0]);
			return c == 'h' ? 0 : 2;
		}
	}
	if (optind != argc - 1) {
		usage(stderr, argv[0]);
		return 2;
	}
	snprintf(devname, sizeof(devname), "DEVNAME=%s", argv[optind]);
	return cuse_lowlevel_main(2, fuse_argv, &ci, &raw_ops, NULL);
}
