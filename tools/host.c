/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl's module host: load a module, or a stack of them in order (A.so +
 * B.so: B may use what A exports), give each its parameters, run its init,
 * serve their devices until SIGINT/SIGTERM, which unloads them in reverse
 * order, or until rmmod has removed the last one.
 *
 * A loaded module is known by two files in the modules directory: NAME.pid
 * ("PID PATH") and NAME.sock, where the host answers "users" with its count
 * of users and the modules among them, and "rmmod"/"rmmod -f" by unloading
 * it, as delete_module(2) does. How those files are found and asked, by
 * this host and by the other commands, is in modules-dir.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
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
#include <libcdev/gpio.h>
#include <libcdev/i2c.h>
#include <libcdev/irq.h>
#include <libcdev/platform.h>

#include "cdevctl.h"

/* One module of the host; mod is NULL once it is unloaded. */
struct hosted {
	struct module *mod;
	const char *path;
	char **params;
	int nparams;
	char pidfile[512];
	char sockfile[512];
	int sock;
};

struct host {
	pthread_mutex_t lock; /* the modules, against rmmod in the control thread */
	struct hosted *mods;  /* in load order */
	int n;
	bool stopping;
};

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

/* @prefix, then " a,b": the modules that use @mod's symbols, if any. */
static void holders_line(struct module *mod, const char *prefix, char *line, size_t size)
{
	const char *names[HOST_MODULES_MAX];
	size_t n = libcdev_module_holders(mod, names, HOST_MODULES_MAX);
	size_t len = snprintf(line, size, "%s", prefix);

	for (size_t i = 0; i < n && i < HOST_MODULES_MAX && len < size; i++)
		len += snprintf(line + len, size - len, "%s%s", i ? "," : " ", names[i]);
}

/* "N" or "N a,b": the count of users and the modules among them, as lsmod shows them. */
static void users_line(struct module *mod, char *line, size_t size)
{
	char count[16];

	snprintf(count, sizeof(count), "%d", module_refcount(mod));
	holders_line(mod, count, line, size);
}

static void host_release(struct hosted *m);

static bool host_empty(const struct host *h)
{
	for (int i = 0; i < h->n; i++)
		if (h->mods[i].mod)
			return false;
	return true;
}

/* Whether @m is the one module @h still serves: its exit ends the host. */
static bool host_last(const struct host *h, const struct hosted *m)
{
	for (int i = 0; i < h->n; i++)
		if (h->mods[i].mod && &h->mods[i] != m)
			return false;
	return true;
}

/* rmmod [-f]: the reply, and whether the module was unloaded. @last: the host ends with it. */
static bool control_rmmod(struct hosted *m, bool force, bool last, char *reply, size_t size)
{
	int err = libcdev_module_stop(m->mod, force);
	bool broke;

	if (err == -EWOULDBLOCK) {
		holders_line(m->mod, "inuse", reply, size);
		return false;
	}
	if (err == -EBUSY && libcdev_module_is_permanent(m->mod)) {
		snprintf(reply, size, "permanent");
		return false;
	}
	if (err == -EBUSY) {
		snprintf(reply, size, "busy %d", module_refcount(m->mod));
		return false;
	}
	/* The service manager hears of the stop before the last exit starts, as on SIGTERM. */
	if (last)
		notify_stopping();
	/* Its exit runs here, in the order of the requests; the others keep serving. */
	broke = libcdev_module_unload(m->mod, true) == -ENOTRECOVERABLE;
	m->mod = NULL;
	host_release(m);
	/* Strict mode (LIBCDEV_STRICT=1): rmmod fails, as the host's exit would. */
	snprintf(reply, size, broke ? "ok rules-broken" : "ok");
	return true;
}

/* irq N: raise line N, as the device's hardware would. */
static void control_irq(const char *arg, char *reply, size_t size)
{
	char *end;
	long n = strtol(arg, &end, 10);
	int err = *arg && !*end && n > 0 && n < LIBCDEV_NR_IRQS ?
			  libcdev_irq_raise((unsigned int)n) :
			  -EINVAL;

	snprintf(reply, size, "%s", err == -ENOENT ? "noirq" : err ? "invalid" : "ok");
}

