/* cuse-smoke: minimal libfuse3 CUSE server for the VM harness smoke test.
 *
 * Creates /dev/NAME (default "vmsmoke") with the given major:minor; every open
 * file reads "hello\n" once, then EOF.  CUSE always passes offset 0 to read,
 * so the "already read" state is kept per open file in fi->fh.
 *
 * Usage: cuse-smoke -M MAJOR -m MINOR [-n NAME] [-f] [-d] [-s]
 */
#define FUSE_USE_VERSION 31
#include <cuse_lowlevel.h>
#include <fuse_opt.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char msg[] = "hello\n";

struct opts {
	unsigned major, minor;
	char *name;
};

static const struct fuse_opt opt_spec[] = { { "-M %u", offsetof(struct opts, major), 0 },
					    { "-m %u", offsetof(struct opts, minor), 0 },
					    { "-n %s", offsetof(struct opts, name), 0 },
					    FUSE_OPT_END };

static void smoke_open(fuse_req_t req, struct fuse_file_info *fi)
{
	int *done = calloc(1, sizeof *done);

	if (!done) {
		fuse_reply_err(req, ENOMEM);
		return;
	}
	fi->fh = (uintptr_t)done;
	fi->direct_io = 1;
	fuse_reply_open(req, fi);
}

static void smoke_read(fuse_req_t req, size_t size, off_t off, struct fuse_file_info *fi)
{
	int *done = (int *)(uintptr_t)fi->fh;
	size_t len = sizeof msg - 1;

	(void)off;
	if (*done) {
		fuse_reply_buf(req, NULL, 0);
		return;
	}
	*done = 1;
	fuse_reply_buf(req, msg, size < len ? size : len);
}

static void smoke_release(fuse_req_t req, struct fuse_file_info *fi)
{
	free((void *)(uintptr_t)fi->fh);
	fuse_reply_err(req, 0);
}

static const struct cuse_lowlevel_ops ops = {
	.open = smoke_open,
	.read = smoke_read,
	.release = smoke_release,
};

int main(int argc, char *argv[])
{
	struct fuse_args args = FUSE_ARGS_INIT(argc, argv);
	struct opts o = { 0 };
	char devname[256];
	const char *dev_info_argv[] = { devname };
	struct cuse_info ci = { 0 };
	int ret;

	if (fuse_opt_parse(&args, &o, opt_spec, NULL) || !o.major) {
		fprintf(stderr, "usage: %s -M MAJOR -m MINOR [-n NAME] [-f] [-d] [-s]\n", argv[0]);
		return 2;
	}
	snprintf(devname, sizeof devname, "DEVNAME=%s", o.name ? o.name : "vmsmoke");
	ci.dev_major = o.major;
	ci.dev_minor = o.minor;
	ci.dev_info_argc = 1;
	ci.dev_info_argv = dev_info_argv;

	ret = cuse_lowlevel_main(args.argc, args.argv, &ci, &ops, NULL);
	fuse_opt_free_args(&args);
	free(o.name);
	return ret;
}
