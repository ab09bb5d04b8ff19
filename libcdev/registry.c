/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the system-wide registry of device number regions.
 *
 * The kernel keeps registered regions in one table (chrdevs[] in
 * fs/char_dev.c). Driver processes in user space share one file instead:
 * LIBCDEV_REGISTRY, or /run/libcdev/regions, one line per region:
 *
 *	MAJOR BASEMINOR COUNT PID STARTTIME NAME
 *
 * Every change runs under an fcntl() lock on PATH.lock: read the table, drop
 * the lines of processes that no longer exist (the pid and its start time
 * must both match, so a reused pid is not mistaken for the owner), apply the
 * change, and replace the file by rename() so readers never see half of it.
 * A line that does not parse stops everything with -EUCLEAN: other
 * processes' regions are never reset behind their back.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libcdev-private.h"

#define REGISTRY_DEFAULT_DIR	"/run/libcdev"
#define REGISTRY_DEFAULT	REGISTRY_DEFAULT_DIR "/regions"

/* The dynamic ranges of fs/char_dev.c, searched from the top down. */
#define CHRDEV_MAJOR_DYN_END		234
#define CHRDEV_MAJOR_DYN_START		254
#define CHRDEV_MAJOR_DYN_EXT_START	511
#define CHRDEV_MAJOR_DYN_EXT_END	384

struct region {
	unsigned int major;
	unsigned int baseminor;
	unsigned int count;
	pid_t pid;
	unsigned long long start;	/* the owner's start time, in clock ticks */
	char name[CHRDEV_NAME_MAX];
};

struct table {
	struct region *v;
	size_t n;
	size_t cap;
};

/* Threads of one process also queue here, so the file lock is taken once per change. */
static pthread_mutex_t registry_mutex = PTHREAD_MUTEX_INITIALIZER;

static const char *registry_path(void)
{
	const char *p = getenv("LIBCDEV_REGISTRY");

	return p && *p ? p : REGISTRY_DEFAULT;
}

static const char *proc_devices_path(void)
{
	const char *p = getenv("LIBCDEV_PROC_DEVICES");

	return p && *p ? p : "/proc/devices";
}

/* Field 22 of /proc/PID/stat; the command name before it may hold spaces and ')'. */
static int pid_start_time(pid_t pid, unsigned long long *start)
{
	char path[64], buf[1024], *p;
	ssize_t len;
	int fd, field;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	len = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (len <= 0)
		return -EIO;
	buf[len] = '\0';

	p = strrchr(buf, ')');
	if (!p || !p[1] || !p[2])
		return -EIO;
	/* A zombie has exited: its regions are free although its pid still exists. */
	if (p[2] == 'Z' || p[2] == 'X')
		return -ESRCH;
	/* After ')' come fields 3 (state) onwards, one space before each. */
	for (field = 2; field < 22 && p; field++)
		p = strchr(p + 1, ' ');
	if (!p || sscanf(p, " %llu", start) != 1)
		return -EIO;
	return 0;
}

static bool region_owner_alive(const struct region *r)
{
	unsigned long long start;

	if (kill(r->pid, 0) < 0 && errno == ESRCH)
		return false;
	switch (pid_start_time(r->pid, &start)) {
	case 0:
		break;
	case -ESRCH:
	case -ENOENT:
		return false;
	default:
		return true;	/* cannot tell (another pid namespace?): keep it */
	}
	return start == r->start;
}

static bool region_is_mine(const struct region *r)
{
	unsigned long long start;

	return r->pid == getpid() && pid_start_time(r->pid, &start) == 0 &&
	       start == r->start;
}

static int table_add(struct table *t, const struct region *r)
{
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		struct region *v = realloc(t->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		t->v = v;
		t->cap = cap;
	}
	t->v[t->n++] = *r;
	return 0;
}

static void table_remove(struct table *t, size_t i)
{
	memmove(&t->v[i], &t->v[i + 1], (t->n - i - 1) * sizeof(t->v[0]));
	t->n--;
}

static bool region_valid(const struct region *r)
{
	return r->major < CHRDEV_MAJOR_MAX && r->baseminor <= MINORMASK &&
	       r->count >= 1 && r->count <= MINORMASK + 1 - r->baseminor &&
	       r->pid > 0 && r->name[0];
}

static int parse_line(char *line, struct region *r)
{
	int name_at = -1;
	size_t len;

	memset(r, 0, sizeof(*r));
	if (sscanf(line, "%u %u %u %d %llu %n", &r->major, &r->baseminor,
		   &r->count, &r->pid, &r->start, &name_at) != 5 || name_at < 0)
		return -EUCLEAN;
	len = strcspn(line + name_at, "\n");
	if (len == 0 || len >= sizeof(r->name))
		return -EUCLEAN;
	memcpy(r->name, line + name_at, len);
	return region_valid(r) ? 0 : -EUCLEAN;
}

