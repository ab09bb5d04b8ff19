/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl - shared declarations of the tool's subcommands.
 */
#ifndef CDEVCTL_H
#define CDEVCTL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define PROG "cdevctl"

/* The most modules one host loads (A.so + B.so + ...). */
#define HOST_MODULES_MAX 16
/* The most --device options of one host. */
#define HOST_DEVICES_MAX 32

struct host_opts {
	const char *path; /* the module .so */
	char **params;	  /* name=value ..., then "+" MODULE.so name=value ... for more */
	int nparams;
	const char *backend;	/* cuse, fuse, auto, direct */
	const char *mountpoint; /* the FUSE backend's, or NULL for its default */
	int ready_fd;		/* insmod: tell the parent how init went; -1 for run */
	/* Platform devices described before the modules load (libcdev-platform(7)). */
	const char *devices[HOST_DEVICES_MAX]; /* --device LINE */
	int ndevices;
	const char *devices_file; /* --devices FILE */
};

/* Print "cdevctl: WHAT: message" to stderr; returns 1 for `return err(...)`. */
int err_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "cdevctl: COMMAND: message" (without COMMAND when NULL) on standard error. */
void verr_msg(const char *command, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

/* The longest modules directory: its files' paths fit the 512-byte buffers. */
#define MODULES_DIR_MAX ((size_t)256)

/* The directory of loaded modules' pid files and control sockets (modules-dir.c). */
const char *modules_dir(void);
/* 0, or 1 after one line on stderr when LIBCDEV_RUNDIR is too long for it. */
int rundir_check(void);
int make_modules_dir(void);

struct sockaddr_un;
/* The address of module @name's control socket: 0, or -ENAMETOOLONG. */
int sock_path(const char *name, struct sockaddr_un *sa);

/* Serve a module until SIGINT/SIGTERM or rmmod: the body of run and insmod. */
int host_run(const struct host_opts *o);

/* sd_notify(3) of the host (notify.c): every node of modules @names is live. */
void notify_ready(const char *const *names, int n);
/* The modules' exits start. */
void notify_stopping(void);
/* Init failed: no READY=1 comes. */
void notify_failed(const char *msg);

/* Ask the host of module @name; the reply line in @reply. 0, or -errno. */
int host_request(const char *name, const char *request, char *reply, size_t size);

/* Whether @pid runs (a zombie does not). */
bool process_alive(pid_t pid);

/* The pid of a loaded module's host, or -ESRCH when it is not loaded. */
pid_t host_pid(const char *name);

/* insmod's body: serve in a detached host, return once its init is done. */
int host_insmod(struct host_opts *o);

int cmd_run(int argc, char **argv);
int cmd_modprobe(int argc, char **argv);
int cmd_modules_load(int argc, char **argv);
int cmd_insmod(int argc, char **argv);
int cmd_rmmod(int argc, char **argv);
int cmd_lsmod(int argc, char **argv);
int cmd_modinfo(int argc, char **argv);
int cmd_devices(int argc, char **argv);
int cmd_udev_test(int argc, char **argv);
/* cdevctl irq: raise simulated IRQ lines in a module's host (irq.c). */
int cmd_irq(int argc, char **argv);
/* cdevctl gpio: drive or read simulated GPIO lines in a module's host (gpio.c). */
int cmd_gpio(int argc, char **argv);
/* cdevctl twin-test: runs cdev-twin-test, found beside cdevctl (twin-test.c). */
int cmd_twin_test(int argc, char **argv);

#endif
