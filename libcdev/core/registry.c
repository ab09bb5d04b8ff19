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
 * Every change runs under an fcntl() lock on PATH.lock: bring the table up
 * to date, drop the regions of processes that no longer exist (the pid and
 * its start time must both match, so a reused pid is not mistaken for the
 * owner), apply the change and write it (regfile.c: how, at a cost that
 * does not grow with the regions held). A line that does not parse stops
 * everything with -EUCLEAN: other processes' regions are never reset
 * behind their back.
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

#include "core/regfile.h"

#define REGISTRY_DEFAULT_DIR "/run/libcdev"
#define REGISTRY_DEFAULT     REGISTRY_DEFAULT_DIR "/regions"

/* The dynamic ranges of fs/char_dev.c, searched from the top down. */
#define CHRDEV_MAJOR_DYN_END	   234
#define CHRDEV_MAJOR_DYN_START	   254
#define CHRDEV_MAJOR_DYN_EXT_START 511
#define CHRDEV_MAJOR_DYN_EXT_END   384

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

/* This process's start time, read again only in a child after fork(). */
static int self_start_time(unsigned long long *start)
{
	static pid_t pid;
	static unsigned long long cached;
	int err;

	if (pid != getpid()) {
		err = pid_start_time(getpid(), &cached);
		if (err)
			return err;
		pid = getpid();
	}
	*start = cached;
	return 0;
}

static bool owner_alive(pid_t pid, unsigned long long owner_start)
{
	unsigned long long start;

	if (pid == getpid() && self_start_time(&start) == 0)
		return start == owner_start;
	if (kill(pid, 0) < 0 && errno == ESRCH)
		return false;
	switch (pid_start_time(pid, &start)) {
	case 0:
		break;
	case -ESRCH:
	case -ENOENT:
		return false;
	default:
		return true; /* cannot tell (another pid namespace?): keep it */
	}
	return start == owner_start;
}

static bool region_is_mine(const struct region *r)
{
	unsigned long long start;

	return r->pid == getpid() && self_start_time(&start) == 0 && start == r->start;
}

/* The regions of owners that are gone are free, as the kernel frees them at exit. */
static void reclaim_dead_owners(struct regfile *rf)
{
	struct table *t = rf->t;

	for (size_t o = t->nowners; o-- > 0;) {
		pid_t pid = t->owner[o].pid;
		unsigned long long start = t->owner[o].start;

		if (owner_alive(pid, start))
			continue;
		for_each_region(t, i)
		{
			const struct region *r = &t->slot[i];

			if (r->pid != pid || r->start != start)
				continue;
			pr_dbg("reclaiming region %u:%u+%u \"%s\" of dead pid %d", r->major,
			       r->baseminor, r->count, r->name, (int)pid);
			regfile_delete(rf, i);
		}
	}
}

/* Lock, bring the table up to date, drop the regions of dead owners. */
static int registry_open(struct regfile *rf)
{
	int err;

	if (!strcmp(registry_path(), REGISTRY_DEFAULT))
		(void)mkdir(REGISTRY_DEFAULT_DIR, 0755);
	err = regfile_begin(rf, registry_path());
	if (err)
		return err;
	reclaim_dead_owners(rf);
	return 0;
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
		else if (chr && sscanf(line, "%d", &major) == 1 && major >= 0 &&
			 major < CHRDEV_MAJOR_MAX)
			used[major] = true;
	}
	fclose(f);
}

static int find_dynamic_major(const struct table *t)
{
	bool used[CHRDEV_MAJOR_MAX] = { false };
	int i;

	for (i = 0; i < CHRDEV_MAJOR_MAX; i++)
		used[i] = t->major_head[i] >= 0;
	mark_kernel_majors(used);

	for (i = CHRDEV_MAJOR_DYN_START; i >= CHRDEV_MAJOR_DYN_END; i--)
		if (!used[i])
			return i;
	for (i = CHRDEV_MAJOR_DYN_EXT_START; i >= CHRDEV_MAJOR_DYN_EXT_END; i--)
		if (!used[i])
			return i;
	return -EBUSY;
}

