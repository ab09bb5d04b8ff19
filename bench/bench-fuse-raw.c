/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bench-fuse-raw - the baseline of the FUSE backend: a minimal FUSE file
 * system on libfuse's low-level API alone.
 *
 *   bench-fuse-raw [--count N] [--prefix P] [--copy] MOUNTPOINT
 *
 * Mounts at MOUNTPOINT N regular files P0 .. P(N-1) (default 1 file, prefix
 * "bench-raw") and serves them with libfuse's own multi-threaded loop
 * (fuse_session_loop_mt): reads answer zeros (copied first with --copy, as
 * the driver's read does: raw-reply.h), writes are swallowed whole.
 * Prints "ready" once mounted; SIGINT or SIGTERM unmount and end it.
 *
 * The files are served as libcdev's FUSE backend serves a device, so that
 * the kernel sends both servers the same requests: opened direct_io and
 * nonseekable, attributes and entries valid for 0 seconds, mode 0600,
 * mounted allow_other,default_permissions as root, no splice, and a FLUSH
 * answered at every close(2) (libcdev passes it to the driver's ->flush).
 */
#define FUSE_USE_VERSION 31

#include <errno.h>
#include <fuse3/fuse_lowlevel.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "raw-reply.h"

#define FIRST_FILE_INO (FUSE_ROOT_ID + 1)

static const char *prefix = "bench-raw";
static unsigned long file_count = 1;
static uid_t owner; /* the files' owner: the server's effective ids */
static gid_t group;

/* The inode of file NAME, or 0: files are prefix0 .. prefix(N-1), inodes 2 .. N+1. */
static fuse_ino_t ino_of(const char *name)
{
	size_t len = strlen(prefix);
	unsigned long index;
	char *end;

	if (strncmp(name, prefix, len) || name[len] < '0' || name[len] > '9')
		return 0;
	index = strtoul(name + len, &end, 10);
	if (*end || index >= file_count || (name[len] == '0' && name[len + 1]))
		return 0;
	return FIRST_FILE_INO + index;
}

static bool attr_of(fuse_ino_t ino, struct stat *st)
{
	memset(st, 0, sizeof(*st));
	st->st_ino = ino;
	st->st_uid = owner;
	st->st_gid = group;
	st->st_blksize = 4096;
	if (ino == FUSE_ROOT_ID) {
		st->st_mode = S_IFDIR | 0755;
		st->st_nlink = 2;
		return true;
	}
	st->st_mode = S_IFREG | 0600;
	st->st_nlink = 1;
	return ino >= FIRST_FILE_INO && ino < FIRST_FILE_INO + file_count;
}

static void raw_init(void *userdata, struct fuse_conn_info *conn)
{
	(void)userdata;
	conn->want &= ~(FUSE_CAP_SPLICE_READ | FUSE_CAP_SPLICE_WRITE | FUSE_CAP_SPLICE_MOVE);
	conn->want &= ~FUSE_CAP_IOCTL_DIR;
	if (conn->capable & FUSE_CAP_ATOMIC_O_TRUNC)
		conn->want |= FUSE_CAP_ATOMIC_O_TRUNC;
}

static void raw_lookup(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct fuse_entry_param e = { .ino = ino_of(name), .generation = 1 };

	if (parent != FUSE_ROOT_ID || !e.ino) {
		fuse_reply_err(req, ENOENT);
		return;
	}
	attr_of(e.ino, &e.attr);
	fuse_reply_entry(req, &e);
}

static void raw_getattr(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct stat st;

	(void)fi;
	if (attr_of(ino, &st))
		fuse_reply_attr(req, &st, 0);
	else
		fuse_reply_err(req, ENOENT);
}

static void raw_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	if (ino == FUSE_ROOT_ID) {
		fuse_reply_err(req, EISDIR);
		return;
	}
	fi->direct_io = 1;
	fi->nonseekable = 1;
	fi->keep_cache = 0;
	fuse_reply_open(req, fi);
}

static void raw_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
		     struct fuse_file_info *fi)
{
	(void)ino, (void)off, (void)fi;
	raw_reply_read(req, size);
}

static void raw_write(fuse_req_t req, fuse_ino_t ino, const char *buf, size_t size, off_t off,
		      struct fuse_file_info *fi)
{
	(void)ino, (void)buf, (void)off, (void)fi;
	fuse_reply_write(req, size);
}

/* Answered, not left to ENOSYS: the kernel would then stop sending FLUSH, libcdev never does. */
static void raw_flush(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	(void)ino, (void)fi;
	fuse_reply_err(req, 0);
}

static void raw_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	(void)ino, (void)fi;
	fuse_reply_err(req, 0);
}

static const struct fuse_lowlevel_ops raw_ops = {
	.init = raw_init,
	.lookup = raw_lookup,
	.getattr = raw_getattr,
	.open = raw_open,
	.read = raw_read,
	.write = raw_write,
	.flush = raw_flush,
	.release = raw_release,
};

static void usage(FILE *f, const char *argv0)
{
	fprintf(f,
		"usage: %s [--count N] [--prefix P] [--copy] MOUNTPOINT\n"
		"Mounts N files P0 .. P(N-1) at MOUNTPOINT with libfuse alone: reads give zeros\n"
		"(copied first with --copy), writes are swallowed. Prints \"ready\" once mounted.\n",
		argv0);
}

/* Mount and serve until a signal; the exit status. */
static int serve(const char *mountpoint, const char *argv0)
{
	char *argv[] = {
		(char *)argv0,
		(char *)"-o",
		(char *)(geteuid() == 0 ? "allow_other,default_permissions,fsname=bench-raw" :
					  "default_permissions,fsname=bench-raw"),
		NULL,
	};
	struct fuse_args args = FUSE_ARGS_INIT(3, argv);
	struct fuse_session *se = fuse_session_new(&args, &raw_ops, sizeof(raw_ops), NULL);
	int err = 1;

	fuse_opt_free_args(&args);
	if (!se)
		return 1;
	if (fuse_set_signal_handlers(se) != 0)
		goto out_destroy;
	if (fuse_session_mount(se, mountpoint) != 0)
		goto out_signals;
	printf("ready\n");
	fflush(stdout);
	err = fuse_session_loop_mt(se, 0) < 0;
	fuse_session_unmount(se);
out_signals:
	fuse_remove_signal_handlers(se);
out_destroy:
	fuse_session_destroy(se);
	return err;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "count", required_argument, NULL, 'c' },
		{ "prefix", required_argument, NULL, 'p' },
		{ "copy", no_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "c:p:Ch", opts, NULL)) != -1) {
		switch (c) {
		case 'c':
			file_count = strtoul(optarg, NULL, 0);
			break;
		case 'p':
			prefix = optarg;
			break;
		case 'C':
			raw_copy = true;
			break;
		default:
			usage(c == 'h' ? stdout : stderr, argv[0]);
			return c == 'h' ? 0 : 2;
		}
	}
	if (file_count < 1 || optind != argc - 1) {
		usage(stderr, argv[0]);
		return 2;
	}
	owner = geteuid();
	group = getegid();
	return serve(argv[optind], argv[0]);
}
