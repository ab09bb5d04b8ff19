/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl udev-test: prove a udev rules file against real device nodes and
 * a real udevd.
 *
 *   cdevctl udev-test [OPTIONS] RULES MODULE.so [param=value ...]
 *   cdevctl udev-test [OPTIONS] RULES --device NAME [--devnum MAJ:MIN]
 *
 * The rules (a file or a directory of *.rules) are copied into udev's
 * runtime rules directory and udevd reloads them; then the module is loaded
 * as `cdevctl run` loads it (or a built-in device with one node is made),
 * which makes its CUSE nodes and so the kernel's "add" events. Once udevd
 * has handled them (libudev: the database says "initialized", or the
 * monitor brings the event) the report is read (udev-report.c) and the
 * expectations checked. Then, also after a failure, a timeout or SIGINT,
 * the device goes (and udevd with it its links), the rules copies are
 * removed and reloaded away, and a udevd this command started is stopped.
 *
 * This file holds the run itself: its order of steps, the signals and
 * bounded waits every step uses, the report and the cleanup. The steps live
 * in files of their own (udev-test-run.h lists them).
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <libudev.h>

#include "cdevctl.h"
#include "udev-test-run.h"

int ut_err(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verr_msg("udev-test", fmt, ap);
	va_end(ap);
	return status;
}

/* A signal came: note it, and stop listening (the cleanup's waits are bounded by time). */
int take_signal(struct ut_run *run)
{
	struct signalfd_siginfo si;

	if (run->sigfd >= 0 && read(run->sigfd, &si, sizeof(si)) == sizeof(si))
		run->signo = (int)si.ssi_signo;
	if (run->sigfd >= 0)
		close(run->sigfd);
	run->sigfd = -1;
	return 128 + (run->signo ?: SIGINT);
}

/*
 * Wait until @fd (0) or @fd2 (1; -1 for none) is readable, a signal comes
 * (the exit status of being interrupted) or @deadline passes (-ETIMEDOUT).
 */
