/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The FUSE backend's tree of names (fuse-backend/tree.c), without a mount:
 * names with '/' make directories, a taken name fails EEXIST, cdev_del()
 * keeps an open file's name until its last close, and a node stays in
 * memory while the kernel still knows it.
 */
#include "fuse-backend/fuse-private.h"

#include "test-util.h"

static struct cdev a, b;

/* Each test ends with the tree empty again: every name taken away. */
static int tree_empty(void **state)
{
	(void)state;
	pthread_mutex_lock(&tree_lock);
	tree_delete_cdev(&a);
	tree_delete_cdev(&b);
	pthread_mutex_unlock(&tree_lock);
	return 0;
}

static struct fnode *must_add(const char *path, dev_t dev, struct cdev *cdev)
{
	struct fnode *n = NULL;

	assert_int_equal(tree_add_file(path, dev, cdev, &n), 0);
	assert_non_null(n);
	return n;
}

static void tree_names_make_directories(void **state)
{
	struct fnode *c, *d, *dir;
	fuse_ino_t x_ino, y_ino;

	(void)state;
	c = must_add("x/y/c", MKDEV(240, 0), &a);
	d = must_add("x/y/d", MKDEV(240, 1), &a);
	assert_true(S_ISREG(c->mode));
	assert_int_equal(c->mode & 07777, 0600);
	dir = c->parent;
	assert_ptr_equal(dir, d->parent);
	assert_true(S_ISDIR(dir->mode));
	assert_string_equal(dir->name, "y");
	assert_int_equal(dir->children, 2);
	assert_ptr_equal(tree_find(dir->ino), dir);
	assert_ptr_equal(tree_find(c->ino), c);
	assert_ptr_equal(tree_file_of(MKDEV(240, 1)), d);
	assert_null(tree_file_of(MKDEV(240, 2)));
	y_ino = dir->ino;
	x_ino = dir->parent->ino;
	tree_empty(NULL);
	/* The directories went with their last file. */
	assert_null(tree_find(y_ino));
	assert_null(tree_find(x_ino));
	assert_null(tree_file_of(MKDEV(240, 0)));
}

static void tree_taken_names_fail(void **state)
{
	struct fnode *n = NULL;

	(void)state;
	must_add("p/q", MKDEV(240, 0), &a);
	assert_int_equal(tree_add_file("p/q", MKDEV(240, 1), &b, &n), -EEXIST);
	assert_int_equal(tree_add_file("p", MKDEV(240, 1), &b, &n), -EEXIST);	  /* a directory */
	assert_int_equal(tree_add_file("p/q/r", MKDEV(240, 1), &b, &n), -EEXIST); /* under a file */
	assert_null(tree_file_of(MKDEV(240, 1)));
	must_add("p/r", MKDEV(240, 1), &b);
}

static void tree_open_file_keeps_its_name(void **state)
{
	struct fnode *n, *m;
	fuse_ino_t ino;

	(void)state;
	n = must_add("open/me", MKDEV(240, 0), &a);
	m = must_add("open/other", MKDEV(240, 1), &b);
	ino = n->ino;
	n->open_files = 1;
	pthread_mutex_lock(&tree_lock);
	tree_delete_cdev(&a);
	pthread_mutex_unlock(&tree_lock);
	/* cdev_del(): still there by name, but deleted, and no longer the number's file. */
	assert_true(n->linked && n->deleted);
	assert_null(n->cdev);
	assert_ptr_equal(tree_find(ino), n);
	assert_null(tree_file_of(MKDEV(240, 0)));
	/* The same name is still taken; the number may get a file under another. */
	assert_int_equal(tree_add_file("open/me", MKDEV(240, 0), &a, &n), -EEXIST);
	n = tree_find(ino);
	/* The last close takes the name away, as files.c does. */
	n->open_files = 0;
	tree_unlink(n);
	assert_null(tree_find(ino));
	assert_true(m->parent->linked);
}

static void tree_kernel_reference_keeps_node(void **state)
{
	struct fnode *n;
	fuse_ino_t ino, old_ino;

	(void)state;
	n = must_add("kept", MKDEV(240, 0), &a);
	ino = n->ino;
	n->nlookup = 2;
	tree_empty(NULL);
	/* Unlinked, but the kernel may still ask about it (fstat on an open descriptor). */
	assert_ptr_equal(tree_find(ino), n);
	assert_false(n->linked);
	n->nlookup = 0;
	tree_maybe_free(n);
	assert_null(tree_find(ino));
	/* Numbers are never reused: a stale reference finds nothing. */
	old_ino = ino;
	n = must_add("kept", MKDEV(240, 0), &a);
	assert_true(n->ino > old_ino);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(tree_names_make_directories, tree_empty),
		cmocka_unit_test_teardown(tree_taken_names_fail, tree_empty),
		cmocka_unit_test_teardown(tree_open_file_keeps_its_name, tree_empty),
		cmocka_unit_test_teardown(tree_kernel_reference_keeps_node, tree_empty),
	};

	tree_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
