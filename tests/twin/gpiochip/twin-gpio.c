// SPDX-License-Identifier: GPL-2.0
/*
 * twin-gpio - a GPIO chip of 8 lines with an interrupt controller, for the
 * test VM, whose kernel builds neither gpio-sim nor gpio-mockup: a real
 * /dev/gpiochipN for libcdev's "gpio:LABEL chip=/dev/gpiochipN" to back.
 *
 * The chip's parent is the platform device "twin-gpio", so its node is
 * found as /sys/devices/platform/twin-gpio/gpiochipN. Its lines are named
 * tw0 to tw7 and start as inputs driven low. The test drives an input
 * from outside, as a wire would:
 *
 *   echo "3 1" > /sys/module/twin_gpio/parameters/pull
 *
 * and an edge the line's IRQ trigger asks for runs its handlers before the
 * write returns (generic_handle_irq_safe()), so user space waiting for the
 * line's events (GPIO_GET_LINEEVENT_IOCTL) sees it. What the lines are at:
 *
 *   cat /sys/module/twin_gpio/parameters/levels     ->  "00010000"
 *
 * (an output's value, an input's drive), line 0 first.
 */
#include <linux/gpio/driver.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/platform_device.h>
#include <linux/spinlock.h>

#define TWIN_LINES 8

struct twin_gpio {
	struct gpio_chip gc;
	struct irq_domain *domain;
	spinlock_t lock; /* the arrays */
	bool out[TWIN_LINES];
	bool value[TWIN_LINES]; /* an output's */
	bool pull[TWIN_LINES];	/* what drives an input */
	unsigned int type[TWIN_LINES];
	bool masked[TWIN_LINES];
};

static struct platform_device *twin_pdev;
static struct twin_gpio *twin;
static const char *const twin_names[TWIN_LINES] = { "tw0", "tw1", "tw2", "tw3",
						    "tw4", "tw5", "tw6", "tw7" };

static int twin_get(struct gpio_chip *gc, unsigned int offset)
{
	struct twin_gpio *t = gpiochip_get_data(gc);
	unsigned long flags;
	int v;

	spin_lock_irqsave(&t->lock, flags);
	v = t->out[offset] ? t->value[offset] : t->pull[offset];
	spin_unlock_irqrestore(&t->lock, flags);
	return v;
}

static void twin_set(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct twin_gpio *t = gpiochip_get_data(gc);
	unsigned long flags;

	spin_lock_irqsave(&t->lock, flags);
	t->value[offset] = value;
	spin_unlock_irqrestore(&t->lock, flags);
}

static int twin_direction_input(struct gpio_chip *gc, unsigned int offset)
{
	struct twin_gpio *t = gpiochip_get_data(gc);
	unsigned long flags;

	spin_lock_irqsave(&t->lock, flags);
	t->out[offset] = false;
	spin_unlock_irqrestore(&t->lock, flags);
	return 0;
}

static int twin_direction_output(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct twin_gpio *t = gpiochip_get_data(gc);
	unsigned long flags;

	spin_lock_irqsave(&t->lock, flags);
	t->out[offset] = true;
	t->value[offset] = value;
	spin_unlock_irqrestore(&t->lock, flags);
	return 0;
}

static int twin_get_direction(struct gpio_chip *gc, unsigned int offset)
{
	struct twin_gpio *t = gpiochip_get_data(gc);

	return t->out[offset] ? GPIO_LINE_DIRECTION_OUT : GPIO_LINE_DIRECTION_IN;
}

static int twin_to_irq(struct gpio_chip *gc, unsigned int offset)
{
	struct twin_gpio *t = gpiochip_get_data(gc);

	return irq_create_mapping(t->domain, offset);
}

/* The interrupt controller: it only keeps what it is told; edges come from twin_pull(). */
static void twin_irq_mask(struct irq_data *d)
{
	twin->masked[irqd_to_hwirq(d)] = true;
}

static void twin_irq_unmask(struct irq_data *d)
{
	twin->masked[irqd_to_hwirq(d)] = false;
}

static int twin_irq_set_type(struct irq_data *d, unsigned int type)
{
	if (type & ~IRQ_TYPE_EDGE_BOTH)
		return -EINVAL; /* edges only: a level would need re-raising */
	twin->type[irqd_to_hwirq(d)] = type;
	return 0;
}

static struct irq_chip twin_irq_chip = {
	.name = "twin-gpio",
	.irq_mask = twin_irq_mask,
	.irq_unmask = twin_irq_unmask,
	.irq_set_type = twin_irq_set_type,
};

