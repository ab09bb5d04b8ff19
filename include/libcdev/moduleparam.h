/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - module parameters, after include/linux/moduleparam.h.
 *
 *	static int howmany = 1;
 *	static char *whom = "world";
 *	module_param(howmany, int, 0444);
 *	module_param(whom, charp, 0444);
 *	MODULE_PARM_DESC(howmany, "how many greetings");
 *
 * Types: int, uint, long, ulong, short, ushort, bool, charp, and arrays of
 * them with module_param_array(). The variable's type is checked at compile
 * time. Values are given at load time as name=value (cdevctl run/insmod).
 */
#ifndef LIBCDEV_MODULEPARAM_H
#define LIBCDEV_MODULEPARAM_H

#include <stdbool.h>

#include <libcdev/module.h>
#include <libcdev/names.h>

struct kernel_param;

struct kernel_param_ops {
	/* Parse @val into the variable; 0 or -EINVAL. */
	int (*set)(const char *val, const struct kernel_param *kp);
	/* Print the value into @buffer (at least 4096 bytes); the length. */
	int (*get)(char *buffer, const struct kernel_param *kp);
	const char *type; /* "int", "charp", ... as modinfo shows it */
};

struct kparam_array {
	unsigned int max;
	unsigned int elemsize;
	unsigned int *num;
	const struct kernel_param_ops *ops;
	void *elem;
};

/* A string parameter copied into a buffer of @maxlen bytes (module_param_string()). */
struct kparam_string {
	unsigned int maxlen;
	char *string;
};

struct kernel_param {
	const char *name;
	const struct kernel_param_ops *ops;
	unsigned short perm;
	__extension__ union { /* anonymous, as the kernel has it */
		void *arg;
		const struct kparam_array *arr;
		const struct kparam_string *str;
	};
	struct kernel_param *next; /* the module's list */
};

extern const struct kernel_param_ops param_ops_int, param_ops_uint, param_ops_long, param_ops_ulong,
	param_ops_short, param_ops_ushort, param_ops_bool, param_ops_charp, param_array_ops,
	param_ops_string;

void libcdev_module_add_param(struct module *mod, struct kernel_param *kp);

/* The C type each parameter type needs, for the compile-time check. */
#define __param_ctype_int    int
#define __param_ctype_uint   unsigned int
#define __param_ctype_long   long
#define __param_ctype_ulong  unsigned long
#define __param_ctype_short  short
#define __param_ctype_ushort unsigned short
#define __param_ctype_bool   bool
#define __param_ctype_charp  char *
/* <stdbool.h> makes bool a macro for _Bool, which reaches here expanded. */
#define __param_ctype__Bool  bool
#define param_ops__Bool	     param_ops_bool

/* The type's name as modinfo shows it. */
#define __param_tname_int    "int"
#define __param_tname_uint   "uint"
#define __param_tname_long   "long"
#define __param_tname_ulong  "ulong"
#define __param_tname_short  "short"
#define __param_tname_ushort "ushort"
#define __param_tname_bool   "bool"
#define __param_tname__Bool  "bool"
#define __param_tname_charp  "charp"

/*
 * The kernel's check: the variable's address must convert to a pointer to the
 * type, so that a variable of another size is an error (kbuild builds with
 * -Werror=incompatible-pointer-types) and one of another sign only the
 * -Wpointer-sign warning, which kbuild turns off (an int for uint is common).
 */
#define __param_check(var, type) \
	_Static_assert(sizeof(*(__param_ctype_##type **)0 = &(var)) != 0, "module_param " #var)

#define module_param_named(name, value, type, perm)                        \
	__param_check(value, type);                                        \
	static struct kernel_param __param_##name = {                      \
		#name, &param_ops_##type, perm, { .arg = &(value) }, 0     \
	};                                                                 \
	__MODULE_INFO(parmtype, #name ":" __param_tname_##type);           \
	__attribute__((constructor)) static void __param_ctor_##name(void) \
	{                                                                  \
		libcdev_module_add_param(THIS_MODULE, &__param_##name);    \
	}

#define module_param(name, type, perm) module_param_named(name, name, type, perm)

#define module_param_array_named(name, array, type, nump, perm)                             \
	__param_check((array)[0], type);                                                    \
	static const struct kparam_array __param_arr_##name = { sizeof(array) /             \
									sizeof((array)[0]), \
								sizeof((array)[0]), nump,   \
								&param_ops_##type, array }; \
	static struct kernel_param __param_##name = {                                       \
		#name, &param_array_ops, perm, { .arr = &__param_arr_##name }, 0            \
	};                                                                                  \
	__MODULE_INFO(parmtype, #name ":array of " __param_tname_##type);                   \
	__attribute__((constructor)) static void __param_ctor_##name(void)                  \
	{                                                                                   \
		libcdev_module_add_param(THIS_MODULE, &__param_##name);                     \
	}

#define module_param_array(name, type, nump, perm) \
	module_param_array_named(name, name, type, nump, perm)

/*
 * A parameter that names hardware (a port, an IRQ, a memory address): in the
 * kernel, lockdown refuses to set it; here it is an ordinary parameter.
 */
#define module_param_hw_named(name, value, type, hwtype, perm) \
	module_param_named(name, value, type, perm)
#define module_param_hw(name, type, hwtype, perm) module_param_named(name, name, type, perm)
#define module_param_hw_array(name, type, hwtype, nump, perm) \
	module_param_array_named(name, name, type, nump, perm)

/* A string copied into @string, a char array of @len bytes; too long a value is -ENOSPC. */
#define module_param_string(name, string, len, perm)                                 \
	static const struct kparam_string __param_string_##name = { len, string };   \
	static struct kernel_param __param_##name = {                                \
		#name, &param_ops_string, perm, { .str = &__param_string_##name }, 0 \
	};                                                                           \
	__MODULE_INFO(parmtype, #name ":string");                                    \
	__attribute__((constructor)) static void __param_ctor_##name(void)           \
	{                                                                            \
		libcdev_module_add_param(THIS_MODULE, &__param_##name);              \
	}

#define MODULE_PARM_DESC(_parm, desc) __MODULE_INFO(parm, #_parm ":" desc)

/**
 * kstrtobool - a yes or no from @s: y/Y/t/T/1 or n/N/f/F/0 by the first
 * character, "on" or "off" by the first two (case aside)
 *
 * Return: 0 with *@res set, or -EINVAL.
 */
int kstrtobool(const char *s, bool *res);

#endif
