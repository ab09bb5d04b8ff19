/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl - load user-space char-device driver modules the way kmod loads
 * kernel modules, and show the device numbers in use.
 *
 *   cdevctl run MODULE.so [param=value ...] [+ MODULE.so ...]  serve in the foreground
 *   cdevctl insmod MODULE.so [param=value ...] [+ ...]   serve in the background
 *   cdevctl rmmod [-f] NAME                      stop a module
 *   cdevctl lsmod                                list loaded modules
 *   cdevctl modprobe [-r] NAME [param=value ...]  load (remove) a module by name
 *   cdevctl modules-load                         start the modules of modules-load.d
 *   cdevctl modinfo [-F FIELD] [-p] [-0] NAME|MODULE.so  what a module says of itself
 *   cdevctl irq NAME IRQ...                      raise simulated IRQ lines in NAME's host
 *   cdevctl gpio NAME LABEL LINE [0|1]           drive or read a simulated GPIO line there
 *   cdevctl devices                              the /proc/devices view
 *   cdevctl udev-test RULES MODULE.so|--device N  udev rules against real nodes
 */
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libcdev/libcdev.h>

#include "cdevctl.h"

void verr_msg(const char *command, const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: %s%s", PROG, command ? command : "", command ? ": " : "");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

int err_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verr_msg(NULL, fmt, ap);
	va_end(ap);
	return 1;
}

static const char *default_backend(void)
{
	const char *b = getenv("LIBCDEV_BACKEND");

	return b && *b ? b : "auto";
}

