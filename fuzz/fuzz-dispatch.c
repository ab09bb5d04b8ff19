/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target: sequences of file operations through the dispatcher
 * (direct backend) on a small memory driver, with its cdev deleted and added
 * again in between, and ioctls with arbitrary commands and arguments.
 * Checked: no crash or leak; open is -ENXIO exactly when no live cdev holds
 * the number; reads and writes never return more than asked; every open
 * that reached the driver is released once.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/testdrv.h"
#include "fuzz-env.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FILES 4
#define DEV   MKDEV(240, 0)

static struct testdrv drv;
static struct file *files[FILES];
static bool live;

struct input {
	const uint8_t *p;
	size_t left;
};

static unsigned int take(struct input *in, size_t bytes)
{
	unsigned int v = 0;

	for (size_t i = 0; i < bytes && in->left; i++, in->left--)
		v = v << 8 | *in->p++;
	return v;
}

static void do_open(struct input *in)
{
	unsigned int slot = take(in, 1) % FILES, minor = take(in, 1) % 3;
	int flags = (int)(take(in, 1) % 3); /* O_RDONLY, O_WRONLY, O_RDWR */
	int err;

	if (files[slot])
		return;
	err = cdev_direct_open(DEV + minor, flags, &files[slot]);
	if ((err == -ENXIO) != !(live && minor < 2))
		abort();
	if (err)
		files[slot] = NULL;
}

static void do_io(struct input *in, int op)
{
	struct file *f = files[take(in, 1) % FILES];
	char buf[128];
	size_t n = take(in, 1) % sizeof(buf);
	ssize_t r;

	if (!f)
		return;
	if (op == 0) {
		r = cdev_direct_read(f, buf, n);
	} else {
		for (size_t i = 0; i < n; i++)
			buf[i] = (char)take(in, 1);
		r = cdev_direct_write(f, buf, n);
	}
	if (r > (ssize_t)n)
		abort();
}

static void do_llseek(struct input *in)
{
	struct file *f = files[take(in, 1) % FILES];
	loff_t off = (loff_t)(int)take(in, 4);
	int whence = (int)(take(in, 1) % 5);

	if (f)
		cdev_direct_llseek(f, off, whence);
}

static void do_ioctl(struct input *in)
{
	static const unsigned int cmds[] = { TESTDRV_IOC_GETSIZE, TESTDRV_IOC_SETFILL,
					     TESTDRV_IOC_ADD1 };
	struct file *f = files[take(in, 1) % FILES];
	unsigned int pick = take(in, 1), cmd = pick < 200 ? cmds[pick % 3] : take(in, 4);
	int value = (int)take(in, 4);
	/* A real argument, or a number that is not the caller's memory. */
	unsigned long arg = take(in, 1) & 1 ? (unsigned long)&value : take(in, 4);

	if (f)
		cdev_direct_ioctl(f, cmd, arg);
}

static void do_release(struct input *in)
{
	unsigned int slot = take(in, 1) % FILES;

	if (!files[slot])
		return;
	if (cdev_direct_release(files[slot]))
		abort();
	files[slot] = NULL;
}

static void do_toggle(void)
{
	if (live) {
		cdev_del(&drv.cdev);
		live = false;
		return;
	}
	/* An embedded cdev is set up again only once no file holds it, as a driver must. */
	for (int i = 0; i < FILES; i++)
		if (files[i])
			return;
	testdrv_init(&drv, NULL);
	if (cdev_add(&drv.cdev, DEV, 2))
		abort();
	live = true;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_env_setup();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = { data, size };

	do_toggle(); /* live */
	while (in.left) {
		switch (take(&in, 1) % 8) {
		case 0:
			do_open(&in);
			break;
		case 1:
			do_io(&in, 0);
			break;
		case 2:
			do_io(&in, 1);
			break;
		case 3:
			do_llseek(&in);
			break;
		case 4:
			do_ioctl(&in);
			break;
		case 5:
			do_release(&in);
			break;
		case 6:
			do_toggle();
			break;
		default:
			do_open(&in);
			break;
		}
	}
	for (int i = 0; i < FILES; i++)
		if (files[i]) {
			if (cdev_direct_release(files[i]))
				abort();
			files[i] = NULL;
		}
	/* Every open that reached the driver was released once. */
	if (drv.opens != drv.releases)
		abort();
	if (live)
		do_toggle();
	return 0;
}
