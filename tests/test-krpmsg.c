/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The rpmsg bus with a simulated remote: a driver binds a described channel
 * by name, its default endpoint is there before probe() with the driver's
 * callback, the echo remote sends each message back to its sender's
 * address (from the channel's remote address), more endpoints get their
 * own messages, the sink remote answers nothing, a message over the MTU is
 * refused, remove() comes before the endpoint goes, and the descriptions'
 * refusals name their reason.
 */
#include <linux/completion.h>
#include <linux/module.h>
#include <linux/rpmsg.h>
#include <linux/slab.h>

#include <string.h>

#include "test-util.h"

struct trp {
	int rx;
	char last[64];
	u32 last_src;
	struct completion got;
};

static int removed;

static int trp_cb(struct rpmsg_device *rpdev, void *data, int len, void *priv, u32 src)
{
	struct trp *t = priv ? priv : dev_get_drvdata(&rpdev->dev);

	t->rx++;
	snprintf(t->last, sizeof(t->last), "%.*s", len, (char *)data);
	t->last_src = src;
	complete(&t->got);
	return 0;
}

static int trp_probe(struct rpmsg_device *rpdev)
{
	struct trp *t = devm_kzalloc(&rpdev->dev, sizeof(*t), GFP_KERNEL);

	if (!t)
		return -ENOMEM;
	init_completion(&t->got);
	dev_set_drvdata(&rpdev->dev, t);
	/* The default endpoint is there, at the channel's local address. */
	assert_non_null(rpdev->ept);
	assert_int_equal(rpdev->ept->addr, rpdev->src);
	return rpmsg_send(rpdev->ept, "ping", 4);
}

static void trp_remove(struct rpmsg_device *rpdev)
{
	assert_non_null(rpdev->ept);
	removed++;
}

static const struct rpmsg_device_id trp_ids[] = { { .name = "test-channel" }, {} };

static struct rpmsg_driver trp_driver = {
	.drv.name = "trp",
	.id_table = trp_ids,
	.probe = trp_probe,
	.remove = trp_remove,
	.callback = trp_cb,
};

static void test_echo(void **state)
{
	struct rpmsg_device *rpdev;
	struct rpmsg_endpoint *extra;
	struct trp *t, mine = { 0 };
	char big[497] = { 0 };

	(void)state;
	assert_int_equal(libcdev_rpmsg_describe("rpmsg:test-channel dst=0x35 model=echo", &rpdev),
			 0);
	assert_int_equal(register_rpmsg_driver(&trp_driver), 0);
	assert_int_equal(register_rpmsg_driver(&trp_driver), -EBUSY);
	assert_ptr_equal(rpdev->dev.driver, &trp_driver.drv);
	assert_int_equal(rpdev->src, RPMSG_RESERVED_ADDRESSES);
	t = dev_get_drvdata(&rpdev->dev);
	/* probe()'s ping comes back from the remote's address. */
	wait_for_completion(&t->got);
	assert_string_equal(t->last, "ping");
	assert_int_equal(t->last_src, 0x35);
	/* A second endpoint: its messages come back to it, not to the default one. */
	init_completion(&mine.got);
	extra = rpmsg_create_ept(rpdev, trp_cb, &mine,
				 (struct rpmsg_channel_info){ .src = RPMSG_ADDR_ANY });
	assert_non_null(extra);
	assert_int_equal(extra->addr, RPMSG_RESERVED_ADDRESSES + 1);
	assert_null(rpmsg_create_ept(rpdev, trp_cb, &mine,
				     (struct rpmsg_channel_info){ .src = extra->addr }));
	assert_int_equal(rpmsg_sendto(extra, "to 0x40", 7, 0x40), 0);
	wait_for_completion(&mine.got);
	assert_string_equal(mine.last, "to 0x40");
	assert_int_equal(mine.last_src, 0x40);
	assert_int_equal(t->rx, 1);
	rpmsg_destroy_ept(extra);
	/* The MTU. */
	assert_int_equal(rpmsg_get_mtu(rpdev->ept), 496);
	assert_int_equal(rpmsg_send(rpdev->ept, big, 497), -EMSGSIZE);
	assert_int_equal(rpmsg_trysend(rpdev->ept, big, 496), 0);
	wait_for_completion(&t->got);
	assert_int_equal(t->rx, 2);
	unregister_rpmsg_driver(&trp_driver);
	assert_int_equal(removed, 1);
	assert_null(rpdev->ept);
	assert_null(rpdev->dev.driver);
	libcdev_rpmsg_forget_described();
}

static void test_sink_and_errors(void **state)
{
	struct rpmsg_device *rpdev;
	struct trp *t;

	(void)state;
	removed = 0;
	assert_int_equal(register_rpmsg_driver(&trp_driver), 0);
	/* Described after the driver: bound at once. The sink answers nothing. */
	assert_int_equal(libcdev_rpmsg_describe("rpmsg:test-channel src=0x500", &rpdev), 0);
	assert_int_equal(rpdev->src, 0x500);
	t = dev_get_drvdata(&rpdev->dev);
	assert_int_equal(wait_for_completion_timeout(&t->got, msecs_to_jiffies(100)), 0);
	assert_int_equal(t->rx, 0);
	assert_int_equal(libcdev_rpmsg_describe("rpmsg:test-channel", NULL), -EEXIST);
	assert_int_equal(libcdev_rpmsg_describe("rpmsg:other model=loud", NULL), -EINVAL);
	assert_non_null(strstr(test_log_take(), "the remote's models are echo and sink"));
	assert_int_equal(libcdev_rpmsg_describe("rpmsg:other dst=0xffffffff", NULL), -EINVAL);
	assert_int_equal(libcdev_rpmsg_describe("rpmsg:", NULL), -EINVAL);
	assert_int_equal(libcdev_rpmsg_describe("rpmsg:x color=red", NULL), -EINVAL);
	assert_non_null(strstr(test_log_take(), "unknown word"));
	/* Through the bus-independent entry point too. */
	assert_int_equal(libcdev_device_describe("rpmsg:second-channel model=echo"), 0);
	libcdev_device_forget_described();
	assert_int_equal(removed, 1);
	unregister_rpmsg_driver(&trp_driver);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_echo, test_env_capture),
		cmocka_unit_test_setup(test_sink_and_errors, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
