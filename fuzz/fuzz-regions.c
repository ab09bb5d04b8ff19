/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target: sequences of region calls (register_chrdev_region,
 * alloc_chrdev_region, unregister_chrdev_region) checked against a model of
 * the kernel's rules (fs/char_dev.c): a range is split per major and taken
 * whole or not at all; it is refused while it overlaps a region held; a
 * dynamic major comes from 254..234 or 511..384; unregister frees only an
 * exact chunk. After each input, the registry must hold exactly the model.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libcdev/libcdev.h>
#include "fuzz-env.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define HELD_MAX  256
#define SPLIT_MAX 20

struct chunk {
	unsigned int major, baseminor, count;
};

static struct chunk held[HELD_MAX];
static size_t nheld;

struct input {
	const uint8_t *p;
	size_t left;
};

static uint32_t take(struct input *in, size_t bytes)
{
	uint32_t v = 0;

	for (size_t i = 0; i < bytes && in->left; i++, in->left--)
		v = v << 8 | *in->p++;
	return v;
}

static bool overlaps_held(const struct chunk *c)
{
	for (size_t i = 0; i < nheld; i++)
		if (held[i].major == c->major && c->baseminor < held[i].baseminor + held[i].count &&
		    held[i].baseminor < c->baseminor + c->count)
			return true;
	return false;
}

/*
 * The kernel's split of [from, from + count) at major boundaries; -1 if a
 * chunk is invalid, with the valid chunks before it in out[0..*valid).
 */
static int split_valid(dev_t from, unsigned int count, struct chunk *out, int max, int *valid)
{
	uint64_t n = from, to = (uint64_t)from + count;
	int nr = 0;

	while (n < to) {
		uint64_t next = (uint64_t)MKDEV(MAJOR(n) + 1, 0);

		*valid = nr;
		if (MAJOR(n) >= CHRDEV_MAJOR_MAX || nr == max)
			return -1;
		if (next > to)
			next = to;
		out[nr++] = (struct chunk){ MAJOR(n), MINOR(n), (unsigned int)(next - n) };
		n = next;
	}
	*valid = nr;
	return nr;
}

static int split(dev_t from, unsigned int count, struct chunk *out, int max)
{
	int valid;

	return split_valid(from, count, out, max, &valid);
}

static void do_register(struct input *in)
{
	unsigned int major = take(in, 2) % 520, minor = take(in, 3) & MINORMASK;
	unsigned int count = take(in, 3); /* up to 16 majors' worth */
	struct chunk c[SPLIT_MAX];
	int valid, nr = split_valid(MKDEV(major, minor), count, c, SPLIT_MAX, &valid);
	int want = 0, err;

	if (count && major == 0)
		want = -EINVAL;
	else if (nr >= 0 && nheld + nr > HELD_MAX)
		return; /* more than the model tracks: not tried */
	/* As fs/char_dev.c, chunk by chunk: the first chunk that fails decides. */
	for (int i = 0; count && !want && i < valid; i++)
		if (overlaps_held(&c[i]))
			want = -EBUSY;
	if (count && !want && nr < 0)
		want = -EINVAL;
	err = register_chrdev_region(MKDEV(major, minor), count, "fuzz");
	if (err != want)
		abort();
	if (err || count == 0)
		return;
	memcpy(&held[nheld], c, nr * sizeof(c[0]));
	nheld += nr;
}

static bool dynamic_major(unsigned int major)
{
	return (major >= 234 && major <= 254) || (major >= 384 && major <= 511);
}

static void do_alloc(struct input *in)
{
	unsigned int baseminor = take(in, 3) & MINORMASK, count = take(in, 3);
	struct chunk c;
	dev_t dev;
	int err;

	if (nheld == HELD_MAX)
		return;
	err = alloc_chrdev_region(&dev, baseminor, count, "fuzz-dyn");
	if (count == 0 || count > MINORMASK + 1 - baseminor) {
		if (err != -EINVAL)
			abort();
		return;
	}
	if (err == -EBUSY)
		return; /* every dynamic major taken: possible with many held */
	c = (struct chunk){ MAJOR(dev), baseminor, count };
	if (err || MINOR(dev) != baseminor || !dynamic_major(c.major) || overlaps_held(&c) ||
	    c.major == 254) /* in /proc/devices: not free */
		abort();
	held[nheld++] = c;
}

static void forget(size_t i)
{
	held[i] = held[--nheld];
}

static void do_unregister(struct input *in)
{
	size_t i;

	if (!nheld)
		return;
	i = take(in, 1) % nheld;
	unregister_chrdev_region(MKDEV(held[i].major, held[i].baseminor), held[i].count);
	forget(i);
}

/* An unregister of what is not held exactly frees nothing else. */
static void do_unregister_other(struct input *in)
{
	unsigned int major = take(in, 2) % 520, minor = take(in, 3) & MINORMASK;
	unsigned int count = take(in, 2);
	struct chunk c[SPLIT_MAX];
	int nr = split(MKDEV(major, minor), count, c, SPLIT_MAX);

	if (nr < 0)
		return;
	unregister_chrdev_region(MKDEV(major, minor), count);
	for (int k = 0; k < nr; k++)
		for (size_t i = 0; i < nheld; i++)
			if (!memcmp(&held[i], &c[k], sizeof(c[k]))) {
				forget(i);
				break;
			}
}

struct seen {
	size_t n;
	bool bad;
};

static int check_one(const struct libcdev_region *r, void *data)
{
	struct seen *s = data;
	bool found = false;

	if (r->pid != getpid())
		return 0;
	for (size_t i = 0; i < nheld && !found; i++)
		found = held[i].major == r->major && held[i].baseminor == r->baseminor &&
			held[i].count == r->count;
	s->bad |= !found;
	s->n++;
	return 0;
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
	struct seen s = { 0 };

	while (in.left) {
		switch (take(&in, 1) % 4) {
		case 0:
			do_register(&in);
			break;
		case 1:
			do_alloc(&in);
			break;
		case 2:
			do_unregister(&in);
			break;
		default:
			do_unregister_other(&in);
			break;
		}
	}
	if (libcdev_regions_foreach(check_one, &s) || s.bad || s.n != nheld)
		abort();
	while (nheld) {
		unregister_chrdev_region(MKDEV(held[0].major, held[0].baseminor), held[0].count);
		forget(0);
	}
	return 0;
}
