/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A module for the cdevctl tests: parameters of every type, a region so
 * `cdevctl devices` has something to show, an init that fails on request,
 * and a way to hold a reference on itself so rmmod sees it in use.
 */
#include <libcdev/libcdev.h>

static int num = 1;
static unsigned int unum;
static long lnum;
static unsigned long ulnum;
static short snum;
static unsigned short usnum;
static bool flag;
static char word_default[] = "default"; /* writable: charp is `char *` */
static char *word = word_default;
static int list[3];
static unsigned int nlist;
static int fail;  /* init returns -fail */
static bool hold; /* keep a module reference until exit: "in use" */
static dev_t dev;

module_param(num, int, 0444);
MODULE_PARM_DESC(num, "an int");
module_param(unum, uint, 0444);
module_param(lnum, long, 0444);
module_param(ulnum, ulong, 0444);
module_param(snum, short, 0444);
module_param(usnum, ushort, 0444);
module_param(flag, bool, 0444);
MODULE_PARM_DESC(flag, "a bool");
module_param(word, charp, 0444);
MODULE_PARM_DESC(word, "a string");
module_param_array(list, int, &nlist, 0444);
MODULE_PARM_DESC(list, "up to three ints");
module_param(fail, int, 0444);
module_param(hold, bool, 0444);

static int testmod_init(void)
{
	int err;

	pr_info("init num=%d unum=%u lnum=%ld ulnum=%lu snum=%hd usnum=%hu flag=%d word=%s nlist=%u list=%d,%d,%d",
		num, unum, lnum, ulnum, snum, usnum, flag, word, nlist, list[0], list[1], list[2]);
	if (fail)
		return -fail;
	err = alloc_chrdev_region(&dev, 0, 2, "testmod");
	if (err)
		return err;
	if (hold)
		__module_get(THIS_MODULE);
	return 0;
}

static void testmod_exit(void)
{
	unregister_chrdev_region(dev, 2);
	if (hold)
		module_put(THIS_MODULE);
	pr_info("exit");
}

module_init(testmod_init);
module_exit(testmod_exit);
MODULE_LICENSE("GPL");
MODULE_AUTHOR("libcdev tests");
MODULE_DESCRIPTION("cdevctl test module");
MODULE_VERSION("1.0");
