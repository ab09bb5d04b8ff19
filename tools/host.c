/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl's module host: load a module, give it its parameters, run its init,
 * serve its devices until SIGINT/SIGTERM or an rmmod, then run its exit.
 *
 * A loaded module is known by two files in the modules directory: NAME.pid
 * ("PID PATH") and NAME.sock, where the host answers "users" with its count
 * of open files and "rmmod"/"rmmod -f" by stopping, as delete_module(2) does.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <libcdev/libcdev.h>

#include "cdevctl.h"

struct host {
	struct module *mod;
	char pidfile[512];
	char sockfile[512];
	int sock;
};

const char *modules_dir(void)
{
	static char dir[MODULES_DIR_MAX + 1];
	const char *run = getenv("LIBCDEV_RUNDIR");

	/* rundir_check() has refused a value that would not fit. */
	snprintf(dir, sizeof(dir), "%s/modules", run && *run ? run : "/run/libcdev");
	return dir;
}

int rundir_check(void)
{
	const char *run = getenv("LIBCDEV_RUNDIR");
	size_t len = run ? strlen(run) : 0;

	if (len + strlen("/modules") > MODULES_DIR_MAX)
		return err_msg("LIBCDEV_RUNDIR is too long (%zu bytes, at most %zu)", len,
			       MODULES_DIR_MAX - strlen("/modules"));
	return 0;
}

static int sock_path(const char *name, struct sockaddr_un *sa)
{
	memset(sa, 0, sizeof(*sa));
	sa->sun_family = AF_UNIX;
	if (snprintf(sa->sun_path, sizeof(sa->sun_path), "%s/%s.sock", modules_dir(), name) >=
	    (int)sizeof(sa->sun_path))
		return -ENAMETOOLONG;
	return 0;
}

/*
 * A directory that only its owner, root or us, can write to: anyone else
 * could plant or swap the files we trust. Explicit mode, whatever the umask.
 */
static int make_private_dir(const char *path)
{
	struct stat st;

	if (mkdir(path, 0755) == 0 && chmod(path, 0755) < 0)
		return -errno;
	if (lstat(path, &st) < 0)
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	if ((st.st_uid != geteuid() && st.st_uid != 0) || (st.st_mode & (S_IWGRP | S_IWOTH)))
		return -EPERM;
	return 0;
}

/* mkdir -p: the run directory itself may not exist yet. */
int make_modules_dir(void)
{
	char path[MODULES_DIR_MAX + 1];

	snprintf(path, sizeof(path), "%s", modules_dir());
	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0755) < 0 && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	return make_private_dir(path);
}

/*
 * Whether @pid runs: a zombie does not (a killed host is one until its parent
 * reaps it), though kill(pid, 0) still succeeds for it.
 */
bool process_alive(pid_t pid)
{
	char path[64], stat[256], *paren;
	ssize_t n;
	int fd;

	if (kill(pid, 0) < 0 && errno == ESRCH)
		return false;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno != ENOENT;
	n = read(fd, stat, sizeof(stat) - 1);
	close(fd);
	if (n <= 0)
		return true;
	stat[n] = '\0';
	/* "PID (COMM) STATE ...": COMM may hold anything, so look after its last ')'. */
	paren = strrchr(stat, ')');
	return !(paren && paren[1] == ' ' && (paren[2] == 'Z' || paren[2] == 'X'));
}

pid_t host_pid(const char *name)
{
	char path[512];
	FILE *f;
	int fd, pid = 0;

	snprintf(path, sizeof(path), "%s/%s.pid", modules_dir(), name);
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	f = fd >= 0 ? fdopen(fd, "r") : NULL;
	if (!f) {
		if (fd >= 0)
			close(fd);
		return -ESRCH;
	}
	if (fscanf(f, "%d", &pid) != 1)
		pid = 0;
	fclose(f);
	if (pid <= 0 || !process_alive(pid))
		return -ESRCH;
	return pid;
}