static int table_load(const char *path, struct table *t)
{
	struct region r;
	char *line = NULL;
	size_t size = 0;
	int fd, lineno = 0, err = 0;
	FILE *f;

	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT)
			return 0;
		err = -errno;
		pr_err_lib("cannot read the region registry %s: %s", path, strerror(-err));
		return err;
	}
	f = fdopen(fd, "r");
	if (!f) {
		close(fd);
		return -ENOMEM;
	}
	while (getline(&line, &size, f) >= 0) {
		lineno++;
		if (line[0] == '#' || line[strspn(line, " \t")] == '\n')
			continue;	/* comments and blank lines, as a hand edit may leave */
		err = parse_line(line, &r);
		if (err) {
			pr_err_lib("region registry %s is damaged at line %d; fix or remove the file (no region was changed)",
				   path, lineno);
			break;
		}
		err = table_add(t, &r);
		if (err)
			break;
	}
	if (!err && ferror(f)) {
		err = -EIO;
		pr_err_lib("cannot read the region registry %s: %s", path, strerror(errno));
	}
	free(line);
	fclose(f);
	return err;
}

static int table_store(const char *path, const struct table *t)
{
	char tmp[PATH_MAX];
	FILE *f;
	int fd, err = 0;

	if (snprintf(tmp, sizeof(tmp), "%s.new", path) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		goto out_errno;
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		err = -ENOMEM;
		goto out_unlink;
	}
	fputs("# libcdev regions: major baseminor count pid starttime name\n", f);
	for (size_t i = 0; i < t->n; i++) {
		const struct region *r = &t->v[i];

		fprintf(f, "%u %u %u %d %llu %s\n", r->major, r->baseminor,
			r->count, (int)r->pid, r->start, r->name);
	}
	if (fclose(f) != 0)
		goto out_errno_unlink;
	if (rename(tmp, path) < 0)
		goto out_errno_unlink;
	return 0;

out_errno_unlink:
	err = -errno;
out_unlink:
	unlink(tmp);
	pr_err_lib("cannot write the region registry %s: %s", path, strerror(-err));
	return err;
out_errno:
	err = -errno;
	pr_err_lib("cannot write the region registry %s: %s", path, strerror(-err));
	return err;
}

static int registry_lock(const char *path)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	char lockpath[PATH_MAX];
	int fd, err;

	if (!strcmp(path, REGISTRY_DEFAULT))
		(void)mkdir(REGISTRY_DEFAULT_DIR, 0755);
	if (snprintf(lockpath, sizeof(lockpath), "%s.lock", path) >= (int)sizeof(lockpath))
		return -ENAMETOOLONG;
	fd = open(lockpath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		goto out_errno;
	while (fcntl(fd, F_OFD_SETLKW, &fl) < 0) {
		if (errno != EINTR) {
			close(fd);
			goto out_errno;
		}
	}
	return fd;

out_errno:
	err = -errno;
	pr_err_lib("cannot lock the region registry %s: %s", path, strerror(-err));
	return err;
}

/* Lock and load, with the regions of dead processes already dropped. */
static int registry_open(const char *path, struct table *t)
{
	int fd, err;

	pthread_mutex_lock(&registry_mutex);
	fd = registry_lock(path);
	if (fd < 0) {
		err = fd;
		goto out_unlock;
	}
	err = table_load(path, t);
	if (err)
		goto out_close;
	for (size_t i = t->n; i-- > 0;)
		if (!region_owner_alive(&t->v[i])) {
			pr_dbg("reclaiming region %u:%u+%u \"%s\" of dead pid %d",
			       t->v[i].major, t->v[i].baseminor, t->v[i].count,
			       t->v[i].name, (int)t->v[i].pid);
			table_remove(t, i);
		}
	return fd;

out_close:
	close(fd);
out_unlock:
	pthread_mutex_unlock(&registry_mutex);
	free(t->v);
	return err;
}

static void registry_close(int fd, struct table *t)
{
	close(fd);	/* drops the lock */
	pthread_mutex_unlock(&registry_mutex);
	free(t->v);
}

static void mark_kernel_majors(bool *used)
{
	char line[256];
	bool chr = false;
	FILE *f;
	int major;

	f = fopen(proc_devices_path(), "re");
	if (!f) {
		pr_dbg("cannot read %s: %s", proc_devices_path(), strerror(errno));
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "Character devices:", 18))
			chr = true;
		else if (!strncmp(line, "Block devices:", 14))
			chr = false;
		else if (chr && sscanf(line, "%d", &major) == 1 &&
			 major >= 0 && major < CHRDEV_MAJOR_MAX)
			used[major] = true;
	}
	fclose(f);
}

static int find_dynamic_major(const struct table *t)
{
	bool used[CHRDEV_MAJOR_MAX] = { false };
	int i;

	for (size_t k = 0; k < t->n; k++)
		used[t->v[k].major] = true;
	mark_kernel_majors(used);

	for (i = CHRDEV_MAJOR_DYN_START; i >= CHRDEV_MAJOR_DYN_END; i--)
		if (!used[i])
			return i;
	for (i = CHRDEV_MAJOR_DYN_EXT_START; i >= CHRDEV_MAJOR_DYN_EXT_END; i--)
		if (!used[i])
			return i;
	return -EBUSY;
}

