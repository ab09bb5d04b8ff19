/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Device-tree nodes (<linux/of.h>, of_platform.h, of_address.h, of_irq.h):
 * a described device with "compatible" has a node whose properties are its
 * description's, read with the kernel's of_property_* semantics; the most
 * specific compatible value picks the driver's table entry; a node's "reg"
 * and "interrupts" are the device's regions and IRQ lines; a device
 * registered by code has no node. The array readers of <linux/property.h>
 * too. A node described with "reserved-memory" is a reserved-memory region
 * (<linux/of_reserved_mem.h>), its memory reached with memremap().
 */
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_irq.h>
#include <linux/of_platform.h>
#include <linux/of_reserved_mem.h>
#include <linux/platform_device.h>
#include <linux/property.h>

#include "test-util.h"

static const struct of_device_id fec_of[] = {
	{ .compatible = "acme,fec", .data = (void *)1 },
	{ .compatible = "acme,fec-v2", .data = (void *)2 },
	{},
};

/* What probe() saw, for the test to check after. */
static struct {
	struct device_node *node;
	const void *data;
	int probed;
} seen;

static int fec_probe(struct platform_device *pdev)
{
	seen.node = pdev->dev.of_node;
	seen.data = of_device_get_match_data(&pdev->dev);
	seen.probed++;
	return 0;
}

static struct platform_driver fec_driver = {
	.probe = fec_probe,
	.driver = { .name = "fec", .of_match_table = fec_of },
};

static const char fec_line[] = "fec.0 mem=0x4000+0x100 irq=7 irq=9 "
			       "compatible=acme,fec-v2 compatible=acme,fec "
			       "words=4 widths=8,16,0x20 code=ldpc big=0x100000000";

static void test_node_and_best_match(void **state)
{
	struct platform_device *pdev;

	(void)state;
	seen.probed = 0;
	assert_int_equal(platform_driver_register(&fec_driver), 0);
	assert_int_equal(libcdev_platform_describe(fec_line, &pdev), 0);
	assert_int_equal(seen.probed, 1);
	assert_non_null(seen.node);
	assert_ptr_equal(seen.node, dev_of_node(&pdev->dev));
	/* The first compatible value is the most specific: its entry wins, though listed later. */
	assert_ptr_equal(seen.data, (void *)2);
	assert_ptr_equal(of_match_device(fec_of, &pdev->dev), &fec_of[1]);
	assert_string_equal(seen.node->name, "fec");
	assert_string_equal(of_node_full_name(seen.node), "fec@4000");
	assert_true(of_node_name_eq(seen.node, "fec"));
	/* Compared ignoring case, the earlier value scoring higher. */
	assert_true(of_device_is_compatible(seen.node, "ACME,FEC"));
	assert_true(of_device_is_compatible(seen.node, "acme,fec-v2") >
		    of_device_is_compatible(seen.node, "acme,fec"));
	assert_false(of_device_is_compatible(seen.node, "acme,fec-v3"));
	assert_ptr_equal(of_find_device_by_node(seen.node), pdev);
	assert_true(of_device_is_available(seen.node));
	platform_driver_unregister(&fec_driver);
	libcdev_platform_forget_described();
}

