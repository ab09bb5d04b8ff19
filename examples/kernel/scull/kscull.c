// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * kscull - a driver in the style of Linux Device Drivers' scull, written for
 * the kernel and built unchanged against libcdev (only the kernel's linux/
 * headers, no libcdev name).
 *
 * One region of four minors (alloc_chrdev_region), one cdev each, nodes
 * named by device_create():
 *   /dev/kscull0, /dev/kscull1  memory devices: data kept in a list of
 *                               quantum-sized blocks (list.h), a mutex per
 *                               device (mutex_lock_interruptible), llseek,
 *                               opening write-only empties the device,
 *                               ioctls on the quantum (kscull.h);
 *   /dev/kscullpipe             a blocking pipe: readers sleep on a wait
 *                               queue until a writer comes, writers until
 *                               there is room; O_NONBLOCK gives EAGAIN;
 *                               poll(); a semaphore guards the buffer;
 *   /dev/kscullu                one user at a time: while a user has it open,
 *                               others get EBUSY, unless capable(CAP_DAC_OVERRIDE).
 * and in /proc (proc_mkdir, proc_create, seq_file):
 *   kscull/blocks               a record per memory device, a line per block
 *                               (seq_operations: start/next/stop/show);
 *   kscull/stats                the quantum and the pipe's fill (single_open).
 *
 * Build in the kernel: the Kbuild file beside it (obj-m += kscull.o).
 * Build against libcdev (installed):
 *   cc -shared -fPIC -DKBUILD_MODNAME='"kscull"' -o kscull.so kscull.c \
 *      $(pkg-config --cflags --libs libcdev-kernel)
 * Run (root, a kernel with CUSE):  cdevctl run ./kscull.so [quantum=N]
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/capability.h>
#include <linux/cdev.h>
#include <linux/cred.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/proc_fs.h>
#include <linux/sched/signal.h>
#include <linux/semaphore.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/version.h>
#include <linux/wait.h>

#include "kscull.h"

#define KSCULL_MEM_DEVS	  2
#define KSCULL_MINORS	  (KSCULL_MEM_DEVS + 2)
#define KSCULL_PIPE_MINOR KSCULL_MEM_DEVS
#define KSCULL_UID_MINOR  (KSCULL_MEM_DEVS + 1)
#define KSCULL_PIPE_SIZE  64

static int quantum = 4000;
module_param(quantum, int, S_IRUGO);
MODULE_PARM_DESC(quantum, "bytes per block of a memory device");

static dev_t kscull_devt;
static struct class *kscull_class;

/* ---- memory devices ---- */

struct kscull_block {
	struct list_head list;
	char data[]; /* quantum bytes */
};

struct kscull_dev {
	struct list_head blocks;
	int quantum; /* the block size of the data held */
	size_t size;
	struct mutex lock;
	struct cdev cdev;
};

static struct kscull_dev kscull_devs[KSCULL_MEM_DEVS];

static void kscull_trim(struct kscull_dev *dev)
{
	struct kscull_block *b, *next;

	list_for_each_entry_safe(b, next, &dev->blocks, list) {
		list_del(&b->list);
		kfree(b);
	}
	dev->size = 0;
	dev->quantum = quantum;
}

/* The block holding offset @pos, allocated (with those before it) if asked. */
static struct kscull_block *kscull_follow(struct kscull_dev *dev, loff_t pos, bool alloc)
{
	struct kscull_block *b;
	loff_t n = pos / dev->quantum;

	list_for_each_entry(b, &dev->blocks, list)
		if (n-- == 0)
			return b;
	if (!alloc)
		return NULL;
	for (n++; n > 0; n--) {
		b = kzalloc(sizeof(*b) + dev->quantum, GFP_KERNEL);
		if (!b)
			return NULL;
		list_add_tail(&b->list, &dev->blocks);
	}
	return b;
}

static int kscull_open(struct inode *inode, struct file *filp)
{
	struct kscull_dev *dev = container_of(inode->i_cdev, struct kscull_dev, cdev);

	filp->private_data = dev;
	if ((filp->f_flags & O_ACCMODE) == O_WRONLY) {
		if (mutex_lock_interruptible(&dev->lock))
			return -ERESTARTSYS;
		kscull_trim(dev);
		mutex_unlock(&dev->lock);
	}
	return 0;
}

