/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/miscdevice.h>, from libcdev's
 * <libcdev/miscdevice.h>: misc_register()/misc_deregister(),
 * MISC_DYNAMIC_MINOR, .name, .nodename, .mode. The kernel's misc driver owns
 * major 10, so the nodes get a dynamic major unless 10 is free; the minors
 * follow the kernel's rules. The minors of major 10 that the device list
 * (devices.txt) assigns are here under the kernel's names, and
 * MODULE_ALIAS_MISCDEV() records the alias char-major-10-MINOR.
 */
#ifndef LIBCDEV_KERNEL_LINUX_MISCDEVICE_H
#define LIBCDEV_KERNEL_LINUX_MISCDEVICE_H

#include <linux/device.h>
#include <linux/fs.h>
#include <linux/major.h>
#include <linux/module.h>
#include <linux/stringify.h>
#include <libcdev/miscdevice.h>

/* The fixed minors the kernel assigns (Documentation/admin-guide/devices.txt), for .minor. */
#define PSMOUSE_MINOR	     1
#define MS_BUSMOUSE_MINOR    2
#define ATIXL_BUSMOUSE_MINOR 3
#define AMIGAMOUSE_MINOR     4
#define ATARIMOUSE_MINOR     5
#define SUN_MOUSE_MINOR	     6
#define APOLLO_MOUSE_MINOR   7
#define PC110PAD_MINOR	     9
#define ADB_MOUSE_MINOR	     10
#define WATCHDOG_MINOR	     130
#define TEMP_MINOR	     131
#define APM_MINOR_DEV	     134
#define RTC_MINOR	     135
#define EFI_RTC_MINOR	     136
#define VHCI_MINOR	     137
#define SUN_OPENPROM_MINOR   139
#define DMAPI_MINOR	     140
#define NVRAM_MINOR	     144
#define SBUS_FLASH_MINOR     152
#define SGI_MMTIMER	     153
#define PMU_MINOR	     154
#define STORE_QUEUE_MINOR    155
#define LCD_MINOR	     156
#define AC_MINOR	     157
#define BUTTON_MINOR	     158
#define NWFLASH_MINOR	     160
#define ENVCTRL_MINOR	     162
#define I2O_MINOR	     166
#define UCTRL_MINOR	     174
#define AGPGART_MINOR	     175
#define TOSH_MINOR_DEV	     181
#define HWRNG_MINOR	     183
#define MICROCODE_MINOR	     184
#define KEYPAD_MINOR	     185
#define IRNET_MINOR	     187
#define D7S_MINOR	     193
#define VFIO_MINOR	     196
#define PXA3XX_GCU_MINOR     197
#define TUN_MINOR	     200
#define CUSE_MINOR	     203
#define MWAVE_MINOR	     219
#define MPT_MINOR	     220
#define MPT2SAS_MINOR	     221
#define MPT3SAS_MINOR	     222
#define UINPUT_MINOR	     223
#define MISC_MCELOG_MINOR    227
#define HPET_MINOR	     228
#define FUSE_MINOR	     229
#define SNAPSHOT_MINOR	     231
#define KVM_MINOR	     232
#define BTRFS_MINOR	     234
#define AUTOFS_MINOR	     235
#define MAPPER_CTRL_MINOR    236
#define LOOP_CTRL_MINOR	     237
#define VHOST_NET_MINOR	     238
#define UHID_MINOR	     239
#define USERIO_MINOR	     240
#define VHOST_VSOCK_MINOR    241
#define RFKILL_MINOR	     242

#define MODULE_ALIAS_MISCDEV(minor) \
	MODULE_ALIAS("char-major-" __stringify(MISC_MAJOR) "-" __stringify(minor))

#define module_misc_device(__misc_device)               \
	static int __init __misc_device##_init(void)    \
	{                                               \
		return misc_register(&(__misc_device)); \
	}                                               \
	module_init(__misc_device##_init);              \
	static void __exit __misc_device##_exit(void)   \
	{                                               \
		misc_deregister(&(__misc_device));      \
	}                                               \
	module_exit(__misc_device##_exit)

#endif
