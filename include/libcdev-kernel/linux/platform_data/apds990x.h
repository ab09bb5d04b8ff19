/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/platform_data/apds990x.h>: what a board gives
 * the Avago APDS990x light and proximity sensor driver as platform data
 * (client->dev.platform_data): the chip's factors behind its glass, the IR
 * LED's drive current and pulse count.
 */
#ifndef LIBCDEV_KERNEL_LINUX_PLATFORM_DATA_APDS990X_H
#define LIBCDEV_KERNEL_LINUX_PLATFORM_DATA_APDS990X_H

#include <linux/types.h>

/* pdrive: the IR LED's current. */
#define APDS_IRLED_CURR_12mA  0x3
#define APDS_IRLED_CURR_25mA  0x2
#define APDS_IRLED_CURR_50mA  0x1
#define APDS_IRLED_CURR_100mA 0x0

/* The factors below are scaled by this: 4096 is 1.0. */
#define APDS_PARAM_SCALE 4096

struct apds990x_chip_factors {
	int ga;	  /* glass attenuation */
	int cf1;  /* clear channel factor 1 */
	int irf1; /* IR channel factor 1 */
	int cf2;  /* clear channel factor 2 */
	int irf2; /* IR channel factor 2 */
	int df;	  /* device factor */
};

struct apds990x_platform_data {
	struct apds990x_chip_factors cf;
	u8 pdrive;
	u8 ppcount;
	int (*setup_resources)(void);
	int (*release_resources)(void);
};

#endif
