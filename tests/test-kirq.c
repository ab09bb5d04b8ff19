/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Simulated interrupts and register banks: a raised line runs its hard
 * handler in atomic context (sleeping there is reported), then the threaded
 * handler in process context; disabled lines keep one raise pending; shared
 * lines run every action; devm_request_irq() lines go at unbind; a module's
 * forgotten line is freed and reported at unload. Register banks are plain
 * memory by default, a test's model of the device when it gives one, and
 * devm_ioremap_resource() claims its region.
 */
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/irq.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/preempt.h>

#include <stdlib.h>
#include <string.h>

#include "test-util.h"

/* ---- hard and threaded handlers ---- */

struct ctx {
	int hard, threaded;
	bool hard_in_irq, hard_atomic, thread_in_irq;
	int sleep_line;
	bool sleep;
};

static DEFINE_MUTEX(some_lock);

static irqreturn_t hard(int irq, void *dev_id)
{
	struct ctx *c = dev_id;

	c->hard++;
	c->hard_in_irq = in_irq();
	c->hard_atomic = in_atomic();
	if (c->sleep) {
		c->sleep_line = __LINE__ + 1;
		mutex_lock(&some_lock);
		mutex_unlock(&some_lock);
	}
	return c->threaded >= 0 ? IRQ_WAKE_THREAD : IRQ_HANDLED;
}

static irqreturn_t threaded(int irq, void *dev_id)
{
	struct ctx *c = dev_id;

	c->threaded++;
	c->thread_in_irq = in_irq() || in_atomic();
	/* Process context: sleeping is fine here. */
	msleep(1);
	return IRQ_HANDLED;
}

static void test_hard_then_threaded(void **state)
{
	struct ctx c = { 0 };

	(void)state;
	assert_int_equal(request_threaded_irq(40, hard, threaded, 0, "t40", &c), 0);
	assert_int_equal(libcdev_irq_raise(40), 0);
	synchronize_irq(40);
	assert_int_equal(c.hard, 1);
	assert_int_equal(c.threaded, 1);
	assert_true(c.hard_in_irq);
	assert_true(c.hard_atomic);
	assert_false(c.thread_in_irq);
	assert_int_equal(libcdev_irq_count(40), 1);
	/* Each raise is taken: three raises, three hard handlers. */
	for (int i = 0; i < 3; i++)
		assert_int_equal(libcdev_irq_raise(40), 0);
	synchronize_irq(40);
	assert_int_equal(c.hard, 4);
	assert_true(c.threaded >= 2 && c.threaded <= 4);
	assert_null(strstr(test_log_peek(), "BUG"));
	assert_ptr_equal(free_irq(40, &c), "t40");
	assert_int_equal(libcdev_irq_raise(40), -ENOENT);
	assert_null(free_irq(40, &c));
	assert_non_null(strstr(test_log_peek(), "Trying to free already-free IRQ 40"));
}

static void test_sleep_in_hard_handler_reported(void **state)
{
	struct ctx c = { .threaded = -1, .sleep = true };
	char site[64];

	(void)state;
	assert_int_equal(request_irq(41, hard, 0, "t41", &c), 0);
	assert_int_equal(libcdev_irq_raise(41), 0);
	synchronize_irq(41);
	assert_int_equal(c.hard, 1);
	assert_non_null(
		strstr(test_log_peek(), "BUG: sleeping function called from invalid context"));
	snprintf(site, sizeof(site), "test-kirq.c:%d", c.sleep_line);
	assert_non_null(strstr(test_log_peek(), site));
	assert_non_null(strstr(test_log_peek(), "an interrupt handler"));
	free_irq(41, &c);
}

static irqreturn_t oneshot_thread(int irq, void *dev_id)
{
	struct ctx *c = dev_id;

	c->threaded++;
	/* The line is masked until this returns: no raise gets through meanwhile. */
	msleep(20);
	return IRQ_HANDLED;
}

static void test_oneshot_null_handler(void **state)
{
	struct ctx c = { 0 };

	(void)state;
	/* handler NULL needs IRQF_ONESHOT, as the kernel says. */
	assert_int_equal(request_threaded_irq(42, NULL, oneshot_thread, 0, "t42", &c), -EINVAL);
	assert_non_null(strstr(test_log_peek(), "handler=NULL and !ONESHOT"));
	assert_int_equal(request_threaded_irq(42, NULL, oneshot_thread, IRQF_ONESHOT, "t42", &c),
			 0);
	assert_int_equal(libcdev_irq_raise(42), 0);
	assert_int_equal(libcdev_irq_raise(42), 0);
	synchronize_irq(42);
	/* Two raises, two runs: the second waited for the first to unmask the line. */
	assert_int_equal(c.threaded, 2);
	free_irq(42, &c);
}