/* gpio LABEL LINE [VALUE]: drive a simulated line from outside, or read what it is at. */
static void control_gpio(const char *arg, char *reply, size_t size)
{
	char label[32], extra;
	unsigned int line;
	int value = -1, n, err;

	n = sscanf(arg, "%31s %u %d %c", label, &line, &value, &extra);
	if (n < 2 || n > 3 || (n == 3 && value != 0 && value != 1)) {
		snprintf(reply, size, "invalid");
		return;
	}
	if (n == 3)
		err = libcdev_gpio_sim_set(label, line, value);
	else
		err = libcdev_gpio_sim_get(label, line, &value);
	if (err == -ENOENT)
		snprintf(reply, size, "nochip");
	else if (err)
		snprintf(reply, size, "noline");
	else if (n == 3)
		snprintf(reply, size, "ok");
	else
		snprintf(reply, size, "value %d", value);
}

static void control_answer(struct host *h, struct hosted *m, int fd)
{
	char line[64] = "", reply[256];
	ssize_t n = read(fd, line, sizeof(line) - 1);
	bool rmmod, gone = false;

	if (n <= 0)
		return;
	line[n] = '\0';
	line[strcspn(line, "\n")] = '\0';
	rmmod = !strcmp(line, "rmmod") || !strcmp(line, "rmmod -f");
	pthread_mutex_lock(&h->lock);
	if (!m->mod || h->stopping)
		snprintf(reply, sizeof(reply), "gone");
	else if (!strcmp(line, "users"))
		users_line(m->mod, reply, sizeof(reply));
	else if ((rmmod || !strncmp(line, "irq ", 4) || !strncmp(line, "gpio ", 5)) &&
		 !may_stop(fd))
		snprintf(reply, sizeof(reply), "denied");
	else if (!strncmp(line, "irq ", 4))
		control_irq(line + 4, reply, sizeof(reply));
	else if (!strncmp(line, "gpio ", 5))
		control_gpio(line + 5, reply, sizeof(reply));
	else if (rmmod)
		gone = control_rmmod(m, !strcmp(line, "rmmod -f"), host_last(h, m), reply,
				     sizeof(reply));
	else
		snprintf(reply, sizeof(reply), "unknown request");
	gone = gone && host_empty(h);
	if (gone) /* and the host ends */
		snprintf(reply, sizeof(reply), "ok last%s",
			 strcmp(reply, "ok rules-broken") ? "" : " rules-broken");
	pthread_mutex_unlock(&h->lock);
	strcat(reply, "\n");
	if (write(fd, reply, strlen(reply)) < 0)
		pr_debug("control: reply lost: %s", strerror(errno));
	/* The last module is gone: so is the host. */
	if (gone)
		kill(getpid(), SIGTERM);
}

/* The sockets of the modules still loaded; the index of each in @at. */
static int control_fds(struct host *h, struct pollfd *fds, int *at)
{
	int n = 0;

	pthread_mutex_lock(&h->lock);
	for (int i = 0; i < h->n && !h->stopping; i++)
		if (h->mods[i].mod) {
			fds[n] = (struct pollfd){ .fd = h->mods[i].sock, .events = POLLIN };
			at[n++] = i;
		}
	pthread_mutex_unlock(&h->lock);
	return n;
}

static void *control_main(void *arg)
{
	struct host *h = arg;
	struct pollfd fds[HOST_MODULES_MAX];
	int at[HOST_MODULES_MAX];

	for (;;) {
		int n = control_fds(h, fds, at);

		if (n == 0 || (poll(fds, n, -1) < 0 && errno != EINTR))
			break;
		for (int i = 0; i < n; i++) {
			int fd;

			if (!(fds[i].revents & POLLIN))
				continue;
			fd = accept4(fds[i].fd, NULL, NULL, SOCK_CLOEXEC);
			if (fd < 0)
				continue;
			control_answer(h, &h->mods[at[i]], fd);
			close(fd);
		}
	}
	return NULL;
}

