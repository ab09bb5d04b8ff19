/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Clocks and regulators of a described device (clk=NAME:HZ,
 * regulator=NAME:UV or NAME:MIN-MAX): the kernel's prepare/enable counts
 * and per-consumer regulator enables (one by one and in bulk), the warnings of an unbalanced
 * disable in the kernel's words, rates and voltages, dummy and optional
 * supplies, and the managed forms released at unbind.
 */
#include <linux/clk.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/regulator/consumer.h>

#include <string.h>

#include "test-util.h"

static struct platform_device *describe(const char *line)
{
	struct platform_device *pdev;

	assert_int_equal(libcdev_platform_describe(line, &pdev), 0);
	return pdev;
}

static void test_clk_counts(void **state)
{
	struct platform_device *pdev = describe("tclk.0 clk=core:48000000 clk=bus:1000");
	struct device *dev = &pdev->dev;
	struct clk *core, *first, *bus, *again;

	(void)state;
	core = clk_get(dev, "core");
	assert_false(IS_ERR(core));
	first = clk_get(dev, NULL);
	assert_false(IS_ERR(first));
	bus = clk_get(dev, "bus");
	assert_ptr_equal(clk_get(dev, "none"), ERR_PTR(-ENOENT));
	assert_null(clk_get_optional(dev, "none"));
	assert_int_equal(clk_get_rate(core), 48000000);
	assert_int_equal(clk_get_rate(first), 48000000);
	assert_int_equal(clk_get_rate(bus), 1000);
	/* Enabling before preparing is refused, with the kernel's warning. */
	assert_int_equal(clk_enable(core), -ESHUTDOWN);
	assert_non_null(strstr(test_log_take(), "Enabling unprepared core"));
	assert_int_equal(clk_prepare_enable(core), 0);
	/* Two handles, one clock: the counts are shared. */
	assert_int_equal(clk_prepare_enable(first), 0);
	assert_int_equal(libcdev_clk_enable_count(core), 2);
	clk_disable_unprepare(first);
	clk_disable_unprepare(core);
	assert_int_equal(libcdev_clk_enable_count(core), 0);
	clk_disable(core);
	assert_non_null(strstr(test_log_peek(), "core already disabled"));
	clk_unprepare(core);
	assert_non_null(strstr(test_log_take(), "core already unprepared"));
	assert_int_equal(clk_set_rate(bus, 2000), 0);
	again = clk_get(dev, "bus");
	assert_int_equal(clk_get_rate(again), 2000);
	/* The NULL clock of the optional forms: everything succeeds. */
	assert_int_equal(clk_prepare_enable(NULL), 0);
	assert_int_equal(clk_get_rate(NULL), 0);
	clk_put(again);
	clk_put(bus);
	clk_put(first);
	clk_put(core);
	platform_device_unregister(pdev);
}

static void test_regulator(void **state)
{
	struct platform_device *pdev =
		describe("treg.0 regulator=vdd:3300000 regulator=vio:1800000-3300000");
	struct device *dev = &pdev->dev;
	struct regulator *a, *b, *vio, *dummy;

	(void)state;
	a = regulator_get(dev, "vdd");
	b = regulator_get(dev, "vdd");
	assert_false(IS_ERR(a));
	assert_false(regulator_is_enabled(a));
	assert_int_equal(regulator_enable(a), 0);
	assert_int_equal(regulator_enable(b), 0);
	assert_int_equal(regulator_disable(a), 0);
	/* b still holds it on. */
	assert_true(regulator_is_enabled(a));
	assert_int_equal(regulator_disable(a), -EIO);
	assert_non_null(strstr(test_log_take(), "unbalanced disables for vdd"));
	assert_int_equal(regulator_disable(b), 0);
	assert_false(regulator_is_enabled(b));
	/* Fixed: a range that holds 3.3 V is accepted, another is not. */
	assert_int_equal(regulator_get_voltage(a), 3300000);
	assert_int_equal(regulator_set_voltage(a, 3000000, 3600000), 0);
	assert_int_equal(regulator_set_voltage(a, 1800000, 1800000), -EPERM);
	vio = regulator_get(dev, "vio");
	assert_int_equal(regulator_get_voltage(vio), 1800000);
	assert_int_equal(regulator_set_voltage(vio, 2500000, 2800000), 0);
	assert_int_equal(regulator_get_voltage(vio), 2500000);
	assert_int_equal(regulator_set_voltage(vio, 3400000, 3600000), -EINVAL);
	/* Undescribed: a dummy, always on; the optional form fails. */
	dummy = regulator_get(dev, "vcc");
	assert_false(IS_ERR(dummy));
	assert_non_null(strstr(test_log_take(), "supply vcc not found, using dummy regulator"));
	assert_true(regulator_is_enabled(dummy));
	assert_int_equal(regulator_get_voltage(dummy), -EINVAL);
	assert_ptr_equal(regulator_get_optional(dev, "vcc"), ERR_PTR(-ENODEV));
	regulator_put(dummy);
	regulator_put(vio);
	regulator_put(b);
	regulator_put(a);
	platform_device_unregister(pdev);
}

