/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/irq/manage.c and kernel/irq/irq_sim.c:
 * simulated interrupt lines (irq.h): one "hardirq" thread runs the
 * hard handlers of raised lines in atomic context, each action with a
 * threaded handler has a thread of its own, as kernel/irq/manage.c gives it.
 *
 * A line's flow handler (chip.c) runs its actions through irq_line_event(),
 * on the hardirq thread for a raise, on the caller's for generic_handle_irq().
 *
 * One lock guards every line; the handlers run without it. An action is
 * freed only once its line's hard handlers and its own thread are idle, so
 * the hardirq thread may walk a line's actions unlocked.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "kernel/internal.h"
#include "kernel/irq/internals.h"
#include <libcdev/irq.h>
#include <libcdev/platform.h>

struct irq_action {
	struct irq_action *next;
	unsigned int irq;
	irq_handler_t handler;
	irq_handler_t thread_fn;
	unsigned long flags;
	const char *name;
	void *dev_id;
	struct module *owner;
	/* Its thread, if it has a threaded handler. */
	pthread_t thread;
	bool has_thread;
	bool thread_wake; /* run the threaded handler (once more) */
	bool thread_busy;
	bool thread_stop;
};

struct irq_line {
	struct irq_action *actions;
	unsigned int depth;   /* disable_irq() nesting */
	unsigned int oneshot; /* threaded handlers of IRQF_ONESHOT still to end */
	unsigned int queued;  /* raises the hard handlers have not taken yet */
	bool pending;	      /* raised while disabled */
	bool in_progress;     /* its hard handlers run */
	bool in_flow;	      /* the hardirq thread runs its flow handler */
	unsigned long count;
};

static pthread_mutex_t irq_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t irq_kick = PTHREAD_COND_INITIALIZER; /* a raise, an unmask */
static pthread_cond_t irq_done = PTHREAD_COND_INITIALIZER; /* a handler returned */
static struct irq_line lines[LIBCDEV_NR_IRQS];
static bool hardirq_started;
static unsigned int next_scan = 1;

static bool irq_valid(unsigned int irq)
{
	return irq > 0 && irq < LIBCDEV_NR_IRQS;
}

/* Under irq_lock: whether the hard handlers of @d may run now. */
static bool desc_ready(const struct irq_line *d)
{
	return d->queued && !d->depth && !d->oneshot && d->actions;
}

/* Under irq_lock: the next line to serve, round robin from the last one. */
static unsigned int desc_next_locked(void)
{
	for (unsigned int i = 0; i < LIBCDEV_NR_IRQS - 1; i++) {
		unsigned int irq = (next_scan + i - 1) % (LIBCDEV_NR_IRQS - 1) + 1;

		if (desc_ready(&lines[irq])) {
			next_scan = irq % (LIBCDEV_NR_IRQS - 1) + 1;
			return irq;
		}
	}
	return 0;
}

/* The hard handlers of one raise of @irq, in atomic context; irq_lock is not held. */
static void irq_handle(unsigned int irq, struct irq_line *d)
{
	bool handled = false;

	kcontext_enter(KCONTEXT_HARDIRQ);
	for (struct irq_action *a = d->actions; a; a = a->next) {
		irqreturn_t ret = a->handler ? a->handler((int)irq, a->dev_id) : IRQ_WAKE_THREAD;

		if (a->handler)
			kcheck_on_return("IRQ handler", (const void *)a->handler);
		if (ret != IRQ_NONE)
			handled = true;
		if ((ret & IRQ_WAKE_THREAD) && a->has_thread) {
			pthread_mutex_lock(&irq_lock);
			a->thread_wake = true;
			if (a->flags & IRQF_ONESHOT)
				d->oneshot++;
			pthread_cond_broadcast(&irq_kick);
			pthread_mutex_unlock(&irq_lock);
		}
	}
	kcontext_exit(KCONTEXT_HARDIRQ);
	if (!handled)
		printk(KERN_ERR "irq %u: nobody cared (no handler returned IRQ_HANDLED)\n", irq);
}

int irq_line_event(unsigned int irq)
{
	struct irq_line *d = &lines[irq];

	pthread_mutex_lock(&irq_lock);
	if (!d->actions || d->depth || d->in_progress || d->oneshot) {
		int err = !d->actions ? -ENOENT : d->depth ? -EAGAIN : -EBUSY;

		/* Not lost: enable_irq() delivers it, or the hardirq thread once this one ends. */
		if (err == -EAGAIN)
			d->pending = true;
		else if (err == -EBUSY)
			d->queued++;
		pthread_cond_broadcast(&irq_kick);
		pthread_mutex_unlock(&irq_lock);
		return err;
	}
	d->in_progress = true;
	pthread_mutex_unlock(&irq_lock);
	irq_handle(irq, d);
	pthread_mutex_lock(&irq_lock);
	d->in_progress = false;
	d->count++;
	pthread_cond_broadcast(&irq_done);
	pthread_mutex_unlock(&irq_lock);
	return 0;
}

