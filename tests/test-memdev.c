/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The memdev example module (examples/memdev.c) through the direct backend:
 * loaded as cdevctl loads it (libcdev_module_load, _param, _start), then used
 * with cdev_direct_*(), which reach what a CUSE node cannot: the driver's
 * llseek. Checks data in linked blocks, truncation at a write-only open,
 * SEEK_SET/CUR/END, and the block-size ioctls, including EPERM for a caller
 * without CAP_SYS_ADMIN: a thread that drops it from its effective set (the
 * direct backend's `current` is the calling thread). Run as root, the main
 * thread's privileged calls succeed; run as another user, they fail EPERM and
 * the tests that need them are skipped.
 */
#include <errno.h>
#include <limits.h>
#include <linux/capability.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "test-util.h"
#include "examples/memdev.h"

#ifndef MEMDEV_SO
#error "MEMDEV_SO: the path of the built memdev.so"
#endif

#define MA 240
#ifndef SEEK_DATA /* <unistd.h> has them only with _GNU_SOURCE */
#define SEEK_DATA 3
#define SEEK_HOLE 4
#endif
#define MAX_BLOCKS 65536 /* MEMDEV_MAX_BLOCKS in memdev.c */

static struct module *mod;

static int load(const char *const *params)
{
	int err = libcdev_module_load(MEMDEV_SO, &mod);

	if (err) {
		fprintf(stderr, "load %s: %s\n", MEMDEV_SO, strerror(-err));
		return -1;
	}
	for (; *params; params++) {
		err = libcdev_module_param(mod, *params);
		if (err) {
			fprintf(stderr, "param %s: %s\n", *params, strerror(-err));
			libcdev_module_unload(mod, true);
			return -1;
		}
	}
	err = libcdev_module_start(mod);
	if (err)
		fprintf(stderr, "start: %s\n", strerror(-err));
	return err ? -1 : 0;
}

/* Two devices on major MA, blocks of the default 4000 bytes. */
static int setup_default(void **state)
{
	static const char *const params[] = { "major=240", "count=2", NULL };

	test_env_reset(state);
	return load(params);
}

/* Blocks of 4 bytes: block boundaries are easy to reach. */
static int setup_small(void **state)
{
	static const char *const params[] = { "major=240", "count=2", "block_size=4", NULL };

	test_env_reset(state);
	return load(params);
}

/* Every test closes its files: then the module unloads without force. */
static int teardown(void **state)
{
	(void)state;
	if (libcdev_module_unload(mod, false) == 0)
		return 0;
	fprintf(stderr, "memdev still in use: files left open\n");
	libcdev_module_unload(mod, true);
	return -1;
}

static struct file *open_dev(unsigned int minor, int flags)
{
	struct file *f = NULL;

	assert_int_equal(cdev_direct_open(MKDEV(MA, minor), flags, &f), 0);
	return f;
}

static void write_all(struct file *f, const char *s, size_t len)
{
	while (len) {
		ssize_t n = cdev_direct_write(f, s, len);

		assert_true(n > 0);
		s += n;
		len -= n;
	}
}

/* Read until end of file; return the length. */
static size_t read_all(struct file *f, char *buf, size_t size)
{
	size_t total = 0;
	ssize_t n;

	while ((n = cdev_direct_read(f, buf + total, size - total)) > 0)
		total += n;
	assert_int_equal(n, 0);
	return total;
}

/* Put @s on device @minor through a write-only open, which truncates first. */
static void put(unsigned int minor, const char *s)
{
	struct file *f = open_dev(minor, O_WRONLY);

	write_all(f, s, strlen(s));
	cdev_direct_release(f);
}

static long ioctl_val(unsigned int minor, unsigned int cmd, unsigned long arg)
{
	struct file *f = open_dev(minor, O_RDONLY);
	long r = cdev_direct_ioctl(f, cmd, arg);

	cdev_direct_release(f);
	return r;
}

static void *unmapped_address(void)
{
	void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	munmap(p, 4096);
	return p;
}

/* ---- loading ---- */

static void loads_with_its_parameters(void **state)
{
	struct file *f = NULL;

	(void)state;
	assert_string_equal(module_name(mod), "memdev");
	f = open_dev(0, O_RDONLY);
	cdev_direct_release(f);
	f = open_dev(1, O_RDONLY);
	/* count=2: minor 2 is no device. */
	assert_int_equal(cdev_direct_open(MKDEV(MA, 2), O_RDONLY, &f), -ENXIO);
	/* An open file pins the module (through its cdev and its fops, as in the kernel). */
	assert_true(module_refcount(mod) > 0);
	assert_int_equal(libcdev_module_unload(mod, false), -EBUSY);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCQBLOCK, 0), MEMDEV_BLOCK_DEFAULT);
	cdev_direct_release(f);
	assert_int_equal(module_refcount(mod), 0);
}

