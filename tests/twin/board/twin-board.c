// SPDX-License-Identifier: GPL-2.0
/*
 * twin-board - the board of a described platform device, in a real kernel.
 *
 * With libcdev a platform device is described from outside its driver
 * (libcdev-platform(7)): "ksensor.0 irq=42 mem=0x10000000+0x10 sampling-ms=20".
 * `cdevctl twin-test --device` runs a platform driver's behaviour script
 * against its .ko too, and in the kernel some board code has to register the
 * same device: this module, loaded after the driver, with the same lines:
 *
 *   insmod twin-board.ko device="ksensor.0 irq=42 mem=0x10000000+0x10 sampling-ms=20"
 *
 * (several devices separated by ';'). Each device is registered with
 * platform_device_register_full():
 *   NAME[.ID]    its name and id (PLATFORM_DEVID_NONE without .ID)
 *   irq=N        an IRQ resource: line N (1-1023) of the board's own
 *                interrupt controller, an IRQ domain whose chip does what
 *                the kernel's interrupt simulator (irq_sim, which the VM's
 *                kernel lacks) does: irq_set_irqchip_state(PENDING) raises
 *                the line, as a driver's stand-in for its hardware may;
 *                the driver gets the Linux IRQ number mapped to it
 *   mem=S+SIZE   a memory resource at physical address S; the board zeroes
 *                it first, as libcdev zeroes a register bank. It must be
 *                memory the kernel does not use: in the test VM, RAM that
 *                memmap= reserves (tests/vm/vm-run); system RAM is refused
 *   KEY=VALUE    a property: a number is a u32 (u64 when larger), anything
 *                else a string
 *
 * A line is raised as `cdevctl irq MODULE N` raises it with libcdev:
 *
 *   echo 42 > /sys/module/twin_board/parameters/irq
 *
 * runs its handlers (generic_handle_irq_safe(): the hard handler before the
 * write returns, a threaded handler on its thread). A line no handler is
 * requested for is -ENOENT. Unloading the board unregisters its devices.
 */
#include <linux/err.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/ioport.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/irq_work.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/platform_device.h>
#include <linux/property.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>

#define BOARD_LINES	 1024 /* lines 1 to 1023, as libcdev's */
#define BOARD_DEVICES	 8
#define BOARD_RESOURCES	 8  /* per device */
#define BOARD_PROPERTIES 16 /* per device */
#define BOARD_NAME_MAX	 20 /* as libcdev: 1 to 19 characters */

static char *device;
module_param(device, charp, 0444);
MODULE_PARM_DESC(device,
		 "the devices, described as libcdev-platform(7) describes them, ';' between them");

static struct fwnode_handle *board_fwnode;
static struct irq_domain *board_domain;
/* Whether a write to the irq parameter may raise: under the parameters' lock. */
static bool board_up;
static struct platform_device *board_pdevs[BOARD_DEVICES];
static int board_npdevs;
/* Lines mapped, to dispose of at unload. */
static DECLARE_BITMAP(board_mapped, BOARD_LINES);

/* ---- the interrupt controller ---- */

/*
 * Lines made pending by irq_set_irqchip_state(), handled from an irq_work
 * in hard interrupt context, as irq_sim does: the caller may be a timer.
 */
static DECLARE_BITMAP(board_pending, BOARD_LINES);
static struct irq_work board_work;

static void board_handle_pending(struct irq_work *work)
{
	unsigned int line;

	while (!bitmap_empty(board_pending, BOARD_LINES)) {
		line = find_first_bit(board_pending, BOARD_LINES);
		clear_bit(line, board_pending);
		generic_handle_domain_irq(board_domain, line);
	}
}

static int board_irq_set_state(struct irq_data *data, enum irqchip_irq_state which, bool state)
{
	if (which != IRQCHIP_STATE_PENDING)
		return -EINVAL;
	if (state) {
		set_bit(irqd_to_hwirq(data), board_pending);
		irq_work_queue(&board_work);
	}
	return 0;
}

static void board_irq_nop(struct irq_data *data)
{
}

static struct irq_chip board_irq_chip = {
	.name = "twin-board",
	.irq_mask = board_irq_nop,
	.irq_unmask = board_irq_nop,
	.irq_set_irqchip_state = board_irq_set_state,
	.flags = IRQCHIP_SKIP_SET_WAKE,
};

static int board_irq_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	irq_set_chip_and_handler(virq, &board_irq_chip, handle_simple_irq);
	return 0;
}

static const struct irq_domain_ops board_irq_ops = {
	.map = board_irq_map,
	.xlate = irq_domain_xlate_onecell,
};

