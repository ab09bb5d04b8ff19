/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * /proc entries, seq_file and single_open() as a kernel-style driver uses
 * them (<linux/proc_fs.h>, <linux/seq_file.h>), through the direct backend:
 * records larger than the first buffer, short reads, seeking back to the
 * start, SEQ_SKIP, removal by name among the module's own entries, the
 * entries a module leaves at unload, and the record entries of
 * proc_create_seq_private() and proc_create_single_data() over seq_list_*().
 */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include "test-util.h"
#include <libcdev/direct.h>
#include <libcdev/sysfs.h>

/* The library's hook at module unload (fs/proc.c). */
int proc_module_stop(struct module *mod);

/* Read @f to its end in reads of @chunk bytes; the bytes read, or -errno. */
static ssize_t read_all(struct file *f, char *buf, size_t size, size_t chunk)
{
	size_t got = 0;
	ssize_t n;

	while (got < size - 1) {
		n = cdev_direct_read(f, buf + got, chunk < size - 1 - got ? chunk : size - 1 - got);
		if (n < 0)
			return n;
		if (n == 0)
			break;
		got += (size_t)n;
	}
	buf[got] = '\0';
	return (ssize_t)got;
}

/* ---- a seq_file of 5 records, the third larger than a page, the fourth skipped ---- */

#define NREC 5
#define BIG  6000

static void *rec_start(struct seq_file *m, loff_t *pos)
{
	(void)m;
	return *pos < NREC ? (void *)(long)(*pos + 1) : NULL;
}

static void *rec_next(struct seq_file *m, void *v, loff_t *pos)
{
	(void)v;
	++*pos;
	return rec_start(m, pos);
}

static void rec_stop(struct seq_file *m, void *v)
{
	(void)m, (void)v;
}

static int rec_show(struct seq_file *m, void *v)
{
	long i = (long)v;

	if (i == 4) {
		seq_puts(m, "skipped\n");
		return SEQ_SKIP;
	}
	seq_printf(m, "record %ld:", i);
	if (i == 3)
		for (int k = 0; k < BIG; k++)
			seq_putc(m, 'x');
	seq_write(m, "\n", 1);
	return 0;
}

static const struct seq_operations rec_ops = {
	.start = rec_start,
	.next = rec_next,
	.stop = rec_stop,
	.show = rec_show,
};

static int rec_open(struct inode *inode, struct file *file)
{
	return seq_open(file, &rec_ops);
}

static const struct proc_ops rec_proc_ops = {
	.proc_open = rec_open,
	.proc_read = seq_read,
	.proc_lseek = seq_lseek,
	.proc_release = seq_release,
};

static int stats_show(struct seq_file *m, void *v)
{
	seq_printf(m, "value %d\n", *(int *)m->private);
	return 0;
}

static int stats_open(struct inode *inode, struct file *file)
{
	return single_open(file, stats_show, pde_data(inode));
}

static const struct proc_ops stats_proc_ops = {
	.proc_open = stats_open,
	.proc_read = seq_read,
	.proc_lseek = seq_lseek,
	.proc_release = single_release,
};

static char *expected(void)
{
	static char want[BIG + 64];
	int n = sprintf(want, "record 1:\nrecord 2:\nrecord 3:");

	memset(want + n, 'x', BIG);
	strcpy(want + n + BIG, "\nrecord 5:\n");
	return want;
}

static void test_seq_file_reads(void **state)
{
	static const size_t chunks[] = { 2 * BIG, 100, 7 };
	static char buf[2 * BIG];
	struct proc_dir_entry *dir;
	struct file *f;

	(void)state;
	dir = proc_mkdir("tproc", NULL);
	assert_non_null(dir);
	assert_non_null(proc_create("recs", 0444, dir, &rec_proc_ops));

	/* Whole, then in short reads: the same bytes, the big record shown whole. */
	for (size_t i = 0; i < ARRAY_SIZE(chunks); i++) {
		assert_int_equal(test_node_open("proc/tproc/recs", O_RDONLY, &f), 0);
		assert_int_equal(read_all(f, buf, sizeof(buf), chunks[i]),
				 (ssize_t)strlen(expected()));
		assert_string_equal(buf, expected());
		cdev_direct_release(f);
	}

	/* Back to the start only. */
	assert_int_equal(test_node_open("proc/tproc/recs", O_RDONLY, &f), 0);
	assert_int_equal(cdev_direct_read(f, buf, 4), 4);
	assert_int_equal(cdev_direct_llseek(f, 3, SEEK_SET), -EINVAL);
	assert_int_equal(cdev_direct_llseek(f, 0, SEEK_SET), 0);
	assert_int_equal(read_all(f, buf, sizeof(buf), 1000), (ssize_t)strlen(expected()));
	assert_string_equal(buf, expected());
	cdev_direct_release(f);

	remove_proc_subtree("tproc", NULL);
	assert_int_equal(test_node_open("proc/tproc/recs", O_RDONLY, &f), -ENOENT);
}