static bool region_overlaps(const struct table *t, const struct region *r)
{
	for_each_region_of_major(t, r->major, i)
	{
		const struct region *o = &t->slot[i];

		if (r->baseminor < o->baseminor + o->count &&
		    o->baseminor < r->baseminor + r->count)
			return true;
	}
	return false;
}

/* strscpy() in the kernel: silently truncated; the registry keeps one line per name. */
static void region_set_name(struct region *r, const char *name)
{
	snprintf(r->name, sizeof(r->name), "%s", name);
	/* One line, one field: blanks and control characters would break the file format. */
	for (char *p = r->name; *p; p++)
		if (isspace((unsigned char)*p) || iscntrl((unsigned char)*p))
			*p = '_';
	if (!r->name[0])
		snprintf(r->name, sizeof(r->name), "?");
}

/* One chunk of __register_chrdev_region(), checked in the kernel's order. */
static int reserve_one(struct regfile *rf, struct region_req *req)
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
		pr_err_lib(
			"CHRDEV \"%s\" minor range requested (%u-%u) is out of range of maximum range (%u-%u) for a single major",
			req->name, req->baseminor, req->baseminor + req->count - 1, 0, MINORMASK);
		return -EINVAL;
	}
	if (self_start_time(&r.start) < 0)
		return -EIO;
	if (r.major == 0) {
		major = find_dynamic_major(rf->t);
		if (major < 0) {
			pr_err_lib("CHRDEV \"%s\" dynamic allocation region is full", req->name);
			return major;
		}
		r.major = major;
	}
	if (region_overlaps(rf->t, &r))
		return -EBUSY;
	region_set_name(&r, req->name);
	req->major = r.major;
	return regfile_insert(rf, &r);
}

int registry_reserve(struct region_req *reqs, unsigned int n)
{
	struct regfile rf;
	int err;

	err = registry_open(&rf);
	if (err)
		return err;
	for (unsigned int i = 0; i < n && !err; i++)
		err = reserve_one(&rf, &reqs[i]);
	if (err) {
		regfile_end(&rf, false);
		return err;
	}
	return regfile_end(&rf, true);
}

void registry_release(unsigned int major, unsigned int baseminor, unsigned int count)
{
	struct regfile rf;

	if (major >= CHRDEV_MAJOR_MAX || registry_open(&rf))
		return;
	for_each_region_of_major(rf.t, major, i)
	{
		const struct region *r = &rf.t->slot[i];

		if (r->baseminor == baseminor && r->count == count && region_is_mine(r)) {
			regfile_delete(&rf, i);
			break;
		}
	}
	regfile_end(&rf, true);
}

int registry_name_of(dev_t dev, char *buf, size_t size)
{
	struct regfile rf;
	int err, ret = -ENOENT;

	err = registry_open(&rf);
	if (err)
		return err;
	for_each_region_of_major(rf.t, MAJOR(dev), i)
	{
		const struct region *r = &rf.t->slot[i];

		if (MINOR(dev) >= r->baseminor && MINOR(dev) - r->baseminor < r->count &&
		    region_is_mine(r)) {
			snprintf(buf, size, "%s", r->name);
			ret = 0;
			break;
		}
	}
	regfile_end(&rf, true);
	return ret;
}

_public_ int libcdev_regions_foreach(int (*fn)(const struct libcdev_region *r, void *data),
				     void *data)
{
	struct table t;
	int err;

	if (!fn)
		return -EINVAL;
	err = table_read(registry_path(), &t);
	for_each_region(&t, i)
	{
		const struct region *r = &t.slot[i];
		struct libcdev_region pub = { r->major, r->baseminor, r->count, r->pid, r->name };

		if (err)
			break;
		if (owner_alive(r->pid, r->start))
			err = fn(&pub, data);
	}
	table_free(&t);
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
