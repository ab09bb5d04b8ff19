/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - where the FUSE backend mounts, and cleaning up after it.
 *
 * The default mount point is per process, below a directory of the user's:
 * /run/libcdev/fuse/PID for root, $XDG_RUNTIME_DIR/libcdev/fuse/PID (or
 * /tmp/libcdev-UID/fuse/PID) for anyone else. A driver killed with SIGKILL
 * cannot unmount: its mount stays, and every access to it fails with
 * ENOTCONN. So before mounting, such stale mounts are detached: the one at
 * the chosen mount point, and below the default directory those of
 * processes that no longer exist.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fuse-private.h"

extern char **environ;

/* fusermount3 -u -z: how a user without CAP_SYS_ADMIN unmounts a FUSE mount of their own. */
static int fusermount_detach(const char *dir)
{
	char *argv[] = { (char *)"fusermount3", (char *)"-u", (char *)"-z", (char *)"-q",
			 (char *)"--",		(char *)dir,  NULL };
	pid_t pid;
	int status, err;

	err = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);
	if (err)
		return -err;
	while (waitpid(pid, &status, 0) < 0) {
		if (errno == ECHILD)
			return 0; /* the program ignores SIGCHLD: the status is lost */
		if (errno != EINTR)
			return -errno;
	}
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -EPERM;
}

int mnt_detach(const char *dir)
{
	if (umount2(dir, MNT_DETACH | UMOUNT_NOFOLLOW) == 0)
		return 0;
	if (errno != EPERM)
		return -errno;
	return fusermount_detach(dir);
}

/* A server that died leaves its mount answering ENOTCONN: take it away. */
static int clear_stale(const char *dir)
{
	struct stat st;
	int err;

	if (lstat(dir, &st) == 0 || errno != ENOTCONN)
		return 0;
	err = mnt_detach(dir);
	if (err) {
		pr_err_lib("fuse: cannot unmount the stale mount at %s: %s", dir, strerror(-err));
		return err;
	}
	libcdev_log(LOG_NOTICE, "fuse: removed the stale mount at %s", dir);
	return 0;
}

/* Whether something is mounted at @dir: it is on another file system than its parent. */
static int check_free(const char *dir)
{
	char parent[PATH_MAX];
	struct stat st, pst;

	if (stat(dir, &st) < 0)
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	snprintf(parent, sizeof(parent), "%s/..", dir);
	if (stat(parent, &pst) < 0)
		return -errno;
	if (st.st_dev != pst.st_dev || st.st_ino == pst.st_ino) {
		pr_err_lib("fuse: %s is a mount point already", dir);
		return -EBUSY;
	}
	return 0;
}

/* mkdir that accepts an existing directory of ours: not a symlink, not someone else's. */
static int mkdir_own(const char *path, mode_t mode, bool *created)
{
	struct stat st;

	*created = mkdir(path, mode) == 0;
	if (!*created && errno != EEXIST)
		return -errno;
	if (lstat(path, &st) < 0)
		return errno == ENOTCONN ? 0 : -errno; /* a stale mount: cleared later */
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	if (st.st_uid != geteuid()) {
		pr_err_lib("fuse: %s belongs to another user", path);
		return -EPERM;
	}
	return 0;
}

/* mkdir -p; *created tells whether the last component was made here. */
static int mkdir_parents(char *path, bool *created)
{
	struct stat st;

	*created = false;
	for (char *p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		if (mkdir(path, 0755) < 0 && errno != EEXIST) {
			int err = -errno;

			*p = '/';
			return err;
		}
		*p = '/';
	}
	*created = mkdir(path, 0755) == 0;
	if (!*created && errno != EEXIST)
		return -errno;
	if (lstat(path, &st) < 0)
		return errno == ENOTCONN ? 0 : -errno;
	return S_ISDIR(st.st_mode) ? 0 : -ENOTDIR;
}

static int default_parent(char *buf, size_t size)
{
	const char *xdg = getenv("XDG_RUNTIME_DIR");
	bool created;
	int err;

	if (geteuid() == 0)
		snprintf(buf, size, "/run/libcdev");
	else if (xdg && *xdg == '/')
		snprintf(buf, size, "%s/libcdev", xdg);
	else
		snprintf(buf, size, "/tmp/libcdev-%u", (unsigned int)geteuid());
	err = mkdir_own(buf, geteuid() == 0 || (xdg && *xdg == '/') ? 0755 : 0700, &created);
	if (!err && strlen(buf) + 6 >= size)
		err = -ENAMETOOLONG;
	if (!err) {
		strcat(buf, "/fuse");
		err = mkdir_own(buf, 0755, &created);
	}
	return err;
}

/* Below the default directory: the mount points of processes that are gone. */
static void sweep_dead(const char *parent)
{
	char path[PATH_MAX];
	struct dirent *d;
	DIR *dir = opendir(parent);
	char *end;
	long pid;

	if (!dir)
		return;
	while ((d = readdir(dir))) {
		pid = strtol(d->d_name, &end, 10);
		if (*end || pid <= 0 || pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH)
			continue;
		snprintf(path, sizeof(path), "%s/%s", parent, d->d_name);
		if (clear_stale(path) == 0)
			rmdir(path); /* fails, harmlessly, if something else lives there */
	}
	closedir(dir);
}

static int default_mountpoint(char *dir, size_t size, bool *created)
{
	char parent[PATH_MAX];
	int err = default_parent(parent, sizeof(parent));

	if (err) {
		snprintf(dir, size, "%s", parent); /* for the message */
		return err;
	}
	sweep_dead(parent);
	if (snprintf(dir, size, "%s/%d", parent, (int)getpid()) >= (int)size)
		return -ENAMETOOLONG;
	return mkdir_own(dir, 0755, created);
}

static int chosen_mountpoint(const char *want, char *dir, size_t size, bool *created)
{
	char cwd[PATH_MAX];
	int n;

	/* Absolute, so the unmount at exit finds it whatever the working directory is then. */
	if (want[0] == '/')
		n = snprintf(dir, size, "%s", want);
	else if (getcwd(cwd, sizeof(cwd)))
		n = snprintf(dir, size, "%s/%s", cwd, want);
	else
		return -errno;
	if (n >= (int)size)
		return -ENAMETOOLONG;
	while (n > 1 && dir[n - 1] == '/')
		dir[--n] = '\0';
	return mkdir_parents(dir, created);
}

int mnt_prepare(const char *want, char *dir, size_t size, bool *created)
{
	int err;

	if (want && *want)
		err = chosen_mountpoint(want, dir, size, created);
	else
		err = default_mountpoint(dir, size, created);
	if (err) {
		pr_err_lib("fuse: cannot make the mount point %s: %s", want && *want ? want : dir,
			   strerror(-err));
		return err;
	}
	err = clear_stale(dir);
	if (!err)
		err = check_free(dir);
	if (err && *created)
		rmdir(dir);
	return err;
}