/* Take the module's name in the modules directory; -EEXIST if a live host has it. */
static int host_claim(struct hosted *h, const char *path)
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
	unlink(h->sockfile); /* stale: its host is gone */
	h->sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (h->sock < 0 || bind(h->sock, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    listen(h->sock, 8) < 0)
		return -errno;
	/* Every user may connect (lsmod); may_stop() decides who may stop us. */
	if (chmod(h->sockfile, 0666) < 0)
		return -errno;
	unlink(h->pidfile); /* stale too */
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

static void host_release(struct hosted *h)
{
	if (h->pidfile[0])
		unlink(h->pidfile);
	if (h->sockfile[0])
		unlink(h->sockfile);
	if (h->sock >= 0)
		close(h->sock);
	h->pidfile[0] = h->sockfile[0] = '\0';
	h->sock = -1;
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
	if (err) {
		fprintf(stderr, "%s: %s\n", PROG, msg);
		notify_failed(msg);
	}
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

static int set_params(const struct host_opts *o, const struct hosted *m)
{
	for (int i = 0; i < m->nparams; i++) {
		const char *arg = m->params[i], *eq = strchr(arg, '=');
		int len = eq ? (int)(eq - arg) : (int)strlen(arg);
		int err = libcdev_module_param(m->mod, arg);

		if (err == -ENOENT)
			return report(o, err, "%s: unknown parameter '%.*s'", m->mod->name, len,
				      arg);
		if (err == -ENOSPC)
			return report(o, err, "%s: too many values for parameter '%.*s'",
				      m->mod->name, len, arg);
		if (err)
			return report(o, err, "%s: invalid value for parameter '%.*s': '%s'",
				      m->mod->name, len, arg, eq ? eq + 1 : "");
	}
	return 0;
}

/* The modules of "A.so [params] + B.so [params] ...", in order. */
static int split_modules(const struct host_opts *o, struct hosted *mods)
{
	int n = 0;

	mods[0] = (struct hosted){ .path = o->path, .params = o->params, .sock = -1 };
	for (int i = 0; i < o->nparams; i++) {
		if (strcmp(o->params[i], "+")) {
			mods[n].nparams++;
			continue;
		}
		if (i + 1 >= o->nparams || !strcmp(o->params[i + 1], "+")) {
			report(o, -EINVAL, "'+' must be followed by a module");
			return -EINVAL;
		}
		if (++n >= HOST_MODULES_MAX) {
			report(o, -E2BIG, "at most %d modules in one host", HOST_MODULES_MAX);
			return -E2BIG;
		}
		i++;
		mods[n] = (struct hosted){ .path = o->params[i],
					   .params = o->params + i + 1,
					   .sock = -1 };
	}
	return n + 1;
}

static int load_error(const struct host_opts *o, const char *path, int err)
{
	char sym[256];

	if (err == -EEXIST)
		return report(o, err, "%s: module already loaded in this process", path);
	if (err == -ENOEXEC)
		return report(o, err, "%s: not a libcdev module", path);
	if (err == -ENOTUNIQ)
		return report(o, err,
			      "could not insert module %s: it exports a symbol that a module"
			      " loaded before it exports",
			      path);
	if (err == -ENOENT && !libcdev_module_unknown_symbol(path, sym, sizeof(sym)))
		return report(o, err, "could not insert module %s: Unknown symbol %s", path, sym);
	return report(o, err, "%s: %s", path, strerror(-err));
}

/* Load, set up and start one module: 0, or 1 once reported (nothing of it is left). */
static int host_start_one(const struct host_opts *o, struct hosted *m)
{
	int err = libcdev_module_load(m->path, &m->mod);

	if (err) {
		m->mod = NULL;
		return load_error(o, m->path, err);
	}
	if (set_params(o, m))
		goto out_unload;
	err = host_claim(m, libcdev_module_path(m->mod));
	if (err == -EEXIST) {
		report(o, err, "%s: module already loaded (pid %d)", m->mod->name,
		       (int)host_pid(m->mod->name));
		goto out_release;
	}
	if (err) {
		report(o, err, "%s: cannot register in %s: %s", m->mod->name, modules_dir(),
		       strerror(-err));
		goto out_release;
	}
	err = libcdev_module_start(m->mod);
	if (err) {
		m->mod = NULL;
		host_release(m);
		return report(o, err, "could not insert module %s: %s", m->path, strerror(-err));
	}
	fprintf(stderr, "%s: %s loaded (backend %s%s%s)\n", PROG, m->mod->name,
		libcdev_backend_name(), libcdev_backend_location() ? ", nodes in " : "",
		libcdev_backend_location() ? libcdev_backend_location() : "");
	return 0;

out_release:
	host_release(m);
out_unload:
	libcdev_module_unload(m->mod, true);
	m->mod = NULL;
	return 1;
}

/* The last loaded first: a module goes before those whose symbols it uses. */
/* Return: -ENOTRECOVERABLE if a module broke the kernel's rules in strict mode, else 0. */
static int host_unload_all(struct host *h)
{
	int ret = 0;

	pthread_mutex_lock(&h->lock);
	h->stopping = true;
	for (int i = h->n - 1; i >= 0; i--) {
		if (!h->mods[i].mod)
			continue;
		if (libcdev_module_unload(h->mods[i].mod, true) == -ENOTRECOVERABLE)
			ret = -ENOTRECOVERABLE;
		h->mods[i].mod = NULL;
		host_release(&h->mods[i]);
	}
	pthread_mutex_unlock(&h->lock);
	return ret;
}

/* The devices (platform, I2C) of --devices FILE, then of each --device, before any module loads. */
static int describe_devices(const struct host_opts *o)
{
	int err;

	if (o->devices_file) {
		err = libcdev_device_describe_file(o->devices_file);
		if (err)
			return report(o, err, "--devices %s: %s", o->devices_file, strerror(-err));
	}
	for (int i = 0; i < o->ndevices; i++) {
		err = libcdev_device_describe(o->devices[i]);
		if (err)
			return report(o, err, "--device '%s': %s", o->devices[i], strerror(-err));
	}
	return 0;
}

static int host_serve(const struct host_opts *o)
{
	struct hosted mods[HOST_MODULES_MAX];
	const char *names[HOST_MODULES_MAX];
	struct host h = { .lock = PTHREAD_MUTEX_INITIALIZER, .mods = mods };
	pthread_t control;
	sigset_t set;
	int err, sig;

	/* Every thread the library starts inherits this: signals come to sigwait() here. */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);

	h.n = split_modules(o, mods);
	if (h.n < 0)
		return 1;
	/* Through the library, so the same checks as LIBCDEV_FUSE_MOUNTPOINT's apply. */
	err = o->mountpoint ? libcdev_backend_set_mountpoint(o->mountpoint) : 0;
	if (err)
		return report(o, err, "--mountpoint %s: %s", o->mountpoint, strerror(-err));
	err = libcdev_backend_select(o->backend);
	if (err)
		return report(o, err, "backend %s: %s", o->backend, backend_error(o->backend, err));
	if (describe_devices(o))
		return 1;
	for (int i = 0; i < h.n; i++) {
		if (host_start_one(o, &mods[i])) {
			/* All or nothing: the ones before it go, in reverse order. */
			host_unload_all(&h);
			return 1;
		}
		names[i] = mods[i].mod->name;
	}
	/* Before the control thread, which could unload a module meanwhile. */
	notify_ready(names, h.n);
	if (pthread_create(&control, NULL, control_main, &h) == 0)
		pthread_detach(control);
	report(o, 0, "ok");

	while (sigwait(&set, &sig) != 0)
		;
	notify_stopping();
	/* Strict mode (LIBCDEV_STRICT=1): the kernel's rules broken make a failing exit. */
	return host_unload_all(&h) == -ENOTRECOVERABLE;
}

/* Every way out unmounts: insmod's host ends with _exit(), which skips atexit(). */
int host_run(const struct host_opts *o)
{
	int ret = host_serve(o);

	libcdev_device_forget_described();
	libcdev_backend_stop();
	return ret;
}
