/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The system-wide region registry with real processes (DESIGN: "Processes and
 * state"): regions of other living processes are busy, the fcntl() lock
 * serialises concurrent changes, the regions of dead owners are reclaimed, a
 * reused pid is not taken for the owner, and a damaged or unreadable registry
 * is reported and left alone. Children are forked (and some exec /bin/sleep);
 * they talk to the test through pipes and never call cmocka.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test-util.h"

#define NCHILDREN 8

/* ---- helpers ---- */

/* Field 22 of /proc/PID/stat: the start time the registry keeps with the pid. */
static unsigned long long start_time_of(pid_t pid)
{
	char path[64], buf[1024], *p;
	unsigned long long start = 0;
	size_t len;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	assert_non_null(f);
	len = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[len] = '\0';
	p = strrchr(buf, ')');
	assert_non_null(p);
	for (int field = 2; field < 22; field++) {
		p = strchr(p + 1, ' ');
		assert_non_null(p);
	}
	assert_int_equal(sscanf(p, " %llu", &start), 1);
	return start;
}

/* The whole registry file into @buf; "" when it does not exist. */
static const char *registry_read_into(char *buf, size_t size)
{
	FILE *f = fopen(test_env.registry, "r");
	size_t len = 0;

	if (f) {
		len = fread(buf, 1, size - 1, f);
		fclose(f);
	}
	buf[len] = '\0';
	return buf;
}

static const char *registry_read(void)
{
	static char buf[131072];

	return registry_read_into(buf, sizeof(buf));
}

/* Lines of the registry file that are regions, not comments. */
static int registry_count(void)
{
	const char *buf = registry_read();
	int n = 0;

	for (const char *p = buf; *p; p++)
		if ((p == buf || p[-1] == '\n') && *p != '#')
			n++;
	return n;
}

/* Whether the file holds the region major:baseminor+count of @pid. */
static bool registry_has(unsigned int major, unsigned int baseminor, unsigned int count, pid_t pid)
{
	const char *p = registry_read();

	while (*p) {
		unsigned int ma, mi, n;
		int owner;

		if (*p != '#' && sscanf(p, "%u %u %u %d", &ma, &mi, &n, &owner) == 4 &&
		    ma == major && mi == baseminor && n == count && owner == (int)pid)
			return true;
		p += strcspn(p, "\n");
		if (*p)
			p++;
	}
	return false;
}

/* A child process: it runs a function, writes its int result, waits to be released. */
struct child {
	pid_t pid;
	int release_fd; /* the test closes it: the child exits */
	int result_fd;	/* the child's result */
};

typedef int (*child_fn)(void *arg);

static void close_other_fds(const int *keep, int nkeep)
{
	for (int fd = 3; fd < 256; fd++) {
		bool kept = false;

		for (int i = 0; i < nkeep; i++)
			kept |= keep[i] == fd;
		if (!kept)
			close(fd);
	}
}

static void write_int(int fd, int v)
{
	if (write(fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
		_exit(99);
}

static int read_int(int fd)
{
	int v = 0;

	assert_int_equal(read(fd, &v, sizeof(v)), sizeof(v));
	return v;
}

/*
 * Fork a child that waits for @go_fd to reach EOF (if not -1), runs @fn,
 * reports its result and stays alive until released or killed. With @exec_sleep
 * it becomes /bin/sleep after reporting, which keeps its pid and start time.
 */
static void child_start(struct child *c, int go_fd, child_fn fn, void *arg, bool exec_sleep)
{
	int release[2], result[2];

	assert_int_equal(pipe(release), 0);
	assert_int_equal(pipe(result), 0);
	c->pid = fork();
	assert_true(c->pid >= 0);
	if (c->pid == 0) {
		int keep[] = { release[0], result[1], go_fd };
		char b;

		prctl(PR_SET_PDEATHSIG, SIGKILL);
		close_other_fds(keep, 3);
		if (go_fd >= 0)
			while (read(go_fd, &b, 1) > 0)
				;
		write_int(result[1], fn ? fn(arg) : 0);
		if (exec_sleep) {
			close(release[0]);
			close(result[1]);
			execl("/bin/sleep", "sleep", "60", (char *)NULL);
			_exit(98);
		}
		while (read(release[0], &b, 1) > 0)
			;
		_exit(0);
	}
	close(release[0]);
	close(result[1]);
	c->release_fd = release[1];
	c->result_fd = result[0];
}

/* Release the child and check that it exited by itself with 0. */
static void child_finish(struct child *c)
{
	int status;

	close(c->release_fd);
	close(c->result_fd);
	assert_int_equal(waitpid(c->pid, &status, 0), c->pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

/* Kill the child and reap it. */
static void child_kill(struct child *c)
{
	int status;

	assert_int_equal(kill(c->pid, SIGKILL), 0);
	close(c->release_fd);
	close(c->result_fd);
	assert_int_equal(waitpid(c->pid, &status, 0), c->pid);
	assert_true(WIFSIGNALED(status));
}

/* Wait until the child runs /bin/sleep (its pid and start time do not change). */
static void child_wait_exec(const struct child *c)
{
	char path[64], comm[64];

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)c->pid);
	for (int i = 0; i < 500; i++) {
		FILE *f = fopen(path, "r");

		assert_non_null(f);
		comm[0] = '\0';
		if (!fgets(comm, sizeof(comm), f))
			comm[0] = '\0';
		fclose(f);
		if (!strcmp(comm, "sleep\n"))
			return;
		usleep(10 * 1000);
	}
	fail_msg("child %d did not exec /bin/sleep", (int)c->pid);
}

/* A pid that no longer exists: a child that exited and was reaped. */
static pid_t dead_pid(void)
{
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0)
		_exit(0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_int_equal(kill(pid, 0), -1);
	return pid;
}

struct region_arg {
	dev_t from;
	unsigned int count;
	const char *name;
};

static int child_register(void *arg)
{
	const struct region_arg *a = arg;

	return register_chrdev_region(a->from, a->count, a->name);
}

/* The major allocated, or the negative errno. */
static int child_alloc(void *arg)
{
	dev_t dev;
	int err;

	(void)arg;
	err = alloc_chrdev_region(&dev, 0, 4, "dyn");
	return err ? err : (int)MAJOR(dev);
}

/* ---- two processes ---- */

static void registry_other_process_region_busy(void **state)
{
	struct region_arg a = { MKDEV(200, 0), 16, "child" };
	struct child c;

	(void)state;
	child_start(&c, -1, child_register, &a, false);
	assert_int_equal(read_int(c.result_fd), 0);
	assert_true(registry_has(200, 0, 16, c.pid));

	assert_int_equal(register_chrdev_region(MKDEV(200, 8), 16, "parent"), -EBUSY);
	assert_int_equal(register_chrdev_region(MKDEV(199, MINORMASK), 2, "parent"), -EBUSY);
	assert_int_equal(register_chrdev_region(MKDEV(200, 15), 1, "parent"), -EBUSY);
	/* Next to it is free, for another process too. */
	assert_int_equal(register_chrdev_region(MKDEV(200, 16), 16, "parent"), 0);
	assert_int_equal(registry_count(), 2);
	child_finish(&c);
}

static const struct file_operations legacy_fops;

static void registry_alloc_skips_other_process_major(void **state)
{
	struct child c;
	dev_t dev;

	(void)state;
	child_start(&c, -1, child_alloc, NULL, false);
	assert_int_equal(read_int(c.result_fd), 254);
	assert_true(registry_has(254, 0, 4, c.pid));

	assert_int_equal(alloc_chrdev_region(&dev, 0, 4, "parent"), 0);
	assert_int_equal(dev, MKDEV(253, 0));
	assert_int_equal(register_chrdev(0, "legacy", &legacy_fops), 252);
	unregister_chrdev(252, "legacy");
	child_finish(&c);
}

static void registry_only_owner_unregisters(void **state)
{
	struct region_arg a = { MKDEV(200, 0), 16, "child" };
	char before[16384];
	struct child c;

	(void)state;
	child_start(&c, -1, child_register, &a, false);
	assert_int_equal(read_int(c.result_fd), 0);
	registry_read_into(before, sizeof(before));

	unregister_chrdev_region(MKDEV(200, 0), 16);
	unregister_chrdev(200, "child");
	assert_string_equal(registry_read(), before);
	assert_int_equal(register_chrdev_region(MKDEV(200, 0), 16, "parent"), -EBUSY);
	child_finish(&c);
}

/* ---- many processes at once ---- */

static void registry_concurrent_alloc_distinct_majors(void **state)
{
	struct child c[NCHILDREN];
	bool seen[CHRDEV_MAJOR_MAX] = { false };
	int go[2];

	(void)state;
	assert_int_equal(pipe(go), 0);
	for (int i = 0; i < NCHILDREN; i++)
		child_start(&c[i], go[0], child_alloc, NULL, false);
	close(go[0]);
	close(go[1]); /* all children start together */

	for (int i = 0; i < NCHILDREN; i++) {
		int major = read_int(c[i].result_fd);

		assert_in_range(major, 254 - NCHILDREN + 1, 254);
		assert_false(seen[major]);
		seen[major] = true;
		assert_true(registry_has(major, 0, 4, c[i].pid));
	}
	assert_int_equal(registry_count(), NCHILDREN);
	for (int i = 0; i < NCHILDREN; i++)
		child_finish(&c[i]);
}

static void registry_concurrent_register_one_winner(void **state)
{
	struct region_arg a = { MKDEV(200, 0), 16, "same" };
	struct child c[NCHILDREN];
	int go[2], won = 0, busy = 0;

	(void)state;
	assert_int_equal(pipe(go), 0);
	for (int i = 0; i < NCHILDREN; i++)
		child_start(&c[i], go[0], child_register, &a, false);
	close(go[0]);
	close(go[1]);

	for (int i = 0; i < NCHILDREN; i++) {
		int err = read_int(c[i].result_fd);

		if (err == 0)
			won++;
		else if (err == -EBUSY)
			busy++;
	}
	assert_int_equal(won, 1);
	assert_int_equal(busy, NCHILDREN - 1);
	assert_int_equal(registry_count(), 1);
	for (int i = 0; i < NCHILDREN; i++)
		child_finish(&c[i]);
}

/* ---- dead owners ---- */

static void registry_dead_owner_exit_reclaimed(void **state)
{
	struct region_arg a = { MKDEV(200, 0), 16, "child" };
	struct child c;

	(void)state;
	child_start(&c, -1, child_register, &a, false);
	assert_int_equal(read_int(c.result_fd), 0);
	assert_int_equal(register_chrdev_region(MKDEV(200, 0), 16, "parent"), -EBUSY);
	child_finish(&c); /* exits without unregistering */

	assert_int_equal(register_chrdev_region(MKDEV(200, 0), 16, "parent"), 0);
	assert_false(registry_has(200, 0, 16, c.pid));
	assert_true(registry_has(200, 0, 16, getpid()));
	assert_int_equal(registry_count(), 1);
}

static void registry_zombie_owner_reclaimed(void **state)
{
	struct region_arg a = { MKDEV(201, 0), 4, "child" };
	siginfo_t info;
	struct child c;
	int status;

	(void)state;
	child_start(&c, -1, child_register, &a, false);
	assert_int_equal(read_int(c.result_fd), 0);
	close(c.release_fd);
	close(c.result_fd);
	/* Wait until it has exited, but leave it unreaped: a zombie owns nothing. */
	assert_int_equal(waitid(P_PID, c.pid, &info, WEXITED | WNOWAIT), 0);
	assert_int_equal(register_chrdev_region(MKDEV(201, 0), 4, "parent"), 0);
	assert_false(registry_has(201, 0, 4, c.pid));
	assert_int_equal(waitpid(c.pid, &status, 0), c.pid);
	unregister_chrdev_region(MKDEV(201, 0), 4);
}

static void registry_dead_owner_sigkill_reclaimed(void **state)
{
	struct child c;
	dev_t dev;

	(void)state;
	child_start(&c, -1, child_alloc, NULL, false);
	assert_int_equal(read_int(c.result_fd), 254);
	child_kill(&c);

	/* The killed child's dynamic major is the first free one again. */
	assert_int_equal(alloc_chrdev_region(&dev, 0, 4, "parent"), 0);
	assert_int_equal(dev, MKDEV(254, 0));
	assert_false(registry_has(254, 0, 4, c.pid));
	assert_int_equal(registry_count(), 1);
}

static void registry_exec_keeps_owner(void **state)
{
	struct region_arg a = { MKDEV(200, 0), 16, "child" };
	struct child c;

	(void)state;
	/* The child registers and becomes /bin/sleep: same pid, same start time. */
	child_start(&c, -1, child_register, &a, true);
	assert_int_equal(read_int(c.result_fd), 0);
	child_wait_exec(&c);
	assert_int_equal(register_chrdev_region(MKDEV(200, 0), 16, "parent"), -EBUSY);
	assert_true(registry_has(200, 0, 16, c.pid));

	child_kill(&c);
	assert_int_equal(register_chrdev_region(MKDEV(200, 0), 16, "parent"), 0);
}

/* ---- reused pids ---- */

static void registry_pid_reuse_own_pid(void **state)
{
	unsigned long long start = start_time_of(getpid());
	char line[256];

	(void)state;
	/* This very pid, but not the process that started then: a former owner. */
	snprintf(line, sizeof(line), "200 0 16 %d %llu old-owner\n", (int)getpid(), start + 1);
	test_write_registry(line);
	assert_int_equal(register_chrdev_region(MKDEV(200, 0), 16, "parent"), 0);
	assert_int_equal(registry_count(), 1);
	snprintf(line, sizeof(line), "200 0 16 %d %llu parent\n", (int)getpid(), start);
	assert_non_null(strstr(registry_read(), line));
	assert_null(strstr(registry_read(), "old-owner"));

	/* With the right start time the line is ours and busy. */
	unregister_chrdev_region(MKDEV(200, 0), 16);
	snprintf(line, sizeof(line), "200 0 16 %d %llu mine\n", (int)getpid(), start);
	test_write_registry(line);
	assert_int_equal(register_chrdev_region(MKDEV(200, 0), 16, "parent"), -EBUSY);
	unregister_chrdev_region(MKDEV(200, 0), 16);
	assert_int_equal(registry_count(), 0);
}

static void registry_pid_reuse_child_pid(void **state)
{
	unsigned long long start;
	char line[256];
	struct child c;
	dev_t dev;

	(void)state;
	child_start(&c, -1, NULL, NULL, true); /* a living /bin/sleep */
	assert_int_equal(read_int(c.result_fd), 0);
	child_wait_exec(&c);
	start = start_time_of(c.pid);

	/* The living child's pid with another start time: the old owner is dead. */
	snprintf(line, sizeof(line), "254 0 16 %d %llu old-owner\n", (int)c.pid, start + 7);
	test_write_registry(line);
	assert_int_equal(alloc_chrdev_region(&dev, 0, 1, "parent"), 0);
	assert_int_equal(dev, MKDEV(254, 0));
	assert_null(strstr(registry_read(), "old-owner"));
	unregister_chrdev_region(dev, 1);

	/* With its true start time the child owns it. */
	snprintf(line, sizeof(line), "254 0 16 %d %llu child\n", (int)c.pid, start);
	test_write_registry(line);
	assert_int_equal(register_chrdev_region(MKDEV(254, 15), 1, "parent"), -EBUSY);
	assert_int_equal(alloc_chrdev_region(&dev, 0, 1, "parent"), 0);
	assert_int_equal(dev, MKDEV(253, 0));
	child_kill(&c);
}

/* ---- a damaged registry ---- */

/* @bad as line 3 of a registry: everything fails, is logged, changes nothing. */
static void check_damaged(const char *bad)
{
	char content[1024], want[64];
	const struct file_operations fops = { 0 };
	const char *log;
	dev_t dev = MKDEV(7, 7);
	struct stat st;

	/* A dead owner's line would be reclaimed by any change: it must stay. */
	snprintf(content, sizeof(content),
		 "# libcdev regions: major baseminor count pid starttime name\n"
		 "240 0 4 %d 12345 dead\n"
		 "%s",
		 (int)dead_pid(), bad);
	test_write_registry(content);
	test_log_take();

	assert_int_equal(register_chrdev_region(MKDEV(200, 0), 1, "x"), -EUCLEAN);
	log = test_log_take();
	assert_non_null(strstr(log, test_env.registry));
	snprintf(want, sizeof(want), "line 3");
	assert_non_null(strstr(log, want));
	assert_string_equal(registry_read(), content);

	assert_int_equal(alloc_chrdev_region(&dev, 0, 1, "x"), -EUCLEAN);
	assert_int_equal(dev, MKDEV(7, 7));
	assert_non_null(strstr(test_log_take(), test_env.registry));
	assert_string_equal(registry_read(), content);

	assert_int_equal(register_chrdev(0, "x", &fops), -EUCLEAN);
	assert_int_equal(register_chrdev_region(MKDEV(240, 0), 4, "x"), -EUCLEAN);
	unregister_chrdev_region(MKDEV(240, 0), 4);
	assert_string_equal(registry_read(), content);
	/* No half-written replacement was left either. */
	snprintf(content, sizeof(content), "%s.new", test_env.registry);
	assert_int_equal(stat(content, &st), -1);
}

static void registry_damaged_garbage_line(void **state)
{
	(void)state;
	check_damaged("this is not a region\n");
}

static void registry_damaged_bad_field(void **state)
{
	(void)state;
	check_damaged("250 0 1 pid 12345 name\n");
}

static void registry_damaged_missing_name(void **state)
{
	(void)state;
	check_damaged("250 0 1 1 12345\n");
}

static void registry_damaged_count_zero(void **state)
{
	(void)state;
	check_damaged("250 0 0 1 12345 zero\n");
}

static void registry_damaged_major_999(void **state)
{
	(void)state;
	check_damaged("999 0 1 1 12345 big\n");
}

static void registry_damaged_minor_range(void **state)
{
	(void)state;
	check_damaged("250 1048575 2 1 12345 past\n");
}

static void registry_damaged_name_too_long(void **state)
{
	char line[128];

	(void)state;
	snprintf(line, sizeof(line), "250 0 1 1 12345 %064d\n", 0);
	check_damaged(line);
}

/* ---- an unreadable registry ---- */

static void registry_unreadable_fails(void **state)
{
	char dir[256];
	dev_t dev = MKDEV(7, 7);
	const char *log;

	(void)state;
	snprintf(dir, sizeof(dir), "%s/regions-dir", test_env.dir);
	assert_int_equal(mkdir(dir, 0755), 0);
	setenv("LIBCDEV_REGISTRY", dir, 1);

	assert_true(register_chrdev_region(MKDEV(200, 0), 1, "x") < 0);
	log = test_log_take();
	assert_non_null(strstr(log, dir));
	assert_true(alloc_chrdev_region(&dev, 0, 1, "x") < 0);
	assert_int_equal(dev, MKDEV(7, 7));
	assert_non_null(strstr(test_log_take(), dir));
	unregister_chrdev_region(MKDEV(200, 0), 1);
	test_log_take();

	/* A registry in a directory that does not exist. */
	snprintf(dir, sizeof(dir), "%s/missing/regions", test_env.dir);
	setenv("LIBCDEV_REGISTRY", dir, 1);
	assert_true(register_chrdev_region(MKDEV(200, 0), 1, "x") < 0);
	assert_non_null(strstr(test_log_take(), dir));
}

static int restore_registry_env(void **state)
{
	(void)state;
	setenv("LIBCDEV_REGISTRY", test_env.registry, 1);
	return 0;
}

/* ---- the file format ---- */

static void registry_line_format(void **state)
{
	static const char header[] =
		"# libcdev regions: major baseminor count pid starttime name; change ";
	unsigned long long start = start_time_of(getpid());
	const char *file;
	char want[512];
	dev_t dev;

	(void)state;
	assert_int_equal(register_chrdev_region(MKDEV(200, 3), 7, "fmt test"), 0);
	assert_int_equal(alloc_chrdev_region(&dev, 5, 2, "dyn"), 0);
	file = registry_read();
	/* The header: the fields, then the change count, 20 digits. */
	assert_int_equal(strncmp(file, header, strlen(header)), 0);
	file += strlen(header);
	assert_int_equal(strspn(file, "0123456789"), 20);
	assert_int_equal(file[20], '\n');
	snprintf(want, sizeof(want),
		 "200 3 7 %d %llu fmt_test\n"
		 "254 5 2 %d %llu dyn\n",
		 (int)getpid(), start, (int)getpid(), start);
	assert_string_equal(file + 21, want);
}

/* ---- how the file is written ---- */

static off_t registry_size(void)
{
	struct stat st;

	assert_int_equal(stat(test_env.registry, &st), 0);
	return st.st_size;
}

/*
 * A change another process makes in place (its region's line blanked: the
 * file keeps its size) is seen by a process that has read the file before.
 */
static void registry_change_in_place_seen(void **state)
{
	int go[2], done[2], status;
	off_t size;
	pid_t pid;
	char b;

	(void)state;
	assert_int_equal(pipe(go), 0);
	assert_int_equal(pipe(done), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		close(go[1]);
		write_int(done[1], register_chrdev_region(MKDEV(200, 0), 1, "child"));
		if (read(go[0], &b, 1) != 1)
			_exit(97);
		unregister_chrdev_region(MKDEV(200, 0), 1);
		write_int(done[1], 0);
		while (read(go[0], &b, 1) > 0) /* alive until the test is done */
			;
		_exit(0);
	}
	close(go[0]);
	close(done[1]);
	assert_int_equal(read_int(done[0]), 0);
	assert_int_equal(register_chrdev_region(MKDEV(200, 0), 1, "parent"), -EBUSY);
	size = registry_size();

	assert_int_equal(write(go[1], "x", 1), 1);
	assert_int_equal(read_int(done[0]), 0);
	assert_int_equal(registry_size(), size);
	assert_false(registry_has(200, 0, 1, pid));
	assert_int_equal(register_chrdev_region(MKDEV(200, 0), 1, "parent"), 0);
	assert_true(registry_has(200, 0, 1, getpid()));
	close(go[1]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	close(done[0]);
}

/* Rounds of alloc + unregister leave blanked lines, until the file is rewritten. */
static void registry_blanked_lines_compacted(void **state)
{
	off_t most = 0;
	dev_t dev;

	(void)state;
	assert_int_equal(register_chrdev_region(MKDEV(200, 0), 1, "held"), 0);
	for (int i = 0; i < 6000; i++) {
		assert_int_equal(alloc_chrdev_region(&dev, 0, 1, "round"), 0);
		assert_int_equal(dev, MKDEV(254, 0));
		unregister_chrdev_region(dev, 1);
		if (registry_size() > most)
			most = registry_size();
	}
	/* 6000 lines of about 30 bytes were written: the file never held them all. */
	assert_true(most < 70 * 1024);
	assert_true(most > 32 * 1024);
	assert_int_equal(registry_count(), 1);
	assert_true(registry_has(200, 0, 1, getpid()));
}

/*
 * A file of the format without a change count, and a last line that a crash
 * cut: read, the cut line skipped, and rewritten whole by the next change.
 */
static void registry_old_header_and_torn_line(void **state)
{
	unsigned long long start = start_time_of(getpid());
	char content[512];
	struct stat st;

	(void)state;
	snprintf(content, sizeof(content),
		 "# libcdev regions: major baseminor count pid starttime name\n"
		 "200 0 4 %d %llu mine\n"
		 "201 0 1 %d %llu cut",
		 (int)getpid(), start, (int)getpid(), start);
	test_write_registry(content);
	assert_int_equal(register_chrdev_region(MKDEV(200, 2), 1, "x"), -EBUSY);
	assert_int_equal(register_chrdev_region(MKDEV(201, 0), 1, "whole"), 0);
	assert_null(strstr(registry_read(), "cut"));
	assert_non_null(strstr(registry_read(), "name; change "));
	assert_true(registry_has(200, 0, 4, getpid()));
	assert_true(registry_has(201, 0, 1, getpid()));
	assert_int_equal(registry_count(), 2);
	snprintf(content, sizeof(content), "%s.new", test_env.registry);
	assert_int_equal(stat(content, &st), -1);
}

/* A region line a hand edit made longer than libcdev writes them is blanked whole, in place. */
static void registry_long_line_blanked(void **state)
{
	unsigned long long start = start_time_of(getpid());
	char content[1024];
	off_t size;

	(void)state;
	snprintf(
		content, sizeof(content),
		"# libcdev regions: major baseminor count pid starttime name; change 00000000000000000005\n"
		"200%300s0 1 %d %llu long\n"
		"201 0 1 %d %llu keep\n",
		"", (int)getpid(), start, (int)getpid(), start);
	test_write_registry(content);
	size = registry_size();
	unregister_chrdev_region(MKDEV(200, 0), 1);
	assert_int_equal(registry_size(), size);
	assert_null(strstr(registry_read(), "long"));
	assert_non_null(strstr(registry_read(), "change 00000000000000000006\n"));
	assert_int_equal(registry_count(), 1);
	assert_true(registry_has(201, 0, 1, getpid()));
	assert_int_equal(register_chrdev_region(MKDEV(200, 0), 1, "again"), 0);
}

#define T(f) cmocka_unit_test_setup(f, test_env_reset)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(registry_other_process_region_busy),
		T(registry_alloc_skips_other_process_major),
		T(registry_only_owner_unregisters),
		T(registry_concurrent_alloc_distinct_majors),
		T(registry_concurrent_register_one_winner),
		T(registry_dead_owner_exit_reclaimed),
		T(registry_zombie_owner_reclaimed),
		T(registry_dead_owner_sigkill_reclaimed),
		T(registry_exec_keeps_owner),
		T(registry_pid_reuse_own_pid),
		T(registry_pid_reuse_child_pid),
		T(registry_damaged_garbage_line),
		T(registry_damaged_bad_field),
		T(registry_damaged_missing_name),
		T(registry_damaged_count_zero),
		T(registry_damaged_major_999),
		T(registry_damaged_minor_range),
		T(registry_damaged_name_too_long),
		cmocka_unit_test_setup_teardown(registry_unreadable_fails, test_env_reset,
						restore_registry_env),
		T(registry_line_format),
		T(registry_change_in_place_seen),
		T(registry_blanked_lines_compacted),
		T(registry_old_header_and_torn_line),
		T(registry_long_line_blanked),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
