/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - restart, halt and power-off requests of drivers, after
 * include/linux/reboot.h and kernel/reboot.c. The machine is not the
 * driver's here: the reboot notifiers run as in the kernel, then the host
 * process ends (abort(3), as BUG() ends it); orderly_poweroff() and
 * orderly_reboot() only log that they were asked.
 */
#ifndef LIBCDEV_REBOOT_H
#define LIBCDEV_REBOOT_H

#include <stdbool.h>

#include <libcdev/names.h>
#include <libcdev/notifier.h>

#define SYS_DOWN      0x0001
#define SYS_RESTART   SYS_DOWN
#define SYS_HALT      0x0002
#define SYS_POWER_OFF 0x0003

enum reboot_mode {
	REBOOT_UNDEFINED = -1,
	REBOOT_COLD = 0,
	REBOOT_WARM,
	REBOOT_HARD,
	REBOOT_SOFT,
	REBOOT_GPIO,
};

int register_reboot_notifier(struct notifier_block *nb);
int unregister_reboot_notifier(struct notifier_block *nb);
void kernel_restart(char *cmd) __attribute__((noreturn));
void kernel_halt(void) __attribute__((noreturn));
void kernel_power_off(void) __attribute__((noreturn));
void emergency_restart(void) __attribute__((noreturn));
void machine_restart(char *cmd) __attribute__((noreturn));
void machine_halt(void) __attribute__((noreturn));
void machine_power_off(void) __attribute__((noreturn));
void orderly_poweroff(bool force);
void orderly_reboot(void);

#endif
