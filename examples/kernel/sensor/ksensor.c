// SPDX-License-Identifier: GPL-2.0
/*
 * ksensor - a simulated temperature sensor, written as a platform driver is
 * written for the kernel, to show a driver prototyped before its hardware
 * exists (libcdev-platform(7)).
 *
 * The device has one IRQ line and a register bank:
 *   CTRL   0x00  bit 0 EN: the device samples while set
 *   STATUS 0x04  bit 0 READY: DATA holds a new sample (the driver clears it)
 *   DATA   0x08  the last sample, in millidegrees Celsius
 *
 * probe() maps the bank, requests the IRQ and creates a misc device named
 * after the platform device (/dev/ksensor.0). The hard handler takes the
 * sample from DATA into a kfifo and counts it; the threaded handler wakes
 * the readers (the kernel runs it once for hard interrupts that came
 * meanwhile, so it counts nothing). read(2) blocks until a sample is there (O_NONBLOCK: EAGAIN)
 * and returns whole lines "SEQ MILLIDEGREES\n"; poll(2) says POLLIN then.
 * The attribute sampling_ms sets the sampling period, samples counts them
 * and overruns counts those lost to a full fifo; debugfs has the registers
 * (/dev/sys/kernel/debug/ksensor.0/registers here).
 *
 * Until the hardware exists, a timer stands in for it (simulate=1, the
 * default): every sampling_ms it writes a sample and raises the line, as the
 * kernel's interrupt simulator does. With simulate=0 only an outside raise
 * (cdevctl irq ksensor N) brings a sample: whatever DATA holds.
 *
 * Run it (the device described on the command line):
 *   cdevctl run --device 'ksensor.0 irq=42 mem=0x10000000+0x10 sampling-ms=50' ksensor.so
 *   head -n 3 /dev/ksensor.0
 *   echo 200 > /dev/sys/devices/platform/ksensor.0/sampling_ms
 */
#include <linux/debugfs.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/kfifo.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mod_devicetable.h>
#include <linux/platform_device.h>
#include <linux/poll.h>
#include <linux/property.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/timer.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define KSENSOR_CTRL	     0x00
#define KSENSOR_CTRL_EN	     0x1
#define KSENSOR_STATUS	     0x04
#define KSENSOR_STATUS_READY 0x1
#define KSENSOR_DATA	     0x08
#define KSENSOR_REGS_SIZE    0x0c

#define KSENSOR_FIFO 64 /* samples */
#define KSENSOR_LINE 24 /* "4294967295 -2147483648\n" */

static bool simulate = true;
module_param(simulate, bool, 0444);
MODULE_PARM_DESC(simulate, "a timer stands in for the hardware (default: yes)");

struct ksensor_sample {
	u32 seq;
	s32 mdeg;
};

struct ksensor {
	struct device *dev;
	void __iomem *regs;
	int irq;
	struct miscdevice misc;

	spinlock_t lock; /* the fifo and counts, against the hard handler */
	DECLARE_KFIFO(fifo, struct ksensor_sample, KSENSOR_FIFO);
	u32 seq; /* samples taken */
	unsigned long overruns;
	wait_queue_head_t wq;
	unsigned int sampling_ms;

	struct timer_list hw_timer; /* the stand-in for the hardware */
	u32 hw_step;
	struct dentry *debugfs;
};

/* ---- the hardware's stand-in: a new sample every sampling_ms ---- */

static void ksensor_hw_tick(struct timer_list *t)
{
	struct ksensor *s = from_timer(s, t, hw_timer);

	if (readl(s->regs + KSENSOR_CTRL) & KSENSOR_CTRL_EN) {
		/* 21.000 to 22.999 degrees, in a slow saw-tooth. */
		writel(21000 + (s->hw_step++ * 37) % 2000, s->regs + KSENSOR_DATA);
		writel(KSENSOR_STATUS_READY, s->regs + KSENSOR_STATUS);
		irq_set_irqchip_state(s->irq, IRQCHIP_STATE_PENDING, true);
	}
	mod_timer(&s->hw_timer, jiffies + msecs_to_jiffies(READ_ONCE(s->sampling_ms)));
}

/* ---- interrupts ---- */

