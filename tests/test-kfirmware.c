/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Firmware files (<linux/firmware.h>): read whole from the first directory
 * of the search path that has them, into the loader's buffer or the
 * caller's; names with a ".." component refused; a missing file warned
 * about unless asked not to; the asynchronous form's callback on the
 * system workqueue, with the caller's module held until it returns.
 */
#include <linux/completion.h>
#include <linux/firmware.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/workqueue.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "test-util.h"

static char fwdir[160];

static void put_file(const char *name, const char *content)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", fwdir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(content, f);
	fclose(f);
}

static int fw_setup(void **state)
{
	char sub[200];

	test_env_capture(state);
	snprintf(fwdir, sizeof(fwdir), "%s/firmware", test_env.dir);
	mkdir(fwdir, 0755);
	setenv("LIBCDEV_FIRMWARE_PATH", fwdir, 1);
	put_file("chip.bin", "\x01\x02hello");
	snprintf(sub, sizeof(sub), "%s/vendor", fwdir);
	mkdir(sub, 0755);
	put_file("vendor/chip-v2.bin", "v2");
	return 0;
}

static struct platform_device *pdev;

static void test_request(void **state)
{
	const struct firmware *fw;

	(void)state;
	pdev = platform_device_register_simple("fwdev", 0, NULL, 0);
	assert_int_equal(request_firmware(&fw, "chip.bin", &pdev->dev), 0);
	assert_int_equal(fw->size, 7);
	assert_memory_equal(fw->data, "\x01\x02hello", 7);
	assert_non_null(
		strstr(test_log_take(), "fwdev.0: firmware: direct-loading firmware chip.bin"));
	release_firmware(fw);
	/* A path below the directory; ".." inside a name is no component. */
	assert_int_equal(request_firmware(&fw, "vendor/chip-v2.bin", &pdev->dev), 0);
	assert_memory_equal(fw->data, "v2", 2);
	release_firmware(fw);
	release_firmware(NULL);
	platform_device_unregister(pdev);
}

static void test_refused(void **state)
{
	const char *bad[] = { "..", "../etc/passwd", "vendor/../chip.bin", "vendor/.." };
	const struct firmware *fw = (void *)1;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(request_firmware(&fw, bad[i], NULL), -EINVAL);
		assert_null(fw);
		assert_non_null(strstr(test_log_take(), "refused, path contains '..' component"));
	}
	assert_int_equal(request_firmware(&fw, "", NULL), -EINVAL);
	assert_int_equal(request_firmware(NULL, "chip.bin", NULL), -EINVAL);
	/* A directory is no firmware file. */
	assert_int_equal(request_firmware(&fw, "vendor", NULL), -ENOENT);
	test_log_take();
}

static void test_missing(void **state)
{
	const struct firmware *fw = (void *)1;

	(void)state;
	assert_int_equal(request_firmware(&fw, "nosuch.bin", NULL), -ENOENT);
	assert_null(fw);
	assert_non_null(strstr(
		test_log_take(),
		"(NULL device *): Direct firmware load for nosuch.bin failed with error -2"));
	assert_int_equal(firmware_request_nowarn(&fw, "nosuch.bin", NULL), -ENOENT);
	assert_int_equal(request_firmware_direct(&fw, "nosuch.bin", NULL), -ENOENT);
	assert_null(strstr(test_log_take(), "Direct firmware load"));
}

static void test_into_buf(void **state)
{
	const struct firmware *fw;
	char buf[16], small[4];

	(void)state;
	assert_int_equal(request_firmware_into_buf(&fw, "chip.bin", NULL, buf, sizeof(buf)), 0);
	assert_ptr_equal(fw->data, buf);
	assert_int_equal(fw->size, 7);
	release_firmware(fw); /* the buffer stays the caller's */
	/* Too large for it: skipped as the kernel skips it, the search goes on and fails. */
	assert_int_equal(request_firmware_into_buf(&fw, "chip.bin", NULL, small, sizeof(small)),
			 -ENOENT);
	assert_null(fw);
	test_log_take();
}

struct waiter {
	struct completion done;
	const struct firmware *fw;
	int refs;
};

static void fw_arrived(const struct firmware *fw, void *context)
{
	struct waiter *w = context;

	w->fw = fw;
	w->refs = module_refcount(THIS_MODULE);
	complete(&w->done);
}

static void test_nowait(void **state)
{
	struct waiter w;
	int refs = module_refcount(THIS_MODULE);

	(void)state;
	init_completion(&w.done);
	assert_int_equal(request_firmware_nowait(THIS_MODULE, true, "chip.bin", NULL, GFP_KERNEL,
						 &w, fw_arrived),
			 0);
	wait_for_completion(&w.done);
	assert_non_null(w.fw);
	assert_int_equal(w.fw->size, 7);
	/* The module was held while the callback ran, and is let go after it. */
	assert_int_equal(w.refs, refs + 1);
	release_firmware(w.fw);
	flush_scheduled_work();
	assert_int_equal(module_refcount(THIS_MODULE), refs);
	/* A missing file: the callback gets NULL. */
	reinit_completion(&w.done);
	assert_int_equal(request_firmware_nowait(THIS_MODULE, true, "nosuch.bin", NULL, GFP_KERNEL,
						 &w, fw_arrived),
			 0);
	wait_for_completion(&w.done);
	assert_null(w.fw);
	flush_scheduled_work();
	test_log_take();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_request, fw_setup),
		cmocka_unit_test_setup(test_refused, fw_setup),
		cmocka_unit_test_setup(test_missing, fw_setup),
		cmocka_unit_test_setup(test_into_buf, fw_setup),
		cmocka_unit_test_setup(test_nowait, fw_setup),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
