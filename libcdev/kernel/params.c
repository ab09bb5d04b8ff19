/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - parsing module parameters, after kernel/params.c: the whole
 * value must parse and fit the type, or the load fails with -EINVAL.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/core.h"
#include "kernel/internal.h"
#include <libcdev/printk.h>

/* strto*() would skip leading white space: the whole value must be the number. */
static bool starts_with_number(const char *val)
{
	return val && *val && !isspace((unsigned char)*val);
}

static int parse_signed(const char *val, long long min, long long max, long long *out)
{
	char *end;

	if (!starts_with_number(val))
		return -EINVAL;
	errno = 0;
	*out = strtoll(val, &end, 0);
	if (errno || *end || *out < min || *out > max)
		return -EINVAL;
	return 0;
}

static int parse_unsigned(const char *val, unsigned long long max, unsigned long long *out)
{
	char *end;

	if (!starts_with_number(val) || strchr(val, '-'))
		return -EINVAL;
	errno = 0;
	*out = strtoull(val, &end, 0);
	if (errno || *end || *out > max)
		return -EINVAL;
	return 0;
}

#define SIGNED_PARAM(name, ctype, min, max, fmt)                                      \
	static int param_set_##name(const char *val, const struct kernel_param *kp)   \
	{                                                                             \
		long long v;                                                          \
		int err = parse_signed(val, min, max, &v);                            \
                                                                                      \
		if (!err)                                                             \
			*(ctype *)kp->arg = (ctype)v;                                 \
		return err;                                                           \
	}                                                                             \
	static int param_get_##name(char *buf, const struct kernel_param *kp)         \
	{                                                                             \
		return snprintf(buf, 4096, fmt, *(ctype *)kp->arg);                   \
	}                                                                             \
	_public_ const struct kernel_param_ops param_ops_##name = { param_set_##name, \
								    param_get_##name, #name };

#define UNSIGNED_PARAM(name, ctype, max, fmt)                                         \
	static int param_set_##name(const char *val, const struct kernel_param *kp)   \
	{                                                                             \
		unsigned long long v;                                                 \
		int err = parse_unsigned(val, max, &v);                               \
                                                                                      \
		if (!err)                                                             \
			*(ctype *)kp->arg = (ctype)v;                                 \
		return err;                                                           \
	}                                                                             \
	static int param_get_##name(char *buf, const struct kernel_param *kp)         \
	{                                                                             \
		return snprintf(buf, 4096, fmt, *(ctype *)kp->arg);                   \
	}                                                                             \
	_public_ const struct kernel_param_ops param_ops_##name = { param_set_##name, \
								    param_get_##name, #name };

SIGNED_PARAM(int, int, INT_MIN, INT_MAX, "%d")
SIGNED_PARAM(long, long, LONG_MIN, LONG_MAX, "%ld")
SIGNED_PARAM(short, short, SHRT_MIN, SHRT_MAX, "%hd")
UNSIGNED_PARAM(uint, unsigned int, UINT_MAX, "%u")
UNSIGNED_PARAM(ulong, unsigned long, ULONG_MAX, "%lu")
UNSIGNED_PARAM(ushort, unsigned short, USHRT_MAX, "%hu")

/* kstrtobool(): y/n, 1/0, on/off; a bare "name" means true. */
static int param_set_bool(const char *val, const struct kernel_param *kp)
{
	static const char *const yes[] = { "y", "Y", "1", "on", "yes", "true" };
	static const char *const no[] = { "n", "N", "0", "off", "no", "false" };

	if (!val) {
		*(bool *)kp->arg = true;
		return 0;
	}
	for (size_t i = 0; i < ARRAY_SIZE(yes); i++) {
		if (!strcasecmp(val, yes[i])) {
			*(bool *)kp->arg = true;
			return 0;
		}
		if (!strcasecmp(val, no[i])) {
			*(bool *)kp->arg = false;
			return 0;
		}
	}
	return -EINVAL;
}

static int param_get_bool(char *buf, const struct kernel_param *kp)
{
	return snprintf(buf, 4096, "%c", *(bool *)kp->arg ? 'Y' : 'N');
}

_public_ const struct kernel_param_ops param_ops_bool = { param_set_bool, param_get_bool, "bool" };

/*
 * Strings given as charp values are ours to free, a module's static default
 * is not: remember which is which, as the kernel's param_free_charp() does.
 */
struct charp_alloc {
	struct charp_alloc *next;
	char *s;
};

static pthread_mutex_t charp_lock = PTHREAD_MUTEX_INITIALIZER;
static struct charp_alloc *charp_allocs;

/* Free @s if this file allocated it; true if it did. */
static bool charp_free(char *s)
{
	struct charp_alloc **pp, *a;

	pthread_mutex_lock(&charp_lock);
	for (pp = &charp_allocs; (a = *pp); pp = &a->next)
		if (a->s == s) {
			*pp = a->next;
			break;
		}
	pthread_mutex_unlock(&charp_lock);
	if (!a)
		return false;
	free(a->s);
	free(a);
	return true;
}