/* ---- data in blocks ---- */

static void data_is_kept_in_blocks(void **state)
{
	struct file *f = open_dev(0, O_RDWR);
	char buf[64] = "";

	(void)state;
	/* One write stops at the end of a block, as scull's does. */
	assert_int_equal(cdev_direct_write(f, "hello, world", 12), 4);
	write_all(f, "o, world", 8);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCQBLOCKS, 0), 3);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCQDEVBLOCK, 0), 4);
	cdev_direct_release(f);

	f = open_dev(0, O_RDONLY);
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), 4);
	assert_memory_equal(buf, "hell", 4);
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), 4);
	assert_memory_equal(buf, "o, w", 4);
	assert_int_equal(cdev_direct_read(f, buf, 2), 2);
	assert_int_equal(cdev_direct_read(f, buf + 2, sizeof(buf)), 2);
	assert_memory_equal(buf, "orld", 4);
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), 0);
	cdev_direct_release(f);

	/* The other device has its own data. */
	f = open_dev(1, O_RDONLY);
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), 0);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCQBLOCKS, 0), 0);
	cdev_direct_release(f);
}

static void write_only_open_truncates(void **state)
{
	char buf[64];
	struct file *f;

	(void)state;
	put(0, "0123456789");
	/* Read-write and read-only opens keep the data. */
	f = open_dev(0, O_RDWR);
	cdev_direct_release(f);
	f = open_dev(0, O_RDONLY);
	assert_int_equal(read_all(f, buf, sizeof(buf)), 10);
	cdev_direct_release(f);

	/* Write-only frees it at open, before any write. */
	f = open_dev(0, O_WRONLY);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCQBLOCKS, 0), 0);
	cdev_direct_release(f);
	f = open_dev(0, O_RDONLY);
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), 0);
	cdev_direct_release(f);

	/* O_APPEND does not truncate, and writes go to the end. */
	put(0, "abc");
	f = open_dev(0, O_WRONLY | O_APPEND);
	write_all(f, "def", 3);
	cdev_direct_release(f);
	f = open_dev(0, O_RDONLY);
	assert_int_equal(read_all(f, buf, sizeof(buf)), 6);
	assert_memory_equal(buf, "abcdef", 6);
	cdev_direct_release(f);
}

/* ---- llseek ---- */

static void llseek_set_cur_end(void **state)
{
	char buf[16] = "";
	struct file *f;

	(void)state;
	put(0, "0123456789");
	f = open_dev(0, O_RDONLY);
	assert_int_equal(cdev_direct_llseek(f, 2, SEEK_SET), 2);
	assert_int_equal(f->f_pos, 2);
	assert_int_equal(cdev_direct_read(f, buf, 3), 3);
	assert_memory_equal(buf, "234", 3);
	assert_int_equal(f->f_pos, 5);

	assert_int_equal(cdev_direct_llseek(f, -1, SEEK_CUR), 4);
	assert_int_equal(cdev_direct_read(f, buf, 1), 1);
	assert_memory_equal(buf, "4", 1);
	assert_int_equal(cdev_direct_llseek(f, 0, SEEK_CUR), 5);
	assert_int_equal(cdev_direct_llseek(f, 2, SEEK_CUR), 7);
	assert_int_equal(cdev_direct_read(f, buf, 1), 1);
	assert_memory_equal(buf, "7", 1);

	/* SEEK_END counts from the size of the data. */
	assert_int_equal(cdev_direct_llseek(f, -3, SEEK_END), 7);
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), 3);
	assert_memory_equal(buf, "789", 3);
	assert_int_equal(cdev_direct_llseek(f, 0, SEEK_END), 10);
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), 0);
	assert_int_equal(cdev_direct_llseek(f, 0, SEEK_SET), 0);
	assert_int_equal(cdev_direct_read(f, buf, 1), 1);
	assert_memory_equal(buf, "0", 1);
	cdev_direct_release(f);
}

