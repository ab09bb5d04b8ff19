/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * IRQ domains and interrupt chips: a linear domain maps hwirqs to IRQ
 * numbers of the library's lines through its map(), finds and disposes of
 * them; request_irq() on a mapped IRQ gets what generic_handle_irq()
 * delivers, with that IRQ; the core calls the chip's callbacks as the
 * kernel's does (startup unmasks, disable_irq() is lazy unless the chip has
 * irq_disable, the level flow masks around the handlers, enable_irq()
 * unmasks and delivers what came meanwhile, the last free_irq() masks);
 * a controller's handler on a plain line demultiplexes to its domain.
 */
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/module.h>
#include <linux/preempt.h>

#include <string.h>

#include "test-util.h"

/* ---- a controller whose callbacks are counted ---- */

struct ctl {
	int mask, unmask, disable, enable, ack;
	unsigned int type;
	int set_type_err;
	int maps, unmaps;
	irq_hw_number_t refuse; /* map() fails for this hwirq (0: none refused) */
	irq_flow_handler_t flow;
	const struct irq_chip *chip;
};

static void ctl_mask(struct irq_data *d)
{
	((struct ctl *)irq_data_get_irq_chip_data(d))->mask++;
}

static void ctl_unmask(struct irq_data *d)
{
	((struct ctl *)irq_data_get_irq_chip_data(d))->unmask++;
}

static void ctl_disable(struct irq_data *d)
{
	((struct ctl *)irq_data_get_irq_chip_data(d))->disable++;
}

static void ctl_enable(struct irq_data *d)
{
	((struct ctl *)irq_data_get_irq_chip_data(d))->enable++;
}

static int ctl_set_type(struct irq_data *d, unsigned int type)
{
	struct ctl *c = irq_data_get_irq_chip_data(d);

	if (c->set_type_err)
		return c->set_type_err;
	c->type = type;
	return 0;
}

/* Lazy disable: no irq_disable, so disable_irq() leaves the masking to the flow. */
static const struct irq_chip lazy_chip = {
	.name = "lazy",
	.irq_mask = ctl_mask,
	.irq_unmask = ctl_unmask,
	.irq_set_type = ctl_set_type,
};

/* As drivers/misc/hi6421v600-irq.c's: irq_disable and irq_enable of its own. */
static const struct irq_chip eager_chip = {
	.name = "eager",
	.irq_mask = ctl_mask,
	.irq_unmask = ctl_unmask,
	.irq_disable = ctl_disable,
	.irq_enable = ctl_enable,
};

static int ctl_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	struct ctl *c = d->host_data;

	if (c->refuse && hw == c->refuse)
		return -EINVAL;
	c->maps++;
	irq_set_chip_and_handler_name(virq, c->chip, c->flow, "ctl");
	irq_set_chip_data(virq, c);
	return irq_set_irq_type(virq, IRQ_TYPE_NONE);
}

static void ctl_unmap(struct irq_domain *d, unsigned int virq)
{
	struct ctl *c = d->host_data;

	(void)virq;
	c->unmaps++;
}

static const struct irq_domain_ops ctl_ops = {
	.map = ctl_map,
	.unmap = ctl_unmap,
	.xlate = irq_domain_xlate_twocell,
};

/* ---- a driver's handler on a mapped line ---- */

struct seen {
	int calls;
	int irq;
	bool in_irq;
};

static irqreturn_t seen_handler(int irq, void *dev_id)
{
	struct seen *s = dev_id;

	s->calls++;
	s->irq = irq;
	s->in_irq = in_irq();
	return IRQ_HANDLED;
}

