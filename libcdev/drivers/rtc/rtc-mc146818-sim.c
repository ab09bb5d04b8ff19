/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the PC's CMOS: what arch/x86/kernel/rtc.c gives drivers
 * (rtc_lock, rtc_cmos_read(), rtc_cmos_write(): an index written to port
 * 0x70, the byte then read or written at 0x71), and, beside it as
 * drivers/i2c/i2c-stub.c is beside its bus, a simulated MC146818 behind a
 * described device's ports (model=mc146818, libcdev-platform(7)).
 *
 * The simulated chip: an even port of the region takes the index (its bit 7
 * is the PC's NMI mask, not part of it) and reads 0xff, as a write-only
 * latch does; an odd one reads or writes the byte at the index. Bytes 14 to
 * 127 and the alarms are RAM. The clock reads the host's UTC time, in BCD
 * or binary and in 24- or 12-hour form as register B says, and ignores
 * writes (the host's clock is not the process's to set); register A never
 * shows an update in progress, C has no interrupt flags (the chip raises no
 * interrupt here), D says the battery is good. The RAM is the process's
 * one CMOS: it keeps its contents while the process lives, as the battery
 * does, whichever device describes it again.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "core/core.h"
#include <libcdev/io.h>
#include <libcdev/platform.h>
#include <libcdev/spinlock_types.h>

#define CMOS_SIZE    128
#define REG_HOURS    4
#define REG_YEAR     9
#define REG_A	     10
#define REG_B	     11
#define REG_C	     12
#define REG_D	     13
#define REG_A_UIP    0x80
#define REG_B_BINARY 0x04
#define REG_B_24H    0x02
#define REG_D_VRT    0x80
#define HOURS_PM     0x80
#define INDEX_PORT   0x70
#define DATA_PORT    0x71

_public_ struct spinlock rtc_lock = { PTHREAD_MUTEX_INITIALIZER };

_public_ unsigned char rtc_cmos_read(unsigned char addr)
{
	libcdev_port_write(INDEX_PORT, 1, addr);
	return (unsigned char)libcdev_port_read(DATA_PORT, 1);
}

_public_ void rtc_cmos_write(unsigned char val, unsigned char addr)
{
	libcdev_port_write(INDEX_PORT, 1, addr);
	libcdev_port_write(DATA_PORT, 1, val);
}

/* ---- the simulated chip (its accesses come serialised by the port banks' lock) ---- */

static struct {
	unsigned char index;
	unsigned char ram[CMOS_SIZE];
} cmos = { .ram = { [REG_A] = 0x26, [REG_B] = REG_B_24H } }; /* 32.768 kHz, 1024 Hz; BCD, 24 h */

static unsigned char cmos_encode(unsigned int v)
{
	return cmos.ram[REG_B] & REG_B_BINARY ? (unsigned char)v :
						(unsigned char)((v / 10) << 4 | v % 10);
}

/* Hours 0-23 as register B wants them: 12-hour form is 1-12 with bit 7 for PM. */
static unsigned char cmos_hours(unsigned int h)
{
	unsigned int h12 = h % 12 ? h % 12 : 12;

	if (cmos.ram[REG_B] & REG_B_24H)
		return cmos_encode(h);
	return (unsigned char)(cmos_encode(h12) | (h >= 12 ? HOURS_PM : 0));
}

static unsigned char cmos_clock(unsigned int reg)
{
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	switch (reg) {
	case 0:
		return cmos_encode((unsigned int)tm.tm_sec % 60); /* no leap second */
	case 2:
		return cmos_encode((unsigned int)tm.tm_min);
	case REG_HOURS:
		return cmos_hours((unsigned int)tm.tm_hour);
	case 6:
		return cmos_encode((unsigned int)tm.tm_wday + 1); /* Sunday is 1 */
	case 7:
		return cmos_encode((unsigned int)tm.tm_mday);
	case 8:
		return cmos_encode((unsigned int)tm.tm_mon + 1);
	default:
		return cmos_encode((unsigned int)tm.tm_year % 100);
	}
}

static bool cmos_is_clock(unsigned int reg)
{
	return reg <= REG_YEAR && (reg % 2 == 0 || reg >= 6); /* 1, 3, 5: the alarms */
}

static unsigned char cmos_reg_read(unsigned int reg)
{
	if (cmos_is_clock(reg))
		return cmos_clock(reg);
	switch (reg) {
	case REG_A:
		return cmos.ram[REG_A] & (unsigned char)~REG_A_UIP;
	case REG_C:
		return 0;
	case REG_D:
		return REG_D_VRT;
	default:
		return cmos.ram[reg];
	}
}

static void cmos_reg_write(unsigned int reg, unsigned char val)
{
	if (cmos_is_clock(reg) || reg == REG_C || reg == REG_D)
		return; /* the host's clock; flags and status are read-only */
	cmos.ram[reg] = val;
}

static uint64_t cmos_sim_read(void *ctx, unsigned long off, unsigned int size)
{
	uint64_t v = 0;

	(void)ctx;
	/* A wider access is one byte cycle per port, as on the ISA bus. */
	for (unsigned int i = 0; i < size; i++) {
		unsigned char b = (off + i) % 2 ? cmos_reg_read(cmos.index) : 0xff;

		v |= (uint64_t)b << (8 * i);
	}
	return v;
}

static void cmos_sim_write(void *ctx, unsigned long off, unsigned int size, uint64_t value)
{
	(void)ctx;
	for (unsigned int i = 0; i < size; i++) {
		unsigned char b = (unsigned char)(value >> (8 * i));

		if ((off + i) % 2)
			cmos_reg_write(cmos.index, b);
		else
			cmos.index = b & (CMOS_SIZE - 1); /* bit 7 masks the NMI */
	}
}

static const struct libcdev_regbank_ops cmos_sim_ops = {
	.read = cmos_sim_read,
	.write = cmos_sim_write,
};

/* Its description says model=mc146818 (read from the list: it may not be on the bus yet). */
static bool cmos_sim_wanted(const struct platform_device *pdev)
{
	for (const struct platform_device_property *p = pdev->props; p; p = p->next)
		if (!strcmp(p->key, "model"))
			return !strcmp(p->value, "mc146818");
	return false;
}

int mc146818_sim_check(struct platform_device *pdev)
{
	const struct resource *io = platform_get_resource(pdev, IORESOURCE_IO, 0);

	if (!cmos_sim_wanted(pdev) || (io && resource_size(io) >= 2))
		return 0;
	pr_err_lib("platform device %s: model=mc146818 needs io=START+SIZE of 2 ports or more "
		   "(the index and the data port)",
		   pdev->name);
	return -EINVAL;
}

void mc146818_sim_attach(struct platform_device *pdev)
{
	const struct resource *io = platform_get_resource(pdev, IORESOURCE_IO, 0);

	if (!io || !cmos_sim_wanted(pdev))
		return;
	if (libcdev_portbank_set_ops((unsigned long)io->start, &cmos_sim_ops, NULL))
		pr_err_lib("platform device %s: no port bank for the simulated MC146818",
			   pdev->name);
}
