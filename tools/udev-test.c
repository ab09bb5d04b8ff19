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
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <libudev.h>
#include <libcdev/libcdev.h>

#include "cdevctl.h"
#include "udev-test.h"

#define RULES_DIR	"/run/udev/rules.d"
#define UDEVD		"/lib/systemd/systemd-udevd"

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
	struct ut_list before;	/* cuse devices that were there before */
	int sigfd;
	int signo;		/* the signal that interrupted us, or 0 */
	pid_t udevd, driver;
	int udevd_pidfd;
	bool made_rules_dir;
};

static int ut_err(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int ut_err(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verr_msg("udev-test", fmt, ap);
	va_end(ap);
	return status;
}

/* A signal came: note it, and stop listening (the cleanup's waits are bounded by time). */
static int take_signal(struct ut_run *run)
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
static int wait_fds(struct ut_run *run, int fd, int fd2, long deadline)
{
	for (;;) {
		struct pollfd p[3] = {
			{ run->sigfd, POLLIN, 0 }, { fd, POLLIN, 0 }, { fd2, POLLIN, 0 },
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

static int wait_fd(struct ut_run *run, int fd, long deadline)
{
	return wait_fds(run, fd, -1, deadline);
}

/* ---- arguments ---- */

#define SYNOPSIS \
	"usage: %s udev-test [OPTIONS] RULES MODULE.so [param=value ...]\n" \
	"       %s udev-test [OPTIONS] RULES --device NAME [--devnum MAJ:MIN]\n"

static void usage(FILE *f)
{
	if (f == stderr) {
		fprintf(f, SYNOPSIS "'%s udev-test --help' for the options.\n", PROG, PROG, PROG);
		return;
	}
	fprintf(f, SYNOPSIS "\n"
		"Copy RULES (a *.rules file or a directory of them) into " RULES_DIR ", make the\n"
		"module's nodes (or one built-in node) live through CUSE, let udevd apply the rules,\n"
		"and report each node: devnode, numbers, mode, owner, group, symlinks, properties,\n"
		"tags and the rules file and line behind each action.\n\n"
		"  --device NAME             a built-in device with the node /dev/NAME, no driver\n"
		"  --devnum MAJ:MIN          its number (default: a dynamic major, minor 0)\n"
		"  --expect-symlink LINK     a node has /dev/LINK\n"
		"  --expect-mode MODE        every node has this octal mode\n"
		"  --expect-owner USER       ... this owner (name or uid)\n"
		"  --expect-group GROUP      ... this group (name or gid)\n"
		"  --expect-property K=V     ... the udev property K with the value V\n"
		"  --expect-tag TAG          ... the udev tag TAG\n"
		"  --json                    the report as one JSON object\n"
		"  --start-udevd             start " UDEVD " when none runs (stopped after)\n"
		"  --no-trace                do not run `udevadm test` for the rules that acted\n"
		"  --hold                    keep the nodes until SIGINT/SIGTERM after the report\n"
		"  --timeout SECS            bound of each wait (default 30)\n"
		"  --verbose                 show the driver's and udevd's messages\n\n"
		"Exit status: 0 expectations held, 1 one failed, 2 bad arguments or errors in the\n"
		"rules, 3 no udevd, driver failed, timeout; 130 SIGINT. See cdevctl-udev-test(8).\n",
		PROG, PROG);
}

static int add_expect(struct ut_opts *o, enum ut_check check, const char *value)
{
	struct ut_expect *e = realloc(o->expects, (o->nexpects + 1) * sizeof(*e));
	char *end;

	if (!e)
		return ut_err(UT_ENVIRONMENT, "out of memory");
	o->expects = e;
	if (check == UT_PROPERTY && (!strchr(value, '=') || *value == '='))
		return ut_err(UT_USAGE, "--expect-property needs KEY=VALUE, not '%s'", value);
	if (check == UT_MODE && (strtoul(value, &end, 8) > 07777 || *end || !*value))
		return ut_err(UT_USAGE, "--expect-mode needs an octal mode such as 0660, not '%s'",
			      value);
	if (!*value)
		return ut_err(UT_USAGE, "--expect-%s needs a value", ut_check_name(check));
	e[o->nexpects++] = (struct ut_expect){ check, value };
	return 0;
}

static int parse_devnum(struct ut_opts *o, const char *s)
{
	const char *arg = s;
	char *end;
	unsigned long ma = strtoul(s, &end, 10), mi;

	if (end == s || *end != ':')
		return ut_err(UT_USAGE, "--devnum needs MAJ:MIN, not '%s'", arg);
	s = end + 1;
	mi = strtoul(s, &end, 10);
	if (end == s || *end || ma > 511 || mi > 0xFFFFF)
		return ut_err(UT_USAGE, "--devnum: '%s' is not a device number (major < 512)", arg);
	o->major = ma;
	o->minor = mi;
	return 0;
}

static int parse_option(struct ut_opts *o, int c)
{
	static const enum ut_check checks[] = {
		['l'] = UT_SYMLINK, ['m'] = UT_MODE, ['o'] = UT_OWNER,
		['g'] = UT_GROUP, ['p'] = UT_PROPERTY, ['t'] = UT_TAG,
	};
	long secs;

	switch (c) {
	case 'l': case 'm': case 'o': case 'g': case 'p': case 't':
		return add_expect(o, checks[c], optarg);
	case 'd':
		o->device = optarg;
		return 0;
	case 'n':
		return parse_devnum(o, optarg);
	case 'j': o->json = true; return 0;
	case 'S': o->start_udevd = true; return 0;
	case 'N': o->trace = false; return 0;
	case 'H': o->hold = true; return 0;
	case 'v': o->verbose = true; return 0;
	case 'T':
		secs = strtol(optarg, NULL, 10);
		if (secs <= 0 || secs > 3600)
			return ut_err(UT_USAGE, "--timeout needs seconds from 1 to 3600, not '%s'",
				      optarg);
		o->timeout_ms = (int)secs * 1000;
		return 0;
	case 'h':
		usage(stdout);
		return UT_HELD;
	default:
		usage(stderr);
		return UT_USAGE;
	}
}

/* -1 to go on, or the exit status. */
static int parse_args(int argc, char **argv, struct ut_opts *o)
{
	static const struct option opts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "devnum", required_argument, NULL, 'n' },
		{ "expect-symlink", required_argument, NULL, 'l' },
		{ "expect-mode", required_argument, NULL, 'm' },
		{ "expect-owner", required_argument, NULL, 'o' },
		{ "expect-group", required_argument, NULL, 'g' },
		{ "expect-property", required_argument, NULL, 'p' },
		{ "expect-tag", required_argument, NULL, 't' },
		{ "json", no_argument, NULL, 'j' },
		{ "start-udevd", no_argument, NULL, 'S' },
		{ "no-trace", no_argument, NULL, 'N' },
		{ "hold", no_argument, NULL, 'H' },
		{ "timeout", required_argument, NULL, 'T' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool devnum = false;
	int c, r;

	*o = (struct ut_opts){ .trace = true, .timeout_ms = 30000 };
	optind = 1;
	/* "+": options stop at RULES, go on after it, and stop at MODULE.so for good. */
	for (;;) {
		c = getopt_long(argc, argv, "+h", opts, NULL);
		if (c == -1) {
			if (o->rules || optind >= argc)
				break;
			o->rules = argv[optind++];
			continue;
		}
		devnum |= c == 'n';
		r = parse_option(o, c);
		if (r >= 0 && (r || c == 'h'))
			return r;
	}
	if (optind < argc) {
		o->module = argv[optind];
		o->params = argv + optind + 1;
		o->nparams = argc - optind - 1;
	}
	if (!o->rules || !!o->module == !!o->device) {
		ut_err(UT_USAGE, "%s", !o->rules ? "no RULES given" :
		       o->module ? "give MODULE.so or --device NAME, not both" :
				   "give MODULE.so or --device NAME");
		usage(stderr);
		return UT_USAGE;
	}
	if (devnum && !o->device)
		return ut_err(UT_USAGE, "--devnum goes with --device");
	if (o->device && (!*o->device || strstr(o->device, "..") || o->device[0] == '/'))
		return ut_err(UT_USAGE, "--device: '%s' is not a node name under /dev", o->device);
	return -1;
}

/* ---- udevd ---- */

/* Run a command quietly (udevadm control ...): its exit status, or -errno. */
static int run_quiet(const char *const argv[], bool verbose)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		sigset_t none;

		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		if (!verbose)
			dup2(null, STDERR_FILENO);
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* Does a udevd answer on its control socket? Asked by exit status alone. */
static bool udevd_answers(const struct ut_run *run)
{
	const char *const argv[] = { "udevadm", "control", "--ping", "--timeout=5", NULL };

	return access("/run/udev/control", F_OK) == 0 && run_quiet(argv, run->o.verbose) == 0;
}

/*
 * The child that becomes udevd: its own session, so the terminal's SIGINT
 * reaches only us and it is still there to remove the links when the nodes
 * go. NOTIFY_SOCKET brings its READY=1 (sd_notify) to @notify_name.
 */
static void exec_udevd(const char *notify_name, bool verbose)
{
	int null = open("/dev/null", O_RDWR);
	sigset_t none;

	setsid();
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	dup2(null, STDIN_FILENO);
	if (!verbose) {
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
	}
	setenv("NOTIFY_SOCKET", notify_name, 1);
	execl(UDEVD, UDEVD, (char *)NULL);
	_exit(127);
}

static int notify_socket(char *name, size_t size)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	socklen_t len;

	if (fd < 0)
		return -errno;
	/* Abstract ("@..."): nothing to remove afterwards. */
	snprintf(name, size, "@libcdev-udev-test-%d", (int)getpid());
	len = offsetof(struct sockaddr_un, sun_path) + strlen(name);
	memcpy(sa.sun_path + 1, name + 1, strlen(name) - 1);
	if (bind(fd, (struct sockaddr *)&sa, len) < 0) {
		int err = -errno;

		close(fd);
		return err;
	}
	return fd;
}

/* Wait for READY=1 from the notify socket, or the death of udevd. */
static int wait_udevd_ready(struct ut_run *run, int nfd)
{
	long deadline = ut_now_ms() + run->o.timeout_ms;
	char msg[512];
	ssize_t n;
	int r;

	while ((r = wait_fds(run, nfd, run->udevd_pidfd, deadline)) == 0) {
		n = recv(nfd, msg, sizeof(msg) - 1, MSG_DONTWAIT);
		if (n <= 0)
			continue;
		msg[n] = '\0';
		if (strstr(msg, "READY=1"))
			return 0;
	}
	if (r == 1)
		return ut_err(UT_ENVIRONMENT, "%s exited at start (another udevd running?)", UDEVD);
	if (r == -ETIMEDOUT)
		return ut_err(UT_ENVIRONMENT, "%s did not report ready within %d s", UDEVD,
			      run->o.timeout_ms / 1000);
	return r > 0 ? r : ut_err(UT_ENVIRONMENT, "waiting for udevd: %s", strerror(-r));
}

static int start_udevd(struct ut_run *run)
{
	char name[64];
	int nfd = notify_socket(name, sizeof(name)), status;

	if (nfd < 0)
		return ut_err(UT_ENVIRONMENT, "notify socket: %s", strerror(-nfd));
	if (access(UDEVD, X_OK) < 0) {
		close(nfd);
		return ut_err(UT_ENVIRONMENT, "no udevd is running and %s cannot be run: %s",
			      UDEVD, strerror(errno));
	}
	run->udevd = fork();
	if (run->udevd == 0)
		exec_udevd(name, run->o.verbose);
	if (run->udevd < 0) {
		close(nfd);
		return ut_err(UT_ENVIRONMENT, "fork: %s", strerror(errno));
	}
	run->udevd_pidfd = (int)syscall(SYS_pidfd_open, run->udevd, 0);
	if (run->udevd_pidfd < 0) {
		close(nfd);
		return ut_err(UT_ENVIRONMENT, "pidfd_open: %s", strerror(errno));
	}
	status = wait_udevd_ready(run, nfd);
	close(nfd);
	return status;
}

/* Stop the udevd we started: SIGTERM, then SIGKILL if it is still there after the timeout. */
static void stop_udevd(struct ut_run *run)
{
	long deadline = ut_now_ms() + run->o.timeout_ms;

	if (run->udevd <= 0)
		return;
	kill(run->udevd, SIGTERM);
	if (run->udevd_pidfd >= 0 && wait_fd(run, run->udevd_pidfd, deadline) == -ETIMEDOUT) {
		ut_err(0, "udevd (pid %d) did not stop: killed", (int)run->udevd);
		kill(run->udevd, SIGKILL);
	}
	waitpid(run->udevd, NULL, 0);
	if (run->udevd_pidfd >= 0)
		close(run->udevd_pidfd);
	run->udevd = 0;
}

static int ensure_udevd(struct ut_run *run)
{
	if (udevd_answers(run))
		return 0;
	if (!run->o.start_udevd)
		return ut_err(UT_ENVIRONMENT, "no udev daemon is reachable (/run/udev/control); "
			      "start systemd-udevd or use --start-udevd");
	return start_udevd(run);
}

static int reload_rules(struct ut_run *run)
{
	const char *const argv[] = { "udevadm", "control", "--reload", NULL };

	return run_quiet(argv, run->o.verbose) == 0 ? 0 :
		ut_err(UT_ENVIRONMENT, "udevadm control --reload failed");
}

/* ---- the rules copies ---- */

static bool is_rules_name(const char *name)
{
	size_t n = strlen(name);

	return n > 6 && !strcmp(name + n - 6, ".rules") && name[0] != '.';
}

static int add_rules(struct ut_run *run, const char *source, const char *base)
{
	struct ut_rules *v = realloc(run->report.rules, (run->report.nrules + 1) * sizeof(*v));
	char copy[PATH_MAX];

	if (!v)
		return ut_err(UT_ENVIRONMENT, "out of memory");
	run->report.rules = v;
	snprintf(copy, sizeof(copy), "%s/%s", RULES_DIR, base);
	v[run->report.nrules] = (struct ut_rules){ strdup(source), strdup(copy), false };
	run->report.nrules++;
	return 0;
}

/* The files to copy: RULES itself, or the *.rules in it, in udev's (lexical) order. */
static int list_rules(struct ut_run *run)
{
	const char *path = run->o.rules;
	struct dirent **ents;
	char src[PATH_MAX];
	struct stat st;
	int n, status = 0;

	if (stat(path, &st) < 0)
		return ut_err(UT_USAGE, "%s: %s", path, strerror(errno));
	if (!S_ISDIR(st.st_mode)) {
		const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;

		if (!is_rules_name(base))
			return ut_err(UT_USAGE, "%s: udev reads only files named *.rules", path);
		return add_rules(run, path, base);
	}
	n = scandir(path, &ents, NULL, alphasort);
	if (n < 0)
		return ut_err(UT_USAGE, "%s: %s", path, strerror(errno));
	for (int i = 0; i < n; i++) {
		if (!status && is_rules_name(ents[i]->d_name)) {
			snprintf(src, sizeof(src), "%s/%s", path, ents[i]->d_name);
			status = add_rules(run, src, ents[i]->d_name);
		}
		free(ents[i]);
	}
	free(ents);
	if (!status && !run->report.nrules)
		return ut_err(UT_USAGE, "%s: no *.rules files in this directory", path);
	return status;
}

static int copy_file(const char *from, int to)
{
	char buf[8192];
	ssize_t n;
	int fd = open(from, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		if (write(to, buf, n) != n) {
			n = -1;
			break;
		}
	if (n < 0)
		n = -errno;
	close(fd);
	return (int)n;
}

/*
 * Write a copy under a name udevd ignores (it watches the directory), then
 * rename it into place; never replace a file that is there already.
 */
static int install_one(struct ut_rules *r)
{
	char tmp[PATH_MAX];
	int fd, err;

	if (access(r->copy, F_OK) == 0)
		return ut_err(UT_ENVIRONMENT, "%s exists already: not replacing it", r->copy);
	snprintf(tmp, sizeof(tmp), "%s/.%s.tmp", RULES_DIR, strrchr(r->copy, '/') + 1);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return ut_err(UT_ENVIRONMENT, "%s: %s", tmp, strerror(errno));
	err = copy_file(r->source, fd);
	if (close(fd) < 0 && !err)
		err = -errno;
	if (!err && link(tmp, r->copy) < 0)	/* link: fails if the name is taken */
		err = -errno;
	unlink(tmp);
	if (err)
		return ut_err(err == -EEXIST ? UT_ENVIRONMENT : UT_USAGE, "%s -> %s: %s",
			      r->source, r->copy, strerror(-err));
	r->installed = true;
	return 0;
}

static int install_rules(struct ut_run *run)
{
	int status = 0;

	if (mkdir("/run/udev", 0755) < 0 && errno != EEXIST)
		return ut_err(UT_ENVIRONMENT, "/run/udev: %s", strerror(errno));
	if (mkdir(RULES_DIR, 0755) == 0)
		run->made_rules_dir = true;
	else if (errno != EEXIST)
		return ut_err(UT_ENVIRONMENT, "%s: %s", RULES_DIR, strerror(errno));
	for (int i = 0; i < run->report.nrules && !status; i++)
		status = install_one(&run->report.rules[i]);
	return status ?: reload_rules(run);
}

/* Remove what install_rules made, and have udevd forget the rules. */
static void remove_rules(struct ut_run *run)
{
	bool removed = false;

	for (int i = 0; i < run->report.nrules; i++) {
		struct ut_rules *r = &run->report.rules[i];

		if (r->installed && unlink(r->copy) < 0)
			ut_err(0, "cannot remove %s: %s", r->copy, strerror(errno));
		removed |= r->installed;
		r->installed = false;
	}
	if (run->made_rules_dir && rmdir(RULES_DIR) < 0)
		ut_err(0, "cannot remove %s: %s", RULES_DIR, strerror(errno));
	run->made_rules_dir = false;
	/* A udevd of our own is about to stop: it need not forget them. */
	if (removed && run->udevd <= 0)
		reload_rules(run);
}

/* ---- the device: a module, or the built-in one ---- */

/* The built-in device behaves as /dev/null: reads end at once, writes vanish. */
static ssize_t builtin_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	(void)filp, (void)buf, (void)count, (void)ppos;
	return 0;
}

static ssize_t builtin_write(struct file *filp, const char __user *buf, size_t count,
			     loff_t *ppos)
{
	(void)filp, (void)buf, (void)ppos;
	return count;
}

static const struct file_operations builtin_fops = {
	.owner = THIS_MODULE,
	.read = builtin_read,
	.write = builtin_write,
};

/* The child's side for --device: one node, live until SIGINT/SIGTERM. */
static int serve_builtin(const struct ut_opts *o, int ready)
{
	struct cdev cdev;
	sigset_t set;
	dev_t dev;
	int err, sig;

	err = libcdev_backend_select("cuse");
	if (err) {
		dprintf(ready, "CUSE: %s\n", strerror(-err));
		return 1;
	}
	if (o->major)
		err = register_chrdev_region(dev = MKDEV(o->major, o->minor), 1, o->device);
	else
		err = alloc_chrdev_region(&dev, 0, 1, o->device);
	if (err) {
		dprintf(ready, "%s: device number: %s\n", o->device, strerror(-err));
		return 1;
	}
	cdev_init(&cdev, &builtin_fops);
	kobject_set_name(&cdev.kobj, "%s", o->device);
	err = cdev_add(&cdev, dev, 1);
	if (err) {
		dprintf(ready, "%s: cdev_add: %s\n", o->device, strerror(-err));
		kobject_put(&cdev.kobj);
		unregister_chrdev_region(dev, 1);
		return 1;
	}
	dprintf(ready, "ok\n");
	close(ready);
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	while (sigwait(&set, &sig) != 0)
		;
	cdev_del(&cdev);
	unregister_chrdev_region(dev, 1);
	return 0;
}

/* The driver process: SIGINT and SIGTERM stay blocked, taken by sigwait(). */
static void driver_child(const struct ut_opts *o, int ready)
{
	struct host_opts ho = {
		.path = o->module, .params = o->params, .nparams = o->nparams,
		.backend = "cuse", .ready_fd = ready,
	};
	int null = open("/dev/null", O_RDWR);

	dup2(null, STDIN_FILENO);
	if (!o->verbose) {
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
	}
	_exit(o->module ? host_run(&ho) : serve_builtin(o, ready));
}

/* Start the driver and wait for its one line: "ok", or why init failed. */
static int start_driver(struct ut_run *run)
{
	char line[600] = "";
	ssize_t n;
	int p[2], r;

	if (pipe2(p, O_CLOEXEC) < 0)
		return ut_err(UT_ENVIRONMENT, "pipe: %s", strerror(errno));
	fflush(NULL);
	run->driver = fork();
	if (run->driver == 0) {
		close(p[0]);
		close(run->sigfd);
		driver_child(&run->o, p[1]);
	}
	close(p[1]);
	if (run->driver < 0) {
		close(p[0]);
		return ut_err(UT_ENVIRONMENT, "fork: %s", strerror(errno));
	}
	r = wait_fd(run, p[0], ut_now_ms() + run->o.timeout_ms);
	n = r ? 0 : read(p[0], line, sizeof(line) - 1);
	close(p[0]);
	if (r)
		return r == -ETIMEDOUT ? ut_err(UT_ENVIRONMENT, "the driver was not ready within %d s",
					       run->o.timeout_ms / 1000) : r;
	if (n > 0)
		line[n] = '\0';
	line[strcspn(line, "\n")] = '\0';
	if (!strcmp(line, "ok"))
		return 0;
	return ut_err(UT_ENVIRONMENT, "the driver failed to load: %s",
		      n > 0 ? line : "its process ended during init");
}

/* Stop the driver; its nodes go, and udevd removes their links. */
static void stop_driver(struct ut_run *run)
{
	int pidfd;

	if (run->driver <= 0)
		return;
	pidfd = (int)syscall(SYS_pidfd_open, run->driver, 0);
	kill(run->driver, SIGTERM);
	if (pidfd >= 0 && wait_fd(run, pidfd, ut_now_ms() + run->o.timeout_ms) == -ETIMEDOUT) {
		ut_err(0, "the driver (pid %d) did not stop: killed", (int)run->driver);
		kill(run->driver, SIGKILL);
	}
	if (pidfd >= 0)
		close(pidfd);
	waitpid(run->driver, NULL, 0);
	run->driver = 0;
}

/* ---- the nodes ---- */

static int cuse_devices(struct ut_run *run, struct ut_list *out)
{
	struct udev_enumerate *e = udev_enumerate_new(run->udev);
	struct udev_list_entry *l;
	int err = -ENOMEM;

	if (e && udev_enumerate_add_match_subsystem(e, "cuse") >= 0 &&
	    udev_enumerate_scan_devices(e) >= 0) {
		err = 0;
		udev_list_entry_foreach(l, udev_enumerate_get_list_entry(e))
			if (!err)
				err = ut_list_add(out, udev_list_entry_get_name(l));
	}
	udev_enumerate_unref(e);
	return err;
}

static bool initialized(struct ut_run *run, const char *syspath)
{
	struct udev_device *d = udev_device_new_from_syspath(run->udev, syspath);
	bool done = d && udev_device_get_is_initialized(d) > 0;

	udev_device_unref(d);
	return done;
}

/* Wait for one event on the monitor; its syspath and action in @sys/@action. */
static int next_event(struct ut_run *run, long deadline, char *sys, size_t size, char *action)
{
	struct udev_device *d;
	int r = wait_fd(run, udev_monitor_get_fd(run->mon), deadline);

	if (r)
		return r;
	d = udev_monitor_receive_device(run->mon);
	sys[0] = action[0] = '\0';
	if (d) {
		snprintf(sys, size, "%s", udev_device_get_syspath(d));
		snprintf(action, 16, "%s", udev_device_get_action(d) ?: "");
		udev_device_unref(d);
	}
	return 0;
}

/* The cuse devices that were not there before the driver started. */
static int new_devices(struct ut_run *run, struct ut_list *mine)
{
	struct ut_list now = { 0 };
	int err = cuse_devices(run, &now);

	for (int i = 0; !err && i < now.n; i++)
		if (!ut_list_has(&run->before, now.v[i]) && !ut_list_has(mine, now.v[i]))
			err = ut_list_add(mine, now.v[i]);
	ut_list_free(&now);
	return err;
}

/*
 * The driver's nodes are the cuse devices that were not there before it
 * started. Each is read once udevd has handled its "add": the database says
 * so, or the monitor (listening since before the start) brings the event.
 */
static int collect_nodes(struct ut_run *run, struct ut_list *mine)
{
	long deadline = ut_now_ms() + run->o.timeout_ms;
	char sys[PATH_MAX], action[16];
	int r = new_devices(run, mine);

	if (r)
		return ut_err(UT_ENVIRONMENT, "listing devices: %s", strerror(-r));
	if (!mine->n)
		return ut_err(UT_ENVIRONMENT, "the driver made no device node");
	for (int i = 0; i < mine->n; i++) {
		while (!initialized(run, mine->v[i])) {
			r = next_event(run, deadline, sys, sizeof(sys), action);
			if (r == -ETIMEDOUT)
				return ut_err(UT_ENVIRONMENT, "udevd did not handle %s within %d s",
					      mine->v[i], run->o.timeout_ms / 1000);
			if (r)
				return r;
		}
	}
	return 0;
}

/*
 * After the driver stopped: wait for udevd's "remove" of each node, sent
 * once it has removed the node's links and database entry. The monitor has
 * listened since before the driver started, so no event is missed.
 */
static void wait_nodes_gone(struct ut_run *run, const struct ut_list *mine)
{
	long deadline = ut_now_ms() + run->o.timeout_ms;
	char sys[PATH_MAX], action[16];
	struct ut_list gone = { 0 };

	while (gone.n < mine->n && next_event(run, deadline, sys, sizeof(sys), action) == 0)
		if (!strcmp(action, "remove") && ut_list_has(mine, sys) && !ut_list_has(&gone, sys))
			ut_list_add(&gone, sys);
	if (gone.n < mine->n)
		ut_err(0, "udevd did not report the removal of every node within %d s",
		       run->o.timeout_ms / 1000);
	ut_list_free(&gone);
}

/* ---- the run ---- */

static int open_monitor(struct ut_run *run)
{
	int err;

	run->udev = udev_new();
	run->mon = run->udev ? udev_monitor_new_from_netlink(run->udev, "udev") : NULL;
	if (!run->mon || udev_monitor_filter_add_match_subsystem_devtype(run->mon, "cuse", NULL) < 0 ||
	    udev_monitor_enable_receiving(run->mon) < 0)
		return ut_err(UT_ENVIRONMENT, "cannot listen to udev events: %s", strerror(errno));
	err = cuse_devices(run, &run->before);
	return err ? ut_err(UT_ENVIRONMENT, "listing devices: %s", strerror(-err)) : 0;
}

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
