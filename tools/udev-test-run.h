/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl udev-test - the state of one run and the steps its parts share:
 * udev-test.c (the run, signals, waits, cleanup), udev-test-args.c (the
 * arguments), udev-test-udevd.c (udevd: reached, started, stopped),
 * udev-test-rules.c (the rules copies), udev-test-driver.c (the device under
 * test) and udev-test-nodes.c (its nodes as udev sees them).
 */
#ifndef CDEVCTL_UDEV_TEST_RUN_H
#define CDEVCTL_UDEV_TEST_RUN_H

#include <stdbool.h>
#include <sys/types.h>

#include "udev-test.h"

#define RULES_DIR     "/run/udev/rules.d"
#define UDEVD	      "/lib/systemd/systemd-udevd"
#define UDEVD_CONTROL "/run/udev/control"

struct udev_monitor;

struct ut_opts {
	const char *rules;
	const char *module;
	char **params;
	int nparams;
	const char *device;
	unsigned int major, minor;
	bool json, start_udevd, hold, trace, verbose;
	int timeout_ms;
	struct ut_expect *expects;
	int nexpects;
};

struct ut_run {
	struct ut_opts o;
	struct ut_report report;
	struct udev *udev;
	struct udev_monitor *mon;
	struct ut_list before; /* cuse devices that were there before */
	int sigfd;
	int signo; /* the signal that interrupted us, or 0 */
	pid_t udevd, driver;
	int udevd_pidfd;
	bool made_rules_dir;
	bool made_control; /* the udevd we started made /run/udev/control */
};

/* udev-test.c */
/* "cdevctl: udev-test: message" on stderr; returns @status. */
int ut_err(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A signal came: note it, and stop listening; the exit status of being interrupted. */
int take_signal(struct ut_run *run);
/*
 * Wait until @fd (0) or @fd2 (1; -1 for none) is readable, a signal comes
 * (the exit status of being interrupted) or @deadline passes (-ETIMEDOUT).
 */
int wait_fds(struct ut_run *run, int fd, int fd2, long deadline);
int wait_fd(struct ut_run *run, int fd, long deadline);

/* udev-test-args.c: -1 to go on, or the exit status. */
int parse_args(int argc, char **argv, struct ut_opts *o);

/* udev-test-udevd.c */
int ensure_udevd(struct ut_run *run);
/* Stop the udevd we started: SIGTERM, then SIGKILL if it is still there after the timeout. */
void stop_udevd(struct ut_run *run);
int reload_rules(struct ut_run *run);

/* udev-test-rules.c */
/* The files to copy: RULES itself, or the *.rules in it, in udev's (lexical) order. */
int list_rules(struct ut_run *run);
int install_rules(struct ut_run *run);
/* Remove what install_rules made, and have udevd forget the rules. */
void remove_rules(struct ut_run *run);

/* udev-test-driver.c */
/* Start the driver and wait for its one line: "ok", or why init failed. */
int start_driver(struct ut_run *run);
/* Stop the driver; its nodes go, and udevd removes their links. */
void stop_driver(struct ut_run *run);

/* udev-test-nodes.c */
int open_monitor(struct ut_run *run);
/* The cuse devices that were not there before the driver started. */
int new_devices(struct ut_run *run, struct ut_list *mine);
/* Each of the driver's nodes, once udevd has handled its "add". */
int collect_nodes(struct ut_run *run, struct ut_list *mine);
/* After the driver stopped: wait for udevd's "remove" of each node. */
void wait_nodes_gone(struct ut_run *run, const struct ut_list *mine);

#endif