static int twin_irq_map(struct irq_domain *d, unsigned int irq, irq_hw_number_t hw)
{
	irq_set_chip_data(irq, d->host_data);
	irq_set_chip_and_handler(irq, &twin_irq_chip, handle_simple_irq);
	return 0;
}

static const struct irq_domain_ops twin_irq_ops = {
	.map = twin_irq_map,
	.xlate = irq_domain_xlate_twocell,
};

/* "LINE VALUE": drive input LINE; its IRQ runs for an edge its trigger asks for. */
static int twin_pull(const char *val, const struct kernel_param *kp)
{
	unsigned int line, value, irq = 0;
	unsigned long flags;
	bool edge;

	if (!twin)
		return -ENODEV;
	if (sscanf(val, "%u %u", &line, &value) != 2 || line >= TWIN_LINES || value > 1)
		return -EINVAL;
	spin_lock_irqsave(&twin->lock, flags);
	edge = !twin->out[line] && twin->pull[line] != value;
	twin->pull[line] = value;
	if (edge && !twin->masked[line] &&
	    (twin->type[line] & (value ? IRQ_TYPE_EDGE_RISING : IRQ_TYPE_EDGE_FALLING)))
		irq = irq_find_mapping(twin->domain, line);
	spin_unlock_irqrestore(&twin->lock, flags);
	if (irq)
		generic_handle_irq_safe(irq);
	return 0;
}

static int twin_levels(char *buf, const struct kernel_param *kp)
{
	int i;

	if (!twin)
		return -ENODEV;
	for (i = 0; i < TWIN_LINES; i++)
		buf[i] = '0' + twin_get(&twin->gc, i);
	buf[i++] = '\n';
	return i;
}

static const struct kernel_param_ops twin_pull_ops = { .set = twin_pull };
static const struct kernel_param_ops twin_levels_ops = { .get = twin_levels };
module_param_cb(pull, &twin_pull_ops, NULL, 0200);
MODULE_PARM_DESC(pull, "\"LINE VALUE\": drive an input line from outside");
module_param_cb(levels, &twin_levels_ops, NULL, 0444);
MODULE_PARM_DESC(levels, "the lines' levels, line 0 first");

static void twin_setup_chip(struct twin_gpio *t, struct device *parent)
{
	spin_lock_init(&t->lock);
	t->gc.label = "twin-gpio";
	t->gc.parent = parent;
	t->gc.owner = THIS_MODULE;
	t->gc.base = -1;
	t->gc.ngpio = TWIN_LINES;
	t->gc.names = twin_names;
	t->gc.get = twin_get;
	t->gc.set = twin_set;
	t->gc.direction_input = twin_direction_input;
	t->gc.direction_output = twin_direction_output;
	t->gc.get_direction = twin_get_direction;
	t->gc.to_irq = twin_to_irq;
}

static int __init twin_gpio_init(void)
{
	struct twin_gpio *t;
	int err;

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	twin_pdev = platform_device_register_simple("twin-gpio", PLATFORM_DEVID_NONE, NULL, 0);
	if (IS_ERR(twin_pdev)) {
		err = PTR_ERR(twin_pdev);
		goto err_free;
	}
	t->domain = irq_domain_add_linear(NULL, TWIN_LINES, &twin_irq_ops, t);
	if (!t->domain) {
		err = -ENOMEM;
		goto err_pdev;
	}
	twin_setup_chip(t, &twin_pdev->dev);
	err = gpiochip_add_data(&t->gc, t);
	if (err)
		goto err_domain;
	twin = t;
	return 0;

err_domain:
	irq_domain_remove(t->domain);
err_pdev:
	platform_device_unregister(twin_pdev);
err_free:
	kfree(t);
	return err;
}

static void __exit twin_gpio_exit(void)
{
	struct twin_gpio *t = twin;
	int i;

	twin = NULL;
	gpiochip_remove(&t->gc);
	for (i = 0; i < TWIN_LINES; i++)
		irq_dispose_mapping(irq_find_mapping(t->domain, i));
	irq_domain_remove(t->domain);
	platform_device_unregister(twin_pdev);
	kfree(t);
}

module_init(twin_gpio_init);
module_exit(twin_gpio_exit);
MODULE_DESCRIPTION("A GPIO chip with interrupts whose inputs a test drives (libcdev's tests)");
MODULE_LICENSE("GPL");
