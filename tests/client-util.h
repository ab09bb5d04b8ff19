/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the device tests' clients (tests/cuse/cdev-client.c,
 * tests/examples/client.c) share: errno names as the tests compare them,
 * an interruptible SIGUSR1 and an address that is certainly unmapped.
 */
#ifndef LIBCDEV_TESTS_CLIENT_UTIL_H
#define LIBCDEV_TESTS_CLIENT_UTIL_H

#include <sys/types.h>

/* "ENXIO" and the like; strerror() for the names the tests never use. */
const char *errname(int e);

/* Print errno's name and return 1, the clients' "the call failed" status. */
int fail(void);

/* open(2), or print errno's name and exit 1: the call under test failed. */
int open_or_fail(const char *path, int flags);

/*
 * Line-buffer stdout (the tests wait for lines as they come) and make
 * SIGUSR1 interrupt a blocked call, without SA_RESTART: it fails EINTR.
 */
void client_init(void);

/* An address with nothing mapped: the driver's copy must fail EFAULT. */
void *unmapped_address(void);

/*
 * Read 3 bytes, lseek(0, SEEK_SET), read 3 more and print
 * "FIRST RESULT SECOND": whether a seek reached the driver's position.
 */
int seek_and_reread(int fd);

#endif
