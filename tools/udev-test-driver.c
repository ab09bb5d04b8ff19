/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl udev-test - the device under test: a module served as `cdevctl
 * run` serves it, or a built-in device with one node, in a child process
 * that says "ok" once its nodes are live. A file of its own: the only part
 * that runs libcdev itself.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libcdev/libcdev.h>

#include "cdevctl.h"
#include "udev-test-run.h"

/* The built-in device behaves as /dev/null: reads end at once, writes vanish. */
static ssize_t builtin_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	(void)filp, (void)buf, (void)count, (void)ppos;
	return 0;
}

static ssize_t builtin_write(struct file *filp, const char __user *buf, size_t count, loff_t *ppos)
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
		.path = o->module,
		.params = o->params,
		.nparams = o->nparams,
		.backend = "cuse",
		.ready_fd = ready,
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
int start_driver(struct ut_run *run)
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
		return r == -ETIMEDOUT ?
			       ut_err(UT_ENVIRONMENT, "the driver was not ready within %d s",
				      run->o.timeout_ms / 1000) :
			       r;
	if (n > 0)
		line[n] = '\0';
	line[strcspn(line, "\n")] = '\0';
	if (!strcmp(line, "ok"))
		return 0;
	return ut_err(UT_ENVIRONMENT, "the driver failed to load: %s",
		      n > 0 ? line : "its process ended during init");
}

/* Stop the driver; its nodes go, and udevd removes their links. */
void stop_driver(struct ut_run *run)
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
