/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Device number regions in one process: register_chrdev_region(),
 * alloc_chrdev_region(), unregister_chrdev_region() and register_chrdev()
 * (DESIGN: "Kernel facts the API must match"). Every test starts with an
 * empty registry and a fake /proc/devices that lists majors 1, 4, 5 and 10.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test-util.h"

/* ---- the registry file, as the tests read it ---- */

struct line {
	unsigned int major, baseminor, count;
	int pid;
	unsigned long long start;
	char name[256];
};

/* The whole registry file; "" when it does not exist. */
static const char *registry_read(void)
{
	static char buf[65536];
	size_t len = 0;
	FILE *f = fopen(test_env.registry, "r");

	buf[0] = '\0';
	if (!f)
		return buf;
	len = fread(buf, 1, sizeof(buf) - 1, f);
	buf[len] = '\0';
	fclose(f);
	return buf;
}

/* The registry file without its comments: the regions it holds, in its order. */
static const char *registry_regions(void)
{
	static char out[65536];
	const char *p = registry_read();
	size_t n = 0;

	while (*p) {
		size_t len = strcspn(p, "\n") + (p[strcspn(p, "\n")] == '\n');

		if (*p != '#') {
			memcpy(out + n, p, len);
			n += len;
		}
		p += len;
	}
	out[n] = '\0';
	return out;
}

/* The region lines of the registry file (comments skipped); their number. */
static int registry_lines(struct line *out, int max)
{
	const char *p = registry_read();
	int n = 0;

	while (*p) {
		size_t len = strcspn(p, "\n");
		struct line l = { 0 };
		int at = -1;

		if (*p != '#') {
			assert_int_equal(sscanf(p, "%u %u %u %d %llu %n", &l.major, &l.baseminor,
						&l.count, &l.pid, &l.start, &at),
					 5);
			assert_true(at > 0 && (size_t)at < len);
			assert_true(len - at < sizeof(l.name));
			memcpy(l.name, p + at, len - at);
			if (n < max)
				out[n] = l;
			n++;
		}
		p += len;
		if (*p == '\n')
			p++;
	}
	return n;
}

static int registry_count(void)
{
	return registry_lines(NULL, 0);
}

/* Whether this process holds exactly the region major:baseminor+count. */
static bool registry_has(unsigned int major, unsigned int baseminor, unsigned int count)
{
	static struct line v[256];
	int n = registry_lines(v, 256);

	for (int i = 0; i < n && i < 256; i++)
		if (v[i].major == major && v[i].baseminor == baseminor && v[i].count == count &&
		    v[i].pid == (int)getpid())
			return true;
	return false;
}

/* A region that is busy refuses one more number inside it. */
static void assert_busy(dev_t dev)
{
	assert_int_equal(register_chrdev_region(dev, 1, "probe"), -EBUSY);
}

/* A region that is free takes one number, given back at once. */
static void assert_free(dev_t dev)
{
	assert_int_equal(register_chrdev_region(dev, 1, "probe"), 0);
	unregister_chrdev_region(dev, 1);
}

static const struct file_operations test_fops;

/* ---- register_chrdev_region ---- */

static void register_region_success(void **state)
{
	(void)state;
	assert_int_equal(register_chrdev_region(MKDEV(100, 5), 10, "success"), 0);
	assert_int_equal(registry_count(), 1);
	assert_true(registry_has(100, 5, 10));
	assert_busy(MKDEV(100, 5));
	assert_busy(MKDEV(100, 14));
	assert_free(MKDEV(100, 4));
	assert_free(MKDEV(100, 15));
	unregister_chrdev_region(MKDEV(100, 5), 10);
	assert_int_equal(registry_count(), 0);
}

