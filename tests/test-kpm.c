/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Runtime power management of a platform device, as runtime_pm.rst
 * describes it: disabled and suspended at first; the usage count keeps the
 * device active and its last put suspends it (through ->runtime_idle),
 * synchronously or on the work queue; autosuspend waits for the delay
 * after the last busy mark; a failing callback is remembered until the
 * status is set again; the counts' imbalances are reported as the kernel
 * words them; unbinding drops a pending request.
 */
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/pm_runtime.h>

#include <string.h>

#include "test-util.h"

static int suspends, resumes, idles;
static int suspend_ret, idle_ret;
static struct device *bound;

static int tpm_suspend(struct device *dev)
{
	assert_ptr_equal(dev, bound);
	/* The callback sees the transition it is part of. */
	assert_false(pm_runtime_status_suspended(dev));
	if (suspend_ret)
		return suspend_ret;
	__atomic_add_fetch(&suspends, 1, __ATOMIC_SEQ_CST);
	return 0;
}

static int tpm_resume(struct device *dev)
{
	(void)dev;
	__atomic_add_fetch(&resumes, 1, __ATOMIC_SEQ_CST);
	return 0;
}

static int tpm_idle(struct device *dev)
{
	(void)dev;
	idles++;
	return idle_ret;
}

static DEFINE_RUNTIME_DEV_PM_OPS(tpm_ops, tpm_suspend, tpm_resume, tpm_idle);

static int tpm_probe(struct platform_device *pdev)
{
	bound = &pdev->dev;
	return 0;
}

static struct platform_driver tpm_driver = {
	.probe = tpm_probe,
	.driver = {
		.name = "tpm-dev",
		.pm = pm_ptr(&tpm_ops),
	},
};

static struct platform_device *pdev;

static int setup(void **state)
{
	test_env_reset(state);
	test_log_everything();
	suspends = resumes = idles = suspend_ret = idle_ret = 0;
	assert_int_equal(platform_driver_register(&tpm_driver), 0);
	pdev = platform_device_register_simple("tpm-dev", 0, NULL, 0);
	assert_false(IS_ERR(pdev));
	assert_ptr_equal(bound, &pdev->dev);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	platform_device_unregister(pdev);
	platform_driver_unregister(&tpm_driver);
	return 0;
}

/* Wait (bounded) for the work queue to bring @counter to @want. */
static void wait_count(int *counter, int want)
{
	for (int i = 0; i < 200 && __atomic_load_n(counter, __ATOMIC_SEQ_CST) != want; i++)
		msleep(5);
	assert_int_equal(__atomic_load_n(counter, __ATOMIC_SEQ_CST), want);
}

static void test_disabled_at_first(void **state)
{
	struct device *dev = &pdev->dev;

	(void)state;
	assert_false(pm_runtime_enabled(dev));
	assert_true(pm_runtime_status_suspended(dev));
	/* Disabled: a suspended device cannot be resumed; nothing is called. */
	assert_int_equal(pm_runtime_get_sync(dev), -EACCES);
	assert_int_equal(libcdev_pm_runtime_usage_count(dev), 1);
	pm_runtime_put_noidle(dev);
	assert_int_equal(pm_runtime_resume_and_get(dev), -EACCES);
	assert_int_equal(libcdev_pm_runtime_usage_count(dev), 0);
	assert_int_equal(resumes, 0);
	/* The status may be set only while disabled. */
	assert_int_equal(pm_runtime_set_active(dev), 0);
	assert_int_equal(pm_runtime_get_sync(dev), 1);
	pm_runtime_put_noidle(dev);
	pm_runtime_enable(dev);
	assert_true(pm_runtime_enabled(dev));
	assert_int_equal(pm_runtime_set_suspended(dev), -EAGAIN);
	pm_runtime_enable(dev);
	assert_non_null(
		strstr(test_log_take(), "tpm-dev tpm-dev.0: Unbalanced pm_runtime_enable!"));
	pm_runtime_disable(dev);
	assert_false(pm_runtime_enabled(dev));
}

static void test_get_put_sync(void **state)
{
	struct device *dev = &pdev->dev;

	(void)state;
	pm_runtime_enable(dev);
	assert_int_equal(pm_runtime_get_sync(dev), 0);
	assert_int_equal(resumes, 1);
	assert_true(pm_runtime_active(dev));
	/* A second reference: already active. */
	assert_int_equal(pm_runtime_resume_and_get(dev), 0);
	assert_int_equal(resumes, 1);
	assert_int_equal(pm_runtime_put_sync(dev), 0);
	assert_int_equal(suspends, 0);
	assert_int_equal(pm_runtime_suspend(dev), -EAGAIN);
	/* The last reference: idle, then suspended. */
	assert_int_equal(pm_runtime_put_sync(dev), 0);
	assert_int_equal(idles, 1);
	assert_int_equal(suspends, 1);
	assert_true(pm_runtime_suspended(dev));
	assert_int_equal(pm_runtime_suspend(dev), 1);
	/* ->runtime_idle saying no keeps it active. */
	pm_runtime_get_sync(dev);
	idle_ret = -EBUSY;
	assert_int_equal(pm_runtime_put_sync(dev), -EBUSY);
	assert_true(pm_runtime_active(dev));
	idle_ret = 0;
	assert_int_equal(pm_runtime_idle(dev), 0);
	assert_true(pm_runtime_suspended(dev));
	/* One put too many. */
	assert_int_equal(pm_runtime_put_sync(dev), -EINVAL);
	assert_non_null(strstr(test_log_take(), "Runtime PM usage count underflow!"));
	pm_runtime_disable(dev);
}