static int param_set_charp(const char *val, const struct kernel_param *kp)
{
	struct charp_alloc *a;

	if (!val)
		return -EINVAL;
	a = malloc(sizeof(*a));
	if (!a)
		return -ENOMEM;
	a->s = strdup(val);
	if (!a->s) {
		free(a);
		return -ENOMEM;
	}
	charp_free(*(char **)kp->arg);
	pthread_mutex_lock(&charp_lock);
	a->next = charp_allocs;
	charp_allocs = a;
	pthread_mutex_unlock(&charp_lock);
	*(char **)kp->arg = a->s;
	return 0;
}

_public_ void libcdev_module_params_free(struct module *mod)
{
	for (struct kernel_param *kp = mod->params; kp; kp = kp->next) {
		if (kp->ops == &param_ops_charp) {
			if (charp_free(*(char **)kp->arg))
				*(char **)kp->arg = NULL;
		} else if (kp->ops == &param_array_ops && kp->arr->ops == &param_ops_charp) {
			char **v = kp->arr->elem;

			for (unsigned int i = 0; i < kp->arr->max; i++)
				if (charp_free(v[i]))
					v[i] = NULL;
		}
	}
}

static int param_get_charp(char *buf, const struct kernel_param *kp)
{
	const char *s = *(char **)kp->arg;

	return snprintf(buf, 4096, "%s", s ? s : "(null)");
}

_public_ const struct kernel_param_ops param_ops_charp = { param_set_charp, param_get_charp,
							   "charp" };

/* module_param_string(): copied into the module's own buffer, which must hold it. */
static int param_set_copystring(const char *val, const struct kernel_param *kp)
{
	const struct kparam_string *kps = kp->str;

	if (!val)
		return -EINVAL;
	if (strlen(val) + 1 > kps->maxlen) {
		printk(KERN_ERR "%s: string doesn't fit in %u chars.\n", kp->name, kps->maxlen - 1);
		return -ENOSPC;
	}
	strcpy(kps->string, val);
	return 0;
}

static int param_get_string(char *buf, const struct kernel_param *kp)
{
	return snprintf(buf, 4096, "%s", kp->str->string);
}

_public_ const struct kernel_param_ops param_ops_string = { param_set_copystring, param_get_string,
							    "string" };

/* Comma-separated elements, each parsed by the element type's set. */
static int param_array_set(const char *val, const struct kernel_param *kp)
{
	const struct kparam_array *arr = kp->arr;
	unsigned int n = 0;
	char *copy, *tok, *rest;
	int err = 0;

	if (!val || !*val)
		return -EINVAL;
	copy = strdup(val);
	if (!copy)
		return -ENOMEM;
	/* strsep(), not strtok(): "1,,2" and "1," have an empty element, which fails. */
	rest = copy;
	while (!err && (tok = strsep(&rest, ","))) {
		struct kernel_param elem = *kp;

		if (n == arr->max) {
			err = -ENOSPC;
			break;
		}
		elem.arg = (char *)arr->elem + (size_t)n * arr->elemsize;
		err = arr->ops->set(tok, &elem);
		n++;
	}
	free(copy);
	if (!err && arr->num)
		*arr->num = n;
	return err;
}

static int param_array_get(char *buf, const struct kernel_param *kp)
{
	const struct kparam_array *arr = kp->arr;
	unsigned int n = arr->num ? *arr->num : arr->max;
	int len = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < n && len < 4000; i++) {
		struct kernel_param elem = *kp;
		char one[4096];

		elem.arg = (char *)arr->elem + (size_t)i * arr->elemsize;
		arr->ops->get(one, &elem);
		len += snprintf(buf + len, 4096 - len, "%s%s", i ? "," : "", one);
	}
	return len;
}

_public_ const struct kernel_param_ops param_array_ops = { param_array_set, param_array_get,
							   "array" };

/* A parameter of a loaded module by its name ("name" or "name=value"). */
static struct kernel_param *param_find(struct module *mod, const char *name, size_t len)
{
	for (struct kernel_param *kp = mod->params; kp; kp = kp->next) {
		size_t i;

		if (strlen(kp->name) != len)
			continue;
		/* parameq(): '-' and '_' are the same in parameter names. */
		for (i = 0; i < len; i++)
			if (kp->name[i] != name[i] &&
			    !((kp->name[i] == '-' || kp->name[i] == '_') &&
			      (name[i] == '-' || name[i] == '_')))
				break;
		if (i == len)
			return kp;
	}
	return NULL;
}

_public_ int libcdev_module_param(struct module *mod, const char *arg)
{
	const char *eq;
	struct kernel_param *kp;

	if (!mod || !arg)
		return -EINVAL;
	eq = strchr(arg, '=');
	kp = param_find(mod, arg, eq ? (size_t)(eq - arg) : strlen(arg));
	if (!kp)
		return -ENOENT;
	return kp->ops->set(eq ? eq + 1 : NULL, kp);
}