static void register_region_count_zero_registers_nothing(void **state)
{
	(void)state;
	assert_int_equal(register_chrdev_region(MKDEV(100, 0), 0, "nothing"), 0);
	assert_int_equal(registry_count(), 0);
	/* Even a major or name that would be refused: nothing is looked at. */
	assert_int_equal(register_chrdev_region(MKDEV(600, 0), 0, "nothing"), 0);
	assert_int_equal(register_chrdev_region(MKDEV(100, 0), 0, NULL), 0);
	assert_int_equal(registry_count(), 0);
	/* The numbers were never taken: an overlapping registration succeeds. */
	assert_int_equal(register_chrdev_region(MKDEV(100, 0), 4, "after"), 0);
	assert_int_equal(registry_count(), 1);
}

static void register_region_overlap_ebusy(void **state)
{
	(void)state;
	assert_int_equal(register_chrdev_region(MKDEV(100, 10), 10, "first"), 0); /* 10..19 */
	/* Partial overlap at the start and at the end. */
	assert_int_equal(register_chrdev_region(MKDEV(100, 5), 6, "low"), -EBUSY);   /* 5..10 */
	assert_int_equal(register_chrdev_region(MKDEV(100, 19), 6, "high"), -EBUSY); /* 19..24 */
	/* Containment both ways, and the very same range. */
	assert_int_equal(register_chrdev_region(MKDEV(100, 12), 3, "inside"), -EBUSY);
	assert_int_equal(register_chrdev_region(MKDEV(100, 0), 100, "around"), -EBUSY);
	assert_int_equal(register_chrdev_region(MKDEV(100, 10), 10, "same"), -EBUSY);
	/* A split range whose second chunk overlaps. */
	assert_int_equal(register_chrdev_region(MKDEV(99, MINORMASK), 12, "split"), -EBUSY);
	/* Nothing of the refused requests stayed. */
	assert_int_equal(registry_count(), 1);
	assert_true(registry_has(100, 10, 10));
	assert_free(MKDEV(99, MINORMASK));
}

static void register_region_adjacent_ok(void **state)
{
	(void)state;
	assert_int_equal(register_chrdev_region(MKDEV(100, 10), 10, "middle"), 0);
	assert_int_equal(register_chrdev_region(MKDEV(100, 0), 10, "below"), 0);
	assert_int_equal(register_chrdev_region(MKDEV(100, 20), 10, "above"), 0);
	/* The same minors of another major are other numbers. */
	assert_int_equal(register_chrdev_region(MKDEV(101, 10), 10, "other"), 0);
	assert_int_equal(registry_count(), 4);
}

static void register_region_major_too_big_einval(void **state)
{
	(void)state;
	assert_int_equal(register_chrdev_region(MKDEV(512, 0), 1, "big"), -EINVAL);
	assert_int_equal(register_chrdev_region(MKDEV(513, 7), 3, "big"), -EINVAL);
	assert_int_equal(register_chrdev_region(MKDEV(4095, 0), 1, "big"), -EINVAL);
	assert_int_equal(registry_count(), 0);
	/* The last major exists. */
	assert_int_equal(register_chrdev_region(MKDEV(511, MINORMASK), 1, "last"), 0);
	assert_true(registry_has(511, MINORMASK, 1));
}

static void register_region_split_at_major_boundary(void **state)
{
	(void)state;
	/* 0xFFF00..0xFFFFF of major 100, then 0..0xFF of major 101. */
	assert_int_equal(register_chrdev_region(MKDEV(100, 0xFFF00), 0x200, "split"), 0);
	assert_int_equal(registry_count(), 2);
	assert_true(registry_has(100, 0xFFF00, 0x100));
	assert_true(registry_has(101, 0, 0x100));
	assert_busy(MKDEV(100, MINORMASK));
	assert_busy(MKDEV(101, 0xFF));
	assert_free(MKDEV(101, 0x100));

	/* Each chunk is a region of its own: it goes by an exact unregister. */
	unregister_chrdev_region(MKDEV(100, 0xFFF00), 0x100);
	assert_int_equal(registry_count(), 1);
	assert_free(MKDEV(100, MINORMASK));
	assert_busy(MKDEV(101, 0));
	unregister_chrdev_region(MKDEV(101, 0), 0x100);
	assert_int_equal(registry_count(), 0);
	assert_free(MKDEV(101, 0));
}