static void test_map_find_dispose(void **state)
{
	struct ctl c = { .chip = &lazy_chip, .flow = handle_level_irq, .refuse = 5 };
	struct irq_domain *d = irq_domain_add_linear(NULL, 8, &ctl_ops, &c);
	unsigned int virq, again;

	(void)state;
	assert_non_null(d);
	assert_int_equal(d->hwirq_max, 8);
	virq = irq_create_mapping(d, 3);
	assert_true(virq >= LIBCDEV_IRQ_DOMAIN_BASE && virq < LIBCDEV_NR_IRQS);
	assert_int_equal(irq_create_mapping(d, 3), virq); /* mapped once */
	assert_int_equal(c.maps, 1);
	assert_int_equal(irq_find_mapping(d, 3), virq);
	assert_int_equal(irq_find_mapping(d, 4), 0);
	assert_int_equal(irqd_to_hwirq(irq_get_irq_data(virq)), 3);
	assert_ptr_equal(irq_get_irq_data(virq)->domain, d);
	assert_ptr_equal(irq_get_chip(virq), &lazy_chip);
	assert_ptr_equal(irq_get_chip_data(virq), &c);
	assert_ptr_equal(irq_data_get_irq_chip_data(irq_get_irq_data(virq)), &c);
	/* Beyond the domain's size, no domain, a map() that refuses: 0. */
	assert_int_equal(irq_create_mapping(d, 8), 0);
	assert_non_null(strstr(test_log_peek(), "hwirq 0x8 is too large"));
	assert_int_equal(irq_create_mapping(NULL, 0), 0);
	assert_int_equal(irq_find_mapping(NULL, 0), 0);
	assert_int_equal(irq_create_mapping(d, 5), 0);
	assert_non_null(strstr(test_log_peek(), "mapping failed: -22"));
	assert_int_equal(irq_find_mapping(d, 5), 0);

	irq_dispose_mapping(virq);
	assert_int_equal(c.unmaps, 1);
	assert_int_equal(irq_find_mapping(d, 3), 0);
	assert_null(irq_get_chip(virq));
	assert_null(irq_get_irq_data(virq)->domain);
	irq_dispose_mapping(virq); /* not mapped any more: nothing */
	assert_int_equal(c.unmaps, 1);
	/* The number is free again. */
	again = irq_create_mapping(d, 4);
	assert_int_equal(again, virq);
	irq_dispose_mapping(again);
	irq_domain_remove(d);
	assert_null(strstr(test_log_peek(), "still mapped"));
}

static void test_level_flow_and_lazy_disable(void **state)
{
	struct ctl c = { .chip = &lazy_chip, .flow = handle_level_irq };
	struct irq_domain *d = irq_domain_add_linear(NULL, 4, &ctl_ops, &c);
	unsigned int virq = irq_create_mapping(d, 2);
	struct seen s = { 0 };

	(void)state;
	assert_int_not_equal(virq, 0);
	/* The first action starts the line up: unmasked. */
	assert_int_equal(request_irq(virq, seen_handler, 0, "child", &s), 0);
	assert_int_equal(c.unmask, 1);
	assert_int_equal(c.mask, 0);
	/* Delivered on this thread, in atomic context, masked around the handler. */
	assert_int_equal(generic_handle_irq(virq), 0);
	assert_int_equal(s.calls, 1);
	assert_int_equal(s.irq, (int)virq);
	assert_true(s.in_irq);
	assert_int_equal(c.mask, 1);
	assert_int_equal(c.unmask, 2);
	assert_int_equal(libcdev_irq_count(virq), 1);

	/* disable_irq() is lazy: the line is masked only when it fires meanwhile. */
	disable_irq(virq);
	assert_int_equal(c.mask, 1);
	assert_int_equal(generic_handle_irq_safe(virq), 0);
	assert_int_equal(s.calls, 1);
	assert_int_equal(c.mask, 2);
	/* enable_irq() unmasks and delivers what came while disabled, once. */
	enable_irq(virq);
	synchronize_irq(virq);
	assert_int_equal(s.calls, 2);
	assert_int_equal(c.unmask, 4); /* the enable's, and the level flow's after the handler */
	assert_int_equal(c.mask, 3);

	/* The last free_irq() shuts the line down: masked. */
	free_irq(virq, &s);
	assert_int_equal(c.mask, 4);
	irq_dispose_mapping(virq);
	irq_domain_remove(d);
}

