// SPDX-License-Identifier: GPL-2.0
/*
 * A driver for test-names: written for the kernel, it sleeps on a semaphore,
 * waits for completions and lets a work item schedule() until it is woken.
 * A read of its device does all of that once and answers "ok\n", or the
 * step that went wrong, so that the test sees whether the driver's down(),
 * complete() and schedule() reached the library and not the program's
 * functions of the same names.
 */
#include <linux/cdev.h>
#include <linux/completion.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/semaphore.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>

static int major = 242;
module_param(major, int, 0444);

static dev_t devt;
static struct cdev namesmod_cdev;
static struct semaphore sem;
static struct completion started, done;
static struct work_struct work;
static struct task_struct *worker;
static bool go;
static unsigned int early; /* schedule() returned before the wake-up */

/* Sleeps in schedule() until the reader sets go and wakes it. */
static void namesmod_work(struct work_struct *w)
{
	worker = current;
	complete(&started);
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (READ_ONCE(go))
			break;
		schedule();
		if (!READ_ONCE(go))
			early++;
	}
	__set_current_state(TASK_RUNNING);
	complete(&done);
}

/* Every step, even after one failed: @answer (64 bytes) names each that did. */
static void namesmod_steps(char *answer)
{
	answer[0] = '\0';
	/* down() holds the semaphore: a second taker cannot have it. */
	down(&sem);
	if (!down_trylock(&sem))
		strcat(answer, "down "); /* down() took nothing: give one back */
	up(&sem);

	reinit_completion(&started);
	reinit_completion(&done);
	WRITE_ONCE(go, false);
	worker = NULL;
	early = 0;
	/* system_wq: an object of the library, under its kernel name. */
	if (!queue_work(system_wq, &work)) {
		strcat(answer, "queue_work\n");
		return;
	}
	if (!wait_for_completion_timeout(&started, msecs_to_jiffies(2000)))
		strcat(answer, "complete ");
	/* Time for the work item to fall asleep in schedule(). */
	schedule_timeout_uninterruptible(msecs_to_jiffies(20));
	WRITE_ONCE(go, true);
	if (READ_ONCE(worker))
		wake_up_process(worker);
	if (!wait_for_completion_timeout(&done, msecs_to_jiffies(2000)) &&
	    !strstr(answer, "complete"))
		strcat(answer, "complete ");
	/* The work item is done once it can be flushed. */
	flush_work(&work);
	if (early)
		strcat(answer, "schedule ");
	strcat(answer, answer[0] ? "\n" : "ok\n");
}

static ssize_t namesmod_read(struct file *file, char __user *buf, size_t count, loff_t *pos)
{
	char answer[64];
	size_t len;

	namesmod_steps(answer);
	len = strlen(answer);

	if (count < len)
		return -EINVAL;
	if (copy_to_user(buf, answer, len))
		return -EFAULT;
	return len;
}

static const struct file_operations namesmod_fops = {
	.owner = THIS_MODULE,
	.read = namesmod_read,
	.llseek = noop_llseek, /* a library function, as a pointer */
};

static int __init namesmod_init(void)
{
	int err;

	devt = MKDEV(major, 0);
	err = register_chrdev_region(devt, 1, "namesmod");
	if (err)
		return err;
	sema_init(&sem, 1);
	init_completion(&started);
	init_completion(&done);
	INIT_WORK(&work, namesmod_work);
	cdev_init(&namesmod_cdev, &namesmod_fops);
	err = cdev_add(&namesmod_cdev, devt, 1);
	if (err)
		unregister_chrdev_region(devt, 1);
	return err;
}

static void __exit namesmod_exit(void)
{
	cdev_del(&namesmod_cdev);
	WRITE_ONCE(go, true);
	if (worker)
		wake_up_process(worker);
	flush_work(&work);
	unregister_chrdev_region(devt, 1);
}

module_init(namesmod_init);
module_exit(namesmod_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("test-names: a driver that sleeps, for the name tests");
