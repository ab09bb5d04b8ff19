/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One logging path: the library's messages and drivers' printk() share one
 * LIBCDEV_LOG threshold (default info), one writer that puts each message on
 * stderr whole, and libcdev_set_log_fn() takes both. Each case runs in a
 * child with its own environment, its stderr read through a pipe.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <syslog.h>
#include <unistd.h>

#include "test-util.h"
#include "core/core.h"
#include "kernel/internal.h"

/* Run @fn in a child with LIBCDEV_LOG=@level (NULL: unset); its stderr, malloc()ed. */
static char *stderr_of(void (*fn)(void), const char *level)
{
	size_t cap = 1 << 20, len = 0;
	char *out = malloc(cap);
	int p[2], status;
	ssize_t n;
	pid_t pid;

	assert_non_null(out);
	assert_int_equal(pipe(p), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(p[0]);
		dup2(p[1], STDERR_FILENO);
		if (level)
			setenv("LIBCDEV_LOG", level, 1);
		else
			unsetenv("LIBCDEV_LOG");
		printk_set_prefix("mod");
		fn();
		_exit(0);
	}
	close(p[1]);
	while ((n = read(p[0], out + len, cap - 1 - len)) > 0)
		len += (size_t)n;
	close(p[0]);
	out[len] = '\0';
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	return out;
}

static void one_of_each(void)
{
	libcdev_log(LOG_DEBUG, "lib debug");
	libcdev_log(LOG_INFO, "lib info");
	libcdev_log(LOG_ERR, "lib err %d", 3);
	pr_debug("drv debug\n");
	pr_info("drv info\n");
	pr_err("drv err\n");
}

static void default_level_is_info_for_both(void **state)
{
	char *out = stderr_of(one_of_each, NULL);

	(void)state;
	assert_string_equal(out, "libcdev: lib info\nlibcdev: lib err 3\n"
				 "mod: drv info\nmod: error: drv err\n");
	free(out);
}

static void one_threshold_for_both(void **state)
{
	char *out = stderr_of(one_of_each, "err");

	(void)state;
	assert_string_equal(out, "libcdev: lib err 3\nmod: error: drv err\n");
	free(out);
	out = stderr_of(one_of_each, "debug");
	assert_string_equal(out, "libcdev: lib debug\nlibcdev: lib info\nlibcdev: lib err 3\n"
				 "mod: drv debug\nmod: drv info\nmod: error: drv err\n");
	free(out);
	out = stderr_of(one_of_each, "none");
	assert_string_equal(out, "");
	free(out);
}

static char taken[4096];

static void take(int priority, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));

static void take(int priority, const char *fmt, va_list ap)
{
	size_t len = strlen(taken);

	len += (size_t)snprintf(taken + len, sizeof(taken) - len, "%d ", priority);
	vsnprintf(taken + len, sizeof(taken) - len, fmt, ap);
	strncat(taken, "\n", sizeof(taken) - strlen(taken) - 1);
}

static void through_the_function(void)
{
	libcdev_set_log_fn(take, LOG_INFO);
	one_of_each();
	/* The child reports what the function saw on its stderr. */
	fputs(taken, stderr);
}

static void the_log_function_sees_both(void **state)
{
	char *out = stderr_of(through_the_function, "none");

	(void)state;
	assert_string_equal(out,
			    "6 lib info\n3 lib err 3\n6 mod: drv info\n3 mod: error: drv err\n");
	free(out);
}

#define THREADS 8
#define LINES	200

static void *print_lines(void *arg)
{
	char body[600];

	memset(body, 'a' + (int)(long)arg, sizeof(body) - 1);
	body[sizeof(body) - 1] = '\0';
	for (int i = 0; i < LINES; i++)
		pr_info("%s\n", body);
	return NULL;
}

static void many_threads(void)
{
	pthread_t t[THREADS];

	for (long i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, print_lines, (void *)i);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
}

static void lines_of_threads_never_mix(void **state)
{
	char *out = stderr_of(many_threads, NULL), *line, *rest = out;
	int lines = 0;

	(void)state;
	while ((line = strsep(&rest, "\n")) && *line) {
		/* "mod: " then 599 times one letter, nothing else. */
		assert_int_equal(strlen(line), 5 + 599);
		assert_memory_equal(line, "mod: ", 5);
		assert_int_equal(strspn(line + 5, (char[]){ line[5], '\0' }), 599);
		lines++;
	}
	assert_int_equal(lines, THREADS * LINES);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(default_level_is_info_for_both),
		cmocka_unit_test(one_threshold_for_both),
		cmocka_unit_test(the_log_function_sees_both),
		cmocka_unit_test(lines_of_threads_never_mix),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
