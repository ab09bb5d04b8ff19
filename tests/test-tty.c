/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * current->signal->tty and tty_devnum() as a kernel-style driver sees them,
 * through the direct backend (the caller is this process): NULL for a
 * process without a controlling terminal, the terminal's device number for
 * one with a terminal, and one struct tty_struct per terminal whatever the
 * thread that asks.
 *
 * Each case runs in a child made session leader by setsid(), so it has no
 * terminal until it opens a new pseudo-terminal, whatever the test's own
 * (make check may run with or without one).
 */
#include <linux/cdev.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/tty.h>

#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libcdev/direct.h>

#include "test-util.h"

/* The driver: ->open records what it saw of its caller. */
static struct tty_struct *seen_tty;
static dev_t seen_devnum;

static int ttykey_open(struct inode *inode, struct file *filp)
{
	seen_tty = current->signal->tty;
	seen_devnum = seen_tty ? tty_devnum(seen_tty) : 0;
	return 0;
}

static const struct file_operations ttykey_fops = {
	.owner = THIS_MODULE,
	.open = ttykey_open,
};

static struct cdev ttykey_cdev;
static dev_t ttykey_dev;

static int driver_setup(void **state)
{
	int err = test_env_setup(state);

	if (err)
		return err;
	if (libcdev_backend_select("direct") || alloc_chrdev_region(&ttykey_dev, 0, 1, "ttykey"))
		return -1;
	cdev_init(&ttykey_cdev, &ttykey_fops);
	return cdev_add(&ttykey_cdev, ttykey_dev, 1);
}

static int driver_teardown(void **state)
{
	cdev_del(&ttykey_cdev);
	unregister_chrdev_region(ttykey_dev, 1);
	return test_env_teardown(state);
}

/* Open the device as this thread: 0, or the step that failed. */
static int open_once(void)
{
	struct file *f;

	if (cdev_direct_open(ttykey_dev, O_RDONLY, &f))
		return 10;
	cdev_direct_release(f);
	return 0;
}

static void *open_in_thread(void *arg)
{
	*(int *)arg = open_once();
	return NULL;
}

/*
 * Run the case @name in a child of a new session; its exit status must be 0.
 * The child runs this program anew (main(), "--session-case NAME"): a child
 * of a fork() alone would inherit the locks the library's and the
 * sanitizers' threads held at the fork, and could wait on one for ever.
 */
static void in_new_session(const char *name)
{
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		if (setsid() < 0)
			_exit(99);
		execl("/proc/self/exe", "test-tty", "--session-case", name, (char *)NULL);
		_exit(98);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

static int no_terminal(void)
{
	seen_tty = (struct tty_struct *)1;
	if (open_once())
		return 1;
	return seen_tty == NULL && seen_devnum == 0 ? 0 : 2;
}

static void test_no_tty_is_null(void **state)
{
	(void)state;
	in_new_session("no_terminal");
}

/* A new pseudo-terminal opened by a session leader becomes its controlling terminal. */
static int own_terminal(void)
{
	struct tty_struct *first;
	struct stat st;
	pthread_t t;
	int master, slave, ret = -1;

	master = posix_openpt(O_RDWR | O_NOCTTY);
	if (master < 0 || grantpt(master) || unlockpt(master))
		return 3;
	slave = open(ptsname(master), O_RDWR);
	if (slave < 0 || fstat(slave, &st))
		return 4;
	if (open_once() || !seen_tty)
		return 5;
	if (seen_devnum != MKDEV(major(st.st_rdev), minor(st.st_rdev)))
		return 6;
	first = seen_tty;
	seen_tty = NULL;
	/* Another thread, another task: the same terminal, the same pointer. */
	if (pthread_create(&t, NULL, open_in_thread, &ret) || pthread_join(t, NULL) || ret)
		return 7;
	return seen_tty == first ? 0 : 8;
}

static void test_own_tty(void **state)
{
	(void)state;
	in_new_session("own_terminal");
}

/* In the child of in_new_session(): the driver set up anew, then the case. */
static int run_session_case(const char *name)
{
	int ret;

	if (driver_setup(NULL))
		return 97;
	ret = !strcmp(name, "no_terminal") ? no_terminal() : own_terminal();
	driver_teardown(NULL);
	return ret;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--session-case"))
		return run_session_case(argv[2]);

	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_tty_is_null),
		cmocka_unit_test(test_own_tty),
	};

	return cmocka_run_group_tests(tests, driver_setup, driver_teardown);
}
