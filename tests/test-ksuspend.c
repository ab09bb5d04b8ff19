/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * System sleep as far as a process goes, as the kernel's APM emulation uses
 * it: standby and mem have no platform support (-EINVAL, nobody notified);
 * suspend-to-idle tells the PM notifiers PM_SUSPEND_PREPARE then
 * PM_POST_SUSPEND, in priority order, and a notifier's refusal is returned
 * after those told before it are told PM_POST_SUSPEND; one transition at a
 * time. The freezer never freezes; proc_create_single() serves one record.
 */
#include <linux/apm-emulation.h>
#include <linux/freezer.h>
#include <linux/kernel.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/notifier.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/suspend.h>
#include <linux/wait.h>

#include <fcntl.h>
#include <string.h>

#include "test-util.h"
#include <libcdev/direct.h>

/* Each call as "NAME:EVENT " in order. */
static char calls[256];
static int refuse_with;	  /* what "b" answers PM_SUSPEND_PREPARE with */
static int nested_result; /* pm_suspend() from within a notifier */

static void record(const char *name, unsigned long event)
{
	size_t n = strlen(calls);

	snprintf(calls + n, sizeof(calls) - n, "%s:%lu ", name, event);
}

static int notify_a(struct notifier_block *nb, unsigned long event, void *data)
{
	record("a", event);
	if (event == PM_SUSPEND_PREPARE)
		nested_result = pm_suspend(PM_SUSPEND_TO_IDLE);
	return NOTIFY_OK;
}

static int notify_b(struct notifier_block *nb, unsigned long event, void *data)
{
	record("b", event);
	return event == PM_SUSPEND_PREPARE ? notifier_from_errno(refuse_with) : NOTIFY_OK;
}

static int notify_c(struct notifier_block *nb, unsigned long event, void *data)
{
	record("c", event);
	return NOTIFY_DONE;
}

static struct notifier_block nb_a = { .notifier_call = notify_a, .priority = 10 };
static struct notifier_block nb_b = { .notifier_call = notify_b, .priority = 5 };
static struct notifier_block nb_c = { .notifier_call = notify_c, .priority = 0 };

static void test_pm_suspend(void **state)
{
	(void)state;
	assert_int_equal(register_pm_notifier(&nb_c), 0);
	assert_int_equal(register_pm_notifier(&nb_a), 0);
	assert_int_equal(register_pm_notifier(&nb_b), 0);
	assert_int_equal(register_pm_notifier(&nb_b), -EEXIST);

	/* No platform suspend: standby and mem are not valid, and nobody hears of them. */
	calls[0] = '\0';
	assert_int_equal(pm_suspend(PM_SUSPEND_MEM), -EINVAL);
	assert_int_equal(pm_suspend(PM_SUSPEND_STANDBY), -EINVAL);
	assert_int_equal(pm_suspend(PM_SUSPEND_ON), -EINVAL);
	assert_int_equal(pm_suspend(PM_SUSPEND_MAX), -EINVAL);
	assert_string_equal(calls, "");

	/* Suspend-to-idle: everyone prepares, by priority, then everyone hears it is over. */
	refuse_with = 0;
	nested_result = 1;
	assert_int_equal(pm_suspend(PM_SUSPEND_TO_IDLE), 0);
	assert_string_equal(calls, "a:3 b:3 c:3 a:4 b:4 c:4 ");
	assert_int_equal(nested_result, -EBUSY);

	/* A refusal: those before it take their preparation back, those after hear nothing. */
	calls[0] = '\0';
	refuse_with = -EAGAIN;
	assert_int_equal(pm_suspend(PM_SUSPEND_TO_IDLE), -EAGAIN);
	assert_string_equal(calls, "a:3 b:3 a:4 ");

	assert_int_equal(unregister_pm_notifier(&nb_a), 0);
	assert_int_equal(unregister_pm_notifier(&nb_a), -ENOENT);
	assert_int_equal(unregister_pm_notifier(&nb_b), 0);
	assert_int_equal(unregister_pm_notifier(&nb_c), 0);
	calls[0] = '\0';
	assert_int_equal(pm_suspend(PM_SUSPEND_TO_IDLE), 0);
	assert_string_equal(calls, "");
}

static BLOCKING_NOTIFIER_HEAD(own_chain);

static void test_robust_chain(void **state)
{
	(void)state;
	assert_int_equal(blocking_notifier_chain_register(&own_chain, &nb_b), 0);
	assert_int_equal(blocking_notifier_chain_register(&own_chain, &nb_c), 0);
	calls[0] = '\0';
	refuse_with = 0;
	assert_int_equal(blocking_notifier_call_chain_robust(&own_chain, PM_SUSPEND_PREPARE,
							     PM_POST_SUSPEND, NULL),
			 NOTIFY_DONE);
	assert_string_equal(calls, "b:3 c:3 ");
	/* The first refuses: nobody before it to undo. */
	calls[0] = '\0';
	refuse_with = -EPERM;
	assert_int_equal(notifier_to_errno(blocking_notifier_call_chain_robust(
				 &own_chain, PM_SUSPEND_PREPARE, PM_POST_SUSPEND, NULL)),
			 -EPERM);
	assert_string_equal(calls, "b:3 ");
	blocking_notifier_chain_unregister(&own_chain, &nb_b);
	blocking_notifier_chain_unregister(&own_chain, &nb_c);
}

static DECLARE_WAIT_QUEUE_HEAD(freeze_wq);

static void test_freezer(void **state)
{
	bool was_frozen = true;
	int ready = 1;

	(void)state;
	set_freezable();
	assert_false(try_to_freeze());
	assert_false(freezing(current));
	assert_false(frozen(current));
	assert_false(kthread_freezable_should_stop(&was_frozen));
	assert_false(was_frozen);
	assert_int_equal(wait_event_freezable(freeze_wq, ready), 0);
	assert_int_equal(wait_event_freezable_timeout(freeze_wq, !ready, 1), 0);
}

/* ---- proc_create_single(): the APM emulation's /proc/apm ---- */

static int apm_show(struct seq_file *m, void *v)
{
	struct apm_power_info info = { .ac_line_status = APM_AC_ONLINE, .battery_life = -1 };

	seq_printf(m, "0x%02x 0x%02x %d%% %s\n", APM_32_BIT_SUPPORT, info.ac_line_status,
		   info.battery_life, m->private ? (const char *)m->private : "-");
	return 0;
}

static void test_proc_single(void **state)
{
	static char data[] = "min";
	char buf[64];

	(void)state;
	assert_non_null(proc_create_single("tapm", 0, NULL, apm_show));
	assert_non_null(proc_create_single_data("tapm_data", 0, NULL, apm_show, data));
	assert_true(test_node_read("proc/tapm", buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "0x02 0x01 -1% -\n");
	assert_true(test_node_read("proc/tapm_data", buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "0x02 0x01 -1% min\n");
	remove_proc_entry("tapm", NULL);
	remove_proc_entry("tapm_data", NULL);
	assert_int_equal(test_node_read("proc/tapm", buf, sizeof(buf)), -ENOENT);
	assert_int_equal(APM_MINOR_DEV, 134);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_pm_suspend, test_env_capture),
		cmocka_unit_test_setup(test_robust_chain, test_env_capture),
		cmocka_unit_test_setup(test_freezer, test_env_capture),
		cmocka_unit_test_setup(test_proc_single, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
