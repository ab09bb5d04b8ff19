/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/tty/tty_io.c:
 * the caller's controlling terminal: current->signal->tty.
 *
 * A request does not carry it, /proc/PID/stat does (tty_nr). Drivers key
 * state on the pointer, as they do in the kernel, so one terminal is always
 * the same struct tty_struct: they are kept in a list for the life of the
 * process (a few per terminal ever seen, never freed).
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>

#include "core/core.h"
#include "backend/backend.h"

struct tty_struct {
	dev_t dev; /* MKDEV() */
	struct tty_struct *next;
};

static pthread_mutex_t ttys_lock = PTHREAD_MUTEX_INITIALIZER;
static struct tty_struct *ttys;

/* The one tty_struct of terminal @dev; NULL only when out of memory. */
static struct tty_struct *tty_lookup(dev_t dev)
{
	struct tty_struct *tty;

	pthread_mutex_lock(&ttys_lock);
	for (tty = ttys; tty; tty = tty->next)
		if (tty->dev == dev)
			break;
	if (!tty) {
		tty = calloc(1, sizeof(*tty));
		if (tty) {
			tty->dev = dev;
			tty->next = ttys;
			ttys = tty;
		}
	}
	pthread_mutex_unlock(&ttys_lock);
	return tty;
}

/* tty_nr of /proc/@pid/stat (the system's encoding), 0 for none or unknown. */
static unsigned long long tty_nr_read(pid_t pid)
{
	char path[64], buf[512], *p;
	unsigned long long nr = 0;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* "PID (COMM) STATE PPID PGRP SESSION TTY_NR ...": COMM may hold anything. */
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 1, " %*c %*d %*d %*d %llu", &nr) != 1)
		return 0;
	return nr;
}

/* Like task_init()'s, a thread remembers the terminal of its last caller for a moment. */
static __thread struct {
	pid_t pid;
	long long when;
	unsigned long long tty_nr;
} tty_cache;

static struct tty_struct *task_tty(const struct task_struct *t)
{
	long long now = monotonic_ns();

	if (tty_cache.pid != t->pid || now - tty_cache.when > TASK_CACHE_NS) {
		tty_cache.tty_nr = tty_nr_read(t->pid);
		tty_cache.pid = t->pid;
		tty_cache.when = now;
	}
	if (!tty_cache.tty_nr)
		return NULL;
	return tty_lookup(MKDEV(major(tty_cache.tty_nr), minor(tty_cache.tty_nr)));
}

_public_ struct task_struct *libcdev_current_signal(void)
{
	struct task_struct *t = libcdev_current();

	if (!t->signal_known) {
		t->signal = &t->signal_data;
		t->signal_data.tty = task_tty(t);
		t->signal_known = 1;
	}
	return t;
}

_public_ dev_t tty_devnum(struct tty_struct *tty)
{
	return tty ? tty->dev : 0;
}
