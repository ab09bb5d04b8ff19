/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Notifier chains (<linux/notifier.h>): the order of priority and of
 * registration, NOTIFY_STOP, a block registered twice, unregistering, the
 * errno conversions; reboot notifiers and the end of the host process
 * (<linux/reboot.h>); SysRq actions of drivers (<linux/sysrq.h>).
 */
#include <linux/module.h>
#include <linux/notifier.h>
#include <linux/reboot.h>
#include <linux/sysrq.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "test-util.h"

static char order[16];
static int calls;

static int record(struct notifier_block *nb, unsigned long action, void *data)
{
	order[calls++] = (char)nb->priority + 'a';
	return action == 99 && nb->priority == 2 ? NOTIFY_STOP : NOTIFY_OK;
}

static void test_chain_order_and_stop(void **state)
{
	BLOCKING_NOTIFIER_HEAD(chain);
	struct notifier_block b1 = { .notifier_call = record, .priority = 1 };
	struct notifier_block b2 = { .notifier_call = record, .priority = 2 };
	struct notifier_block b2bis = { .notifier_call = record, .priority = 2 };
	struct notifier_block b0 = { .notifier_call = record, .priority = 0 };

	(void)state;
	assert_int_equal(blocking_notifier_call_chain(&chain, 1, NULL), NOTIFY_DONE);
	assert_int_equal(blocking_notifier_chain_register(&chain, &b1), 0);
	assert_int_equal(blocking_notifier_chain_register(&chain, &b0), 0);
	assert_int_equal(blocking_notifier_chain_register(&chain, &b2), 0);
	assert_int_equal(blocking_notifier_chain_register(&chain, &b2bis), 0);
	/* The same block twice: refused, the chain unchanged. */
	assert_int_equal(blocking_notifier_chain_register(&chain, &b1), -EEXIST);
	calls = 0;
	assert_int_equal(blocking_notifier_call_chain(&chain, 1, NULL), NOTIFY_OK);
	order[calls] = '\0';
	assert_string_equal(order, "ccba");
	/* NOTIFY_STOP from the first of priority 2 ends the walk. */
	calls = 0;
	assert_int_equal(blocking_notifier_call_chain(&chain, 99, NULL), NOTIFY_STOP);
	assert_int_equal(calls, 1);
	assert_int_equal(blocking_notifier_chain_unregister(&chain, &b2), 0);
	assert_int_equal(blocking_notifier_chain_unregister(&chain, &b2), -ENOENT);
	calls = 0;
	blocking_notifier_call_chain(&chain, 99, NULL);
	assert_int_equal(calls, 1);
	blocking_notifier_chain_unregister(&chain, &b2bis);
	calls = 0;
	blocking_notifier_call_chain(&chain, 99, NULL);
	order[calls] = '\0';
	assert_string_equal(order, "ba");
}

static void test_atomic_and_raw_chains(void **state)
{
	ATOMIC_NOTIFIER_HEAD(atomic);
	struct raw_notifier_head raw;
	struct notifier_block b = { .notifier_call = record, .priority = 3 };

	(void)state;
	RAW_INIT_NOTIFIER_HEAD(&raw);
	assert_int_equal(atomic_notifier_chain_register(&atomic, &b), 0);
	calls = 0;
	assert_int_equal(atomic_notifier_call_chain(&atomic, 1, NULL), NOTIFY_OK);
	assert_int_equal(calls, 1);
	assert_int_equal(atomic_notifier_chain_unregister(&atomic, &b), 0);
	assert_int_equal(raw_notifier_chain_register(&raw, &b), 0);
	calls = 0;
	raw_notifier_call_chain(&raw, 1, NULL);
	assert_int_equal(calls, 1);
	assert_int_equal(raw_notifier_chain_unregister(&raw, &b), 0);
}

static void test_errno_conversions(void **state)
{
	(void)state;
	assert_int_equal(notifier_from_errno(0), NOTIFY_OK);
	assert_true(notifier_from_errno(-EBUSY) & NOTIFY_STOP_MASK);
	assert_int_equal(notifier_to_errno(notifier_from_errno(-EBUSY)), -EBUSY);
	assert_int_equal(notifier_to_errno(NOTIFY_OK), 0);
	assert_int_equal(notifier_to_errno(NOTIFY_STOP), 0);
}

static int reboot_pipe = -1;

static int on_reboot(struct notifier_block *nb, unsigned long code, void *cmd)
{
	char line[64];
	int n = snprintf(line, sizeof(line), "%lu %s", code, cmd ? (char *)cmd : "-");

	if (write(reboot_pipe, line, (size_t)n) != n)
		return NOTIFY_BAD;
	return NOTIFY_DONE;
}

/* In a child: the notifier hears the code and command, then the process aborts. */
static void reboot_child(void (*call)(void), const char *want_heard)
{
	struct notifier_block nb = { .notifier_call = on_reboot };
	int fds[2], status;
	char heard[64] = "";
	ssize_t n;
	pid_t pid;

	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(fds[0]);
		reboot_pipe = fds[1];
		signal(SIGABRT, SIG_DFL);
		register_reboot_notifier(&nb);
		call();
		_exit(0); /* not reached: the calls do not return */
	}
	close(fds[1]);
	n = read(fds[0], heard, sizeof(heard) - 1);
	heard[n > 0 ? n : 0] = '\0';
	close(fds[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGABRT);
	assert_string_equal(heard, want_heard);
}

static void restart_with_command(void)
{
	kernel_restart((char *)"bootloader");
}

static void power_off(void)
{
	kernel_power_off();
}

static void restart_at_once(void)
{
	emergency_restart();
}

static void test_reboot(void **state)
{
	struct notifier_block nb = { .notifier_call = on_reboot };

	(void)state;
	reboot_child(restart_with_command, "1 bootloader");
	reboot_child(power_off, "3 -");
	/* emergency_restart() skips the notifiers, as in the kernel. */
	reboot_child(restart_at_once, "");
	assert_int_equal(register_reboot_notifier(&nb), 0);
	assert_int_equal(unregister_reboot_notifier(&nb), 0);
	/* Asked, logged, not done: the process goes on. */
	orderly_poweroff(false);
	orderly_reboot();
}

static int sysrq_key;

static void sysrq_handler(int key)
{
	sysrq_key = key;
}

static const struct sysrq_key_op op = {
	.handler = sysrq_handler,
	.help_msg = "test(x)",
	.action_msg = "Test action",
};

static void test_sysrq(void **state)
{
	(void)state;
	assert_int_equal(register_sysrq_key('x', &op), 0);
	assert_int_equal(register_sysrq_key('x', &op), -1);
	handle_sysrq('x');
	assert_int_equal(sysrq_key, 'x');
	sysrq_key = 0;
	/* A key no driver took: logged only. */
	handle_sysrq('t');
	assert_int_equal(sysrq_key, 0);
	assert_int_equal(register_sysrq_key('!', &op), -1);
	assert_int_equal(unregister_sysrq_key('x', NULL), -1);
	assert_int_equal(unregister_sysrq_key('x', &op), 0);
	handle_sysrq('x');
	assert_int_equal(sysrq_key, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chain_order_and_stop),
		cmocka_unit_test(test_atomic_and_raw_chains),
		cmocka_unit_test(test_errno_conversions),
		cmocka_unit_test(test_reboot),
		cmocka_unit_test(test_sysrq),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
