/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench-raw - the baseline: a minimal CUSE server on libfuse alone.
 *
 *   bench-raw [--devnum MAJOR:MINOR] NAME
 *
 * Serves /dev/NAME (a dynamic number) with libfuse's own multi-threaded
 * loop (cuse_lowlevel_main): reads answer zeros, writes are swallowed whole.
 * This is the line the libcdev driver of the benchmark (bench-drv) is
 * measured against: no framework, nothing copied that need not be.
 */
#define FUSE_USE_VERSION 31

#include <fuse3/cuse_lowlevel.h>
#include <fuse3/fuse_lowlevel.h>
#include <stdio.h>
#include <string.h>

#define ZEROS_SIZE	(1024 * 1024)

static const char zeros[ZEROS_SIZE];

static void raw_open(fuse_req_t req, struct fuse_file_info *fi)
{
	fi->direct_io = 1;
	fi->nonseekable = 1;
	fuse_reply_open(req, fi);
}

static void raw_read(fuse_req_t req, size_t size, off_t off, struct fuse_file_info *fi)
{
	(void)off, (void)fi;
	fuse_reply_buf(req, zeros, size < ZEROS_SIZE ? size : ZEROS_SIZE);
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

int main(int argc, char **argv)
{
	char devname[300];
	const char *dev_info[] = { devname };
	struct cuse_info ci = {
		.dev_info_argc = 1,
		.dev_info_argv = dev_info,
	};
	char *fuse_argv[] = { argv[0], (char *)"-f", NULL };
	const char *name = argc > 1 ? argv[argc - 1] : NULL;

	/*
	 * Without --devnum the kernel gives each node a dynamic major of its own;
	 * there are fewer than 150, so the scale load numbers its raw nodes.
	 */
	if (argc == 4 && !strcmp(argv[1], "--devnum") &&
	    sscanf(argv[2], "%u:%u", &ci.dev_major, &ci.dev_minor) == 2)
		argc = 2;
	if (argc != 2 || !strcmp(name, "--help")) {
		fprintf(argc == 2 ? stdout : stderr,
			"usage: %s [--devnum MAJOR:MINOR] NAME\nServes /dev/NAME with libfuse alone: "
			"reads give zeros, writes are swallowed.\n", argv[0]);
		return argc == 2 ? 0 : 2;
	}
	snprintf(devname, sizeof(devname), "DEVNAME=%s", name);
	return cuse_lowlevel_main(2, fuse_argv, &ci, &raw_ops, NULL);
}