static void test_property_readers(void **state)
{
	struct platform_device *pdev;
	struct device_node *np;
	u32 v = 0, arr[3] = { 0 }, four[4];
	u64 big = 0;
	const char *s = NULL;

	(void)state;
	assert_int_equal(libcdev_platform_describe(fec_line, &pdev), 0);
	np = pdev->dev.of_node;
	assert_int_equal(of_property_read_u32(np, "words", &v), 0);
	assert_int_equal(v, 4);
	/* An array's first element, as the kernel reads a cell. */
	assert_int_equal(of_property_read_u32(np, "widths", &v), 0);
	assert_int_equal(v, 8);
	assert_int_equal(of_property_count_u32_elems(np, "widths"), 3);
	assert_int_equal(of_property_read_u32_array(np, "widths", arr, 3), 0);
	assert_int_equal(arr[2], 0x20);
	four[0] = 0xdead;
	assert_int_equal(of_property_read_u32_array(np, "widths", four, 4), -EOVERFLOW);
	assert_int_equal(four[0], 0xdead); /* nothing written */
	/* One element by its index. */
	assert_int_equal(of_property_read_u32_index(np, "widths", 2, &v), 0);
	assert_int_equal(v, 0x20);
	v = 7;
	assert_int_equal(of_property_read_u32_index(np, "widths", 3, &v), -EOVERFLOW);
	assert_int_equal(of_property_read_u32_index(np, "missing", 0, &v), -EINVAL);
	assert_int_equal(v, 7);
	assert_int_equal(of_property_read_u32(np, "missing", &v), -EINVAL);
	assert_int_equal(of_property_read_u32(np, "code", &v), -EPROTO);
	assert_int_equal(of_property_read_u32(np, "big", &v), -EOVERFLOW);
	assert_int_equal(of_property_read_u64(np, "big", &big), 0);
	assert_true(big == 0x100000000ULL);
	assert_int_equal(of_property_read_string(np, "code", &s), 0);
	assert_string_equal(s, "ldpc");
	/* A key given twice is a string list. */
	assert_int_equal(of_property_count_strings(np, "compatible"), 2);
	assert_int_equal(of_property_read_string_index(np, "compatible", 1, &s), 0);
	assert_string_equal(s, "acme,fec");
	assert_int_equal(of_property_read_string_index(np, "compatible", 2, &s), -ENODATA);
	assert_int_equal(of_property_match_string(np, "compatible", "acme,fec"), 1);
	assert_int_equal(of_property_match_string(np, "compatible", "acme,x"), -ENODATA);
	assert_int_equal(of_property_match_string(np, "nothing", "acme,x"), -EINVAL);
	assert_true(of_property_read_bool(np, "code"));
	assert_false(of_property_read_bool(np, "nothing"));
	/* The property itself: its values as a string list, kept with the node. */
	int len = -1;
	struct property *prop = of_find_property(np, "compatible", &len);
	assert_non_null(prop);
	assert_string_equal(prop->name, "compatible");
	assert_int_equal(len, (int)sizeof("acme,fec-v2\0acme,fec"));
	assert_int_equal(prop->length, len);
	assert_memory_equal(prop->value, "acme,fec-v2\0acme,fec", (size_t)len);
	assert_ptr_equal(of_find_property(np, "compatible", NULL), prop);
	prop = of_find_property(np, "code", &len);
	assert_non_null(prop);
	assert_int_equal(len, 5);
	assert_string_equal(prop->value, "ldpc");
	len = -1;
	assert_null(of_find_property(np, "nothing", &len));
	assert_int_equal(len, -1);
	assert_null(of_find_property(NULL, "code", &len));
	/* The same through <linux/property.h>. */
	assert_int_equal(device_property_read_u32_array(&pdev->dev, "widths", NULL, 0), 3);
	assert_int_equal(device_property_read_u32(&pdev->dev, "widths", &v), 0);
	assert_int_equal(v, 8);
	assert_int_equal(device_property_read_string_array(&pdev->dev, "compatible", NULL, 0), 2);
	libcdev_platform_forget_described();
}