static int kscull_release(struct inode *inode, struct file *filp)
{
	return 0;
}

static ssize_t kscull_read(struct file *filp, char __user *buf, size_t count, loff_t *f_pos)
{
	struct kscull_dev *dev = filp->private_data;
	struct kscull_block *b;
	ssize_t ret = 0;
	size_t off;

	if (mutex_lock_interruptible(&dev->lock))
		return -ERESTARTSYS;
	if (*f_pos >= dev->size)
		goto out;
	count = min_t(size_t, count, dev->size - *f_pos);
	b = kscull_follow(dev, *f_pos, false);
	if (!b)
		goto out;
	/* One block at most per call, as scull does. */
	off = *f_pos % dev->quantum;
	count = min_t(size_t, count, dev->quantum - off);
	if (copy_to_user(buf, b->data + off, count)) {
		ret = -EFAULT;
		goto out;
	}
	*f_pos += count;
	ret = count;
out:
	mutex_unlock(&dev->lock);
	return ret;
}

static ssize_t kscull_write(struct file *filp, const char __user *buf, size_t count, loff_t *f_pos)
{
	struct kscull_dev *dev = filp->private_data;
	struct kscull_block *b;
	ssize_t ret = -ENOMEM;
	size_t off;

	if (mutex_lock_interruptible(&dev->lock))
		return -ERESTARTSYS;
	b = kscull_follow(dev, *f_pos, true);
	if (!b)
		goto out;
	off = *f_pos % dev->quantum;
	count = min_t(size_t, count, dev->quantum - off);
	if (copy_from_user(b->data + off, buf, count)) {
		ret = -EFAULT;
		goto out;
	}
	*f_pos += count;
	ret = count;
	if (dev->size < *f_pos)
		dev->size = *f_pos;
out:
	mutex_unlock(&dev->lock);
	return ret;
}

static loff_t kscull_llseek(struct file *filp, loff_t off, int whence)
{
	struct kscull_dev *dev = filp->private_data;
	loff_t newpos;

	switch (whence) {
	case SEEK_SET:
		newpos = off;
		break;
	case SEEK_CUR:
		newpos = filp->f_pos + off;
		break;
	case SEEK_END:
		newpos = dev->size + off;
		break;
	default:
		return -EINVAL;
	}
	if (newpos < 0)
		return -EINVAL;
	filp->f_pos = newpos;
	return newpos;
}

static long kscull_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	int __user *uarg = (int __user *)arg;
	int err = 0, tmp;

	if (_IOC_TYPE(cmd) != KSCULL_IOC_MAGIC || _IOC_NR(cmd) > KSCULL_IOC_MAXNR)
		return -ENOTTY;
	if (_IOC_DIR(cmd) & (_IOC_READ | _IOC_WRITE))
		if (!access_ok(uarg, _IOC_SIZE(cmd)))
			return -EFAULT;
	/* Changing the quantum is for the administrator only. */
	switch (cmd) {
	case KSCULL_IOCRESET:
	case KSCULL_IOCSQUANTUM:
	case KSCULL_IOCTQUANTUM:
	case KSCULL_IOCXQUANTUM:
		if (!capable(CAP_SYS_ADMIN))
			return -EPERM;
	}
	switch (cmd) {
	case KSCULL_IOCRESET:
		quantum = 4000;
		break;
	case KSCULL_IOCSQUANTUM:
		err = get_user(tmp, uarg);
		if (!err && tmp <= 0)
			return -EINVAL;
		if (!err)
			quantum = tmp;
		break;
	case KSCULL_IOCTQUANTUM:
		if ((long)arg <= 0 || arg > INT_MAX)
			return -EINVAL;
		quantum = arg;
		break;
	case KSCULL_IOCGQUANTUM:
		err = put_user(quantum, uarg);
		break;
	case KSCULL_IOCQQUANTUM:
		return quantum;
	case KSCULL_IOCXQUANTUM:
		err = get_user(tmp, uarg);
		if (!err && tmp <= 0)
			return -EINVAL;
		if (!err)
			err = put_user(quantum, uarg);
		if (!err)
			quantum = tmp;
		break;
	default:
		return -ENOTTY;
	}
	return err;
}