static void register_region_split_three_majors(void **state)
{
	(void)state;
	/* The last minor of 100, all of 101, the first two minors of 102. */
	assert_int_equal(
		register_chrdev_region(MKDEV(100, MINORMASK), 1 + (MINORMASK + 1) + 2, "three"), 0);
	assert_int_equal(registry_count(), 3);
	assert_true(registry_has(100, MINORMASK, 1));
	assert_true(registry_has(101, 0, MINORMASK + 1));
	assert_true(registry_has(102, 0, 2));
	assert_free(MKDEV(102, 2));

	unregister_chrdev_region(MKDEV(101, 0), MINORMASK + 1);
	assert_int_equal(registry_count(), 2);
	assert_free(MKDEV(101, 0x777));
	/* The same whole range unregisters the chunks that are left. */
	unregister_chrdev_region(MKDEV(100, MINORMASK), 1 + (MINORMASK + 1) + 2);
	assert_int_equal(registry_count(), 0);
}

static void register_region_rollback_when_next_major_busy(void **state)
{
	const char *before;

	(void)state;
	assert_int_equal(register_chrdev_region(MKDEV(101, 0x80), 1, "other"), 0);
	before = strdup(registry_regions());
	assert_non_null(before);

	assert_int_equal(register_chrdev_region(MKDEV(100, 0xFFF00), 0x200, "rolled"), -EBUSY);
	assert_string_equal(registry_regions(), before);
	/* The first chunk's numbers are free again. */
	assert_int_equal(register_chrdev_region(MKDEV(100, 0xFFF00), 0x100, "again"), 0);
	unregister_chrdev_region(MKDEV(100, 0xFFF00), 0x100);

	/* Busy in the third major: the first two chunks are rolled back. */
	assert_int_equal(register_chrdev_region(MKDEV(99, MINORMASK), 1 + (MINORMASK + 1) + 0x81,
						"rolled"),
			 -EBUSY);
	assert_string_equal(registry_regions(), before);
	assert_free(MKDEV(99, MINORMASK));
	assert_free(MKDEV(100, 0));
	free((void *)before);
}

static void register_region_rollback_past_last_major(void **state)
{
	(void)state;
	/* 0xFFFF0..0xFFFFF of 511 would be fine; the rest would be major 512. */
	assert_int_equal(register_chrdev_region(MKDEV(511, 0xFFFF0), 0x20, "past"), -EINVAL);
	assert_int_equal(registry_count(), 0);
	assert_int_equal(register_chrdev_region(MKDEV(511, 0xFFFF0), 0x10, "fits"), 0);
	unregister_chrdev_region(MKDEV(511, 0xFFFF0), 0x10);

	/* Two good chunks (510, 511) before the bad one. */
	assert_int_equal(register_chrdev_region(MKDEV(510, 0xFFFF0), 0x10 + MINORMASK + 1 + 1,
						"past"),
			 -EINVAL);
	assert_int_equal(registry_count(), 0);
	assert_free(MKDEV(510, MINORMASK));
	assert_free(MKDEV(511, 0));
}

/* libcdev deviation: the kernel would quietly allocate a dynamic major. */
static void register_region_major_zero_einval(void **state)
{
	(void)state;
	assert_int_equal(register_chrdev_region(MKDEV(0, 0), 1, "zero"), -EINVAL);
	assert_int_equal(register_chrdev_region(MKDEV(0, 5), 10, "zero"), -EINVAL);
	assert_int_equal(register_chrdev_region(MKDEV(0, MINORMASK), 2, "zero"), -EINVAL);
	assert_int_equal(registry_count(), 0);
}

static void register_region_null_name_einval(void **state)
{
	(void)state;
	assert_int_equal(register_chrdev_region(MKDEV(100, 0), 1, NULL), -EINVAL);
	assert_int_equal(registry_count(), 0);
	assert_free(MKDEV(100, 0));
}