/* echo N > /sys/module/twin_board/parameters/irq: raise line N. */
static int board_raise(const char *val, const struct kernel_param *kp)
{
	unsigned int line, virq;
	int ret;

	ret = kstrtouint(val, 10, &line);
	if (ret)
		return ret;
	if (line < 1 || line >= BOARD_LINES)
		return -EINVAL;
	/* The lock held around this call keeps board_up; then the domain is there. */
	if (!board_up)
		return -ENODEV;
	virq = irq_find_mapping(board_domain, line);
	if (!virq || !irq_has_action(virq))
		return -ENOENT;
	return generic_handle_irq_safe(virq);
}

static const struct kernel_param_ops board_raise_ops = {
	.set = board_raise,
};
module_param_cb(irq, &board_raise_ops, NULL, 0200);
MODULE_PARM_DESC(irq, "write a line's number to raise it");

/* ---- a described device ---- */

struct board_device {
	char name[BOARD_NAME_MAX];
	int id;
	struct resource res[BOARD_RESOURCES];
	unsigned int nres;
	struct property_entry props[BOARD_PROPERTIES + 1]; /* and the empty end */
	unsigned int nprops;
};

static int board_irq_word(struct board_device *bd, const char *val)
{
	unsigned int line, virq;

	if (kstrtouint(val, 0, &line) || line < 1 || line >= BOARD_LINES) {
		pr_err("twin-board: irq=%s: an IRQ line is a number from 1 to 1023\n", val);
		return -EINVAL;
	}
	virq = irq_create_mapping(board_domain, line);
	if (!virq)
		return -ENOMEM;
	__set_bit(line, board_mapped);
	bd->res[bd->nres++] = (struct resource)DEFINE_RES_IRQ(virq);
	return 0;
}

/* The bank's registers start at zero, as libcdev's do. */
static int board_reset_bank(resource_size_t start, resource_size_t size)
{
	void __iomem *bank;

	if (region_intersects(start, size, IORESOURCE_SYSTEM_RAM, IORES_DESC_NONE) !=
	    REGION_DISJOINT) {
		pr_err("twin-board: mem=%pa: system RAM, not free for a register bank (reserve it: memmap=SIZE$START)\n",
		       &start);
		return -EBUSY;
	}
	bank = ioremap(start, size);
	if (!bank)
		return -ENOMEM;
	memset_io(bank, 0, size);
	iounmap(bank);
	return 0;
}

static int board_mem_word(struct board_device *bd, char *val)
{
	char *plus = strchr(val, '+');
	u64 start, size;
	int ret;

	if (!plus)
		goto bad;
	*plus = '\0';
	if (kstrtou64(val, 0, &start) || kstrtou64(plus + 1, 0, &size) || size < 1 ||
	    size > SZ_1M || start + size < start)
		goto bad;
	ret = board_reset_bank(start, size);
	if (ret)
		return ret;
	bd->res[bd->nres++] = (struct resource)DEFINE_RES_MEM(start, size);
	return 0;
bad:
	pr_err("twin-board: mem=%s: not START+SIZE (1 byte to 1 MiB)\n", val);
	return -EINVAL;
}

static int board_property_word(struct board_device *bd, char *key, char *val)
{
	u64 n;

	if (bd->nprops == BOARD_PROPERTIES) {
		pr_err("twin-board: %s: more than %d properties\n", bd->name, BOARD_PROPERTIES);
		return -E2BIG;
	}
	/* Copied with the device (property_entries_dup()): words of the line will do. */
	if (kstrtou64(val, 0, &n))
		bd->props[bd->nprops++] = PROPERTY_ENTRY_STRING(key, val);
	else if (n <= U32_MAX)
		bd->props[bd->nprops++] = PROPERTY_ENTRY_U32(key, (u32)n);
	else
		bd->props[bd->nprops++] = PROPERTY_ENTRY_U64(key, n);
	return 0;
}

/* "NAME" or "NAME.ID" into bd. */
static int board_name_word(struct board_device *bd, const char *word)
{
	const char *dot = strrchr(word, '.');
	size_t len = strlen(word);

	bd->id = PLATFORM_DEVID_NONE;
	if (dot && dot[1] && dot > word && !kstrtoint(dot + 1, 10, &bd->id) && bd->id >= 0)
		len = dot - word;
	else
		bd->id = PLATFORM_DEVID_NONE;
	if (len < 1 || len >= BOARD_NAME_MAX || strpbrk(word, "/=!")) {
		pr_err("twin-board: '%s' is not a device's name (1 to 19 characters, no '/', '=' or '!')\n",
		       word);
		return -EINVAL;
	}
	memcpy(bd->name, word, len);
	bd->name[len] = '\0';
	return 0;
}