static void test_disable_enable_pending(void **state)
{
	struct ctx c = { .threaded = -1 };

	(void)state;
	assert_int_equal(request_irq(43, hard, 0, "t43", &c), 0);
	disable_irq(43);
	disable_irq(43);
	for (int i = 0; i < 3; i++)
		assert_int_equal(libcdev_irq_raise(43), 0);
	synchronize_irq(43);
	assert_int_equal(c.hard, 0);
	enable_irq(43);
	synchronize_irq(43);
	assert_int_equal(c.hard, 0);
	/* The last enable delivers what was raised meanwhile, once. */
	enable_irq(43);
	synchronize_irq(43);
	assert_int_equal(c.hard, 1);
	enable_irq(43);
	assert_non_null(strstr(test_log_peek(), "Unbalanced enable for IRQ 43"));
	free_irq(43, &c);
}

static void test_shared_and_busy(void **state)
{
	struct ctx a = { .threaded = -1 }, b = { .threaded = -1 };

	(void)state;
	assert_int_equal(request_irq(0, hard, 0, "bad", &a), -EINVAL);
	assert_int_equal(request_irq(LIBCDEV_NR_IRQS, hard, 0, "bad", &a), -EINVAL);
	assert_int_equal(request_irq(44, hard, IRQF_SHARED, "a", NULL), -EINVAL);
	assert_int_equal(request_irq(44, hard, IRQF_SHARED, "a", &a), 0);
	assert_int_equal(request_irq(44, hard, IRQF_SHARED, "b", &b), 0);
	assert_int_equal(request_irq(44, hard, 0, "c", &a), -EBUSY);
	assert_non_null(strstr(test_log_peek(), "Flags mismatch irq 44"));
	assert_int_equal(libcdev_irq_raise(44), 0);
	synchronize_irq(44);
	assert_int_equal(a.hard, 1);
	assert_int_equal(b.hard, 1);
	free_irq(44, &a);
	assert_int_equal(libcdev_irq_raise(44), 0);
	synchronize_irq(44);
	assert_int_equal(a.hard, 1);
	assert_int_equal(b.hard, 2);
	free_irq(44, &b);
}

/* A line's trigger: set by request_irq()'s flags or irq_set_irq_type(), kept per line. */
static void test_trigger_type(void **state)
{
	struct ctx a = { .threaded = -1 };

	(void)state;
	assert_int_equal(irq_get_trigger_type(45), IRQ_TYPE_NONE);
	assert_int_equal(request_irq(45, hard, IRQF_TRIGGER_FALLING, "edge", &a), 0);
	assert_int_equal(irq_get_trigger_type(45), IRQ_TYPE_EDGE_FALLING);
	assert_int_equal(irq_set_irq_type(45, IRQ_TYPE_EDGE_BOTH), 0);
	assert_int_equal(irq_get_trigger_type(45), IRQ_TYPE_EDGE_BOTH);
	/* A refused request leaves the trigger as it was. */
	assert_int_equal(request_irq(45, hard, IRQF_TRIGGER_HIGH, "level", &a), -EBUSY);
	assert_int_equal(irq_get_trigger_type(45), IRQ_TYPE_EDGE_BOTH);
	assert_int_equal(irq_set_irq_type(45, 0x10), -EINVAL);
	assert_int_equal(irq_set_irq_type(0, IRQ_TYPE_LEVEL_LOW), -EINVAL);
	assert_int_equal(irq_set_irq_type(LIBCDEV_NR_IRQS, IRQ_TYPE_LEVEL_LOW), -EINVAL);
	free_irq(45, &a);
}

static void test_forgotten_line_at_unload(void **state)
{
	struct ctx c = { .threaded = -1 };
	bool keep = false;

	(void)state;
	assert_int_equal(request_irq(45, hard, 0, "left", &c), 0);
	assert_int_equal(libcdev_module_defer_stop(THIS_MODULE, &keep), 1);
	assert_non_null(
		strstr(test_log_peek(), "IRQ 45 (left) still requested at module unload: freed"));
	assert_int_equal(libcdev_irq_raise(45), -ENOENT);
}

/* ---- a platform driver with a line and a register bank ---- */

#define REG_CTRL   0x00
#define REG_STATUS 0x04
#define REG_DATA   0x08

struct tdev {
	void __iomem *regs;
	int irq;
	int handled;
	u32 data;
};

static irqreturn_t tdev_irq(int irq, void *dev_id)
{
	struct tdev *t = dev_id;

	if (!(readl(t->regs + REG_STATUS) & 1))
		return IRQ_NONE;
	t->data = readl(t->regs + REG_DATA);
	t->handled++;
	return IRQ_HANDLED;
}

static struct tdev *bound;

static int tdev_probe(struct platform_device *pdev)
{
	struct tdev *t = devm_kzalloc(&pdev->dev, sizeof(*t), GFP_KERNEL);
	int err;

	if (!t)
		return -ENOMEM;
	t->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(t->regs))
		return PTR_ERR(t->regs);
	t->irq = platform_get_irq(pdev, 0);
	if (t->irq < 0)
		return t->irq;
	err = devm_request_irq(&pdev->dev, t->irq, tdev_irq, 0, NULL, t);
	if (err)
		return err;
	writel(0x1, t->regs + REG_CTRL); /* enable */
	bound = t;
	return 0;
}

