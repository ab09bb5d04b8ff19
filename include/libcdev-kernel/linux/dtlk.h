/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/dtlk.h>: the interface of the DoubleTalk PC
 * speech synthesizer's driver (dtlk): its two ISA ports (LPC at the base,
 * TTS at base + 1), the status bits each port reads back, the two ioctls
 * and the settings block the Interrogate command returns, which user space
 * receives from DTLK_INTERROGATE. The ioctl numbers are plain numbers, not
 * _IO() codes, and the block's layout is the one programs were built with.
 */
#ifndef LIBCDEV_KERNEL_LINUX_DTLK_H
#define LIBCDEV_KERNEL_LINUX_DTLK_H

#include <linux/delay.h>
#include <linux/jiffies.h>

#define DTLK_MINOR     0
#define DTLK_IO_EXTENT 0x02 /* the LPC and the TTS port */

#define DTLK_INTERROGATE 0xa390 /* copy the card's struct dtlk_settings out */
#define DTLK_STATUS	 0xa391 /* one byte: the TTS port's status */

#define DTLK_CLEAR 0x18 /* the command that silences the card at once */

/* How long to poll a port for a handshake bit: a tenth of a jiffy's loops. */
#define DTLK_MAX_RETRIES (loops_per_jiffy / (10000 / HZ))

/* Bits of the TTS port's status byte. */
#define TTS_READABLE	 0x80 /* a byte of the Interrogate answer is waiting */
#define TTS_SPEAKING	 0x40 /* SYNC: a synthesizer other than LPC is sounding */
#define TTS_SPEAKING2	 0x20 /* SYNC2: drops up to 0.4 s before speech ends */
#define TTS_WRITABLE	 0x10 /* RDY: the port takes a byte (low ~185 us after one) */
#define TTS_ALMOST_FULL	 0x08 /* AF: under 300 bytes free in the input buffer */
#define TTS_ALMOST_EMPTY 0x04 /* AE: under 300 bytes left to speak */

/* Commands written to the LPC port to start LPC speech. */
#define LPC_5220_NORMAL 0x60
#define LPC_5220_FAST	0x64
#define LPC_D6_NORMAL	0x20
#define LPC_D6_FAST	0x24

/* Bits of the LPC port's status byte, meaningful after an LPC command. */
#define LPC_SPEAKING	 0x80 /* TS: the LPC synthesizer is sounding */
#define LPC_BUFFER_LOW	 0x40 /* BL: under 30 of the 4096 buffer bytes left */
#define LPC_BUFFER_EMPTY 0x20 /* BE: the buffer ran dry (an error while TS) */

/* The Interrogate command's answer, as DTLK_INTERROGATE copies it out. */
struct dtlk_settings {
	unsigned short serial_number;  /* two 7-bit halves, low first */
	unsigned char rom_version[24]; /* NUL-terminated */
	unsigned char mode;	       /* 0 character, 1 phoneme, 2 text */
	unsigned char punc_level;      /* 0-7 */
	unsigned char formant_freq;    /* 0-9 */
	unsigned char pitch;	       /* 0-99 */
	unsigned char speed;	       /* 0-9 */
	unsigned char volume;	       /* 0-9 */
	unsigned char tone;	       /* 0-2 */
	unsigned char expression;      /* 0-9 */
	unsigned char ext_dict_loaded; /* 1: an exception dictionary is loaded */
	unsigned char ext_dict_status; /* 1: and enabled */
	unsigned char free_ram;	       /* pages left for the text buffer */
	unsigned char articulation;    /* 0-9 */
	unsigned char reverb;	       /* 0-9 */
	unsigned char eob;	       /* 0x7f, the end of the block */
	unsigned char has_indexing;    /* the card posts index markers */
};

#endif