static void llseek_rejects_bad_positions(void **state)
{
	struct file *f;

	(void)state;
	put(0, "0123456789");
	f = open_dev(0, O_RDONLY);
	assert_int_equal(cdev_direct_llseek(f, 4, SEEK_SET), 4);
	assert_int_equal(cdev_direct_llseek(f, -1, SEEK_SET), -EINVAL);
	assert_int_equal(cdev_direct_llseek(f, -5, SEEK_CUR), -EINVAL);
	assert_int_equal(cdev_direct_llseek(f, -11, SEEK_END), -EINVAL);
	/* whence values the driver does not define */
	assert_int_equal(cdev_direct_llseek(f, 0, SEEK_DATA), -EINVAL);
	assert_int_equal(cdev_direct_llseek(f, 0, SEEK_HOLE), -EINVAL);
	/* A failed seek leaves the position alone. */
	assert_int_equal(f->f_pos, 4);
	/* Overflow is an error, not a wrap. */
	assert_int_equal(cdev_direct_llseek(f, LLONG_MAX, SEEK_SET), LLONG_MAX);
	assert_int_equal(cdev_direct_llseek(f, 1, SEEK_CUR), -EINVAL);
	assert_int_equal(cdev_direct_llseek(f, LLONG_MAX, SEEK_END), -EINVAL);
	cdev_direct_release(f);
}

static void seek_past_end_leaves_a_hole_of_zeros(void **state)
{
	static const char want[11] = "ab\0\0\0\0\0\0\0\0Z";
	char buf[32];
	struct file *f;

	(void)state;
	put(0, "ab");
	f = open_dev(0, O_RDWR);
	assert_int_equal(cdev_direct_llseek(f, 10, SEEK_SET), 10);
	assert_int_equal(cdev_direct_read(f, buf, sizeof(buf)), 0); /* past the end */
	assert_int_equal(cdev_direct_write(f, "Z", 1), 1);
	assert_int_equal(cdev_direct_llseek(f, 0, SEEK_END), 11);
	/* Blocks 0..2 are in the list; block 1 was never written. */
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCQBLOCKS, 0), 3);
	assert_int_equal(cdev_direct_llseek(f, 0, SEEK_SET), 0);
	assert_int_equal(read_all(f, buf, sizeof(buf)), 11);
	assert_memory_equal(buf, want, 11);
	cdev_direct_release(f);
}

static void writes_past_the_block_limit_are_efbig(void **state)
{
	struct file *f;

	(void)state;
	f = open_dev(0, O_WRONLY);
	assert_int_equal(cdev_direct_llseek(f, MAX_BLOCKS * 4LL, SEEK_SET), MAX_BLOCKS * 4LL);
	assert_int_equal(cdev_direct_write(f, "x", 1), -EFBIG);
	assert_int_equal(cdev_direct_llseek(f, MAX_BLOCKS * 4LL - 1, SEEK_SET),
			 MAX_BLOCKS * 4LL - 1);
	assert_int_equal(cdev_direct_write(f, "xy", 2), 1);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCQBLOCKS, 0), MAX_BLOCKS);
	cdev_direct_release(f);
}

/* ---- ioctls ---- */