static irqreturn_t ksensor_hard_irq(int irq, void *dev_id)
{
	struct ksensor *s = dev_id;
	struct ksensor_sample smp;

	smp.mdeg = (s32)readl(s->regs + KSENSOR_DATA);
	writel(0, s->regs + KSENSOR_STATUS);
	spin_lock(&s->lock);
	smp.seq = s->seq++;
	if (!kfifo_put(&s->fifo, smp))
		s->overruns++;
	spin_unlock(&s->lock);
	return IRQ_WAKE_THREAD;
}

/* Process context: it may sleep (a real sensor's bus transfer would be here). */
static irqreturn_t ksensor_thread_irq(int irq, void *dev_id)
{
	struct ksensor *s = dev_id;

	wake_up_interruptible(&s->wq);
	return IRQ_HANDLED;
}

/* ---- the misc device ---- */

static bool ksensor_fifo_empty(struct ksensor *s)
{
	unsigned long flags;
	bool empty;

	spin_lock_irqsave(&s->lock, flags);
	empty = kfifo_is_empty(&s->fifo);
	spin_unlock_irqrestore(&s->lock, flags);
	return empty;
}

static int ksensor_open(struct inode *inode, struct file *file)
{
	/* misc_open() left the miscdevice in private_data: the sensor is around it. */
	file->private_data = container_of(file->private_data, struct ksensor, misc);
	return nonseekable_open(inode, file);
}

static ssize_t ksensor_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct ksensor *s = file->private_data;
	struct ksensor_sample smp;
	char line[KSENSOR_LINE];
	unsigned long flags;
	size_t done = 0;
	int len, ret;

	if (count < KSENSOR_LINE)
		return -EINVAL;
	while (ksensor_fifo_empty(s)) {
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		ret = wait_event_interruptible(s->wq, !ksensor_fifo_empty(s));
		if (ret)
			return ret;
	}
	/* Whole lines only, as many as fit. */
	while (count - done >= KSENSOR_LINE) {
		spin_lock_irqsave(&s->lock, flags);
		ret = kfifo_get(&s->fifo, &smp);
		spin_unlock_irqrestore(&s->lock, flags);
		if (!ret)
			break;
		len = scnprintf(line, sizeof(line), "%u %d\n", smp.seq, smp.mdeg);
		if (copy_to_user(buf + done, line, len))
			return done ? (ssize_t)done : -EFAULT;
		done += len;
	}
	return done;
}

static __poll_t ksensor_poll(struct file *file, struct poll_table_struct *wait)
{
	struct ksensor *s = file->private_data;

	poll_wait(file, &s->wq, wait);
	return ksensor_fifo_empty(s) ? 0 : EPOLLIN | EPOLLRDNORM;
}

static const struct file_operations ksensor_fops = {
	.owner = THIS_MODULE,
	.open = ksensor_open,
	.read = ksensor_read,
	.poll = ksensor_poll,
	.llseek = no_llseek,
};

/* ---- attributes ---- */

static ssize_t sampling_ms_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct ksensor *s = dev_get_drvdata(dev);

	return sysfs_emit(buf, "%u\n", READ_ONCE(s->sampling_ms));
}

static ssize_t sampling_ms_store(struct device *dev, struct device_attribute *attr, const char *buf,
				 size_t count)
{
	struct ksensor *s = dev_get_drvdata(dev);
	unsigned int ms;
	int ret;

	ret = kstrtouint(buf, 10, &ms);
	if (ret)
		return ret;
	if (ms < 1 || ms > 10000)
		return -EINVAL;
	WRITE_ONCE(s->sampling_ms, ms);
	dev_dbg(dev, "sampling every %u ms\n", ms);
	return count;
}
static DEVICE_ATTR_RW(sampling_ms);

static ssize_t samples_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct ksensor *s = dev_get_drvdata(dev);
	unsigned long flags;
	u32 n;

	spin_lock_irqsave(&s->lock, flags);
	n = s->seq;
	spin_unlock_irqrestore(&s->lock, flags);
	return sysfs_emit(buf, "%u\n", n);
}
static DEVICE_ATTR_RO(samples);

static ssize_t overruns_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct ksensor *s = dev_get_drvdata(dev);
	unsigned long flags, n;

	spin_lock_irqsave(&s->lock, flags);
	n = s->overruns;
	spin_unlock_irqrestore(&s->lock, flags);
	return sysfs_emit(buf, "%lu\n", n);
}
static DEVICE_ATTR_RO(overruns);

