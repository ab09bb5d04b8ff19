/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl - the modules directory, where a loaded module is known by its
 * files NAME.pid ("PID PATH") and NAME.sock (host.c): where it is, made
 * private, and how a module's host is found and asked (lsmod, rmmod, irq,
 * modprobe). A file of its own: the host only writes these files; every
 * other command reads them and needs nothing else of the host.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "cdevctl.h"

const char *modules_dir(void)
{
	static char dir[MODULES_DIR_MAX + 1];
	const char *run = getenv("LIBCDEV_RUNDIR");

	/* rundir_check() has refused a value that would not fit. */
	snprintf(dir, sizeof(dir), "%s/modules", run && *run ? run : "/run/libcdev");
	return dir;
}

int rundir_check(void)
{
	const char *run = getenv("LIBCDEV_RUNDIR");
	size_t len = run ? strlen(run) : 0;

	if (len + strlen("/modules") > MODULES_DIR_MAX)
		return err_msg("LIBCDEV_RUNDIR is too long (%zu bytes, at most %zu)", len,
			       MODULES_DIR_MAX - strlen("/modules"));
	return 0;
}

int sock_path(const char *name, struct sockaddr_un *sa)
{
	memset(sa, 0, sizeof(*sa));
	sa->sun_family = AF_UNIX;
	if (snprintf(sa->sun_path, sizeof(sa->sun_path), "%s/%s.sock", modules_dir(), name) >=
	    (int)sizeof(sa->sun_path))
		return -ENAMETOOLONG;
	return 0;
}

/*
 * A directory that only its owner, root or us, can write to: anyone else
 * could plant or swap the files we trust. Explicit mode, whatever the umask.
 */
static int make_private_dir(const char *path)
{
	struct stat st;

	if (mkdir(path, 0755) == 0 && chmod(path, 0755) < 0)
		return -errno;
	if (lstat(path, &st) < 0)
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	if ((st.st_uid != geteuid() && st.st_uid != 0) || (st.st_mode & (S_IWGRP | S_IWOTH)))
		return -EPERM;
	return 0;
}

/* mkdir -p: the run directory itself may not exist yet. */
int make_modules_dir(void)
{
	char path[MODULES_DIR_MAX + 1];

	snprintf(path, sizeof(path), "%s", modules_dir());
	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0755) < 0 && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	return make_private_dir(path);
}

/*
 * Whether @pid runs: a zombie does not (a killed host is one until its parent
 * reaps it), though kill(pid, 0) still succeeds for it.
 */
bool process_alive(pid_t pid)
{
	char path[64], stat[256], *paren;
	ssize_t n;
	int fd;

	if (kill(pid, 0) < 0 && errno == ESRCH)
		return false;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno != ENOENT;
	n = read(fd, stat, sizeof(stat) - 1);
	close(fd);
	if (n <= 0)
		return true;
	stat[n] = '\0';
	/* "PID (COMM) STATE ...": COMM may hold anything, so look after its last ')'. */
	paren = strrchr(stat, ')');
	return !(paren && paren[1] == ' ' && (paren[2] == 'Z' || paren[2] == 'X'));
}

pid_t host_pid(const char *name)
{
	char path[512];
	FILE *f;
	int fd, pid = 0;

	snprintf(path, sizeof(path), "%s/%s.pid", modules_dir(), name);
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	f = fd >= 0 ? fdopen(fd, "r") : NULL;
	if (!f) {
		if (fd >= 0)
			close(fd);
		return -ESRCH;
	}
	if (fscanf(f, "%d", &pid) != 1)
		pid = 0;
	fclose(f);
	if (pid <= 0 || !process_alive(pid))
		return -ESRCH;
	return pid;
}

int host_request(const char *name, const char *request, char *reply, size_t size)
{
	struct sockaddr_un sa;
	char line[64];
	ssize_t n;
	int fd, err;

	err = sock_path(name, &sa);
	if (err)
		return err;
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	snprintf(line, sizeof(line), "%s\n", request);
	/* One write: the host answers as soon as it has read a request. */
	if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    write(fd, line, strlen(line)) < 0) {
		err = -errno;
		close(fd);
		return err;
	}
	n = read(fd, reply, size - 1);
	close(fd);
	if (n <= 0)
		return n < 0 ? -errno : -ECONNRESET;
	reply[n] = '\0';
	reply[strcspn(reply, "\n")] = '\0';
	return 0;
}