static void ioctl_reads_need_no_privilege(void **state)
{
	struct file *f = open_dev(0, O_RDONLY);
	int v = 0;

	(void)state;
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCGBLOCK, (unsigned long)&v), 0);
	assert_int_equal(v, 4);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCQBLOCK, 0), 4);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCGBLOCK, (unsigned long)unmapped_address()),
			 -EFAULT);
	/* Not memdev's: wrong magic, or a number past the last. */
	assert_int_equal(cdev_direct_ioctl(f, _IO('z', 4), 0), -ENOTTY);
	assert_int_equal(cdev_direct_ioctl(f, _IO(MEMDEV_IOC_MAGIC, MEMDEV_IOC_MAXNR + 1), 0),
			 -ENOTTY);
	cdev_direct_release(f);
}

static void ioctl_sets_block_size_every_way(void **state)
{
	struct file *f = open_dev(0, O_RDONLY);
	int v;

	(void)state;
	if (!capable(CAP_SYS_ADMIN)) {
		/* Not root: the privileged commands are refused; the rest needs root. */
		assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCTBLOCK, 8), -EPERM);
		cdev_direct_release(f);
		skip();
	}
	v = 8; /* Set, by pointer */
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCSBLOCK, (unsigned long)&v), 0);
	v = 0; /* Get, by pointer */
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCGBLOCK, (unsigned long)&v), 0);
	assert_int_equal(v, 8);
	/* Tell, by value; Query, as the result */
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCTBLOCK, 16), 0);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCQBLOCK, 0), 16);
	v = 32; /* eXchange, by pointer: the old value comes back in v */
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCXBLOCK, (unsigned long)&v), 0);
	assert_int_equal(v, 16);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCQBLOCK, 0), 32);
	/* sHift, by value: the old value is the result */
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCHBLOCK, 64), 32);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCQBLOCK, 0), 64);
	/* Reset: back to the value given at load time (block_size=4) */
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCRESET, 0), 0);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCQBLOCK, 0), 4);

	/* Bad values change nothing. */
	v = 0;
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCSBLOCK, (unsigned long)&v), -EINVAL);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCTBLOCK, (unsigned long)-1), -EINVAL);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCTBLOCK, MEMDEV_BLOCK_MAX + 1), -EINVAL);
	v = -3;
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCXBLOCK, (unsigned long)&v), -EINVAL);
	assert_int_equal(v, -3);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCHBLOCK, 0), -EINVAL);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCSBLOCK, (unsigned long)unmapped_address()),
			 -EFAULT);
	assert_int_equal(cdev_direct_ioctl(f, MEMDEV_IOCQBLOCK, 0), 4);
	cdev_direct_release(f);
}

static void new_block_size_applies_at_truncation(void **state)
{
	struct file *f;

	(void)state;
	if (!capable(CAP_SYS_ADMIN))
		skip();
	put(0, "0123456789");
	assert_int_equal(ioctl_val(0, MEMDEV_IOCTBLOCK, 5), 0);
	/* Data already there keeps its blocks... */
	assert_int_equal(ioctl_val(0, MEMDEV_IOCQDEVBLOCK, 0), 4);
	assert_int_equal(ioctl_val(0, MEMDEV_IOCQBLOCKS, 0), 3);
	/* ...until the device is truncated. */
	put(0, "0123456789");
	assert_int_equal(ioctl_val(0, MEMDEV_IOCQDEVBLOCK, 0), 5);
	assert_int_equal(ioctl_val(0, MEMDEV_IOCQBLOCKS, 0), 2);
	f = open_dev(0, O_RDONLY);
	assert_int_equal(cdev_direct_read(f, (char[16]){ 0 }, 16), 5);
	cdev_direct_release(f);
	/* Device 1 still has the size it took at load time. */
	assert_int_equal(ioctl_val(1, MEMDEV_IOCQDEVBLOCK, 0), 4);
}

/* What a thread without CAP_SYS_ADMIN in its effective set gets. */
struct unprivileged {
	struct file *f;
	int capset_err;
	long reset, set, tell, xchg, shift, get, query;
	int got;
};

