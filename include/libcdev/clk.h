/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - clocks and regulators of described devices
 * (include/linux/clk.h, include/linux/regulator/consumer.h): a platform
 * device's description names its clocks (clk=NAME:HZ) and supplies
 * (regulator=NAME:MICROVOLTS or NAME:MIN-MAX), libcdev-platform(7); each is
 * a simulated provider with the kernel's counts. A clock is prepared, then
 * enabled, and is running while both counts are above 0; a regulator is on
 * while any consumer has it enabled. An unbalanced disable is reported
 * with the kernel's words and changes nothing.
 */
#ifndef LIBCDEV_CLK_H
#define LIBCDEV_CLK_H

#include <stdbool.h>

#include <libcdev/device.h>
#include <libcdev/names.h>

struct clk;
struct regulator;

/*
 * clk_get - the clock @id of @dev (its first clock for NULL)
 * Return: the clock, or ERR_PTR(-ENOENT) when the device describes none.
 * The NULL clock (of the _optional forms) is valid: every call on it
 * succeeds and its rate is 0.
 */
struct clk *clk_get(struct device *dev, const char *id);
struct clk *clk_get_optional(struct device *dev, const char *id);
void clk_put(struct clk *clk);
/** devm_clk_get - clk_get(), put when @dev is unbound; the _enabled form prepared and enabled */
struct clk *devm_clk_get(struct device *dev, const char *id);
struct clk *devm_clk_get_optional(struct device *dev, const char *id);
struct clk *devm_clk_get_enabled(struct device *dev, const char *id);
int clk_prepare(struct clk *clk);
void clk_unprepare(struct clk *clk);
/** clk_enable - "Enabling unprepared NAME" warned and -ESHUTDOWN for an unprepared clock */
int clk_enable(struct clk *clk);
void clk_disable(struct clk *clk);
unsigned long clk_get_rate(struct clk *clk);
/** clk_set_rate - the simulated clock runs at any rate asked */
int clk_set_rate(struct clk *clk, unsigned long rate);
long clk_round_rate(struct clk *clk, unsigned long rate);
/** libcdev_clk_enable_count - the clock's enable count, for tests */
unsigned int libcdev_clk_enable_count(struct clk *clk);

/*
 * regulator_get - the supply @id of @dev; one the device does not describe
 * is a dummy (logged "supply ID not found, using dummy regulator"), as the
 * kernel gives; the _optional form fails -ENODEV instead.
 */
struct regulator *regulator_get(struct device *dev, const char *id);
struct regulator *regulator_get_optional(struct device *dev, const char *id);
struct regulator *devm_regulator_get(struct device *dev, const char *id);
struct regulator *devm_regulator_get_optional(struct device *dev, const char *id);
/** regulator_put - a consumer's enables it still holds are dropped */
void regulator_put(struct regulator *regulator);
int regulator_enable(struct regulator *regulator);
/** regulator_disable - -EIO, with "unbalanced disables for NAME", when this consumer has none */
int regulator_disable(struct regulator *regulator);
int regulator_is_enabled(struct regulator *regulator);
/** regulator_get_voltage - microvolts; -EINVAL for a dummy */
int regulator_get_voltage(struct regulator *regulator);
/**
 * regulator_set_voltage - the lowest voltage of the supply's range within
 * [@min_uV, @max_uV]; a fixed supply accepts a range that holds its
 * voltage. Return: 0, -EPERM (a fixed supply outside), -EINVAL.
 */
int regulator_set_voltage(struct regulator *regulator, int min_uV, int max_uV);

/* One supply of a bulk request: the driver fills @supply, the calls the rest. */
struct regulator_bulk_data {
	const char *supply;
	int init_load_uA; /* accepted: a simulated supply takes any load */
	struct regulator *consumer;
	int ret; /* regulator_bulk_enable(): this supply's result */
};

/**
 * regulator_bulk_get - regulator_get() of each of the @num supplies; all or
 * none: on a failure ("Failed to get supply 'NAME'") those got are put again
 */
int regulator_bulk_get(struct device *dev, int num, struct regulator_bulk_data *consumers);
/** devm_regulator_bulk_get - regulator_bulk_get(), freed when @dev is unbound */
int devm_regulator_bulk_get(struct device *dev, int num, struct regulator_bulk_data *consumers);
/** regulator_bulk_enable - enable each; all or none, as regulator_bulk_get() */
int regulator_bulk_enable(int num, struct regulator_bulk_data *consumers);
/** regulator_bulk_disable - disable each, last first; on a failure those disabled go on again */
int regulator_bulk_disable(int num, struct regulator_bulk_data *consumers);
/** regulator_bulk_free - put each consumer, and clear it */
void regulator_bulk_free(int num, struct regulator_bulk_data *consumers);

#endif