static struct attribute *ksensor_attrs[] = {
	&dev_attr_sampling_ms.attr,
	&dev_attr_samples.attr,
	&dev_attr_overruns.attr,
	NULL,
};
ATTRIBUTE_GROUPS(ksensor);

/* ---- debugfs ---- */

static int ksensor_regs_show(struct seq_file *m, void *v)
{
	struct ksensor *s = m->private;

	seq_printf(m, "CTRL   0x%08x\n", readl(s->regs + KSENSOR_CTRL));
	seq_printf(m, "STATUS 0x%08x\n", readl(s->regs + KSENSOR_STATUS));
	seq_printf(m, "DATA   0x%08x\n", readl(s->regs + KSENSOR_DATA));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ksensor_regs);

/* ---- the platform driver ---- */

static int ksensor_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct resource *res;
	struct ksensor *s;
	int ret;

	s = devm_kzalloc(dev, sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	s->dev = dev;
	spin_lock_init(&s->lock);
	init_waitqueue_head(&s->wq);
	INIT_KFIFO(s->fifo);
	if (device_property_read_u32(dev, "sampling-ms", &s->sampling_ms) || s->sampling_ms < 1 ||
	    s->sampling_ms > 10000)
		s->sampling_ms = 100;

	s->regs = devm_platform_get_and_ioremap_resource(pdev, 0, &res);
	if (IS_ERR(s->regs))
		return PTR_ERR(s->regs);
	if (resource_size(res) < KSENSOR_REGS_SIZE) {
		dev_err(dev, "register bank too small: %llu bytes\n",
			(unsigned long long)resource_size(res));
		return -EINVAL;
	}
	s->irq = platform_get_irq(pdev, 0);
	if (s->irq < 0)
		return s->irq;
	platform_set_drvdata(pdev, s);
	ret = devm_request_threaded_irq(dev, s->irq, ksensor_hard_irq, ksensor_thread_irq, 0,
					dev_name(dev), s);
	if (ret)
		return ret;

	s->misc.minor = MISC_DYNAMIC_MINOR;
	s->misc.name = dev_name(dev);
	s->misc.fops = &ksensor_fops;
	s->misc.parent = dev;
	s->misc.mode = 0444;
	ret = misc_register(&s->misc);
	if (ret)
		return ret;

	/* debugfs is for people: its errors do not fail a probe. */
	s->debugfs = debugfs_create_dir(dev_name(dev), NULL);
	debugfs_create_file("registers", 0444, s->debugfs, s, &ksensor_regs_fops);

	writel(KSENSOR_CTRL_EN, s->regs + KSENSOR_CTRL);
	timer_setup(&s->hw_timer, ksensor_hw_tick, 0);
	if (simulate)
		mod_timer(&s->hw_timer, jiffies + msecs_to_jiffies(s->sampling_ms));
	dev_info(dev, "irq %d, registers at %#llx, sampling every %u ms%s\n", s->irq,
		 (unsigned long long)res->start, s->sampling_ms, simulate ? " (simulated)" : "");
	return 0;
}

static void ksensor_remove(struct platform_device *pdev)
{
	struct ksensor *s = platform_get_drvdata(pdev);

	debugfs_remove(s->debugfs);
	timer_shutdown_sync(&s->hw_timer);
	writel(0, s->regs + KSENSOR_CTRL);
	misc_deregister(&s->misc);
	dev_info(&pdev->dev, "removed after %u samples\n", s->seq);
	/* The IRQ, the mapping and s go after this, newest first (devm). */
}

static const struct of_device_id ksensor_of_match[] = { { .compatible = "acme,ksensor" }, {} };
MODULE_DEVICE_TABLE(of, ksensor_of_match);

static struct platform_driver ksensor_driver = {
	.probe = ksensor_probe,
	.remove_new = ksensor_remove,
	.driver = {
		.name = "ksensor",
		.of_match_table = ksensor_of_match,
		.dev_groups = ksensor_groups,
	},
};
module_platform_driver(ksensor_driver);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("libcdev examples");
MODULE_DESCRIPTION("A simulated temperature sensor: platform driver, IRQ, kfifo, attributes");
MODULE_VERSION("1.0");