static void test_eager_chip_simple_flow(void **state)
{
	struct ctl c = { .chip = &eager_chip, .flow = handle_simple_irq };
	struct irq_domain *d = irq_domain_add_simple(NULL, 4, 0, &ctl_ops, &c);
	unsigned int virq = irq_create_mapping(d, 1);
	struct seen s = { 0 };

	(void)state;
	assert_int_equal(request_irq(virq, seen_handler, 0, "child", &s), 0);
	assert_int_equal(c.enable, 1); /* startup through the chip's irq_enable */
	assert_int_equal(c.unmask, 0);
	assert_int_equal(generic_handle_irq(virq), 0);
	assert_int_equal(s.calls, 1);
	assert_int_equal(c.mask, 0); /* the simple flow leaves the chip alone */
	disable_irq(virq);
	disable_irq(virq);
	assert_int_equal(c.disable, 1); /* at once, and once for the nesting */
	generic_handle_irq(virq);
	assert_int_equal(s.calls, 1);
	enable_irq(virq);
	assert_int_equal(c.enable, 1);
	enable_irq(virq);
	assert_int_equal(c.enable, 2);
	synchronize_irq(virq);
	assert_int_equal(s.calls, 2);
	/* IRQF_NO_AUTOEN: not started until enable_irq(). */
	free_irq(virq, &s);
	assert_int_equal(c.disable, 2);
	assert_int_equal(request_irq(virq, seen_handler, IRQF_NO_AUTOEN, "child", &s), 0);
	assert_int_equal(c.enable, 2);
	enable_irq(virq);
	assert_int_equal(c.enable, 3);
	free_irq(virq, &s);
	irq_dispose_mapping(virq);
	irq_domain_remove(d);
}

static void test_trigger_through_chip(void **state)
{
	struct ctl c = { .chip = &lazy_chip, .flow = handle_edge_irq };
	struct irq_domain *d = irq_domain_add_linear(NULL, 2, &ctl_ops, &c);
	unsigned int virq = irq_create_mapping(d, 0);
	struct seen s = { 0 };

	(void)state;
	assert_int_equal(irq_set_irq_type(virq, IRQ_TYPE_EDGE_RISING), 0);
	assert_int_equal(c.type, IRQ_TYPE_EDGE_RISING);
	assert_int_equal(irq_get_trigger_type(virq), IRQ_TYPE_EDGE_RISING);
	assert_int_equal(request_irq(virq, seen_handler, IRQF_TRIGGER_LOW, "child", &s), 0);
	assert_int_equal(c.type, IRQ_TYPE_LEVEL_LOW);
	c.set_type_err = -EINVAL;
	assert_int_equal(irq_set_irq_type(virq, IRQ_TYPE_EDGE_FALLING), -EINVAL);
	assert_non_null(strstr(test_log_peek(), "Setting trigger mode 2 for irq"));
	assert_int_equal(irq_get_trigger_type(virq), IRQ_TYPE_LEVEL_LOW);
	/* The edge flow runs the handler. */
	assert_int_equal(generic_handle_irq(virq), 0);
	assert_int_equal(s.calls, 1);
	free_irq(virq, &s);
	irq_domain_remove(d);
	/* Left mapped: disposed of, with a word. */
	assert_non_null(strstr(test_log_peek(), "removed with 1 IRQs still mapped"));
	assert_null(irq_get_chip(virq));
}

/* ---- a controller on a plain line, demultiplexing to its domain ---- */

struct parent {
	struct irq_domain *domain;
	unsigned long status; /* the controller's pending bits */
};

static irqreturn_t parent_handler(int irq, void *dev_id)
{
	struct parent *p = dev_id;
	unsigned long pending = p->status;

	(void)irq;
	p->status = 0;
	for (unsigned int bit = 0; bit < 4; bit++)
		if (pending & (1UL << bit))
			generic_handle_domain_irq(p->domain, bit);
	return pending ? IRQ_HANDLED : IRQ_NONE;
}

