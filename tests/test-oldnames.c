/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A program built the way modules and programs were before the library's
 * symbols took the libcdev_ prefix: it declares the kernel's names itself,
 * includes no libcdev header, and so binds to down@LIBCDEV_0 and the other
 * names of the first release (test-oldnames.sh checks that with readelf).
 * Those are aliases of the prefixed functions and objects: every call must
 * still do what it did.
 *
 * Built -fPIC, as a module is: an object of the library (system_wq) is then
 * reached through the GOT, not copied into the program (the old names are
 * aliases without a size, see libcdev-aliases.ld).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

/* Room for the library's struct semaphore and struct completion, unseen. */
struct opaque {
	_Alignas(max_align_t) unsigned char bytes[1024];
};

void sema_init(struct opaque *sem, int val);
void down(struct opaque *sem);
int down_trylock(struct opaque *sem);
void up(struct opaque *sem);
void init_completion(struct opaque *x);
void complete(struct opaque *x);
bool try_wait_for_completion(struct opaque *x);
bool completion_done(struct opaque *x);
int printk(const char *fmt, ...);
extern void *system_wq;
/* libcdev's own helpers of the first release, renamed since. */
void __wait_deadline(struct timespec *deadline, long timeout_ms);
long __wait_remaining(const struct timespec *deadline);
unsigned int kobject_refcount(const void *kobj);

static int failed;

#define check(cond)                                                                     \
	do {                                                                            \
		if (!(cond)) {                                                          \
			fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); \
			failed = 1;                                                     \
		}                                                                       \
	} while (0)

int main(void)
{
	static struct opaque sem, done;
	struct timespec dl;
	long left;

	sema_init(&sem, 1);
	down(&sem);
	check(down_trylock(&sem) != 0); /* held */
	up(&sem);
	check(down_trylock(&sem) == 0);
	up(&sem);

	init_completion(&done);
	check(!completion_done(&done));
	complete(&done);
	check(completion_done(&done));
	check(try_wait_for_completion(&done));
	check(!try_wait_for_completion(&done));

	check(printk("\0016old names: printk\n") > 0);
	check(system_wq != NULL);

	__wait_deadline(&dl, 60000);
	left = __wait_remaining(&dl);
	check(left > 50000 && left <= 60000);
	check(kobject_refcount(NULL) == 0);

	if (!failed)
		printf("the names of LIBCDEV_0 work\n");
	return failed;
}
