/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A module for the stress and crash-recovery tests (tests/cuse/robust.bats).
 * It serves
 *
 *   /dev/libcdev-stress       a small memory device with an ioctl and poll,
 *                             deleted and added again every churn_ms ms;
 *   /dev/libcdev-stress-wait  whose reads block until the module exits (a
 *                             file open on it keeps the module in use); its
 *                             release says who released it, and when.
 *
 * While a file of a deleted stress node is open, its name is still taken,
 * so the re-add is retried until that file is closed.
 */
#include <pthread.h>
#include <time.h>

#include <libcdev/libcdev.h>

#include "stress-dev.h"

static unsigned int churn_ms = 20;
module_param(churn_ms, uint, 0444);
MODULE_PARM_DESC(churn_ms, "delete and re-add the stress node this often, in ms (0: never)");

static dev_t base;
static pthread_mutex_t data_lock = PTHREAD_MUTEX_INITIALIZER;
static char data[256];
static int value;

static struct cdev *stress_cdev; /* only the churn thread changes it after init */
static pthread_t churn_thread;
static bool churn_started;
static int churn_stop;
static unsigned long cycles, name_busy;

static struct cdev wait_cdev;
static DECLARE_WAIT_QUEUE_HEAD(wait_q);
static int exiting;

static ssize_t stress_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	ssize_t ret = 0;

	(void)filp;
	pthread_mutex_lock(&data_lock);
	if (*ppos < (loff_t)sizeof(data)) {
		ret = count < sizeof(data) - *ppos ? count : sizeof(data) - *ppos;
		if (copy_to_user(buf, data + *ppos, ret))
			ret = -EFAULT;
		else
			*ppos += ret;
	}
	pthread_mutex_unlock(&data_lock);
	return ret;
}

static ssize_t stress_write(struct file *filp, const char __user *buf, size_t count, loff_t *ppos)
{
	ssize_t ret = -ENOSPC;

	(void)filp;
	pthread_mutex_lock(&data_lock);
	if (*ppos < (loff_t)sizeof(data)) {
		ret = count < sizeof(data) - *ppos ? count : sizeof(data) - *ppos;
		if (copy_from_user(data + *ppos, buf, ret))
			ret = -EFAULT;
		else
			*ppos += ret;
	}
	pthread_mutex_unlock(&data_lock);
	return ret;
}

static long stress_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	int __user *p = (int __user *)arg;
	int v, old;

	(void)filp;
	if (cmd != STRESS_XCHG)
		return -ENOTTY;
	if (get_user(v, p))
		return -EFAULT;
	old = __atomic_exchange_n(&value, v, __ATOMIC_SEQ_CST);
	return put_user(old, p) ? -EFAULT : 0;
}

static __poll_t stress_poll(struct file *filp, poll_table *wait)
{
	(void)filp, (void)wait;
	return POLLIN | POLLRDNORM | POLLOUT | POLLWRNORM;
}

static const struct file_operations stress_fops = {
	.owner = THIS_MODULE,
	.read = stress_read,
	.write = stress_write,
	.unlocked_ioctl = stress_ioctl,
	.poll = stress_poll,
};

static ssize_t wait_read(struct file *filp, char __user *buf, size_t count, loff_t *ppos)
{
	(void)filp, (void)buf, (void)count, (void)ppos;
	if (wait_event_interruptible(wait_q, __atomic_load_n(&exiting, __ATOMIC_ACQUIRE)))
		return -ERESTARTSYS;
	return 0;
}

static ssize_t wait_write(struct file *filp, const char __user *buf, size_t count, loff_t *ppos)
{
	(void)filp, (void)buf, (void)ppos;
	return count;
}

/* Before the module's exit or after it: a forced unload must release first. */
static int wait_release(struct inode *inode, struct file *filp)
{
	(void)inode, (void)filp;
	pr_info("wait: released by %d%s", (int)current->tgid,
		__atomic_load_n(&exiting, __ATOMIC_ACQUIRE) ? " after exit" : "");
	return 0;
}

static const struct file_operations wait_fops = {
	.owner = THIS_MODULE,
	.read = wait_read,
	.write = wait_write,
	.release = wait_release,
};

static void sleep_ms(unsigned int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static int stress_add(void)
{
	struct cdev *c = cdev_alloc();
	int err;

	if (!c)
		return -ENOMEM;
	c->owner = THIS_MODULE;
	c->ops = &stress_fops;
	kobject_set_name(&c->kobj, STRESS_NODE);
	err = cdev_add(c, base, 1);
	if (err) {
		kobject_put(&c->kobj);
		return err;
	}
	stress_cdev = c;
	return 0;
}

static bool stopping(void)
{
	return __atomic_load_n(&churn_stop, __ATOMIC_ACQUIRE);
}

static void *churn(void *arg)
{
	(void)arg;
	while (!stopping()) {
		int err;

		sleep_ms(churn_ms);
		cdev_del(stress_cdev);
		stress_cdev = NULL;
		/* The old node lives on until its last file is closed. */
		while ((err = stress_add()) == -EEXIST && !stopping()) {
			name_busy++;
			sleep_ms(5);
		}
		if (err && err != -EEXIST) {
			pr_err("re-adding %s: %d", STRESS_NODE, err);
			break;
		}
		cycles++;
	}
	return NULL;
}

static int stress_init(void)
{
	int err = alloc_chrdev_region(&base, 0, 2, "stress");

	if (err)
		return err;
	cdev_init(&wait_cdev, &wait_fops);
	wait_cdev.owner = THIS_MODULE;
	kobject_set_name(&wait_cdev.kobj, STRESS_WAIT);
	err = cdev_add(&wait_cdev, base + 1, 1);
	if (err)
		goto out_region;
	err = stress_add();
	if (err)
		goto out_wait;
	if (churn_ms) {
		err = -pthread_create(&churn_thread, NULL, churn, NULL);
		if (err)
			goto out_stress;
		churn_started = true;
	}
	return 0;

out_stress:
	cdev_del(stress_cdev);
out_wait:
	cdev_del(&wait_cdev);
out_region:
	unregister_chrdev_region(base, 2);
	return err;
}

static void stress_exit(void)
{
	if (churn_started) {
		__atomic_store_n(&churn_stop, 1, __ATOMIC_RELEASE);
		pthread_join(churn_thread, NULL);
	}
	cdev_del(stress_cdev);
	__atomic_store_n(&exiting, 1, __ATOMIC_RELEASE);
	wake_up_interruptible(&wait_q);
	cdev_del(&wait_cdev);
	unregister_chrdev_region(base, 2);
	pr_info("%lu cycles of cdev_del and cdev_add, %lu retries while the name was taken", cycles,
		name_busy);
}

module_init(stress_init);
module_exit(stress_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("stress test module: a node deleted and added again all the time");