static const struct file_operations kscull_fops = {
	.owner = THIS_MODULE,
	.llseek = kscull_llseek,
	.read = kscull_read,
	.write = kscull_write,
	.unlocked_ioctl = kscull_ioctl,
	.open = kscull_open,
	.release = kscull_release,
};

/* ---- the pipe ---- */

static struct kscull_pipe {
	wait_queue_head_t inq, outq;
	char buffer[KSCULL_PIPE_SIZE];
	size_t rp, wp; /* read and write positions; equal when empty */
	struct semaphore sem;
	struct cdev cdev;
} kpipe;

static size_t pipe_free(const struct kscull_pipe *p)
{
	return (p->rp + KSCULL_PIPE_SIZE - p->wp - 1) % KSCULL_PIPE_SIZE;
}

static int kscull_pipe_open(struct inode *inode, struct file *filp)
{
	filp->private_data = &kpipe;
	return nonseekable_open(inode, filp);
}

static ssize_t kscull_pipe_read(struct file *filp, char __user *buf, size_t count, loff_t *f_pos)
{
	struct kscull_pipe *p = filp->private_data;

	if (down_interruptible(&p->sem))
		return -ERESTARTSYS;
	while (p->rp == p->wp) {
		up(&p->sem);
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (wait_event_interruptible(p->inq, READ_ONCE(p->rp) != READ_ONCE(p->wp)))
			return -ERESTARTSYS;
		if (down_interruptible(&p->sem))
			return -ERESTARTSYS;
	}
	/* Up to the end of the data or of the buffer, whichever comes first. */
	if (p->wp > p->rp)
		count = min(count, p->wp - p->rp);
	else
		count = min(count, KSCULL_PIPE_SIZE - p->rp);
	if (copy_to_user(buf, p->buffer + p->rp, count)) {
		up(&p->sem);
		return -EFAULT;
	}
	p->rp = (p->rp + count) % KSCULL_PIPE_SIZE;
	up(&p->sem);
	wake_up_interruptible(&p->outq);
	return count;
}

static ssize_t kscull_pipe_write(struct file *filp, const char __user *buf, size_t count,
				 loff_t *f_pos)
{
	struct kscull_pipe *p = filp->private_data;
	DEFINE_WAIT(wait);

	if (down_interruptible(&p->sem))
		return -ERESTARTSYS;
	/* The explicit wait of LDD's scullpipe: queue, test, sleep, repeat. */
	while (pipe_free(p) == 0) {
		up(&p->sem);
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		prepare_to_wait(&p->outq, &wait, TASK_INTERRUPTIBLE);
		if (pipe_free(p) == 0)
			schedule();
		finish_wait(&p->outq, &wait);
		if (signal_pending(current))
			return -ERESTARTSYS;
		if (down_interruptible(&p->sem))
			return -ERESTARTSYS;
	}
	count = min(count, pipe_free(p));
	if (p->wp >= p->rp)
		count = min(count, KSCULL_PIPE_SIZE - p->wp);
	if (copy_from_user(p->buffer + p->wp, buf, count)) {
		up(&p->sem);
		return -EFAULT;
	}
	p->wp = (p->wp + count) % KSCULL_PIPE_SIZE;
	up(&p->sem);
	if (waitqueue_active(&p->inq))
		wake_up_interruptible(&p->inq);
	return count;
}

static __poll_t kscull_pipe_poll(struct file *filp, poll_table *wait)
{
	struct kscull_pipe *p = filp->private_data;
	__poll_t mask = 0;

	down(&p->sem);
	poll_wait(filp, &p->inq, wait);
	poll_wait(filp, &p->outq, wait);
	if (p->rp != p->wp)
		mask |= EPOLLIN | EPOLLRDNORM;
	if (pipe_free(p))
		mask |= EPOLLOUT | EPOLLWRNORM;
	up(&p->sem);
	return mask;
}

static const struct file_operations kscull_pipe_fops = {
	.owner = THIS_MODULE,
	.llseek = no_llseek,
	.read = kscull_pipe_read,
	.write = kscull_pipe_write,
	.poll = kscull_pipe_poll,
	.open = kscull_pipe_open,
};