int wait_fds(struct ut_run *run, int fd, int fd2, long deadline)
{
	for (;;) {
		struct pollfd p[3] = {
			{ run->sigfd, POLLIN, 0 },
			{ fd, POLLIN, 0 },
			{ fd2, POLLIN, 0 },
		};
		long left = deadline - ut_now_ms();
		int n = poll(p, 3, left > INT_MAX ? -1 : left > 0 ? (int)left : 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return -ETIMEDOUT;
		if (p[0].revents & POLLIN)
			return take_signal(run);
		if (p[1].revents)
			return 0;
		if (p[2].revents)
			return 1;
	}
}

int wait_fd(struct ut_run *run, int fd, long deadline)
{
	return wait_fds(run, fd, -1, deadline);
}

/* ---- the run ---- */

static int read_nodes(struct ut_run *run, const struct ut_list *mine)
{
	struct ut_report *r = &run->report;
	int err;

	r->nodes = calloc(mine->n, sizeof(*r->nodes));
	if (!r->nodes)
		return ut_err(UT_ENVIRONMENT, "out of memory");
	for (int i = 0; i < mine->n; i++) {
		err = ut_node_read(run->udev, mine->v[i], &r->nodes[r->nnodes]);
		r->nnodes++;
		if (err)
			return ut_err(UT_ENVIRONMENT, "%s: %s", mine->v[i], strerror(-err));
	}
	/* After reading: `udevadm test` rewrites the database entry as it goes. */
	for (int i = 0; run->o.trace && i < r->nnodes; i++) {
		err = ut_node_trace(r, &r->nodes[i], run->sigfd, run->o.timeout_ms);
		if (err == -EINTR)
			return take_signal(run);
		if (err) {
			ut_err(0, "udevadm test %s: %s: the rules behind the actions are not shown",
			       r->nodes[i].syspath, err == -ECHILD ? "failed" : strerror(-err));
			r->traced = false;
			break;
		}
	}
	return 0;
}

static void print_summary(const struct ut_report *r, int nexpects, int failed)
{
	printf("%d node%s", r->nnodes, r->nnodes == 1 ? "" : "s");
	if (nexpects)
		printf("; %d of %d expectation%s held", nexpects - failed, nexpects,
		       nexpects == 1 ? "" : "s");
	if (r->nerrors)
		printf("; %d error%s in the rules", r->nerrors, r->nerrors == 1 ? "" : "s");
	putchar('\n');
}

/* Print the report, check the expectations: the exit status. */
static int report(struct ut_run *run)
{
	const struct ut_opts *o = &run->o;
	const struct ut_report *r = &run->report;
	struct ut_result *res = calloc(o->nexpects + 1, sizeof(*res));
	int failed;

	if (!res)
		return ut_err(UT_ENVIRONMENT, "out of memory");
	for (int i = 0; i < r->nerrors; i++)
		fprintf(stderr, "%s: udev-test: error in rules: %s:%d: %s\n", PROG,
			r->errors[i].file, r->errors[i].line, r->errors[i].text);
	failed = ut_check(r, o->expects, o->nexpects, res);
	if (o->json) {
		ut_print_json(r, o->expects, o->nexpects, res);
	} else {
		ut_print_text(r);
	}
	fflush(stdout);
	ut_print_failures(o->expects, o->nexpects, res);
	if (!o->json)
		print_summary(r, o->nexpects, failed);
	free(res);
	return r->nerrors ? UT_USAGE : failed ? UT_FAILED : UT_HELD;
}

/* --hold: keep everything until a signal; the status says "interrupted". */
static int hold(struct ut_run *run)
{
	ut_err(0, "holding the nodes: SIGINT or SIGTERM ends");
	return wait_fds(run, -1, -1, LONG_MAX);
}

/* Undo everything, whatever state the run reached. */
static void cleanup(struct ut_run *run, struct ut_list *mine)
{
	if (run->sigfd >= 0)
		close(run->sigfd);
	run->sigfd = -1;
	if (run->driver > 0) {
		if (run->mon)
			new_devices(run, mine);
		stop_driver(run);
		if (mine->n)
			wait_nodes_gone(run, mine);
	}
	remove_rules(run);
	stop_udevd(run);
	for (int i = 0; i < run->report.nnodes; i++)
		ut_node_free(&run->report.nodes[i]);
	free(run->report.nodes);
	for (int i = 0; i < run->report.nrules; i++) {
		free(run->report.rules[i].source);
		free(run->report.rules[i].copy);
	}
	free(run->report.rules);
	for (int i = 0; i < run->report.nerrors; i++) {
		free(run->report.errors[i].file);
		free(run->report.errors[i].text);
	}
	free(run->report.errors);
	ut_list_free(&run->before);
	ut_list_free(mine);
	udev_monitor_unref(run->mon);
	udev_unref(run->udev);
	free(run->o.expects);
}

/* A signal that came during the cleanup (blocked then) still sets the status. */
static int pending_signal(void)
{
	sigset_t set;

	if (sigpending(&set) < 0)
		return 0;
	if (sigismember(&set, SIGINT))
		return 128 + SIGINT;
	return sigismember(&set, SIGTERM) ? 128 + SIGTERM : 0;
}

int cmd_udev_test(int argc, char **argv)
{
	struct ut_run run = { .sigfd = -1, .udevd_pidfd = -1 };
	struct ut_list mine = { 0 };
	sigset_t set;
	int status = parse_args(argc, argv, &run.o);

	if (status >= 0) {
		free(run.o.expects);
		return status;
	}
	/* Bad input is told apart from a bad environment: read RULES first. */
	status = list_rules(&run);
	if (!status && geteuid() != 0)
		status = ut_err(UT_ENVIRONMENT, "run as root: the rules go to " RULES_DIR);
	if (status) {
		cleanup(&run, &mine);
		return status;
	}
	/* Signals are read from a descriptor, so every wait can be interrupted cleanly. */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigprocmask(SIG_BLOCK, &set, NULL);
	run.sigfd = signalfd(-1, &set, SFD_CLOEXEC);
	if (run.sigfd < 0)
		status = ut_err(UT_ENVIRONMENT, "signalfd: %s", strerror(errno));
	if (!status)
		status = ensure_udevd(&run);
	if (!status)
		status = open_monitor(&run);
	if (!status)
		status = install_rules(&run);
	if (!status)
		status = start_driver(&run);
	if (!status)
		status = collect_nodes(&run, &mine);
	if (!status)
		status = read_nodes(&run, &mine);
	if (!status) {
		status = report(&run);
		if (run.o.hold)
			status = hold(&run);
	}
	cleanup(&run, &mine);
	if (run.signo)
		status = 128 + run.signo;
	return pending_signal() ?: status;
}