static int drop_effective_cap(int cap)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];

	if (syscall(SYS_capget, &hdr, data))
		return -errno;
	data[CAP_TO_INDEX(cap)].effective &= ~CAP_TO_MASK(cap);
	/* pid 0: this thread only; the rest of the process keeps it. */
	if (syscall(SYS_capset, &hdr, data))
		return -errno;
	return 0;
}

static void *unprivileged_calls(void *arg)
{
	struct unprivileged *u = arg;
	int v = 8;

	u->capset_err = drop_effective_cap(CAP_SYS_ADMIN);
	if (u->capset_err)
		return NULL;
	u->reset = cdev_direct_ioctl(u->f, MEMDEV_IOCRESET, 0);
	u->set = cdev_direct_ioctl(u->f, MEMDEV_IOCSBLOCK, (unsigned long)&v);
	u->tell = cdev_direct_ioctl(u->f, MEMDEV_IOCTBLOCK, 8);
	u->xchg = cdev_direct_ioctl(u->f, MEMDEV_IOCXBLOCK, (unsigned long)&v);
	u->shift = cdev_direct_ioctl(u->f, MEMDEV_IOCHBLOCK, 8);
	u->get = cdev_direct_ioctl(u->f, MEMDEV_IOCGBLOCK, (unsigned long)&u->got);
	u->query = cdev_direct_ioctl(u->f, MEMDEV_IOCQBLOCK, 0);
	return NULL;
}

static void privileged_ioctls_need_cap_sys_admin(void **state)
{
	struct unprivileged u = { 0 };
	pthread_t t;

	(void)state;
	u.f = open_dev(0, O_RDONLY);
	assert_int_equal(pthread_create(&t, NULL, unprivileged_calls, &u), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_int_equal(u.capset_err, 0);
	assert_int_equal(u.reset, -EPERM);
	assert_int_equal(u.set, -EPERM);
	assert_int_equal(u.tell, -EPERM);
	assert_int_equal(u.xchg, -EPERM);
	assert_int_equal(u.shift, -EPERM);
	/* Reading the value needs no privilege, and it did not change. */
	assert_int_equal(u.get, 0);
	assert_int_equal(u.got, 4);
	assert_int_equal(u.query, 4);

	/* This thread kept CAP_SYS_ADMIN if it is root's. */
	if (!capable(CAP_SYS_ADMIN)) {
		cdev_direct_release(u.f);
		skip();
	}
	assert_int_equal(cdev_direct_ioctl(u.f, MEMDEV_IOCTBLOCK, 8), 0);
	assert_int_equal(cdev_direct_ioctl(u.f, MEMDEV_IOCQBLOCK, 0), 8);
	cdev_direct_release(u.f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(loads_with_its_parameters, setup_default, teardown),
		cmocka_unit_test_setup_teardown(data_is_kept_in_blocks, setup_small, teardown),
		cmocka_unit_test_setup_teardown(write_only_open_truncates, setup_small, teardown),
		cmocka_unit_test_setup_teardown(llseek_set_cur_end, setup_default, teardown),
		cmocka_unit_test_setup_teardown(llseek_rejects_bad_positions, setup_default,
						teardown),
		cmocka_unit_test_setup_teardown(seek_past_end_leaves_a_hole_of_zeros, setup_small,
						teardown),
		cmocka_unit_test_setup_teardown(writes_past_the_block_limit_are_efbig, setup_small,
						teardown),
		cmocka_unit_test_setup_teardown(ioctl_reads_need_no_privilege, setup_small,
						teardown),
		cmocka_unit_test_setup_teardown(ioctl_sets_block_size_every_way, setup_small,
						teardown),
		cmocka_unit_test_setup_teardown(new_block_size_applies_at_truncation, setup_small,
						teardown),
		cmocka_unit_test_setup_teardown(privileged_ioctls_need_cap_sys_admin, setup_small,
						teardown),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
