/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "client-util.h"

/*
 * Read by AddressSanitizer at start-up, in a sanitizer build only.  A client
 * run with a real uid apart from its effective one is not dumpable: it can
 * neither read its own /proc/self/environ (so ASAN_OPTIONS would not reach
 * it) nor be stopped by LeakSanitizer's tracer, which then fails the run.
 * The runtime looks the function up dynamically: it must not be hidden.
 */
__attribute__((visibility("default"))) const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return getuid() != geteuid() ? "detect_leaks=0" : "";
}

const char *errname(int e)
{
	static const struct {
		int e;
		const char *name;
	} names[] = {
		{ ENXIO, "ENXIO" },
		{ EINTR, "EINTR" },
		{ EAGAIN, "EAGAIN" },
		{ EFAULT, "EFAULT" },
		{ ENOTTY, "ENOTTY" },
		{ EBUSY, "EBUSY" },
		{ EINVAL, "EINVAL" },
		{ ESPIPE, "ESPIPE" },
		{ ENODEV, "ENODEV" },
		{ ENOENT, "ENOENT" },
		{ EACCES, "EACCES" },
		{ EPERM, "EPERM" },
		{ ENOSPC, "ENOSPC" },
		{ EFBIG, "EFBIG" },
		{ EBADF, "EBADF" },
		{ ENOTCONN, "ENOTCONN" },
		{ ECONNABORTED, "ECONNABORTED" },
		{ ENODATA, "ENODATA" },
		{ EIO, "EIO" },
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].e == e)
			return names[i].name;
	return strerror(e);
}

int fail(void)
{
	printf("%s\n", errname(errno));
	return 1;
}

int open_or_fail(const char *path, int flags)
{
	int fd = open(path, flags);

	if (fd < 0)
		exit(fail());
	return fd;
}

static void on_signal(int sig)
{
	(void)sig; /* only interrupts the blocked call */
}

void client_init(void)
{
	struct sigaction sa = { .sa_handler = on_signal };

	setvbuf(stdout, NULL, _IOLBF, 0);
	sigaction(SIGUSR1, &sa, NULL);
}

void *unmapped_address(void)
{
	void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	munmap(p, 4096);
	return p;
}

int seek_and_reread(int fd)
{
	char a[4] = "", b[4] = "";
	off_t off;

	if (read(fd, a, 3) < 0)
		return fail();
	off = lseek(fd, 0, SEEK_SET);
	if (off < 0)
		return fail();
	if (read(fd, b, 3) < 0)
		return fail();
	printf("%s %lld %s\n", a, (long long)off, b);
	return 0;
}
