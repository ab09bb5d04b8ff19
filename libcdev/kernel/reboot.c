/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/reboot.c:
 * what a driver's request to restart, halt or power off the machine does
 * here. The machine is not the driver's: the reboot notifiers run with the
 * kernel's codes, as they would before the machine stops, and then the
 * host process ends, as BUG() ends it, with the kernel's message. The
 * orderly forms, which ask user space to shut the system down, are logged
 * and not done.
 */
#include <stdlib.h>
#include <syslog.h>

#include <libcdev/reboot.h>

#include "core/core.h"

static struct blocking_notifier_head reboot_notifiers = {
	{ PTHREAD_MUTEX_INITIALIZER, NULL },
};

_public_ int register_reboot_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_register(&reboot_notifiers, nb);
}

_public_ int unregister_reboot_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_unregister(&reboot_notifiers, nb);
}

/* The notifiers, the kernel's last line, and the end of the host process. */
static void __attribute__((noreturn)) host_stops(unsigned long code, char *cmd, const char *what)
{
	if (code)
		blocking_notifier_call_chain(&reboot_notifiers, code, cmd);
	libcdev_log(LOG_EMERG, "reboot: %s%s%s: the host process ends instead of the machine", what,
		    cmd ? " with command: " : "", cmd ? cmd : "");
	abort();
}

_public_ void kernel_restart(char *cmd)
{
	host_stops(SYS_RESTART, cmd, "Restarting system");
}

_public_ void kernel_halt(void)
{
	host_stops(SYS_HALT, NULL, "System halted");
}

_public_ void kernel_power_off(void)
{
	host_stops(SYS_POWER_OFF, NULL, "Power down");
}

/* The machine_*() forms and emergency_restart() skip the notifiers, as in the kernel. */
_public_ void emergency_restart(void)
{
	host_stops(0, NULL, "Emergency restart");
}

_public_ void machine_restart(char *cmd)
{
	host_stops(0, cmd, "Restarting system");
}

_public_ void machine_halt(void)
{
	host_stops(0, NULL, "System halted");
}

_public_ void machine_power_off(void)
{
	host_stops(0, NULL, "Power down");
}

_public_ void orderly_poweroff(bool force)
{
	libcdev_log(LOG_WARNING,
		    "reboot: orderly_poweroff(%s) asked: not done, the machine is not "
		    "the driver's",
		    force ? "true" : "false");
}

_public_ void orderly_reboot(void)
{
	libcdev_log(LOG_WARNING, "reboot: orderly_reboot() asked: not done, the machine is not the "
				 "driver's");
}