static bool regions_overlap(const struct region *a, const struct region *b)
{
	return a->major == b->major &&
	       a->baseminor < b->baseminor + b->count &&
	       b->baseminor < a->baseminor + a->count;
}

/* One chunk of __register_chrdev_region(), checked in the kernel's order. */
static int table_reserve_one(struct table *t, struct region_req *req)
{
	struct region r = {
		.major = req->major,
		.baseminor = req->baseminor,
		.count = req->count,
		.pid = getpid(),
	};
	int major;

	if (req->major >= CHRDEV_MAJOR_MAX) {
		pr_err_lib("CHRDEV \"%s\" major requested (%u) is greater than the maximum (%u)",
			   req->name, req->major, CHRDEV_MAJOR_MAX - 1);
		return -EINVAL;
	}
	if (req->baseminor > MINORMASK || req->count > MINORMASK + 1 - req->baseminor) {
		pr_err_lib("CHRDEV \"%s\" minor range requested (%u-%u) is out of range of maximum range (%u-%u) for a single major",
			   req->name, req->baseminor, req->baseminor + req->count - 1, 0, MINORMASK);
		return -EINVAL;
	}
	if (pid_start_time(r.pid, &r.start) < 0)
		return -EIO;
	if (r.major == 0) {
		major = find_dynamic_major(t);
		if (major < 0) {
			pr_err_lib("CHRDEV \"%s\" dynamic allocation region is full", req->name);
			return major;
		}
		r.major = major;
	}
	for (size_t i = 0; i < t->n; i++)
		if (regions_overlap(&r, &t->v[i]))
			return -EBUSY;

	/* strscpy() in the kernel: silently truncated; the registry keeps one line per name. */
	snprintf(r.name, sizeof(r.name), "%s", req->name);
	/* One line, one field: blanks and control characters would break the file format. */
	for (char *p = r.name; *p; p++)
		if (isspace((unsigned char)*p) || iscntrl((unsigned char)*p))
			*p = '_';
	if (!r.name[0])
		snprintf(r.name, sizeof(r.name), "?");
	req->major = r.major;
	return table_add(t, &r);
}

int registry_reserve(struct region_req *reqs, unsigned int n)
{
	const char *path = registry_path();
	struct table t = { 0 };
	int fd, err = 0;

	fd = registry_open(path, &t);
	if (fd < 0)
		return fd;
	for (unsigned int i = 0; i < n && !err; i++)
		err = table_reserve_one(&t, &reqs[i]);
	if (!err)
		err = table_store(path, &t);
	registry_close(fd, &t);
	return err;
}

void registry_release(unsigned int major, unsigned int baseminor, unsigned int count)
{
	const char *path = registry_path();
	struct table t = { 0 };
	int fd;

	fd = registry_open(path, &t);
	if (fd < 0)
		return;
	for (size_t i = 0; i < t.n; i++) {
		const struct region *r = &t.v[i];

		if (r->major == major && r->baseminor == baseminor &&
		    r->count == count && region_is_mine(r)) {
			table_remove(&t, i);
			table_store(path, &t);
			break;
		}
	}
	registry_close(fd, &t);
}

int registry_name_of(dev_t dev, char *buf, size_t size)
{
	const char *path = registry_path();
	struct table t = { 0 };
	int fd, ret = -ENOENT;

	fd = registry_open(path, &t);
	if (fd < 0)
		return fd;
	for (size_t i = 0; i < t.n; i++) {
		const struct region *r = &t.v[i];

		if (r->major == MAJOR(dev) && MINOR(dev) >= r->baseminor &&
		    MINOR(dev) - r->baseminor < r->count && region_is_mine(r)) {
			snprintf(buf, size, "%s", r->name);
			ret = 0;
			break;
		}
	}
	registry_close(fd, &t);
	return ret;
}

_public_ int libcdev_regions_foreach(int (*fn)(const struct libcdev_region *r, void *data),
				     void *data)
{
	struct table t = { 0 };
	int err;

	if (!fn)
		return -EINVAL;
	err = table_load(registry_path(), &t);
	for (size_t i = 0; !err && i < t.n; i++) {
		const struct region *r = &t.v[i];
		struct libcdev_region pub = { r->major, r->baseminor, r->count, r->pid, r->name };

		if (region_owner_alive(r))
			err = fn(&pub, data);
	}
	free(t.v);
	return err;
}

bool registry_kernel_holds_major(unsigned int major)
{
	bool used[CHRDEV_MAJOR_MAX] = { false };

	if (major >= CHRDEV_MAJOR_MAX)
		return false;
	mark_kernel_majors(used);
	return used[major];
}
