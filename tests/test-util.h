/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Shared set-up for the unit tests: every test runs against a registry and a
 * /proc/devices of its own, in a fresh temporary directory, so tests never
 * touch the machine's real registry and may run in parallel.
 */
#ifndef LIBCDEV_TEST_UTIL_H
#define LIBCDEV_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <libcdev/libcdev.h>

/* A temporary directory with LIBCDEV_REGISTRY and LIBCDEV_PROC_DEVICES inside. */
struct test_env {
	char dir[64];
	char registry[128];
	char proc_devices[128];
};

extern struct test_env test_env;

/* cmocka group set-up/tear-down: make and remove test_env. */
int test_env_setup(void **state);
int test_env_teardown(void **state);

/* Per-test: empty the registry, write the fake /proc/devices with these lines. */
int test_env_reset(void **state);
/* Per-test: test_env_reset(), then test_log_everything(): for tests that read the log. */
int test_env_capture(void **state);
void test_write_proc_devices(const char *char_lines);
/*
 * The node NAME (as below /dev) opened through the direct backend; one
 * read(2) of it, NUL-terminated in @buf; one write(2) of @s to it. 0 or
 * the bytes, or -errno.
 */
struct file;
int test_node_open(const char *name, int flags, struct file **f);
ssize_t test_node_read(const char *name, char *buf, size_t size);
ssize_t test_node_write(const char *name, const char *s);
void test_write_registry(const char *content);

/* Messages the library logged since the last call, joined by newlines. */
const char *test_log_take(void);
/* Messages logged since the last take, left in place. */
const char *test_log_peek(void);
/* From now on every message, debug ones (printk's KERN_DEBUG, KERN_INFO) included; empties the log. */
void test_log_everything(void);

#endif