int host_request(const char *name, const char *request, char *reply, size_t size)
{
	struct sockaddr_un sa;
	char line[64];
	ssize_t n;
	int fd, err;

	err = sock_path(name, &sa);
	if (err)
		return err;
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	snprintf(line, sizeof(line), "%s\n", request);
	/* One write: the host answers as soon as it has read a request. */
	if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    write(fd, line, strlen(line)) < 0) {
		err = -errno;
		close(fd);
		return err;
	}
	n = read(fd, reply, size - 1);
	close(fd);
	if (n <= 0)
		return n < 0 ? -errno : -ECONNRESET;
	reply[n] = '\0';
	reply[strcspn(reply, "\n")] = '\0';
	return 0;
}

/* ---- the control socket ---- */

/* Anyone may ask for the count of users (lsmod); only root or our own user may stop us. */
static bool may_stop(int fd)
{
	struct ucred cred;
	socklen_t len = sizeof(cred);

	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) < 0)
		return false;
	return cred.uid == 0 || cred.uid == geteuid();
}

static void control_answer(struct host *h, int fd)
{
	char line[64] = "", reply[64];
	ssize_t n = read(fd, line, sizeof(line) - 1);
	bool stop = false;
	int err;

	if (n <= 0)
		return;
	line[n] = '\0';
	line[strcspn(line, "\n")] = '\0';
	if (!strcmp(line, "users")) {
		snprintf(reply, sizeof(reply), "%d\n", module_refcount(h->mod));
	} else if ((!strcmp(line, "rmmod") || !strcmp(line, "rmmod -f")) && !may_stop(fd)) {
		snprintf(reply, sizeof(reply), "denied\n");
	} else if (!strcmp(line, "rmmod") || !strcmp(line, "rmmod -f")) {
		/* Stopping is atomic against new opens; the exit runs in the main thread. */
		err = libcdev_module_stop(h->mod, !strcmp(line, "rmmod -f"));
		if (err == -EBUSY) {
			snprintf(reply, sizeof(reply), "busy %d\n", module_refcount(h->mod));
		} else {
			snprintf(reply, sizeof(reply), "ok\n");
			stop = true;
		}
	} else {
		snprintf(reply, sizeof(reply), "unknown request\n");
	}
	if (write(fd, reply, strlen(reply)) < 0)
		pr_debug("control: reply lost: %s", strerror(errno));
	/* Answered first: the main thread's exit path ends the process. */
	if (stop)
		kill(getpid(), SIGTERM);
}

static void *control_main(void *arg)
{
	struct host *h = arg;

	for (;;) {
		int fd = accept4(h->sock, NULL, NULL, SOCK_CLOEXEC);

		if (fd < 0) {
			if (errno == EINTR || errno == ECONNABORTED)
				continue;
			break;
		}
		control_answer(h, fd);
		close(fd);
	}
	return NULL;
}

