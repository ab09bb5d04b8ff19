/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target: module parameter parsing, as cdevctl passes name=value
 * arguments (one per input line) to a module with a parameter of every type.
 * Checked: no crash or leak; a value accepted reads back (get) as a value
 * that parses again to the same thing, as /sys/module/.../parameters does.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libcdev/libcdev.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int v_int;
static unsigned int v_uint;
static long v_long;
static unsigned long v_ulong;
static short v_short;
static unsigned short v_ushort;
static bool v_bool;
static char *v_charp;
static int v_arr[3];
static unsigned int v_narr;
static char *v_sarr[2];
static unsigned int v_nsarr;

static const struct kparam_array arr = { 3, sizeof(int), &v_narr, &param_ops_int, v_arr };
static const struct kparam_array sarr = { 2, sizeof(char *), &v_nsarr, &param_ops_charp, v_sarr };

static struct kernel_param params[] = {
	{ .name = "i", .ops = &param_ops_int, .arg = &v_int },
	{ .name = "u", .ops = &param_ops_uint, .arg = &v_uint },
	{ .name = "l", .ops = &param_ops_long, .arg = &v_long },
	{ .name = "ul", .ops = &param_ops_ulong, .arg = &v_ulong },
	{ .name = "s", .ops = &param_ops_short, .arg = &v_short },
	{ .name = "us", .ops = &param_ops_ushort, .arg = &v_ushort },
	{ .name = "b", .ops = &param_ops_bool, .arg = &v_bool },
	{ .name = "c", .ops = &param_ops_charp, .arg = &v_charp },
	{ .name = "a", .ops = &param_array_ops, .arr = &arr },
	{ .name = "sa", .ops = &param_array_ops, .arr = &sarr },
};

static struct module mod = { .name = "fuzz", .refcnt = MODULE_REF_BASE };

/* A value read back must be accepted again and read back the same. */
static void check_round_trip(const struct kernel_param *kp)
{
	static char first[4096], second[4096];

	if (kp->ops == &param_ops_charp || kp->ops == &param_array_ops)
		return; /* a string may hold a comma; arrays print their separators */
	kp->ops->get(first, kp);
	if (kp->ops->set(first, kp))
		abort();
	kp->ops->get(second, kp);
	if (strcmp(first, second))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), *line, *rest;

	if (!text)
		return 0;
	if (!mod.params)
		for (size_t i = sizeof(params) / sizeof(params[0]); i-- > 0;)
			libcdev_module_add_param(&mod, &params[i]);
	memcpy(text, data, size);
	text[size] = '\0';
	rest = text;
	while ((line = strsep(&rest, "\n"))) {
		if (libcdev_module_param(&mod, line))
			continue;
		for (struct kernel_param *kp = mod.params; kp; kp = kp->next)
			check_round_trip(kp);
	}
	libcdev_module_params_free(&mod);
	free(text);
	return 0;
}