static int board_word(struct board_device *bd, char *word)
{
	char *eq = strchr(word, '=');

	if (!eq) {
		pr_err("twin-board: %s: '%s' is not irq=N, mem=START+SIZE or KEY=VALUE\n", bd->name,
		       word);
		return -EINVAL;
	}
	*eq = '\0';
	if (!strcmp(word, "irq") || !strcmp(word, "mem")) {
		if (bd->nres == BOARD_RESOURCES) {
			pr_err("twin-board: %s: more than %d resources\n", bd->name,
			       BOARD_RESOURCES);
			return -E2BIG;
		}
		return word[0] == 'i' ? board_irq_word(bd, eq + 1) : board_mem_word(bd, eq + 1);
	}
	return board_property_word(bd, word, eq + 1);
}

/* One described device: parse LINE (written to) and register it. */
static int board_add(char *line)
{
	struct platform_device_info info = {};
	struct platform_device *pdev;
	struct board_device *bd;
	char *word;
	int ret;

	line = skip_spaces(line);
	if (!*line)
		return 0;
	if (board_npdevs == BOARD_DEVICES) {
		pr_err("twin-board: more than %d devices\n", BOARD_DEVICES);
		return -E2BIG;
	}
	bd = kzalloc(sizeof(*bd), GFP_KERNEL);
	if (!bd)
		return -ENOMEM;
	ret = board_name_word(bd, strsep(&line, " \t"));
	while (!ret && (word = strsep(&line, " \t")))
		if (*word)
			ret = board_word(bd, word);
	if (ret)
		goto out;

	info.name = bd->name;
	info.id = bd->id;
	info.res = bd->res;
	info.num_res = bd->nres;
	info.properties = bd->nprops ? bd->props : NULL;
	pdev = platform_device_register_full(&info);
	if (IS_ERR(pdev)) {
		ret = PTR_ERR(pdev);
		pr_err("twin-board: %s: not registered: %d\n", bd->name, ret);
		goto out;
	}
	board_pdevs[board_npdevs++] = pdev;
out:
	kfree(bd);
	return ret;
}

static void board_remove_all(void)
{
	unsigned int line;

	while (board_npdevs > 0)
		platform_device_unregister(board_pdevs[--board_npdevs]);
	/* A raise of a driver's timer may still be on its way. */
	irq_work_sync(&board_work);
	bitmap_zero(board_pending, BOARD_LINES);
	for_each_set_bit(line, board_mapped, BOARD_LINES)
		irq_dispose_mapping(irq_find_mapping(board_domain, line));
	bitmap_zero(board_mapped, BOARD_LINES);
}

static int __init board_init(void)
{
	char *lines, *cursor, *line;
	int ret = 0;

	if (!device || !*device) {
		pr_err("twin-board: no device=\"NAME[.ID] [irq=N] [mem=START+SIZE] [KEY=VALUE]...\"\n");
		return -EINVAL;
	}
	init_irq_work(&board_work, board_handle_pending);
	board_fwnode = irq_domain_alloc_named_fwnode("twin-board");
	if (!board_fwnode)
		return -ENOMEM;
	board_domain = irq_domain_create_linear(board_fwnode, BOARD_LINES, &board_irq_ops, NULL);
	if (!board_domain) {
		ret = -ENOMEM;
		goto free_fwnode;
	}
	cursor = lines = kstrdup(device, GFP_KERNEL);
	if (!lines) {
		ret = -ENOMEM;
		goto remove_domain;
	}
	while (!ret && (line = strsep(&cursor, ";")))
		ret = board_add(line);
	kfree(lines);
	if (ret)
		goto remove_devices;
	kernel_param_lock(THIS_MODULE);
	board_up = true;
	kernel_param_unlock(THIS_MODULE);
	return 0;

remove_devices:
	board_remove_all();
remove_domain:
	irq_domain_remove(board_domain);
	board_domain = NULL;
free_fwnode:
	irq_domain_free_fwnode(board_fwnode);
	return ret;
}

static void __exit board_exit(void)
{
	/* The parameters outlive exit(): no raise from now on. */
	kernel_param_lock(THIS_MODULE);
	board_up = false;
	kernel_param_unlock(THIS_MODULE);
	board_remove_all();
	irq_domain_remove(board_domain);
	irq_domain_free_fwnode(board_fwnode);
}

module_init(board_init);
module_exit(board_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION(
	"The board of described platform devices, for twin tests: IRQ lines raised from sysfs");