bool irq_line_oneshot_busy(unsigned int irq)
{
	bool busy;

	pthread_mutex_lock(&irq_lock);
	busy = lines[irq].oneshot != 0;
	pthread_mutex_unlock(&irq_lock);
	return busy;
}

static void *hardirq_main(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&irq_lock);
	for (;;) {
		unsigned int irq;
		struct irq_line *d;

		if (irq_work_pending()) {
			pthread_mutex_unlock(&irq_lock);
			irq_work_run();
			pthread_mutex_lock(&irq_lock);
			continue;
		}
		irq = desc_next_locked();
		d = &lines[irq];
		if (!irq) {
			pthread_cond_wait(&irq_kick, &irq_lock);
			continue;
		}
		d->queued--;
		d->in_flow = true;
		pthread_mutex_unlock(&irq_lock);
		irq_flow_run(irq);
		pthread_mutex_lock(&irq_lock);
		d->in_flow = false;
		pthread_cond_broadcast(&irq_done);
	}
	return NULL;
}

/* Under irq_lock: the hardirq thread, on first use, never stopped (as the softirq one). */
static int hardirq_start_locked(void)
{
	pthread_attr_t attr;
	pthread_t t;
	int err;

	if (hardirq_started)
		return 0;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	err = pthread_create(&t, &attr, hardirq_main, NULL);
	pthread_attr_destroy(&attr);
	if (err)
		return -err;
	pthread_setname_np(t, "hardirq");
	hardirq_started = true;
	return 0;
}

int hardirq_kick(void)
{
	int err;

	pthread_mutex_lock(&irq_lock);
	err = hardirq_start_locked();
	pthread_cond_broadcast(&irq_kick);
	pthread_mutex_unlock(&irq_lock);
	return err;
}

/* The action's thread: its threaded handler, in process context, each time it is woken. */
static void *irq_thread_main(void *arg)
{
	struct irq_action *a = arg;

	pthread_mutex_lock(&irq_lock);
	for (;;) {
		while (!a->thread_wake && !a->thread_stop)
			pthread_cond_wait(&irq_kick, &irq_lock);
		if (!a->thread_wake)
			break;
		a->thread_wake = false;
		a->thread_busy = true;
		pthread_mutex_unlock(&irq_lock);
		a->thread_fn((int)a->irq, a->dev_id);
		kcheck_on_return("threaded IRQ handler", (const void *)a->thread_fn);
		pthread_mutex_lock(&irq_lock);
		a->thread_busy = false;
		if ((a->flags & IRQF_ONESHOT) && lines[a->irq].oneshot &&
		    !--lines[a->irq].oneshot) {
			/* The chip's side of the oneshot mask, out of irq_lock (lock order). */
			pthread_mutex_unlock(&irq_lock);
			irq_chip_oneshot_done(a->irq);
			pthread_mutex_lock(&irq_lock);
		}
		pthread_cond_broadcast(&irq_done);
		pthread_cond_broadcast(&irq_kick);
	}
	pthread_mutex_unlock(&irq_lock);
	return NULL;
}

static int irq_thread_start(struct irq_action *a)
{
	char name[16];
	int err = pthread_create(&a->thread, NULL, irq_thread_main, a);

	if (err)
		return -EAGAIN;
	snprintf(name, sizeof(name), "irq/%u-%s", a->irq, a->name ? a->name : "");
	pthread_setname_np(a->thread, name);
	a->has_thread = true;
	return 0;
}

static int irq_check_request(unsigned int irq, irq_handler_t handler, irq_handler_t thread_fn,
			     unsigned long flags, void *dev_id)
{
	if (!irq_valid(irq) || (!handler && !thread_fn))
		return -EINVAL;
	if (!handler && !(flags & IRQF_ONESHOT)) {
		printk(KERN_ERR "genirq: Threaded irq requested with handler=NULL and !ONESHOT "
				"for irq %u\n",
		       irq);
		return -EINVAL;
	}
	if ((flags & IRQF_SHARED) && !dev_id)
		return -EINVAL;
	return 0;
}

/* Under the chip lock: what the kernel's __setup_irq() does to the line's chip. */
static void irq_chip_request(unsigned int irq, unsigned long flags, bool first)
{
	if (flags & IRQF_TRIGGER_MASK)
		irq_chip_set_type(irq, (unsigned int)(flags & IRQF_TRIGGER_MASK));
	if (first && !(flags & IRQF_NO_AUTOEN))
		irq_chip_startup(irq);
}

