/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl udev-test - udevd: is one reachable, or start our own (and wait
 * for its READY=1), stop it after, and have it reload the rules. A file of
 * its own: the only part that runs other programs (udevadm, systemd-udevd).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "udev-test-run.h"

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

	return access(UDEVD_CONTROL, F_OK) == 0 && run_quiet(argv, run->o.verbose) == 0;
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
		return ut_err(UT_ENVIRONMENT, "no udevd is running and %s cannot be run: %s", UDEVD,
			      strerror(errno));
	}
	/* Its control socket outlives it: ours to remove if there was none. */
	run->made_control = access(UDEVD_CONTROL, F_OK) < 0;
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
void stop_udevd(struct ut_run *run)
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
	/* A socket nobody listens on would make libcdev and udevadm think udev runs. */
	if (run->made_control)
		unlink(UDEVD_CONTROL);
	run->made_control = false;
}

int ensure_udevd(struct ut_run *run)
{
	if (udevd_answers(run))
		return 0;
	if (!run->o.start_udevd)
		return ut_err(UT_ENVIRONMENT, "no udev daemon is reachable (" UDEVD_CONTROL "); "
					      "start systemd-udevd or use --start-udevd");
	return start_udevd(run);
}

int reload_rules(struct ut_run *run)
{
	const char *const argv[] = { "udevadm", "control", "--reload", NULL };

	return run_quiet(argv, run->o.verbose) == 0 ?
		       0 :
		       ut_err(UT_ENVIRONMENT, "udevadm control --reload failed");
}