/* ---- one user at a time ---- */

static struct {
	spinlock_t lock;
	int count;
	kuid_t owner;
	struct cdev cdev;
} kuser;

static int kscull_u_open(struct inode *inode, struct file *filp)
{
	spin_lock(&kuser.lock);
	if (kuser.count && !uid_eq(kuser.owner, current_uid()) &&
	    !uid_eq(kuser.owner, current_euid()) && !capable(CAP_DAC_OVERRIDE)) {
		spin_unlock(&kuser.lock);
		return -EBUSY;
	}
	if (kuser.count == 0)
		kuser.owner = current_uid();
	kuser.count++;
	spin_unlock(&kuser.lock);
	pr_info("kscullu opened by uid %u (pid %d, %s)\n", from_kuid(&init_user_ns, current_uid()),
		current->tgid, current->comm);
	return kscull_open(inode, filp);
}

static int kscull_u_release(struct inode *inode, struct file *filp)
{
	spin_lock(&kuser.lock);
	kuser.count--;
	spin_unlock(&kuser.lock);
	return 0;
}

static const struct file_operations kscull_u_fops = {
	.owner = THIS_MODULE,
	.llseek = kscull_llseek,
	.read = kscull_read,
	.write = kscull_write,
	.open = kscull_u_open,
	.release = kscull_u_release,
};

/* ---- /proc/kscull ---- */

static struct proc_dir_entry *kscull_proc_dir;

/* One record per memory device; *pos is the device's index. */
static void *kscull_seq_start(struct seq_file *s, loff_t *pos)
{
	return *pos < KSCULL_MEM_DEVS ? &kscull_devs[*pos] : NULL;
}

static void *kscull_seq_next(struct seq_file *s, void *v, loff_t *pos)
{
	(*pos)++;
	return kscull_seq_start(s, pos);
}

static void kscull_seq_stop(struct seq_file *s, void *v)
{
}

static int kscull_seq_show(struct seq_file *s, void *v)
{
	struct kscull_dev *dev = v;
	struct kscull_block *b;
	size_t left;
	int i = 0;

	if (mutex_lock_interruptible(&dev->lock))
		return -ERESTARTSYS;
	seq_printf(s, "kscull%d: %zu bytes, quantum %d\n", (int)(dev - kscull_devs), dev->size,
		   dev->quantum);
	left = dev->size;
	list_for_each_entry(b, &dev->blocks, list) {
		seq_printf(s, "  block %d: %zu bytes\n", i++, min_t(size_t, left, dev->quantum));
		left -= min_t(size_t, left, dev->quantum);
	}
	mutex_unlock(&dev->lock);
	return 0;
}

static const struct seq_operations kscull_seq_ops = {
	.start = kscull_seq_start,
	.next = kscull_seq_next,
	.stop = kscull_seq_stop,
	.show = kscull_seq_show,
};

static int kscull_blocks_open(struct inode *inode, struct file *file)
{
	return seq_open(file, &kscull_seq_ops);
}

static const struct proc_ops kscull_blocks_ops = {
	.proc_open = kscull_blocks_open,
	.proc_read = seq_read,
	.proc_lseek = seq_lseek,
	.proc_release = seq_release,
};

static int kscull_stats_show(struct seq_file *s, void *v)
{
	size_t fill;

	down(&kpipe.sem);
	fill = (kpipe.wp + KSCULL_PIPE_SIZE - kpipe.rp) % KSCULL_PIPE_SIZE;
	up(&kpipe.sem);
	seq_printf(s, "quantum %d\npipe %zu of %d bytes\n", quantum, fill, KSCULL_PIPE_SIZE - 1);
	return 0;
}

static int kscull_stats_open(struct inode *inode, struct file *file)
{
	return single_open(file, kscull_stats_show, NULL);
}

static const struct proc_ops kscull_stats_ops = {
	.proc_open = kscull_stats_open,
	.proc_read = seq_read,
	.proc_lseek = seq_lseek,
	.proc_release = single_release,
};

