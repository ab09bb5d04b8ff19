/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/uidgid.h>: kuid_t/kgid_t and their comparisons.
 * There is one user namespace, the host's: from_kuid() is the plain value.
 */
#ifndef LIBCDEV_KERNEL_LINUX_UIDGID_H
#define LIBCDEV_KERNEL_LINUX_UIDGID_H

#include <stdbool.h>

#include <libcdev/sched.h>

struct user_namespace {
	int level;
};

static struct user_namespace init_user_ns __attribute__((unused));
#define current_user_ns() (&init_user_ns)

#define GLOBAL_ROOT_GID ((kgid_t){ 0 })
#define INVALID_UID	((kuid_t){ (uid_t)-1 })
#define INVALID_GID	((kgid_t){ (gid_t)-1 })

static inline bool gid_eq(kgid_t a, kgid_t b)
{
	return a.val == b.val;
}
static inline bool uid_gt(kuid_t a, kuid_t b)
{
	return a.val > b.val;
}
static inline bool uid_lt(kuid_t a, kuid_t b)
{
	return a.val < b.val;
}
static inline bool uid_valid(kuid_t uid)
{
	return uid.val != (uid_t)-1;
}
static inline bool gid_valid(kgid_t gid)
{
	return gid.val != (gid_t)-1;
}

static inline uid_t from_kuid(struct user_namespace *ns, kuid_t uid)
{
	(void)ns;
	return uid.val;
}

static inline gid_t from_kgid(struct user_namespace *ns, kgid_t gid)
{
	(void)ns;
	return gid.val;
}

#define from_kuid_munged(ns, uid) from_kuid(ns, uid)
#define from_kgid_munged(ns, gid) from_kgid(ns, gid)

static inline kuid_t make_kuid(struct user_namespace *ns, uid_t uid)
{
	kuid_t k = { uid };

	(void)ns;
	return k;
}

static inline kgid_t make_kgid(struct user_namespace *ns, gid_t gid)
{
	kgid_t k = { gid };

	(void)ns;
	return k;
}

#endif