_public_ int libcdev_request_threaded_irq(unsigned int irq, irq_handler_t handler,
					  irq_handler_t thread_fn, unsigned long flags,
					  const char *name, void *dev_id, struct module *owner)
{
	struct irq_action *a, **pp;
	int err = irq_check_request(irq, handler, thread_fn, flags, dev_id);
	bool first;

	jiffies_touch();
	if (err)
		return err;
	a = calloc(1, sizeof(*a));
	if (!a)
		return -ENOMEM;
	*a = (struct irq_action){ .irq = irq,
				  .handler = handler,
				  .thread_fn = thread_fn,
				  .flags = flags,
				  .name = name,
				  .dev_id = dev_id,
				  .owner = owner };
	if (thread_fn && (err = irq_thread_start(a))) {
		free(a);
		return err;
	}
	irq_chip_lock(irq);
	pthread_mutex_lock(&irq_lock);
	err = hardirq_start_locked();
	pp = &lines[irq].actions;
	first = !*pp;
	if (!err && *pp && (!((*pp)->flags & IRQF_SHARED) || !(flags & IRQF_SHARED))) {
		printk(KERN_ERR "genirq: Flags mismatch irq %u. %08lx (%s) vs. %08lx (%s)\n", irq,
		       flags, name ? name : "", (*pp)->flags, (*pp)->name ? (*pp)->name : "");
		err = -EBUSY;
	}
	if (!err) {
		while (*pp)
			pp = &(*pp)->next;
		*pp = a;
		if (flags & IRQF_NO_AUTOEN)
			lines[irq].depth++;
	}
	if (err)
		a->thread_stop = true;
	pthread_cond_broadcast(&irq_kick);
	pthread_mutex_unlock(&irq_lock);
	if (!err)
		irq_chip_request(irq, flags, first);
	irq_chip_unlock(irq);
	if (err) {
		if (a->has_thread)
			pthread_join(a->thread, NULL);
		free(a);
	}
	return err;
}

/* Under irq_lock: wait until @d's hard handlers and @a's thread (NULL: all its actions') are idle. */
static void irq_wait_idle_locked(struct irq_line *d, const struct irq_action *a, bool queued)
{
	for (;;) {
		bool busy = d->in_progress || d->in_flow || (queued && desc_ready(d));

		for (const struct irq_action *it = d->actions; it && !busy; it = it->next)
			if (!a || it == a)
				busy = it->thread_busy || it->thread_wake;
		if (a && !busy)
			busy = a->thread_busy || a->thread_wake;
		if (!busy)
			return;
		pthread_cond_wait(&irq_done, &irq_lock);
	}
}

/* Take @a away: unlisted by the caller under irq_lock, which is dropped here. */
static const void *irq_action_free_unlock(struct irq_line *d, struct irq_action *a)
{
	const void *name = a->name;

	irq_wait_idle_locked(d, a, false);
	a->thread_stop = true;
	pthread_cond_broadcast(&irq_kick);
	pthread_mutex_unlock(&irq_lock);
	if (a->has_thread && !pthread_equal(pthread_self(), a->thread))
		pthread_join(a->thread, NULL);
	else if (a->has_thread)
		pthread_detach(a->thread);
	free(a);
	return name;
}

/* Under irq_lock: unlink the action of @dev_id from @irq; NULL if none. */
static struct irq_action *irq_unlink_locked(unsigned int irq, void *dev_id)
{
	struct irq_action **pp, *a;

	if (!irq_valid(irq))
		return NULL;
	for (pp = &lines[irq].actions; (a = *pp); pp = &a->next)
		if (a->dev_id == dev_id) {
			*pp = a->next;
			return a;
		}
	return NULL;
}

_public_ const void *free_irq(unsigned int irq, void *dev_id)
{
	struct irq_action *a;
	bool last;

	irq_chip_lock(irq);
	pthread_mutex_lock(&irq_lock);
	a = irq_unlink_locked(irq, dev_id);
	if (!a) {
		pthread_mutex_unlock(&irq_lock);
		irq_chip_unlock(irq);
		printk(KERN_WARNING "Trying to free already-free IRQ %u\n", irq);
		return NULL;
	}
	last = !lines[irq].actions;
	if (last) {
		lines[irq].depth = 0;
		lines[irq].pending = false;
		lines[irq].queued = 0;
		lines[irq].oneshot = 0;
	}
	pthread_mutex_unlock(&irq_lock);
	/* The kernel shuts the line down before waiting for its handlers: they may take the chip lock. */
	if (last)
		irq_chip_shutdown(irq);
	irq_chip_unlock(irq);
	pthread_mutex_lock(&irq_lock);
	return irq_action_free_unlock(&lines[irq], a);
}

/* The devres action of devm_request_threaded_irq(): @data is the action. */
static void devm_irq_release(void *data)
{
	struct irq_action *a = data;

	free_irq(a->irq, a->dev_id);
}