static void test_demultiplexing_parent(void **state)
{
	struct ctl c = { .chip = &lazy_chip, .flow = handle_level_irq };
	struct parent p = { .domain = irq_domain_add_linear(NULL, 4, &ctl_ops, &c) };
	struct seen a = { 0 }, b = { 0 };
	unsigned int va = irq_create_mapping(p.domain, 0), vb = irq_create_mapping(p.domain, 3);

	(void)state;
	assert_int_equal(request_irq(60, parent_handler, 0, "parent", &p), 0);
	assert_int_equal(request_irq(va, seen_handler, 0, "a", &a), 0);
	assert_int_equal(request_irq(vb, seen_handler, 0, "b", &b), 0);
	p.status = 1UL << 3;
	assert_int_equal(libcdev_irq_raise(60), 0);
	synchronize_irq(60);
	assert_int_equal(a.calls, 0);
	assert_int_equal(b.calls, 1);
	assert_int_equal(b.irq, (int)vb);
	assert_true(b.in_irq);
	p.status = 1UL << 0 | 1UL << 3;
	assert_int_equal(libcdev_irq_raise(60), 0);
	synchronize_irq(60);
	assert_int_equal(a.calls, 1);
	assert_int_equal(a.irq, (int)va);
	assert_int_equal(b.calls, 2);
	/* An unmapped hwirq, and numbers out of range. */
	assert_int_equal(generic_handle_domain_irq(p.domain, 2), -EINVAL);
	assert_int_equal(generic_handle_irq(0), -EINVAL);
	assert_int_equal(generic_handle_irq(LIBCDEV_NR_IRQS), -EINVAL);
	free_irq(60, &p);
	free_irq(va, &a);
	free_irq(vb, &b);
	irq_dispose_mapping(va);
	irq_dispose_mapping(vb);
	irq_domain_remove(p.domain);
}

static void test_fixed_range_xlate_and_unload(void **state)
{
	struct ctl c = { .chip = &lazy_chip, .flow = handle_simple_irq };
	struct irq_domain *d = irq_domain_add_simple(NULL, 4, 100, &ctl_ops, &c);
	const u32 spec[] = { 2, IRQ_TYPE_LEVEL_HIGH };
	irq_hw_number_t hw;
	unsigned int type;
	bool keep = false;

	(void)state;
	/* A first_irq maps the whole range at once. */
	assert_non_null(d);
	assert_int_equal(c.maps, 4);
	assert_int_equal(irq_find_mapping(d, 2), 102);
	assert_int_equal(irq_create_mapping(d, 2), 102);
	assert_int_equal(irq_domain_xlate_twocell(d, NULL, spec, 2, &hw, &type), 0);
	assert_int_equal(hw, 2);
	assert_int_equal(type, IRQ_TYPE_LEVEL_HIGH);
	assert_int_equal(irq_domain_xlate_twocell(d, NULL, spec, 1, &hw, &type), -EINVAL);
	assert_int_equal(irq_domain_xlate_onecell(d, NULL, spec, 1, &hw, &type), 0);
	assert_int_equal(type, IRQ_TYPE_NONE);
	/* A range past the lines, or a size of 0: no domain. */
	assert_null(irq_domain_add_simple(NULL, 4, LIBCDEV_NR_IRQS - 2, &ctl_ops, &c));
	assert_null(irq_domain_add_linear(NULL, 0, &ctl_ops, &c));
	/* Left registered by the module: removed at its unload, and reported. */
	assert_int_equal(libcdev_module_defer_stop(THIS_MODULE, &keep), 1);
	assert_non_null(strstr(test_log_peek(), "still registered at module unload: removed"));
	assert_int_equal(c.unmaps, 4);
	assert_null(irq_get_chip(102));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_map_find_dispose, test_env_capture),
		cmocka_unit_test_setup(test_level_flow_and_lazy_disable, test_env_capture),
		cmocka_unit_test_setup(test_eager_chip_simple_flow, test_env_capture),
		cmocka_unit_test_setup(test_trigger_through_chip, test_env_capture),
		cmocka_unit_test_setup(test_demultiplexing_parent, test_env_capture),
		cmocka_unit_test_setup(test_fixed_range_xlate_and_unload, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
