/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the region registry's file and the table a process keeps of it
 * between changes (registry.c says what the regions mean).
 */
#ifndef LIBCDEV_REGFILE_H
#define LIBCDEV_REGFILE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>

#include "core/core.h"

struct region {
	unsigned int major;
	unsigned int baseminor;
	unsigned int count; /* 0: a free slot */
	pid_t pid;
	unsigned long long start; /* the owner's start time, in clock ticks */
	char name[CHRDEV_NAME_MAX];
	/* Kept by regfile.c. */
	int prev, next;	  /* the slots of the same major; -1 ends */
	off_t off;	  /* its line in the file; -1: not written yet */
	unsigned int len; /* that line's length, '\n' included */
};

/* A process that owns regions, and how many. */
struct owner {
	pid_t pid;
	unsigned long long start;
	size_t regions;
};

struct table {
	struct region *slot;
	size_t nslots, cap;
	int free_head; /* free slots, chained through ->next */
	int major_head[CHRDEV_MAJOR_MAX];
	struct owner *owner;
	size_t nowners, owners_cap;
	size_t live_bytes;    /* bytes of the file's region lines */
	size_t garbage_bytes; /* and of its other lines, but the header */
	/* The file as this table last saw it. */
	bool valid;
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec ctime;
	unsigned long long gen; /* the header's change count */
	bool rewrite;		/* no usable header, or a torn last line */
};

/* The regions of one major, and every region. */
#define for_each_region_of_major(t, m, i) \
	for (int i = (t)->major_head[m]; i >= 0; i = (t)->slot[i].next)
#define for_each_region(t, i)                      \
	for (int i = 0; i < (int)(t)->nslots; i++) \
		if ((t)->slot[i].count)

/* A line of the file to blank once the change is written. */
struct line_span {
	off_t off;
	unsigned int len;
};

/* One locked change: regfile_begin() ... regfile_end(). */
struct regfile {
	const char *path;
	int lock_fd;
	int fd;			 /* the registry; -1 when there is none yet */
	struct table *t;	 /* the process's table, brought up to date */
	struct line_span *blank; /* region lines deleted by this change */
	size_t nblank, blank_cap;
	int *added; /* the slots it inserted */
	size_t nadded, added_cap;
	bool changed;
};

int regfile_begin(struct regfile *rf, const char *path);
/* Write the session's changes (@commit) or forget them; unlock. */
int regfile_end(struct regfile *rf, bool commit);
int regfile_insert(struct regfile *rf, const struct region *r);
void regfile_delete(struct regfile *rf, int slot);

/* A table of the file as it is now, read without the lock (it is never torn). */
int table_read(const char *path, struct table *t);
void table_free(struct table *t);

/* ---- the file's format: what reading it (regfile.c) and writing a change (regfile_write.c) share ---- */

#define HEADER_PREFIX "# libcdev regions: major baseminor count pid starttime name; change "
#define HEADER_DIGITS 20
#define HEADER_LEN    (sizeof(HEADER_PREFIX) - 1 + HEADER_DIGITS + 1)
#define GEN_NONE      ULLONG_MAX
#define LINE_MAX_LEN  (3 * 11 + 21 + 21 + CHRDEV_NAME_MAX + 2)

/* @r's line of the file in @buf, '\n' included: its length. */
unsigned int format_line(const struct region *r, char *buf, size_t size);
/* The table is that of the file @st describes. */
void table_seen(struct table *t, const struct stat *st);
/* Write @rf's changes: in place, or the whole table renamed over the file. */
int write_changes(struct regfile *rf);

#endif