static struct irq_action *irq_action_find(unsigned int irq, void *dev_id)
{
	struct irq_action *a = NULL;

	pthread_mutex_lock(&irq_lock);
	if (irq_valid(irq))
		for (a = lines[irq].actions; a && a->dev_id != dev_id; a = a->next)
			;
	pthread_mutex_unlock(&irq_lock);
	return a;
}

_public_ int libcdev_devm_request_threaded_irq(struct device *dev, unsigned int irq,
					       irq_handler_t handler, irq_handler_t thread_fn,
					       unsigned long flags, const char *name, void *dev_id,
					       struct module *owner)
{
	int err;

	if (!dev)
		return -EINVAL;
	err = libcdev_request_threaded_irq(irq, handler, thread_fn, flags,
					   name ? name : dev_name(dev), dev_id, owner);
	if (err)
		return err;
	return devm_add_action_or_reset(dev, devm_irq_release, irq_action_find(irq, dev_id));
}

_public_ void devm_free_irq(struct device *dev, unsigned int irq, void *dev_id)
{
	struct irq_action *a = irq_action_find(irq, dev_id);

	if (a)
		devm_release_action(dev, devm_irq_release, a);
}

_public_ void disable_irq_nosync(unsigned int irq)
{
	bool first;

	if (!irq_valid(irq))
		return;
	irq_chip_lock(irq);
	pthread_mutex_lock(&irq_lock);
	first = !lines[irq].depth++;
	pthread_mutex_unlock(&irq_lock);
	if (first)
		irq_chip_disable(irq);
	irq_chip_unlock(irq);
}

_public_ void disable_irq(unsigned int irq)
{
	if (!irq_valid(irq))
		return;
	disable_irq_nosync(irq);
	pthread_mutex_lock(&irq_lock);
	irq_wait_idle_locked(&lines[irq], NULL, false);
	pthread_mutex_unlock(&irq_lock);
}

_public_ void enable_irq(unsigned int irq)
{
	struct irq_line *d;

	if (!irq_valid(irq))
		return;
	d = &lines[irq];
	irq_chip_lock(irq);
	pthread_mutex_lock(&irq_lock);
	if (!d->depth) {
		pthread_mutex_unlock(&irq_lock);
		irq_chip_unlock(irq);
		printk(KERN_WARNING "WARNING: Unbalanced enable for IRQ %u\n", irq);
		return;
	}
	if (--d->depth == 0) {
		/* Unmasked first, then an edge seen while masked is delivered once (IRQS_PENDING). */
		pthread_mutex_unlock(&irq_lock);
		irq_chip_enable(irq);
		pthread_mutex_lock(&irq_lock);
		if (d->pending && !d->depth) {
			d->pending = false;
			d->queued++;
			pthread_cond_broadcast(&irq_kick);
		}
	}
	pthread_mutex_unlock(&irq_lock);
	irq_chip_unlock(irq);
}

_public_ void synchronize_irq(unsigned int irq)
{
	if (!irq_valid(irq))
		return;
	pthread_mutex_lock(&irq_lock);
	irq_wait_idle_locked(&lines[irq], NULL, true);
	pthread_mutex_unlock(&irq_lock);
}

_public_ int libcdev_irq_raise(unsigned int irq)
{
	struct irq_line *d;
	int err = 0;

	if (!irq_valid(irq))
		return -EINVAL;
	d = &lines[irq];
	pthread_mutex_lock(&irq_lock);
	if (!d->actions)
		err = -ENOENT;
	else if (d->depth)
		d->pending = true;
	else
		d->queued++;
	pthread_cond_broadcast(&irq_kick);
	pthread_mutex_unlock(&irq_lock);
	return err;
}

_public_ unsigned long libcdev_irq_count(unsigned int irq)
{
	unsigned long n;

	if (!irq_valid(irq))
		return 0;
	pthread_mutex_lock(&irq_lock);
	n = lines[irq].count;
	pthread_mutex_unlock(&irq_lock);
	return n;
}

/* At @mod's unload: the lines it left requested are freed and reported. */
int irqs_module_stop(struct module *mod)
{
	int n = 0;

	for (unsigned int irq = 1; irq < LIBCDEV_NR_IRQS; irq++) {
		struct irq_action *a;

		pthread_mutex_lock(&irq_lock);
		for (a = lines[irq].actions; a && a->owner != mod; a = a->next)
			;
		pthread_mutex_unlock(&irq_lock);
		if (!a)
			continue;
		printk(KERN_WARNING "IRQ %u (%s) still requested at module unload: freed\n", irq,
		       a->name ? a->name : "");
		free_irq(irq, a->dev_id);
		n++;
		irq--; /* the line may have more of its actions */
	}
	return n;
}