static struct platform_driver tdev_driver = {
	.probe = tdev_probe,
	.driver = { .name = "tdev" },
};

/* The device's model: STATUS says data is ready; DATA counts up; CTRL is recorded. */
struct model {
	u32 ctrl;
	u32 next;
	bool ready;
};

static uint64_t model_read(void *ctx, unsigned long off, unsigned int size)
{
	struct model *m = ctx;

	assert_int_equal(size, 4);
	switch (off) {
	case REG_STATUS:
		return m->ready;
	case REG_DATA:
		m->ready = false;
		return m->next++;
	default:
		return m->ctrl;
	}
}

static void model_write(void *ctx, unsigned long off, unsigned int size, uint64_t v)
{
	struct model *m = ctx;

	if (off == REG_CTRL && size == 4)
		m->ctrl = (u32)v;
}

static const struct libcdev_regbank_ops model_ops = { model_read, model_write };

static void test_driver_irq_and_modelled_registers(void **state)
{
	struct model m = { .next = 100 };
	struct platform_device *pdev;

	(void)state;
	bound = NULL;
	assert_int_equal(libcdev_platform_describe("tdev.0 irq=50 mem=0xfe000000+0x100", &pdev), 0);
	assert_int_equal(libcdev_regbank_set_ops(0xfe000000ULL, &model_ops, &m), 0);
	assert_int_equal(libcdev_regbank_set_ops(0xfd000000ULL, &model_ops, &m), -ENOENT);
	assert_int_equal(platform_driver_register(&tdev_driver), 0);
	assert_non_null(bound);
	assert_int_equal(m.ctrl, 1);

	/* Not ready: the handler says IRQ_NONE, and the kernel's complaint follows. */
	assert_int_equal(libcdev_irq_raise(50), 0);
	synchronize_irq(50);
	assert_int_equal(bound->handled, 0);
	assert_non_null(strstr(test_log_peek(), "irq 50: nobody cared"));
	m.ready = true;
	assert_int_equal(libcdev_irq_raise(50), 0);
	synchronize_irq(50);
	assert_int_equal(bound->handled, 1);
	assert_int_equal(bound->data, 100);

	/* A second claim of the region is refused. */
	assert_true(IS_ERR(devm_platform_ioremap_resource(pdev, 0)));
	assert_non_null(strstr(test_log_peek(), "can't request region"));

	platform_driver_unregister(&tdev_driver);
	/* devm_request_irq()'s line went with the binding, and the region is free again. */
	assert_int_equal(libcdev_irq_raise(50), -ENOENT);
	assert_false(IS_ERR(devm_platform_ioremap_resource(pdev, 0)));
	libcdev_devres_release_all(&pdev->dev);
	platform_device_unregister(pdev);
}

static void test_plain_memory_bank(void **state)
{
	struct platform_device *pdev;
	void __iomem *r;

	(void)state;
	assert_int_equal(libcdev_platform_describe("tplain mem=0x20000000+64", &pdev), 0);
	r = ioremap(0x20000010ULL, 16);
	assert_non_null(r);
	writel(0xdeadbeef, r);
	assert_int_equal(readl(r), 0xdeadbeef);
	/* Little-endian, as the kernel's readl() is. */
	assert_int_equal(readb(r), 0xef);
	assert_int_equal(readw(r + 2), 0xdead);
	writeq(0x0123456789abcdefULL, r + 8);
	assert_true(readq(r + 8) == 0x0123456789abcdefULL);
	writeb(0x5a, r + 1);
	assert_int_equal(ioread32(r), 0xdead5aef);
	/* The same bank from its start. */
	assert_int_equal(readl(ioremap(0x20000000ULL, 64) + 0x10), 0xdead5aef);
	iounmap(r);

	/* Outside every region. */
	assert_null(ioremap(0x20000030ULL, 32));
	assert_non_null(strstr(test_log_peek(), "no device region holds"));
	assert_int_equal(readl((void *)&state), 0xffffffff);
	assert_non_null(strstr(test_log_peek(), "BUG: unable to handle page fault"));
	platform_device_unregister(pdev);
	assert_null(ioremap(0x20000000ULL, 4));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_hard_then_threaded, test_env_capture),
		cmocka_unit_test_setup(test_sleep_in_hard_handler_reported, test_env_capture),
		cmocka_unit_test_setup(test_oneshot_null_handler, test_env_capture),
		cmocka_unit_test_setup(test_disable_enable_pending, test_env_capture),
		cmocka_unit_test_setup(test_shared_and_busy, test_env_capture),
		cmocka_unit_test_setup(test_trigger_type, test_env_capture),
		cmocka_unit_test_setup(test_forgotten_line_at_unload, test_env_capture),
		cmocka_unit_test_setup(test_driver_irq_and_modelled_registers, test_env_capture),
		cmocka_unit_test_setup(test_plain_memory_bank, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