/* Take the module's name in the modules directory; -EEXIST if a live host has it. */
static int host_claim(struct host *h, const char *path)
{
	const char *name = h->mod->name;
	struct sockaddr_un sa;
	pid_t other;
	FILE *f;
	int fd, err;

	other = host_pid(name);
	if (other > 0)
		return -EEXIST;
	err = make_modules_dir();
	if (!err)
		err = sock_path(name, &sa);
	if (err)
		return err;
	snprintf(h->pidfile, sizeof(h->pidfile), "%s/%s.pid", modules_dir(), name);
	snprintf(h->sockfile, sizeof(h->sockfile), "%s", sa.sun_path);
	unlink(h->sockfile);	/* stale: its host is gone */
	h->sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (h->sock < 0 || bind(h->sock, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    listen(h->sock, 8) < 0)
		return -errno;
	/* Every user may connect (lsmod); may_stop() decides who may stop us. */
	if (chmod(h->sockfile, 0666) < 0)
		return -errno;
	unlink(h->pidfile);	/* stale too */
	/* A new file: a symlink or file planted there is not written through. */
	fd = open(h->pidfile, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	f = fchmod(fd, 0644) == 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		err = -errno;
		close(fd);
		return err;
	}
	fprintf(f, "%d %s\n", (int)getpid(), path);
	return fclose(f) ? -errno : 0;
}

static void host_release(struct host *h)
{
	if (h->pidfile[0])
		unlink(h->pidfile);
	if (h->sockfile[0])
		unlink(h->sockfile);
	if (h->sock >= 0)
		close(h->sock);
}

/* Report to insmod's parent (or the terminal) and give the result back. */
static int report(const struct host_opts *o, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int report(const struct host_opts *o, int err, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (err)
		fprintf(stderr, "%s: %s\n", PROG, msg);
	if (o->ready_fd >= 0) {
		dprintf(o->ready_fd, "%s\n", err ? msg : "ok");
		close(o->ready_fd);
	}
	return err ? 1 : 0;
}

static const char *backend_error(const char *backend, int err)
{
	if (err == -EACCES || err == -EPERM)
		return "permission denied opening /dev/cuse: run as root";
	if (err == -ENOENT && backend && !strcmp(backend, "cuse"))
		return "/dev/cuse does not exist: this kernel has no CUSE (modprobe cuse?)";
	if (err == -ENOENT)
		return "unknown backend";
	return strerror(-err);
}

static int set_params(const struct host_opts *o, struct module *mod)
{
	for (int i = 0; i < o->nparams; i++) {
		const char *eq = strchr(o->params[i], '=');
		int len = eq ? (int)(eq - o->params[i]) : (int)strlen(o->params[i]);
		int err = libcdev_module_param(mod, o->params[i]);

		if (err == -ENOENT)
			return report(o, err, "%s: unknown parameter '%.*s'", mod->name, len, o->params[i]);
		if (err == -ENOSPC)
			return report(o, err, "%s: too many values for parameter '%.*s'", mod->name,
				      len, o->params[i]);
		if (err)
			return report(o, err, "%s: invalid value for parameter '%.*s': '%s'", mod->name,
				      len, o->params[i], eq ? eq + 1 : "");
	}
	return 0;
}

static int host_serve(const struct host_opts *o)
{
	struct host h = { .sock = -1 };
	pthread_t control;
	sigset_t set;
	int err, sig;

	/* Every thread the library starts inherits this: signals come to sigwait() here. */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);

	/* Through the library, so the same checks as LIBCDEV_FUSE_MOUNTPOINT's apply. */
	err = o->mountpoint ? libcdev_backend_set_mountpoint(o->mountpoint) : 0;
	if (err)
		return report(o, err, "--mountpoint %s: %s", o->mountpoint, strerror(-err));
	err = libcdev_backend_select(o->backend);
	if (err)
		return report(o, err, "backend %s: %s", o->backend, backend_error(o->backend, err));
	err = libcdev_module_load(o->path, &h.mod);
	if (err == -EEXIST)
		return report(o, err, "%s: module already loaded in this process", o->path);
	if (err == -ENOEXEC)
		return report(o, err, "%s: not a libcdev module", o->path);
	if (err)
		return report(o, err, "%s: %s", o->path, strerror(-err));
	if (set_params(o, h.mod))
		goto out_unload;
	err = host_claim(&h, libcdev_module_path(h.mod));
	if (err == -EEXIST) {
		report(o, err, "%s: module already loaded (pid %d)", h.mod->name,
		       (int)host_pid(h.mod->name));
		goto out_release;
	}
	if (err) {
		report(o, err, "%s: cannot register in %s: %s", h.mod->name, modules_dir(),
		       strerror(-err));
		goto out_release;
	}
	err = libcdev_module_start(h.mod);
	if (err) {
		host_release(&h);
		return report(o, err, "could not insert module %s: %s", o->path, strerror(-err));
	}
	if (pthread_create(&control, NULL, control_main, &h) == 0)
		pthread_detach(control);
	fprintf(stderr, "%s: %s loaded (backend %s%s%s)\n", PROG, h.mod->name, libcdev_backend_name(),
		libcdev_backend_location() ? ", nodes in " : "",
		libcdev_backend_location() ? libcdev_backend_location() : "");
	report(o, 0, "ok");

	while (sigwait(&set, &sig) != 0)
		;
	/* Strict mode (LIBCDEV_STRICT=1): the kernel's rules broken make a failing exit. */
	err = libcdev_module_unload(h.mod, true) == -ENOTRECOVERABLE;
	host_release(&h);
	return err;

out_release:
	host_release(&h);
out_unload:
	libcdev_module_unload(h.mod, true);
	return 1;
}

/* Every way out unmounts: insmod's host ends with _exit(), which skips atexit(). */
int host_run(const struct host_opts *o)
{
	int ret = host_serve(o);

	libcdev_backend_stop();
	return ret;
}