/* Options of run and insmod: [--backend NAME] [--mountpoint DIR] MODULE.so [param=value ...]. */
static int parse_host_args(int argc, char **argv, struct host_opts *o, const char *cmd)
{
	static const struct option opts[] = {
		{ "backend", required_argument, NULL, 'b' },
		{ "mountpoint", required_argument, NULL, 'm' },
		{ "device", required_argument, NULL, 'd' },
		{ "devices", required_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*o = (struct host_opts){ .backend = default_backend(), .ready_fd = -1 };
	optind = 1;
	while ((c = getopt_long(argc, argv, "+b:m:d:D:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			if (o->ndevices == HOST_DEVICES_MAX) {
				fprintf(stderr, "%s %s: at most %d --device options\n", PROG, cmd,
					HOST_DEVICES_MAX);
				return 2;
			}
			o->devices[o->ndevices++] = optarg;
			break;
		case 'D':
			o->devices_file = optarg;
			break;
		case 'b':
			o->backend = optarg;
			break;
		case 'm':
			o->mountpoint = optarg;
			break;
		case 'h':
			printf("usage: %s %s [--backend auto|cuse|fuse|direct] [--mountpoint DIR]"
			       " [--device 'NAME[.ID] [irq=N] [mem=START+SIZE] [io=START+SIZE] [KEY=VALUE]']..."
			       " [--devices FILE]"
			       " MODULE.so [param=value ...] [+ MODULE.so [param=value ...]]...\n\n"
			       "Modules after '+' are loaded in the same host, in order, and may use the\n"
			       "symbols the ones before them export (EXPORT_SYMBOL).\n"
			       "--device and --devices describe devices (one per line in FILE) before\n"
			       "the modules load: platform devices (libcdev-platform(7)) and, as\n"
			       "  'i2c:BUS ADDR TYPE [model=regs:REG=VAL,...] [bus=/dev/i2c-N] [KEY=VALUE]...'\n"
			       "  'i2c:BUS adapter [export=1]'\n"
			       "  'spi:BUS.CS MODALIAS [model=regs:...] [bus=/dev/spidevB.C] [mode=N] ...'\n"
			       "  'gpio:LABEL lines=N [names=NAME,...]'\n"
			       "  'gpio:LABEL chip=/dev/gpiochipN'\n"
			       "  'rpmsg:NAME [src=ADDR] [dst=ADDR] [model=echo|sink]'\n"
			       "chips on I2C and SPI buses, simulated GPIO chips and GPIO chips of the\n"
			       "host (libcdev-buses(7), libcdev-spi(7), libcdev-gpio(7)), and rpmsg\n"
			       "channels to a simulated remote processor (libcdev-kernel(7)).\n",
			       PROG, cmd);
			return 0;
		default:
			return 2;
		}
	}
	if (optind >= argc) {
		fprintf(stderr,
			"usage: %s %s [--backend NAME] [--mountpoint DIR] MODULE.so"
			" [param=value ...] [+ MODULE.so ...]\n",
			PROG, cmd);
		return 2;
	}
	o->path = argv[optind];
	o->params = argv + optind + 1;
	o->nparams = argc - optind - 1;
	/* More modules after "+": each "+" is followed by one. */
	for (int i = 0; i < o->nparams; i++)
		if (!strcmp(o->params[i], "+") &&
		    (i + 1 == o->nparams || !strcmp(o->params[i + 1], "+"))) {
			fprintf(stderr, "%s %s: '+' must be followed by a module\n", PROG, cmd);
			return 2;
		}
	return -1;
}

int cmd_run(int argc, char **argv)
{
	struct host_opts o;
	int r = parse_host_args(argc, argv, &o, "run");

	return r >= 0 ? r : host_run(&o);
}

/* Logs of hosts that are gone (killed, or from before this rule): one per attempt otherwise. */
static void remove_stale_logs(void)
{
	char path[PATH_MAX];
	struct dirent *e;
	DIR *d = opendir(modules_dir());
	int pid;

	if (!d)
		return;
	while ((e = readdir(d))) {
		if (sscanf(e->d_name, "insmod-%d.log", &pid) != 1 || pid <= 0)
			continue;
		if (process_alive(pid))
			continue;
		if (snprintf(path, sizeof(path), "%s/%s", modules_dir(), e->d_name) <
		    (int)sizeof(path))
			unlink(path);
	}
	closedir(d);
}

/*
 * The host's log: a new file of root's only, never one planted there (no
 * symlink followed, no existing file reused).
 */
static int open_log(char *path, size_t size)
{
	if (make_modules_dir())
		return -1;
	remove_stale_logs();
	if (snprintf(path, size, "%s/insmod-%d.log", modules_dir(), (int)getpid()) >= (int)size)
		return -1;
	unlink(path); /* a stale file of a pid reused */
	return open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
}

/* @fd moved above 3, so the dup2()s to 0-2 cannot hit it even if the caller closed those. */
static int fd_above_3(int fd)
{
	int high;

	if (fd < 0 || fd > 3)
		return fd;
	high = fcntl(fd, F_DUPFD_CLOEXEC, 4);
	close(fd);
	return high;
}

/*
 * The host process of insmod: detached, output to insmod-PID.log in the
 * modules directory, which goes when the host does. It keeps no descriptor
 * of the caller's but the pipe to it: one held open would keep the caller's
 * pipeline (`cdevctl insmod ... | cat`) waiting for ever.
 */
static void insmod_child(struct host_opts *o, int ready)
{
	char log[PATH_MAX] = "";
	int null, fd, ret;

	setsid();
	/* A detached host is no service's main process: insmod's caller is. */
	unsetenv("NOTIFY_SOCKET");
	if (ready != 3 && (dup2(ready, 3) < 0 || close(ready) < 0))
		_exit(1); /* the caller reads EOF: "the host died during init" */
	o->ready_fd = 3;
	close_range(4, ~0U, 0);
	null = fd_above_3(open("/dev/null", O_RDWR | O_CLOEXEC));
	fd = fd_above_3(open_log(log, sizeof(log)));
	dup2(null, STDIN_FILENO);
	dup2(fd >= 0 ? fd : null, STDOUT_FILENO);
	dup2(fd >= 0 ? fd : null, STDERR_FILENO);
	close_range(4, ~0U, 0);
	ret = host_run(o);
	if (fd >= 0)
		unlink(log);
	_exit(ret);
}

int cmd_insmod(int argc, char **argv)
{
	struct host_opts o;
	int r = parse_host_args(argc, argv, &o, "insmod");

	return r >= 0 ? r : host_insmod(&o);
}

int host_insmod(struct host_opts *o)
{
	char line[600] = "";
	ssize_t n;
	pid_t pid;
	int p[2];

	if (pipe2(p, O_CLOEXEC) < 0)
		return err_msg("insmod: pipe: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		return err_msg("insmod: fork: %s", strerror(errno));
	if (pid == 0) {
		close(p[0]);
		insmod_child(o, p[1]);
	}
	close(p[1]);
	/* The host writes one line when init is done: "ok", or the error. */
	n = read(p[0], line, sizeof(line) - 1);
	close(p[0]);
	if (n > 0) {
		line[n] = '\0';
		line[strcspn(line, "\n")] = '\0';
	}
	if (n > 0 && !strcmp(line, "ok"))
		return 0;
	waitpid(pid, NULL, 0);
	return err_msg("insmod: %s", n > 0 ? line : "the module host died during init");
}

/* Unloaded, but it broke the kernel's rules and LIBCDEV_STRICT=1 makes that a failure. */
static int rules_broken(const char *name)
{
	return err_msg("rmmod: ERROR: Module %s broke the kernel's rules (LIBCDEV_STRICT=1): "
		       "it is unloaded; its host's log said which",
		       name);
}

int cmd_rmmod(int argc, char **argv)
{
	bool force = argc == 3 && (!strcmp(argv[1], "-f") || !strcmp(argv[1], "--force"));
	const char *name = argv[argc - 1];
	char reply[256];
	pid_t pid;
	int err;

	if (argc < 2 || argc > 3 || (argc == 3 && !force) || !strcmp(name, "--help")) {
		fprintf(argc == 2 ? stdout : stderr, "usage: %s rmmod [-f] NAME\n", PROG);
		return argc == 2 ? 0 : 2;
	}
	pid = host_pid(name);
	if (pid < 0)
		return err_msg("rmmod: ERROR: Module %s is not currently loaded", name);
	err = host_request(name, force ? "rmmod -f" : "rmmod", reply, sizeof(reply));
	if (err == -EACCES || (!err && !strcmp(reply, "denied")))
		return err_msg("rmmod: ERROR: permission denied: run as root");
	if (err)
		return err_msg("rmmod: ERROR: cannot reach the host of %s: %s", name,
			       strerror(-err));
	/* kmod's words for delete_module(2)'s EBUSY on a module without an exit. */
	if (!strcmp(reply, "permanent"))
		return err_msg("rmmod: ERROR: could not remove module %s: Device or resource busy "
			       "(it has no exit function; -f forces)",
			       name);
	if (!strncmp(reply, "busy", 4))
		return err_msg("rmmod: ERROR: Module %s is in use", name);
	if (!strncmp(reply, "inuse ", 6))
		return err_msg("rmmod: ERROR: Module %s is in use by: %s", name, reply + 6);
	if (!strcmp(reply, "gone"))
		return err_msg("rmmod: ERROR: Module %s is not currently loaded", name);
	if (!strcmp(reply, "ok"))
		return 0;
	if (!strcmp(reply, "ok rules-broken"))
		return rules_broken(name);
	if (strcmp(reply, "ok last") && strcmp(reply, "ok last rules-broken"))
		return err_msg("rmmod: ERROR: the host of %s answered '%s'", name, reply);
	/*
	 * The host has run module_exit and removed the module's files. With its
	 * last module it ends too: wait for it, so the devices are gone on return.
	 */
	for (int i = 0; i < 300 && process_alive(pid); i++)
		usleep(100 * 1000);
	if (process_alive(pid))
		return err_msg("rmmod: %s: the host (pid %d) did not stop within 30 s", name,
			       (int)pid);
	return strcmp(reply, "ok last") ? rules_broken(name) : 0;
}

static const struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
	bool uses_rundir;
} commands[] = {
	{ "run", cmd_run, "serve MODULE.so in the foreground until SIGINT/SIGTERM", true },
	{ "insmod", cmd_insmod, "serve MODULE.so in the background", true },
	{ "rmmod", cmd_rmmod, "run a module's exit and stop its host", true },
	{ "lsmod", cmd_lsmod, "list the loaded modules", true },
	{ "modprobe", cmd_modprobe, "load a module by name, with its modprobe.d options", true },
	{ "modules-load", cmd_modules_load,
	  "start the services of the modules modules-load.d lists", false },
	{ "irq", cmd_irq, "raise simulated IRQ lines in a module's host", true },
	{ "gpio", cmd_gpio, "drive or read a simulated GPIO line in a module's host", true },
	{ "modinfo", cmd_modinfo, "show a module's license, description and parameters", false },
	{ "devices", cmd_devices, "show the char device numbers in use", false },
	{ "udev-test", cmd_udev_test, "prove udev rules against real nodes and a real udevd",
	  false },
	{ "twin-test", cmd_twin_test,
	  "test a driver as a kernel module and on libcdev, side by side", false },
};

static int usage(FILE *f, int status)
{
	fprintf(f,
		"usage: %s COMMAND [ARGS...]\n\n"
		"Load user-space char-device driver modules (libcdev) and show device numbers.\n\n"
		"Commands:\n",
		PROG);
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-12s %s\n", commands[i].name, commands[i].help);
	fprintf(f, "\n'%s COMMAND --help' for a command's options; cdevctl(8) for details.\n",
		PROG);
	return status;
}

int main(int argc, char **argv)
{
	/* A host that goes away mid-request is an error to report, not a death. */
	signal(SIGPIPE, SIG_IGN);
	if (argc < 2)
		return usage(stderr, 2);
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))
		return usage(stdout, 0);
	if (!strcmp(argv[1], "--version")) {
		printf("%s %s\n", PROG, PACKAGE_VERSION);
		return 0;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].uses_rundir && rundir_check() ?
				       1 :
				       commands[i].fn(argc - 1, argv + 1);
	err_msg("unknown command '%s'", argv[1]);
	return usage(stderr, 2);
}
