/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/platform_data/bh1770glc.h>: what a board gives
 * the ROHM BH1770GLC / Osram SFH7770 light and proximity sensor driver as
 * platform data (client->dev.platform_data).
 */
#ifndef LIBCDEV_KERNEL_LINUX_PLATFORM_DATA_BH1770GLC_H
#define LIBCDEV_KERNEL_LINUX_PLATFORM_DATA_BH1770GLC_H

#include <linux/types.h>

/* The IR LED's current, led_def_curr. */
#define BH1770_LED_5mA	 0
#define BH1770_LED_10mA	 1
#define BH1770_LED_20mA	 2
#define BH1770_LED_50mA	 3
#define BH1770_LED_100mA 4
#define BH1770_LED_150mA 5
#define BH1770_LED_200mA 6

/* glass_attenuation for no glass over the sensor: 16384 / 16384. */
#define BH1770_NEUTRAL_GA 16384

struct bh1770_platform_data {
	__u8 led_def_curr;
	__u32 glass_attenuation;
	int (*setup_resources)(void);
	int (*release_resources)(void);
};

#endif