static void test_async_and_noresume(void **state)
{
	struct device *dev = &pdev->dev;

	(void)state;
	pm_runtime_enable(dev);
	assert_int_equal(pm_runtime_get(dev), 0);
	wait_count(&resumes, 1);
	assert_int_equal(pm_runtime_put(dev), 0);
	wait_count(&suspends, 1);
	pm_runtime_get_noresume(dev);
	assert_int_equal(libcdev_pm_runtime_usage_count(dev), 1);
	assert_true(pm_runtime_suspended(dev));
	assert_int_equal(pm_runtime_get_if_in_use(dev), 0);
	pm_runtime_put_noidle(dev);
	assert_int_equal(resumes, 1);
	assert_int_equal(suspends, 1);
	pm_runtime_disable(dev);
	assert_int_equal(pm_runtime_get_if_active(dev, true), -EINVAL);
}

static void test_autosuspend(void **state)
{
	struct device *dev = &pdev->dev;

	(void)state;
	pm_runtime_set_autosuspend_delay(dev, 100);
	pm_runtime_use_autosuspend(dev);
	pm_runtime_enable(dev);
	assert_int_equal(pm_runtime_resume_and_get(dev), 0);
	pm_runtime_mark_last_busy(dev);
	assert_int_equal(pm_runtime_put_autosuspend(dev), 0);
	/* Not before the delay... */
	msleep(40);
	assert_int_equal(suspends, 0);
	assert_true(pm_runtime_active(dev));
	/* ...which a busy mark pushes back. */
	pm_runtime_mark_last_busy(dev);
	msleep(70);
	assert_int_equal(suspends, 0);
	wait_count(&suspends, 1);
	assert_true(pm_runtime_suspended(dev));

	/* A negative delay forbids suspending: a usage reference, and resumed. */
	pm_runtime_set_autosuspend_delay(dev, -1);
	assert_int_equal(resumes, 2);
	assert_int_equal(libcdev_pm_runtime_usage_count(dev), 1);
	assert_int_equal(pm_runtime_autosuspend(dev), -EAGAIN);
	pm_runtime_set_autosuspend_delay(dev, 0);
	assert_int_equal(libcdev_pm_runtime_usage_count(dev), 0);
	assert_true(pm_runtime_suspended(dev));
	assert_int_equal(suspends, 2);
	pm_runtime_dont_use_autosuspend(dev);
	pm_runtime_disable(dev);
}

static void test_callback_error(void **state)
{
	struct device *dev = &pdev->dev;

	(void)state;
	pm_runtime_enable(dev);
	assert_int_equal(pm_runtime_get_sync(dev), 0);
	suspend_ret = -EIO;
	assert_int_equal(pm_runtime_put_sync(dev), -EIO);
	assert_true(pm_runtime_active(dev));
	/* The error sticks until the status is set. */
	suspend_ret = 0;
	assert_int_equal(pm_runtime_suspend(dev), -EINVAL);
	assert_int_equal(pm_runtime_set_suspended(dev), 0);
	assert_true(pm_runtime_suspended(dev));
	/* -EBUSY is no error: the device stays active, later calls work. */
	pm_runtime_get_sync(dev);
	suspend_ret = -EBUSY;
	assert_int_equal(pm_runtime_put_sync_suspend(dev), -EBUSY);
	suspend_ret = 0;
	assert_int_equal(pm_runtime_suspend(dev), 0);
	pm_runtime_disable(dev);
}

static void test_force_and_unbind(void **state)
{
	struct device *dev = &pdev->dev;

	(void)state;
	pm_runtime_set_active(dev);
	pm_runtime_enable(dev);
	/* System sleep through the runtime callbacks (DEFINE_RUNTIME_DEV_PM_OPS). */
	assert_int_equal(tpm_ops.suspend(dev), 0);
	assert_int_equal(suspends, 1);
	assert_false(pm_runtime_enabled(dev));
	assert_int_equal(tpm_ops.resume(dev), 0);
	assert_int_equal(resumes, 1);
	assert_true(pm_runtime_enabled(dev));
	assert_true(pm_runtime_active(dev));
	/* A request left queued at unbind never runs (the reference: no suspend meanwhile). */
	pm_runtime_get_noresume(dev);
	pm_runtime_set_autosuspend_delay(dev, 50);
	pm_runtime_use_autosuspend(dev);
	pm_runtime_mark_last_busy(dev);
	pm_runtime_put_autosuspend(dev);
	platform_driver_unregister(&tpm_driver);
	msleep(100);
	assert_int_equal(suspends, 1);
	/* Bound again: a fresh state, disabled and suspended. */
	assert_int_equal(platform_driver_register(&tpm_driver), 0);
	assert_false(pm_runtime_enabled(dev));
	assert_true(pm_runtime_status_suspended(dev));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_disabled_at_first, setup, teardown),
		cmocka_unit_test_setup_teardown(test_get_put_sync, setup, teardown),
		cmocka_unit_test_setup_teardown(test_async_and_noresume, setup, teardown),
		cmocka_unit_test_setup_teardown(test_autosuspend, setup, teardown),
		cmocka_unit_test_setup_teardown(test_callback_error, setup, teardown),
		cmocka_unit_test_setup_teardown(test_force_and_unbind, setup, teardown),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
