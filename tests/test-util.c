/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

#include "test-util.h"
#include <libcdev/direct.h>
#include <libcdev/sysfs.h>

struct test_env test_env;

static char log_buf[8192];
static size_t log_len;

/* Checked as printf: the library passes its own format strings through here. */
__attribute__((format(printf, 2, 0))) static void test_log(int priority, const char *fmt,
							   va_list ap)
{
	int n;

	(void)priority;
	if (log_len >= sizeof(log_buf) - 2)
		return;
	n = vsnprintf(log_buf + log_len, sizeof(log_buf) - log_len - 1, fmt, ap);
	if (n > 0)
		log_len += (size_t)n < sizeof(log_buf) - log_len - 1 ?
				   (size_t)n :
				   sizeof(log_buf) - log_len - 2;
	log_buf[log_len++] = '\n';
	log_buf[log_len] = '\0';
}

const char *test_log_peek(void)
{
	return log_buf;
}

void test_log_everything(void)
{
	test_log_take();
	libcdev_set_log_fn(test_log, LOG_DEBUG);
}

const char *test_log_take(void)
{
	static char out[sizeof(log_buf)];

	memcpy(out, log_buf, log_len + 1);
	log_len = 0;
	log_buf[0] = '\0';
	return out;
}

static void write_file(const char *path, const char *content)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(content, f);
	assert_int_equal(fclose(f), 0);
}

void test_write_proc_devices(const char *char_lines)
{
	/* Written as it is formatted: no buffer on the stack (kernel-style tests' frame limit). */
	FILE *f = fopen(test_env.proc_devices, "w");

	assert_non_null(f);
	fprintf(f, "Character devices:\n%s\nBlock devices:\n  8 sd\n254 blkext\n", char_lines);
	assert_int_equal(fclose(f), 0);
}

void test_write_registry(const char *content)
{
	write_file(test_env.registry, content);
}

int test_env_setup(void **state)
{
	(void)state;
	snprintf(test_env.dir, sizeof(test_env.dir), "/tmp/libcdev-test.XXXXXX");
	if (!mkdtemp(test_env.dir))
		return -1;
	snprintf(test_env.registry, sizeof(test_env.registry), "%s/regions", test_env.dir);
	snprintf(test_env.proc_devices, sizeof(test_env.proc_devices), "%s/devices", test_env.dir);
	setenv("LIBCDEV_REGISTRY", test_env.registry, 1);
	setenv("LIBCDEV_PROC_DEVICES", test_env.proc_devices, 1);
	libcdev_set_log_fn(test_log, LOG_ERR);
	return 0;
}

int test_env_teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", test_env.dir);
	return system(cmd) == 0 ? 0 : -1;
}

int test_env_reset(void **state)
{
	(void)state;
	unlink(test_env.registry);
	test_write_proc_devices("  1 mem\n  4 tty\n  5 /dev/tty\n 10 misc\n");
	test_log_take();
	return 0;
}

int test_env_capture(void **state)
{
	test_env_reset(state);
	test_log_everything();
	return 0;
}

int test_node_open(const char *name, int flags, struct file **f)
{
	dev_t devt;
	int err = libcdev_device_lookup(name, &devt);

	return err ? err : cdev_direct_open(devt, flags, f);
}

ssize_t test_node_read(const char *name, char *buf, size_t size)
{
	struct file *f;
	ssize_t n;
	int err = test_node_open(name, O_RDONLY, &f);

	if (err)
		return err;
	n = cdev_direct_read(f, buf, size - 1);
	buf[n > 0 ? n : 0] = '\0';
	cdev_direct_release(f);
	return n;
}

ssize_t test_node_write(const char *name, const char *s)
{
	struct file *f;
	ssize_t n;
	int err = test_node_open(name, O_WRONLY, &f);

	if (err)
		return err;
	n = cdev_direct_write(f, s, strlen(s));
	cdev_direct_release(f);
	return n;
}
