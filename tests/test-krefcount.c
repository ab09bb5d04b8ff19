/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * refcount_t and struct kref as the kernel has them: the release runs once,
 * on the put of the last reference, also with many threads taking and
 * dropping references; an increment from 0, an overflow, an underflow and
 * refcount_dec() to 0 saturate the count (which then stays put) and warn
 * once per kind; the _dec_and_lock forms return true with the lock held.
 */
#include <linux/kref.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/refcount.h>
#include <linux/spinlock.h>

#include <pthread.h>
#include <string.h>

#include "test-util.h"

static int released;

static void obj_release(struct kref *kref)
{
	(void)kref;
	released++;
}

static void test_kref_release_once(void **state)
{
	struct kref k;

	(void)state;
	released = 0;
	kref_init(&k);
	kref_get(&k);
	assert_int_equal(kref_read(&k), 2);
	assert_int_equal(kref_put(&k, obj_release), 0);
	assert_int_equal(released, 0);
	assert_int_equal(kref_put(&k, obj_release), 1);
	assert_int_equal(released, 1);
	/* Released: no new reference can be had from it. */
	assert_false(kref_get_unless_zero(&k));
	assert_int_equal(kref_read(&k), 0);
}

#define THREADS 4
#define ROUNDS	20000

static void *get_put(void *arg)
{
	struct kref *k = arg;

	for (int i = 0; i < ROUNDS; i++) {
		kref_get(k);
		kref_put(k, obj_release);
	}
	kref_put(k, obj_release);
	return NULL;
}

static void test_kref_threads(void **state)
{
	struct kref k = KREF_INIT(THREADS);
	pthread_t t[THREADS];

	(void)state;
	released = 0;
	for (int i = 0; i < THREADS; i++)
		assert_int_equal(pthread_create(&t[i], NULL, get_put, &k), 0);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	assert_int_equal(released, 1);
	assert_int_equal(kref_read(&k), 0);
}

static void test_saturation(void **state)
{
	refcount_t r = REFCOUNT_INIT(0);

	(void)state;
	test_log_everything();
	refcount_inc(&r); /* on 0: a use after free */
	assert_int_equal(refcount_read(&r), (unsigned int)REFCOUNT_SATURATED);
	assert_non_null(strstr(test_log_take(), "refcount_t: addition on 0; use-after-free."));
	/* Saturated, it stays so: no put ever reaches 0 to free the object. */
	assert_true(refcount_dec_not_one(&r));
	assert_int_equal(refcount_read(&r), (unsigned int)REFCOUNT_SATURATED);
	assert_false(refcount_dec_and_test(&r)); /* below 0: the kernel calls it an underflow */
	assert_int_equal(refcount_read(&r), (unsigned int)REFCOUNT_SATURATED);
	assert_non_null(strstr(test_log_take(), "refcount_t: underflow; use-after-free."));

	refcount_set(&r, REFCOUNT_MAX);
	refcount_inc(&r);
	assert_int_equal(refcount_read(&r), (unsigned int)REFCOUNT_SATURATED);
	assert_non_null(strstr(test_log_take(), "refcount_t: saturated; leaking memory."));

	refcount_set(&r, 1);
	refcount_dec(&r);
	assert_int_equal(refcount_read(&r), (unsigned int)REFCOUNT_SATURATED);
	assert_non_null(strstr(test_log_take(), "refcount_t: decrement hit 0; leaking memory."));

	/* Once per kind: the second underflow saturates silently. */
	refcount_set(&r, 0);
	assert_false(refcount_sub_and_test(1, &r));
	assert_int_equal(refcount_read(&r), (unsigned int)REFCOUNT_SATURATED);
	assert_null(strstr(test_log_take(), "underflow"));
}

static void test_conditional(void **state)
{
	refcount_t r = REFCOUNT_INIT(2);

	(void)state;
	assert_false(refcount_dec_if_one(&r));
	assert_true(refcount_dec_not_one(&r));
	assert_int_equal(refcount_read(&r), 1);
	assert_false(refcount_dec_not_one(&r));
	assert_true(refcount_inc_not_zero(&r));
	assert_true(refcount_add_not_zero(3, &r));
	assert_int_equal(refcount_read(&r), 5);
	assert_true(refcount_sub_and_test(5, &r));
	assert_false(refcount_inc_not_zero(&r));
	refcount_set(&r, 1);
	assert_true(refcount_dec_if_one(&r));
	assert_int_equal(refcount_read(&r), 0);
}

static DEFINE_MUTEX(list_lock);
static DEFINE_SPINLOCK(list_spin);

static void release_locked(struct kref *kref)
{
	(void)kref;
	assert_true(mutex_is_locked(&list_lock));
	released++;
	mutex_unlock(&list_lock);
}

static void test_dec_and_lock(void **state)
{
	refcount_t r = REFCOUNT_INIT(2);
	struct kref k = KREF_INIT(2);

	(void)state;
	assert_false(refcount_dec_and_mutex_lock(&r, &list_lock));
	assert_false(mutex_is_locked(&list_lock));
	assert_true(refcount_dec_and_mutex_lock(&r, &list_lock));
	assert_true(mutex_is_locked(&list_lock));
	mutex_unlock(&list_lock);

	refcount_set(&r, 2);
	assert_false(refcount_dec_and_lock(&r, &list_spin));
	assert_true(refcount_dec_and_lock(&r, &list_spin));
	assert_true(spin_is_locked(&list_spin));
	spin_unlock(&list_spin);

	released = 0;
	assert_int_equal(kref_put_mutex(&k, release_locked, &list_lock), 0);
	assert_int_equal(kref_put_mutex(&k, release_locked, &list_lock), 1);
	assert_int_equal(released, 1);
	assert_false(mutex_is_locked(&list_lock));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kref_release_once), cmocka_unit_test(test_kref_threads),
		cmocka_unit_test(test_saturation),	  cmocka_unit_test(test_conditional),
		cmocka_unit_test(test_dec_and_lock),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