static int kscull_proc_init(void)
{
	kscull_proc_dir = proc_mkdir("kscull", NULL);
	if (!kscull_proc_dir)
		return -ENOMEM;
	if (!proc_create("blocks", 0444, kscull_proc_dir, &kscull_blocks_ops) ||
	    !proc_create("stats", 0444, kscull_proc_dir, &kscull_stats_ops)) {
		proc_remove(kscull_proc_dir);
		return -ENOMEM;
	}
	return 0;
}

/* ---- set-up ---- */

static int kscull_add(struct cdev *cdev, const struct file_operations *fops, int minor,
		      const char *name)
{
	struct device *d;
	int err;

	cdev_init(cdev, fops);
	cdev->owner = THIS_MODULE;
	d = device_create(kscull_class, NULL, MKDEV(MAJOR(kscull_devt), minor), NULL, "%s", name);
	if (IS_ERR(d))
		return PTR_ERR(d);
	err = cdev_add(cdev, MKDEV(MAJOR(kscull_devt), minor), 1);
	if (err)
		device_destroy(kscull_class, MKDEV(MAJOR(kscull_devt), minor));
	return err;
}

static void kscull_remove(struct cdev *cdev, int minor)
{
	cdev_del(cdev);
	device_destroy(kscull_class, MKDEV(MAJOR(kscull_devt), minor));
}

static void kscull_cleanup(int added)
{
	if (added > KSCULL_UID_MINOR)
		kscull_remove(&kuser.cdev, KSCULL_UID_MINOR);
	if (added > KSCULL_PIPE_MINOR)
		kscull_remove(&kpipe.cdev, KSCULL_PIPE_MINOR);
	while (added-- > 0)
		if (added < KSCULL_MEM_DEVS) {
			kscull_remove(&kscull_devs[added].cdev, added);
			kscull_trim(&kscull_devs[added]);
		}
	class_destroy(kscull_class);
	unregister_chrdev_region(kscull_devt, KSCULL_MINORS);
}

static int __init kscull_init(void)
{
	char name[16];
	int i, err;

	if (quantum <= 0)
		return -EINVAL;
	err = alloc_chrdev_region(&kscull_devt, 0, KSCULL_MINORS, "kscull");
	if (err < 0) {
		pr_warn("can't get a major: %d\n", err);
		return err;
	}
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
	kscull_class = class_create("kscull");
#else
	kscull_class = class_create(THIS_MODULE, "kscull");
#endif
	if (IS_ERR(kscull_class)) {
		unregister_chrdev_region(kscull_devt, KSCULL_MINORS);
		return PTR_ERR(kscull_class);
	}
	for (i = 0; i < KSCULL_MEM_DEVS; i++) {
		INIT_LIST_HEAD(&kscull_devs[i].blocks);
		kscull_devs[i].quantum = quantum;
		mutex_init(&kscull_devs[i].lock);
		snprintf(name, sizeof(name), "kscull%d", i);
		err = kscull_add(&kscull_devs[i].cdev, &kscull_fops, i, name);
		if (err)
			goto fail;
	}
	init_waitqueue_head(&kpipe.inq);
	init_waitqueue_head(&kpipe.outq);
	sema_init(&kpipe.sem, 1);
	err = kscull_add(&kpipe.cdev, &kscull_pipe_fops, KSCULL_PIPE_MINOR, "kscullpipe");
	if (err)
		goto fail;
	i++;
	spin_lock_init(&kuser.lock);
	err = kscull_add(&kuser.cdev, &kscull_u_fops, KSCULL_UID_MINOR, "kscullu");
	if (err)
		goto fail;
	i++;
	err = kscull_proc_init();
	if (err)
		goto fail;
	pr_info("major %d, minors 0-%d, quantum %d\n", MAJOR(kscull_devt), KSCULL_MINORS - 1,
		quantum);
	return 0;

fail:
	pr_warn("error %d adding minor %d\n", err, i);
	kscull_cleanup(i);
	return err;
}

static void __exit kscull_exit(void)
{
	remove_proc_subtree("kscull", NULL);
	kscull_cleanup(KSCULL_MINORS);
	pr_info("unloaded\n");
}

module_init(kscull_init);
module_exit(kscull_exit);

MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("An LDD-style scull: memory devices, a blocking pipe, one user at a time");