/* ---- alloc_chrdev_region ---- */

static void alloc_region_dynamic_major_order(void **state)
{
	dev_t dev;
	unsigned int major;

	(void)state;
	/* The fake /proc/devices lists 254 among block devices only: no matter. */
	for (major = 254; major >= 234; major--) {
		assert_int_equal(alloc_chrdev_region(&dev, 0, 1, "dyn"), 0);
		assert_int_equal(MAJOR(dev), major);
	}
	for (major = 511; major >= 384; major--) {
		assert_int_equal(alloc_chrdev_region(&dev, 0, 1, "dyn"), 0);
		assert_int_equal(MAJOR(dev), major);
	}
	assert_int_equal(registry_count(), 21 + 128);
	/* All dynamic majors taken; the static ones in between are never used. */
	assert_int_equal(alloc_chrdev_region(&dev, 0, 1, "dyn"), -EBUSY);
	assert_free(MKDEV(233, 0));
	assert_free(MKDEV(383, 0));
	assert_free(MKDEV(255, 0));

	/* A freed dynamic major is found again. */
	unregister_chrdev_region(MKDEV(400, 0), 1);
	assert_int_equal(alloc_chrdev_region(&dev, 0, 1, "dyn"), 0);
	assert_int_equal(dev, MKDEV(400, 0));
}

static void alloc_region_skips_registered_majors(void **state)
{
	dev_t dev;

	(void)state;
	/* Any region in a major, however small, makes the major used. */
	assert_int_equal(register_chrdev_region(MKDEV(254, 77), 1, "static"), 0);
	assert_int_equal(alloc_chrdev_region(&dev, 0, 1, "dyn"), 0);
	assert_int_equal(MAJOR(dev), 253);
}

static void alloc_region_sets_dev(void **state)
{
	dev_t dev = 0;

	(void)state;
	assert_int_equal(alloc_chrdev_region(&dev, 0, 4, "sets"), 0);
	assert_int_equal(dev, MKDEV(254, 0));
	assert_int_equal(alloc_chrdev_region(&dev, 0x1234, 16, "sets"), 0);
	assert_int_equal(dev, MKDEV(253, 0x1234));
	assert_true(registry_has(253, 0x1234, 16));
	assert_busy(MKDEV(253, 0x1234 + 15));
	assert_free(MKDEV(253, 0x1234 + 16));
	/* The whole minor space of one major. */
	assert_int_equal(alloc_chrdev_region(&dev, 0, MINORMASK + 1, "sets"), 0);
	assert_int_equal(dev, MKDEV(252, 0));
}

static void alloc_region_minor_range_einval(void **state)
{
	dev_t dev = MKDEV(7, 7);

	(void)state;
	assert_int_equal(alloc_chrdev_region(&dev, 0, MINORMASK + 2, "big"), -EINVAL);
	assert_int_equal(alloc_chrdev_region(&dev, 1, MINORMASK + 1, "big"), -EINVAL);
	assert_int_equal(alloc_chrdev_region(&dev, MINORMASK, 2, "big"), -EINVAL);
	assert_int_equal(alloc_chrdev_region(&dev, MINORMASK + 1, 1, "big"), -EINVAL);
	assert_int_equal(alloc_chrdev_region(&dev, 0xFFFFFFFFu, 2, "big"), -EINVAL);
	assert_int_equal(alloc_chrdev_region(&dev, 2, 0xFFFFFFFFu, "big"), -EINVAL);
	assert_int_equal(registry_count(), 0);
	/* Exactly up to the last minor fits. */
	assert_int_equal(alloc_chrdev_region(&dev, MINORMASK, 1, "fits"), 0);
	assert_int_equal(dev, MKDEV(254, MINORMASK));
}