static void test_regions_irqs_and_leaf(void **state)
{
	struct platform_device *pdev;
	struct device_node *np, *child;
	struct resource res;
	void __iomem *regs;
	int children = 0;

	(void)state;
	assert_int_equal(libcdev_platform_describe(fec_line, &pdev), 0);
	np = pdev->dev.of_node;
	assert_int_equal(of_address_to_resource(np, 0, &res), 0);
	assert_true(res.start == 0x4000 && resource_size(&res) == 0x100);
	assert_int_equal(of_address_to_resource(np, 1, &res), -EINVAL);
	regs = of_iomap(np, 0);
	assert_non_null(regs);
	writel(0xfeed, regs + 8);
	assert_int_equal(readl(regs + 8), 0xfeed);
	iounmap(regs);
	assert_null(of_iomap(np, 1));
	assert_int_equal(irq_of_parse_and_map(np, 0), 7);
	assert_int_equal(irq_of_parse_and_map(np, 1), 9);
	assert_int_equal(irq_of_parse_and_map(np, 2), 0);
	assert_int_equal(of_irq_count(np), 2);
	/* A leaf: populating it makes nothing and succeeds. */
	for_each_child_of_node(np, child)
		children++;
	assert_int_equal(children, 0);
	assert_null(of_get_parent(np));
	assert_int_equal(of_platform_populate(np, NULL, NULL, &pdev->dev), 0);
	libcdev_platform_forget_described();
}

/*
 * A reserved-memory node's region is plain memory: memremap() gives the
 * bank's memory itself, which ioremap() and readl() see; a node elsewhere has
 * no region, and memory no device describes cannot be mapped.
 */
static void test_reserved_memory(void **state)
{
	struct platform_device *dice, *fec;
	struct reserved_mem *rmem;
	void __iomem *regs;
	u32 *mem;

	(void)state;
	assert_int_equal(libcdev_platform_describe("dice.0 mem=0x90000000+0x2000 "
						   "compatible=google,open-dice reserved-memory=1",
						   &dice),
			 0);
	assert_int_equal(libcdev_platform_describe(fec_line, &fec), 0);
	rmem = of_reserved_mem_lookup(dice->dev.of_node);
	assert_non_null(rmem);
	assert_true(rmem->base == 0x90000000 && rmem->size == 0x2000);
	assert_string_equal(rmem->name, "dice@90000000");
	assert_null(of_reserved_mem_lookup(fec->dev.of_node));
	assert_null(of_reserved_mem_lookup(NULL));

	mem = memremap(rmem->base, rmem->size, MEMREMAP_WC);
	assert_non_null(mem);
	mem[3] = 0x5eed;
	regs = ioremap(rmem->base, rmem->size);
	assert_int_equal(readl(regs + 12), 0x5eed);
	memunmap(mem);
	assert_null(memremap(rmem->base, rmem->size, 0));
	assert_null(memremap(0x10, 4, MEMREMAP_WB));
	assert_true(PTR_ERR(devm_memremap(&dice->dev, 0x10, 4, MEMREMAP_WB)) == -ENXIO);
	mem = devm_memremap(&dice->dev, rmem->base + 0x1000, 0x1000, MEMREMAP_WB);
	assert_false(IS_ERR(mem));
	assert_int_equal(mem[0], 0);
	devm_memunmap(&dice->dev, mem);
	libcdev_platform_forget_described();
}

static void test_no_node_without_compatible(void **state)
{
	struct platform_device *a, *b;
	u32 v;

	(void)state;
	assert_int_equal(libcdev_platform_describe("plain.0 words=4", &a), 0);
	assert_null(a->dev.of_node);
	assert_int_equal(of_property_read_u32(a->dev.of_node, "words", &v), -EINVAL);
	b = platform_device_register_simple("coded", 0, NULL, 0);
	assert_false(IS_ERR(b));
	assert_null(b->dev.of_node);
	assert_null(of_match_device(fec_of, &b->dev));
	platform_device_unregister(b);
	/* With one but without a register region, the node is named by the device alone. */
	assert_int_equal(libcdev_platform_describe("noregs.0 compatible=acme,fec", &a), 0);
	assert_string_equal(of_node_full_name(a->dev.of_node), "noregs");
	libcdev_platform_forget_described();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_node_and_best_match, test_env_capture),
		cmocka_unit_test_setup(test_property_readers, test_env_capture),
		cmocka_unit_test_setup(test_regions_irqs_and_leaf, test_env_capture),
		cmocka_unit_test_setup(test_no_node_without_compatible, test_env_capture),
		cmocka_unit_test_setup(test_reserved_memory, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