/* Several supplies at once: all enabled, disabled last first, an unbalanced one undone. */
static void test_regulator_bulk(void **state)
{
	struct platform_device *pdev =
		describe("tbulk.0 regulator=vdd:3300000 regulator=vio:1800000-3300000");
	struct regulator_bulk_data supplies[] = { { .supply = "vdd" }, { .supply = "vio" } };

	(void)state;
	assert_int_equal(regulator_bulk_get(&pdev->dev, 2, supplies), 0);
	assert_int_equal(regulator_get_voltage(supplies[1].consumer), 1800000);
	assert_int_equal(regulator_bulk_enable(2, supplies), 0);
	assert_true(regulator_is_enabled(supplies[0].consumer));
	assert_true(regulator_is_enabled(supplies[1].consumer));
	assert_int_equal(regulator_bulk_disable(2, supplies), 0);
	assert_false(regulator_is_enabled(supplies[0].consumer));
	assert_false(regulator_is_enabled(supplies[1].consumer));
	/* vdd is off already: vio (disabled first) goes on again, and the error is vdd's. */
	assert_int_equal(regulator_bulk_enable(2, supplies), 0);
	assert_int_equal(regulator_disable(supplies[0].consumer), 0);
	assert_int_equal(regulator_bulk_disable(2, supplies), -EIO);
	assert_true(regulator_is_enabled(supplies[1].consumer));
	assert_non_null(strstr(test_log_take(), "Failed to disable vdd"));
	regulator_bulk_free(2, supplies);
	assert_null(supplies[0].consumer);
	assert_null(supplies[1].consumer);
	platform_device_unregister(pdev);
}

static struct clk *probed_clk;
static struct regulator *probed_reg;
/* The managed bulk request: its consumers are put at unbind (without a disable, as the kernel's). */
static struct regulator_bulk_data probed_bulk[] = { { .supply = "vdd" }, { .supply = "vbus" } };

static int tclk_probe(struct platform_device *pdev)
{
	int err;

	probed_clk = devm_clk_get_enabled(&pdev->dev, "core");
	if (IS_ERR(probed_clk))
		return PTR_ERR(probed_clk);
	probed_reg = devm_regulator_get(&pdev->dev, "vdd");
	if (IS_ERR(probed_reg))
		return PTR_ERR(probed_reg);
	err = devm_regulator_bulk_get(&pdev->dev, ARRAY_SIZE(probed_bulk), probed_bulk);
	if (err)
		return err;
	err = regulator_bulk_enable(ARRAY_SIZE(probed_bulk), probed_bulk);
	return err ? err : regulator_enable(probed_reg);
}

static void tclk_remove(struct platform_device *pdev)
{
	regulator_disable(probed_reg);
}

static struct platform_driver tclk_driver = {
	.probe = tclk_probe,
	.remove_new = tclk_remove,
	.driver = { .name = "tclkdrv" },
};

static void test_managed(void **state)
{
	struct platform_device *pdev;
	struct regulator *vdd;
	struct clk *watch;

	(void)state;
	assert_int_equal(platform_driver_register(&tclk_driver), 0);
	pdev = describe("tclkdrv.0 clk=core:100 regulator=vdd:1200000");
	assert_ptr_equal(pdev->dev.driver, &tclk_driver.driver);
	watch = clk_get(&pdev->dev, "core");
	assert_int_equal(libcdev_clk_enable_count(watch), 1);
	vdd = regulator_get(&pdev->dev, "vdd");
	assert_non_null(probed_bulk[0].consumer);
	assert_true(regulator_is_enabled(vdd));
	platform_driver_unregister(&tclk_driver);
	/* Disabled, unprepared and put at unbind, without a warning. */
	assert_int_equal(libcdev_clk_enable_count(watch), 0);
	assert_null(strstr(test_log_take(), "WARNING"));
	/* The bulk's consumers are put, and with them their enables. */
	assert_null(probed_bulk[0].consumer);
	assert_null(probed_bulk[1].consumer);
	assert_false(regulator_is_enabled(vdd));
	regulator_put(vdd);
	clk_put(watch);
	platform_device_unregister(pdev);
	/* A word that is not NAME:NUMBER is refused. */
	assert_int_equal(libcdev_platform_describe("tbad.0 clk=core", &pdev), -EINVAL);
	assert_int_equal(libcdev_platform_describe("tbad.0 regulator=v:5-1", &pdev), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_clk_counts, test_env_capture),
		cmocka_unit_test_setup(test_regulator, test_env_capture),
		cmocka_unit_test_setup(test_regulator_bulk, test_env_capture),
		cmocka_unit_test_setup(test_managed, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