static void alloc_region_count_zero_einval(void **state)
{
	dev_t dev = MKDEV(7, 7);

	(void)state;
	assert_int_equal(alloc_chrdev_region(&dev, 0, 0, "zero"), -EINVAL);
	assert_int_equal(dev, MKDEV(7, 7));
	assert_int_equal(registry_count(), 0);
}

static void alloc_region_null_dev_einval(void **state)
{
	(void)state;
	assert_int_equal(alloc_chrdev_region(NULL, 0, 1, "nodev"), -EINVAL);
	assert_int_equal(registry_count(), 0);
}

static void alloc_region_null_name_einval(void **state)
{
	dev_t dev = MKDEV(7, 7);

	(void)state;
	assert_int_equal(alloc_chrdev_region(&dev, 0, 1, NULL), -EINVAL);
	assert_int_equal(dev, MKDEV(7, 7));
	assert_int_equal(registry_count(), 0);
}

static void alloc_region_never_splits(void **state)
{
	dev_t dev = MKDEV(7, 7);

	(void)state;
	/* register_chrdev_region() would split this; alloc refuses it. */
	assert_int_equal(alloc_chrdev_region(&dev, 0xFFF00, 0x200, "nosplit"), -EINVAL);
	assert_int_equal(dev, MKDEV(7, 7));
	assert_int_equal(registry_count(), 0);
	/* A big range that fits stays one region of one major. */
	assert_int_equal(alloc_chrdev_region(&dev, 0x80000, 0x80000, "one"), 0);
	assert_int_equal(dev, MKDEV(254, 0x80000));
	assert_int_equal(registry_count(), 1);
	assert_true(registry_has(254, 0x80000, 0x80000));
}

static void alloc_region_skips_proc_devices_majors(void **state)
{
	char lines[1024];
	size_t len = 0;
	dev_t dev;

	(void)state;
	test_write_proc_devices("254 kernel-a\n253 kernel-b\n 10 misc\n");
	assert_int_equal(alloc_chrdev_region(&dev, 0, 1, "dyn"), 0);
	assert_int_equal(MAJOR(dev), 252);

	/* The whole first range is the kernel's, and 511 too. */
	for (unsigned int m = 234; m <= 254; m++)
		len += snprintf(lines + len, sizeof(lines) - len, "%3u k%u\n", m, m);
	snprintf(lines + len, sizeof(lines) - len, "511 k511\n");
	test_write_proc_devices(lines);
	assert_int_equal(alloc_chrdev_region(&dev, 0, 1, "dyn"), 0);
	assert_int_equal(MAJOR(dev), 510);
}

static void alloc_region_dev_untouched_on_failure(void **state)
{
	dev_t dev = MKDEV(7, 7);
	unsigned int major;

	(void)state;
	assert_int_equal(alloc_chrdev_region(&dev, MINORMASK, 2, "fail"), -EINVAL);
	assert_int_equal(dev, MKDEV(7, 7));
	for (major = 254; major >= 234; major--)
		assert_int_equal(register_chrdev_region(MKDEV(major, 0), 1, "fill"), 0);
	for (major = 511; major >= 384; major--)
		assert_int_equal(register_chrdev_region(MKDEV(major, 0), 1, "fill"), 0);
	assert_int_equal(alloc_chrdev_region(&dev, 0, 1, "fail"), -EBUSY);
	assert_int_equal(dev, MKDEV(7, 7));
}

/* ---- unregister_chrdev_region ---- */

static void unregister_region_exact_match_only(void **state)
{
	const char *before;

	(void)state;
	assert_int_equal(register_chrdev_region(MKDEV(100, 10), 10, "exact"), 0);
	before = strdup(registry_read());
	assert_non_null(before);

	unregister_chrdev_region(MKDEV(100, 10), 5);  /* the first half */
	unregister_chrdev_region(MKDEV(100, 15), 5);  /* the second half */
	unregister_chrdev_region(MKDEV(100, 10), 11); /* one more */
	unregister_chrdev_region(MKDEV(100, 9), 11);  /* shifted */
	unregister_chrdev_region(MKDEV(100, 0), 100); /* around */
	unregister_chrdev_region(MKDEV(100, 12), 1);  /* one inside */
	assert_string_equal(registry_read(), before);
	assert_busy(MKDEV(100, 10));
	assert_busy(MKDEV(100, 19));
	free((void *)before);
}