static void test_single_open_and_removal(void **state)
{
	static int value = 42;
	struct proc_dir_entry *dir, *pde;
	struct file *f;
	char buf[64];

	(void)state;
	dir = proc_mkdir("tstat", NULL);
	assert_non_null(dir);
	pde = proc_create_data("stats", 0444, dir, &stats_proc_ops, &value);
	assert_non_null(pde);
	assert_non_null(proc_create_data("other", 0444, NULL, &stats_proc_ops, &value));

	assert_int_equal(test_node_open("proc/tstat/stats", O_RDONLY, &f), 0);
	assert_int_equal(read_all(f, buf, sizeof(buf), 3), 9);
	assert_string_equal(buf, "value 42\n");
	cdev_direct_release(f);

	/* Another module's name space: nothing of this one goes. */
	libcdev_remove_proc_entry("tstat", NULL, (struct module *)&value);
	assert_int_equal(test_node_open("proc/tstat/stats", O_RDONLY, &f), 0);
	cdev_direct_release(f);

	remove_proc_entry("stats", dir);
	assert_int_equal(test_node_open("proc/tstat/stats", O_RDONLY, &f), -ENOENT);
	proc_remove(dir);
	proc_remove(NULL);

	/* What the module left is removed, and counted, at its unload. */
	assert_int_equal(proc_module_stop(THIS_MODULE), 1);
	assert_int_equal(test_node_open("proc/other", O_RDONLY, &f), -ENOENT);
	assert_non_null(strstr(test_log_take(), "proc entry other still present at module unload"));
	assert_int_equal(proc_module_stop(THIS_MODULE), 0);
}

/* ---- proc_create_seq_private() over a list, proc_create_single_data() ---- */

struct item {
	struct list_head list;
	int value;
};

static LIST_HEAD(items);

/* The private state: how many records this open file has shown. */
struct walk {
	int shown;
};

static void *items_start(struct seq_file *m, loff_t *pos)
{
	(void)m;
	return seq_list_start_head(&items, *pos);
}

static void *items_next(struct seq_file *m, void *v, loff_t *pos)
{
	(void)m;
	return seq_list_next(v, &items, pos);
}

static int items_show(struct seq_file *m, void *v)
{
	struct walk *w = m->private;

	if (v == &items) {
		seq_printf(m, "items of %s\n", (char *)pde_data(file_inode(m->file)));
		return 0;
	}
	seq_printf(m, "%d #%d\n", list_entry(v, struct item, list)->value, ++w->shown);
	return 0;
}

static const struct seq_operations items_ops = {
	.start = items_start,
	.next = items_next,
	.stop = rec_stop,
	.show = items_show,
};

static int one_show(struct seq_file *m, void *v)
{
	(void)v;
	seq_printf(m, "one %s\n", (char *)m->private);
	return 0;
}

static void test_seq_and_single_entries(void **state)
{
	struct item it[3] = { { .value = 10 }, { .value = 20 }, { .value = 30 } };
	struct file *f;
	char buf[128];

	(void)state;
	for (int i = 0; i < 3; i++)
		list_add_tail(&it[i].list, &items);
	assert_non_null(proc_create_seq_private("items", 0444, NULL, &items_ops,
						sizeof(struct walk), "list"));
	assert_non_null(proc_create_single_data("one", 0444, NULL, one_show, "data"));

	/* Each open has its own zeroed state: the counts start again at 1. */
	for (int round = 0; round < 2; round++) {
		assert_int_equal(test_node_open("proc/items", O_RDONLY, &f), 0);
		assert_true(read_all(f, buf, sizeof(buf), 5) > 0);
		assert_string_equal(buf, "items of list\n10 #1\n20 #2\n30 #3\n");
		cdev_direct_release(f);
	}
	assert_null(seq_list_start(&items, 3));
	assert_ptr_equal(seq_list_start(&items, 1), &it[1].list);

	assert_int_equal(test_node_open("proc/one", O_RDONLY, &f), 0);
	assert_int_equal(read_all(f, buf, sizeof(buf), 64), 9);
	assert_string_equal(buf, "one data\n");
	cdev_direct_release(f);

	remove_proc_entry("items", NULL);
	remove_proc_entry("one", NULL);
	assert_int_equal(test_node_open("proc/one", O_RDONLY, &f), -ENOENT);
	assert_int_equal(proc_module_stop(THIS_MODULE), 0);
	INIT_LIST_HEAD(&items);
}

static int single_show(struct seq_file *m, void *v)
{
	seq_printf(m, "single %d\n", *(int *)m->private);
	return v == SEQ_START_TOKEN ? 0 : -EINVAL;
}

/* proc_create_single_data(): one record, show() given the entry's data. */
static void test_create_single(void **state)
{
	static int value = 7;
	struct file *f;
	char buf[64];

	(void)state;
	assert_null(proc_create_single("none", 0444, NULL, NULL));
	assert_non_null(proc_create_single_data("tsingle", 0444, NULL, single_show, &value));
	assert_int_equal(test_node_open("proc/tsingle", O_RDONLY, &f), 0);
	assert_int_equal(read_all(f, buf, sizeof(buf), 5), 9);
	assert_string_equal(buf, "single 7\n");
	cdev_direct_release(f);
	remove_proc_entry("tsingle", NULL);
	assert_int_equal(test_node_open("proc/tsingle", O_RDONLY, &f), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_seq_file_reads, test_env_capture),
		cmocka_unit_test_setup(test_single_open_and_removal, test_env_capture),
		cmocka_unit_test_setup(test_seq_and_single_entries, test_env_capture),
		cmocka_unit_test_setup(test_create_single, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
