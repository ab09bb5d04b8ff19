/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl udev-test - shared declarations of the command (udev-test.c and
 * the files udev-test-run.h names: the run, the environment and the cleanup)
 * and its report (udev-report.c: what udev made of each node, the rules that
 * acted, the expectations).
 */
#ifndef CDEVCTL_UDEV_TEST_H
#define CDEVCTL_UDEV_TEST_H

#include <stdbool.h>
#include <sys/types.h>

struct udev;

/* Exit status of udev-test (cdevctl-udev-test(8)). */
enum {
	UT_HELD = 0,	      /* every expectation held */
	UT_FAILED = 1,	      /* an expectation failed */
	UT_USAGE = 2,	      /* bad arguments, or the rules have errors */
	UT_ENVIRONMENT = 3,   /* no udevd, the driver failed, a timeout */
	UT_INTERRUPTED = 130, /* SIGINT (143 for SIGTERM) */
};

enum ut_check { UT_SYMLINK, UT_MODE, UT_OWNER, UT_GROUP, UT_PROPERTY, UT_TAG };

struct ut_expect {
	enum ut_check check;
	const char *value; /* as given; for UT_PROPERTY "KEY=VALUE" */
};

/* A string list that grows. */
struct ut_list {
	char **v;
	int n;
};

/* A rules file copied into the runtime rules directory. */
struct ut_rules {
	char *source;	/* as the user named it */
	char *copy;	/* /run/udev/rules.d/BASENAME */
	bool installed; /* the copy is ours to remove */
};

/* "FILE:LINE text": a rule that acted on a node, or an error in a rules file. */
struct ut_rule_line {
	char *file; /* the user's file for a copy, else the system's */
	int line;
	char *text;
};

struct ut_node {
	char *syspath;
	char *devnode;
	unsigned int major, minor;
	mode_t mode;
	uid_t uid;
	gid_t gid;
	struct ut_list links, props, tags;
	struct ut_rule_line *trace;
	int ntrace;
};

struct ut_report {
	struct ut_rules *rules;
	int nrules;
	struct ut_node *nodes;
	int nnodes;
	struct ut_rule_line *errors; /* diagnostics of the tested rules files */
	int nerrors;
	bool traced; /* `udevadm test` ran */
};

long ut_now_ms(void); /* CLOCK_MONOTONIC */
bool ut_list_has(const struct ut_list *l, const char *s);
int ut_list_add(struct ut_list *l, const char *s);
void ut_list_free(struct ut_list *l);

/* Fill @node from the udev database and the node itself; 0 or -errno. */
int ut_node_read(struct udev *udev, const char *syspath, struct ut_node *node);
void ut_node_free(struct ut_node *node);

/*
 * Run `udevadm test --action=add` on @node: its debug output is the only
 * place udev 252 names the rules file and line behind each action, and the
 * line of each error in a rules file. @sigfd, if >= 0, interrupts the wait.
 * 0, -EINTR when a signal came, or -errno.
 */
int ut_node_trace(struct ut_report *r, struct ut_node *node, int sigfd, int timeout_ms);

/* The outcome of one expectation. */
struct ut_result {
	const char *node; /* where it failed (or, for a symlink, held); NULL: none */
	bool held;
	char actual[1024];
};

const char *ut_check_name(enum ut_check c);

void ut_print_text(const struct ut_report *r);

/* Check @n expectations, results in @res: the number that failed. */
int ut_check(const struct ut_report *r, const struct ut_expect *e, int n, struct ut_result *res);

/* A diff on stderr for each failed one: "-" what was expected, "+" what udev made. */
void ut_print_failures(const struct ut_expect *e, int n, const struct ut_result *res);

void ut_print_json(const struct ut_report *r, const struct ut_expect *e, int n,
		   const struct ut_result *res);

#endif