static void unregister_region_unknown_changes_nothing(void **state)
{
	const char *before;

	(void)state;
	assert_int_equal(register_chrdev_region(MKDEV(100, 10), 10, "known"), 0);
	before = strdup(registry_read());
	assert_non_null(before);

	unregister_chrdev_region(MKDEV(101, 10), 10);
	unregister_chrdev_region(MKDEV(100, 30), 10);
	unregister_chrdev_region(MKDEV(0, 0), 1);
	unregister_chrdev_region(MKDEV(600, 0), 1);
	unregister_chrdev_region(MKDEV(100, 10), 0);
	assert_string_equal(registry_read(), before);
	assert_busy(MKDEV(100, 15));
	free((void *)before);
}

static void unregister_region_frees_numbers(void **state)
{
	dev_t dev;

	(void)state;
	assert_int_equal(register_chrdev_region(MKDEV(100, 10), 10, "freed"), 0);
	assert_int_equal(register_chrdev_region(MKDEV(100, 20), 10, "kept"), 0);
	unregister_chrdev_region(MKDEV(100, 10), 10);
	assert_int_equal(registry_count(), 1);
	assert_true(registry_has(100, 20, 10));
	assert_int_equal(register_chrdev_region(MKDEV(100, 10), 10, "again"), 0);

	/* A dynamic major given back is the first one found again. */
	assert_int_equal(alloc_chrdev_region(&dev, 0, 1, "dyn"), 0);
	assert_int_equal(MAJOR(dev), 254);
	unregister_chrdev_region(dev, 1);
	assert_int_equal(alloc_chrdev_region(&dev, 0, 1, "dyn"), 0);
	assert_int_equal(MAJOR(dev), 254);
}

/* ---- names ---- */

static void region_name_truncated_to_63(void **state)
{
	char name[101], want[64];
	struct line l;
	dev_t dev;

	(void)state;
	for (int i = 0; i < 100; i++)
		name[i] = (char)('a' + i % 26);
	name[100] = '\0';
	memcpy(want, name, 63);
	want[63] = '\0';

	assert_int_equal(register_chrdev_region(MKDEV(100, 0), 1, name), 0);
	assert_int_equal(registry_lines(&l, 1), 1);
	assert_int_equal(strlen(l.name), 63);
	assert_string_equal(l.name, want);

	unregister_chrdev_region(MKDEV(100, 0), 1);
	assert_int_equal(alloc_chrdev_region(&dev, 0, 1, name), 0);
	assert_int_equal(registry_lines(&l, 1), 1);
	assert_string_equal(l.name, want);

	/* 63 characters are kept whole. */
	unregister_chrdev_region(dev, 1);
	assert_int_equal(register_chrdev_region(MKDEV(100, 0), 1, want), 0);
	assert_int_equal(registry_lines(&l, 1), 1);
	assert_string_equal(l.name, want);
}

static void region_name_blanks_stored_as_underscore(void **state)
{
	struct line l;

	(void)state;
	assert_int_equal(register_chrdev_region(MKDEV(100, 0), 1, "my dev\tname\nx"), 0);
	assert_int_equal(registry_lines(&l, 1), 1);
	assert_string_equal(l.name, "my_dev_name_x");
	assert_int_equal(l.major, 100);
	/* The file still reads back: the next change works. */
	assert_int_equal(register_chrdev_region(MKDEV(100, 1), 1, " lead"), 0);
	assert_int_equal(registry_count(), 2);
}

/* ---- register_chrdev ---- */

static void register_chrdev_dynamic_returns_major(void **state)
{
	int major;

	(void)state;
	major = register_chrdev(0, "legacy", &test_fops);
	assert_int_equal(major, 254);
	assert_true(registry_has(254, 0, 256));
	assert_int_equal(register_chrdev(0, "legacy2", &test_fops), 253);
	unregister_chrdev(253, "legacy2");
	unregister_chrdev(254, "legacy");
	assert_int_equal(registry_count(), 0);
}

static void register_chrdev_fixed_occupies_256_minors(void **state)
{
	(void)state;
	assert_int_equal(register_chrdev(120, "legacy", &test_fops), 0);
	assert_int_equal(registry_count(), 1);
	assert_true(registry_has(120, 0, 256));
	assert_busy(MKDEV(120, 0));
	assert_busy(MKDEV(120, 255));
	assert_free(MKDEV(120, 256));
	assert_free(MKDEV(121, 0));
	unregister_chrdev(120, "legacy");
}

static void unregister_chrdev_frees_major(void **state)
{
	(void)state;
	assert_int_equal(register_chrdev(120, "legacy", &test_fops), 0);
	unregister_chrdev(120, "legacy");
	assert_int_equal(registry_count(), 0);
	assert_free(MKDEV(120, 0));
	assert_free(MKDEV(120, 255));
	/* And the major can be registered again. */
	assert_int_equal(register_chrdev(120, "legacy", &test_fops), 0);
	unregister_chrdev(120, "legacy");
	assert_int_equal(registry_count(), 0);
}

static void register_chrdev_busy_major_ebusy(void **state)
{
	(void)state;
	assert_int_equal(register_chrdev(120, "first", &test_fops), 0);
	assert_int_equal(register_chrdev(120, "second", &test_fops), -EBUSY);
	assert_int_equal(registry_count(), 1);

	/* One number of a region in the low 256 minors is enough. */
	assert_int_equal(register_chrdev_region(MKDEV(121, 200), 1, "region"), 0);
	assert_int_equal(register_chrdev(121, "legacy", &test_fops), -EBUSY);
	assert_int_equal(registry_count(), 2);
	unregister_chrdev(120, "first");
	assert_int_equal(registry_count(), 1);
}

static void register_chrdev_invalid_einval(void **state)
{
	(void)state;
	assert_int_equal(register_chrdev(512, "big", &test_fops), -EINVAL);
	assert_int_equal(register_chrdev(120, NULL, &test_fops), -EINVAL);
	assert_int_equal(register_chrdev(120, "nofops", NULL), -EINVAL);
	assert_int_equal(registry_count(), 0);
}

#define T(f) cmocka_unit_test_setup(f, test_env_reset)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(register_region_success),
		T(register_region_count_zero_registers_nothing),
		T(register_region_overlap_ebusy),
		T(register_region_adjacent_ok),
		T(register_region_major_too_big_einval),
		T(register_region_split_at_major_boundary),
		T(register_region_split_three_majors),
		T(register_region_rollback_when_next_major_busy),
		T(register_region_rollback_past_last_major),
		T(register_region_major_zero_einval),
		T(register_region_null_name_einval),
		T(alloc_region_dynamic_major_order),
		T(alloc_region_skips_registered_majors),
		T(alloc_region_sets_dev),
		T(alloc_region_minor_range_einval),
		T(alloc_region_count_zero_einval),
		T(alloc_region_null_dev_einval),
		T(alloc_region_null_name_einval),
		T(alloc_region_never_splits),
		T(alloc_region_skips_proc_devices_majors),
		T(alloc_region_dev_untouched_on_failure),
		T(unregister_region_exact_match_only),
		T(unregister_region_unknown_changes_nothing),
		T(unregister_region_frees_numbers),
		T(region_name_truncated_to_63),
		T(region_name_blanks_stored_as_underscore),
		T(register_chrdev_dynamic_returns_major),
		T(register_chrdev_fixed_occupies_256_minors),
		T(unregister_chrdev_frees_major),
		T(register_chrdev_busy_major_ebusy),
		T(register_chrdev_invalid_einval),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
