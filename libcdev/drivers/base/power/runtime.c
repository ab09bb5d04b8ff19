/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - runtime power management, after drivers/base/power/runtime.c
 * and Documentation/power/runtime_pm.rst: a device's usage count, its
 * status (active, resuming, suspended, suspending), the bound driver's
 * ->runtime_idle/_suspend/_resume, autosuspend after a delay counted from
 * the last busy mark, and asynchronous requests on a work queue.
 *
 * A device's state is made on its first call and goes (a queued request
 * cancelled) when its driver is unbound. Callbacks run without the state's
 * lock, in process context; a call that finds a transition waits for it.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "core/core.h"
#include "drivers/base/base.h"
#include <libcdev/kdefer.h>
#include <libcdev/platform.h>
#include <libcdev/pm.h>
#include <libcdev/printk.h>

enum rpm_request {
	RPM_REQ_NONE,
	RPM_REQ_IDLE,
	RPM_REQ_SUSPEND,
	RPM_REQ_AUTOSUSPEND,
	RPM_REQ_RESUME
};

struct rpm {
	struct rpm *next;
	struct device *dev;
	pthread_mutex_t lock;
	pthread_cond_t settled; /* the status left a transition */
	int usage_count;
	int disable_depth; /* 1 at first: runtime PM starts disabled */
	int runtime_error; /* a callback's error; calls fail -EINVAL until cleared */
	enum rpm_status status;
	bool runtime_auto; /* false after pm_runtime_forbid(): one usage reference */
	bool use_autosuspend;
	bool no_callbacks, needs_force_resume;
	int autosuspend_delay;	 /* ms */
	unsigned long last_busy; /* ms of the monotonic clock */
	enum rpm_request request;
	struct delayed_work work;
};

static pthread_mutex_t rpm_list_lock = PTHREAD_MUTEX_INITIALIZER;
static struct rpm *rpm_list;

static unsigned long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long)ts.tv_sec * 1000 + (unsigned long)ts.tv_nsec / 1000000;
}

static void rpm_work_fn(struct work_struct *work);

/* At unbind: no request may run after this, and the state goes. */
static void rpm_release(void *data)
{
	struct rpm *r = data, **pp;

	cancel_delayed_work_sync(&r->work);
	pthread_mutex_lock(&rpm_list_lock);
	for (pp = &rpm_list; *pp; pp = &(*pp)->next)
		if (*pp == r) {
			*pp = r->next;
			break;
		}
	pthread_mutex_unlock(&rpm_list_lock);
	pthread_mutex_destroy(&r->lock);
	pthread_cond_destroy(&r->settled);
	free(r);
}

/* The device's state, made on first use (its release registered then); NULL without memory. */
static struct rpm *rpm_get(struct device *dev)
{
	struct rpm *r;
	bool fresh = false;

	pthread_mutex_lock(&rpm_list_lock);
	for (r = rpm_list; r && r->dev != dev; r = r->next)
		;
	if (!r && (r = calloc(1, sizeof(*r)))) {
		fresh = true;
		r->dev = dev;
		pthread_mutex_init(&r->lock, NULL);
		pthread_cond_init(&r->settled, NULL);
		r->disable_depth = 1;
		r->status = RPM_SUSPENDED;
		r->runtime_auto = true;
		libcdev_init_delayed_work(&r->work, rpm_work_fn, NULL);
		r->next = rpm_list;
		rpm_list = r;
	}
	pthread_mutex_unlock(&rpm_list_lock);
	if (!r)
		printk(KERN_ERR "%s: runtime PM: out of memory\n", dev_name(dev));
	/* Outside the list lock: devres has a lock of its own. */
	else if (fresh && devm_add_action(dev, rpm_release, r))
		printk(KERN_WARNING "%s: runtime PM state kept past unbind\n", dev_name(dev));
	return r;
}

/* A callback, without the lock; none at all succeeds, as the platform bus's generic ones do. */
static int rpm_call(struct rpm *r, size_t off, const char *what)
{
	const struct dev_pm_ops *ops = r->dev->driver ? r->dev->driver->pm : NULL;
	int (*cb)(struct device *) = NULL;
	int ret;

	if (ops && !r->no_callbacks)
		cb = *(int (*const *)(struct device *))((const char *)ops + off);

	if (!cb)
		return 0;
	pthread_mutex_unlock(&r->lock);
	ret = cb(r->dev);
	kcheck_on_return(what, (const void *)cb);
	pthread_mutex_lock(&r->lock);
	return ret;
}

static void rpm_queue(struct rpm *r, enum rpm_request req, unsigned long delay_ms)
{
	r->request = req;
	mod_delayed_work(system_wq, &r->work, delay_ms);
}

static void rpm_cancel_pending(struct rpm *r)
{
	r->request = RPM_REQ_NONE;
	cancel_delayed_work(&r->work);
}

static void rpm_settle(struct rpm *r, enum rpm_status status)
{
	r->status = status;
	pthread_cond_broadcast(&r->settled);
}

static int rpm_check_allowed(const struct rpm *r)
{
	if (r->runtime_error)
		return -EINVAL;
	if (r->disable_depth > 0)
		return -EACCES;
	if (r->usage_count > 0)
		return -EAGAIN;
	return 0;
}

static int rpm_suspend(struct rpm *r, int flags)
{
	int ret;

repeat:
	ret = rpm_check_allowed(r);
	if (!ret && r->status == RPM_RESUMING && !(flags & RPM_ASYNC))
		ret = -EAGAIN;
	if (ret)
		return ret;
	if (r->status == RPM_SUSPENDED)
		return 1;
	if ((flags & RPM_AUTO) && r->use_autosuspend && r->autosuspend_delay >= 0) {
		unsigned long expires = r->last_busy + (unsigned long)r->autosuspend_delay;
		long left = (long)(expires - now_ms());

		if (left > 0) {
			/* Not yet: a timer for then, which looks again. */
			rpm_queue(r, RPM_REQ_AUTOSUSPEND, (unsigned long)left);
			return 0;
		}
	}
	rpm_cancel_pending(r);
	if (r->status == RPM_SUSPENDING) {
		if (flags & (RPM_ASYNC | RPM_NOWAIT))
			return -EINPROGRESS;
		pthread_cond_wait(&r->settled, &r->lock);
		goto repeat;
	}
	if (flags & RPM_ASYNC) {
		rpm_queue(r, (flags & RPM_AUTO) ? RPM_REQ_AUTOSUSPEND : RPM_REQ_SUSPEND, 0);
		return 0;
	}
	r->status = RPM_SUSPENDING;
	ret = rpm_call(r, offsetof(struct dev_pm_ops, runtime_suspend), "runtime_suspend");
	if (!ret) {
		rpm_settle(r, RPM_SUSPENDED);
		return 0;
	}
	rpm_settle(r, RPM_ACTIVE);
	if (ret == -EAGAIN || ret == -EBUSY) {
		/* Busy: not an error; autosuspend tries again after another delay. */
		r->runtime_error = 0;
		if ((flags & RPM_AUTO) && r->use_autosuspend && r->autosuspend_delay >= 0) {
			r->last_busy = now_ms();
			rpm_queue(r, RPM_REQ_AUTOSUSPEND, (unsigned long)r->autosuspend_delay);
		}
	} else {
		r->runtime_error = ret;
	}
	return ret;
}

static int rpm_idle(struct rpm *r, int flags)
{
	int ret = rpm_check_allowed(r);

	if (!ret && r->status != RPM_ACTIVE)
		ret = -EAGAIN;
	if (ret)
		return ret;
	if (r->request == RPM_REQ_RESUME)
		return -EAGAIN;
	if (flags & RPM_ASYNC) {
		if (r->request == RPM_REQ_NONE)
			rpm_queue(r, RPM_REQ_IDLE, 0);
		return 0;
	}
	ret = rpm_call(r, offsetof(struct dev_pm_ops, runtime_idle), "runtime_idle");
	/* A nonzero return of ->runtime_idle keeps the device active. */
	return ret ? ret : rpm_suspend(r, flags | RPM_AUTO);
}

static int rpm_resume(struct rpm *r, int flags)
{
	int ret;

repeat:
	if (r->runtime_error)
		return -EINVAL;
	if (r->disable_depth > 0)
		return r->status == RPM_ACTIVE ? 1 : -EACCES;
	if (r->request == RPM_REQ_SUSPEND || r->request == RPM_REQ_AUTOSUSPEND ||
	    r->request == RPM_REQ_IDLE)
		rpm_cancel_pending(r);
	if (r->status == RPM_ACTIVE)
		return 1;
	if ((r->status == RPM_RESUMING || r->status == RPM_SUSPENDING)) {
		if (flags & RPM_NOWAIT)
			return -EINPROGRESS;
		if (flags & RPM_ASYNC) {
			rpm_queue(r, RPM_REQ_RESUME, 0);
			return 0;
		}
		pthread_cond_wait(&r->settled, &r->lock);
		goto repeat;
	}
	if (flags & RPM_ASYNC) {
		rpm_queue(r, RPM_REQ_RESUME, 0);
		return 0;
	}
	r->status = RPM_RESUMING;
	ret = rpm_call(r, offsetof(struct dev_pm_ops, runtime_resume), "runtime_resume");
	if (ret) {
		r->runtime_error = ret;
		rpm_settle(r, RPM_SUSPENDED);
		return ret;
	}
	rpm_settle(r, RPM_ACTIVE);
	rpm_idle(r, RPM_ASYNC);
	return 0;
}

static void rpm_work_fn(struct work_struct *work)
{
	struct rpm *r = container_of(work, struct rpm, work.work);
	enum rpm_request req;

	pthread_mutex_lock(&r->lock);
	req = r->request;
	r->request = RPM_REQ_NONE;
	if (req == RPM_REQ_IDLE)
		rpm_idle(r, RPM_NOWAIT);
	else if (req == RPM_REQ_SUSPEND)
		rpm_suspend(r, RPM_NOWAIT);
	else if (req == RPM_REQ_AUTOSUSPEND)
		rpm_suspend(r, RPM_NOWAIT | RPM_AUTO);
	else if (req == RPM_REQ_RESUME)
		rpm_resume(r, RPM_NOWAIT);
	pthread_mutex_unlock(&r->lock);
}

/* Drop a usage reference: those left, or -EINVAL on underflow (reported, as the kernel does). */
static int rpm_drop_usage(struct rpm *r)
{
	if (r->usage_count <= 0) {
		printk(KERN_WARNING "%s %s: Runtime PM usage count underflow!\n",
		       dev_driver_string(r->dev), dev_name(r->dev));
		return -EINVAL;
	}
	return --r->usage_count;
}

/* ---- the calls ---- */

/* @body on @dev's state @r, under its lock; -ENOMEM without a state. */
#define RPM_LOCKED(dev, r, body)                        \
	__extension__({                                 \
		struct rpm *r = rpm_get(dev);           \
		int __ret = -ENOMEM;                    \
		if (r) {                                \
			pthread_mutex_lock(&r->lock);   \
			__ret = (body);                 \
			pthread_mutex_unlock(&r->lock); \
		}                                       \
		__ret;                                  \
	})

/* With RPM_GET_PUT, a reference dropped first: only the last one goes on to @op. */
static int rpm_put_then(struct rpm *r, int flags, int (*op)(struct rpm *, int))
{
	int left = (flags & RPM_GET_PUT) ? rpm_drop_usage(r) : 0;

	if (left)
		return left < 0 ? left : 0;
	return op(r, flags);
}

_public_ int __pm_runtime_idle(struct device *dev, int rpmflags)
{
	return RPM_LOCKED(dev, r, rpm_put_then(r, rpmflags, rpm_idle));
}

_public_ int __pm_runtime_suspend(struct device *dev, int rpmflags)
{
	return RPM_LOCKED(dev, r, rpm_put_then(r, rpmflags, rpm_suspend));
}

static int rpm_resume_get_put(struct rpm *r, int flags)
{
	if (flags & RPM_GET_PUT)
		r->usage_count++;
	return rpm_resume(r, flags);
}

_public_ int __pm_runtime_resume(struct device *dev, int rpmflags)
{
	return RPM_LOCKED(dev, r, rpm_resume_get_put(r, rpmflags));
}

/* Only while disabled (or after a callback's error), as the kernel's. */
static int rpm_set_status(struct rpm *r, unsigned int status)
{
	if (status != RPM_ACTIVE && status != RPM_SUSPENDED)
		return -EINVAL;
	if (!r->runtime_error && !r->disable_depth)
		return -EAGAIN;
	r->runtime_error = 0;
	rpm_settle(r, (enum rpm_status)status);
	return 0;
}

_public_ int __pm_runtime_set_status(struct device *dev, unsigned int status)
{
	return RPM_LOCKED(dev, r, rpm_set_status(r, status));
}

/* Wait out a transition; a queued resume runs first when @resume says so. */
static int rpm_barrier(struct rpm *r, bool resume)
{
	int ret = 0;

	if (resume && r->request == RPM_REQ_RESUME) {
		rpm_cancel_pending(r);
		ret = rpm_resume(r, 0) == 0;
	}
	rpm_cancel_pending(r);
	while ((r->status == RPM_RESUMING || r->status == RPM_SUSPENDING))
		pthread_cond_wait(&r->settled, &r->lock);
	return ret;
}

static int rpm_disable(struct rpm *r, bool check_resume)
{
	if (!r->disable_depth)
		rpm_barrier(r, check_resume);
	r->disable_depth++;
	return 0;
}

_public_ void __pm_runtime_disable(struct device *dev, bool check_resume)
{
	RPM_LOCKED(dev, r, rpm_disable(r, check_resume));
}

static int rpm_enable(struct rpm *r)
{
	if (r->disable_depth > 0)
		r->disable_depth--;
	else
		printk(KERN_WARNING "%s %s: Unbalanced pm_runtime_enable!\n",
		       dev_driver_string(r->dev), dev_name(r->dev));
	return 0;
}

_public_ void pm_runtime_enable(struct device *dev)
{
	RPM_LOCKED(dev, r, rpm_enable(r));
}

static void rpm_disable_action(void *dev)
{
	__pm_runtime_disable(dev, true);
	__pm_runtime_use_autosuspend(dev, false);
}

_public_ int devm_pm_runtime_enable(struct device *dev)
{
	pm_runtime_enable(dev);
	return devm_add_action_or_reset(dev, rpm_disable_action, dev);
}

static int rpm_allow(struct rpm *r, bool allow)
{
	if (allow == r->runtime_auto)
		return 0;
	r->runtime_auto = allow;
	if (!allow) {
		r->usage_count++;
		return rpm_resume(r, 0);
	}
	if (rpm_drop_usage(r) == 0)
		rpm_idle(r, RPM_AUTO | RPM_ASYNC);
	return 0;
}

_public_ void pm_runtime_allow(struct device *dev)
{
	RPM_LOCKED(dev, r, rpm_allow(r, true));
}

_public_ void pm_runtime_forbid(struct device *dev)
{
	RPM_LOCKED(dev, r, rpm_allow(r, false));
}

_public_ void pm_runtime_no_callbacks(struct device *dev)
{
	RPM_LOCKED(dev, r, (r->no_callbacks = true, 0));
}

/* Every call may be made in atomic context here: nothing to change. */
_public_ void pm_runtime_irq_safe(struct device *dev)
{
	RPM_LOCKED(dev, r, 0);
}

/*
 * A negative delay with autosuspend in use forbids suspending: a usage
 * reference, taken (and the device resumed) or given back as the two
 * settings change; then the device may be idle now.
 */
static int rpm_update_autosuspend(struct rpm *r, int old_delay, bool old_use)
{
	if (r->use_autosuspend && r->autosuspend_delay < 0) {
		if (!old_use || old_delay >= 0) {
			r->usage_count++;
			rpm_resume(r, 0);
		}
		return 0;
	}
	if (old_use && old_delay < 0)
		r->usage_count--;
	rpm_idle(r, RPM_AUTO);
	return 0;
}

static int rpm_use_autosuspend(struct rpm *r, bool use)
{
	bool old_use = r->use_autosuspend;

	r->use_autosuspend = use;
	return rpm_update_autosuspend(r, r->autosuspend_delay, old_use);
}

_public_ void __pm_runtime_use_autosuspend(struct device *dev, bool use)
{
	RPM_LOCKED(dev, r, rpm_use_autosuspend(r, use));
}

static int rpm_set_delay(struct rpm *r, int delay)
{
	int old_delay = r->autosuspend_delay;

	r->autosuspend_delay = delay;
	return rpm_update_autosuspend(r, old_delay, r->use_autosuspend);
}

_public_ void pm_runtime_set_autosuspend_delay(struct device *dev, int delay)
{
	RPM_LOCKED(dev, r, rpm_set_delay(r, delay));
}

_public_ void pm_runtime_mark_last_busy(struct device *dev)
{
	RPM_LOCKED(dev, r, (r->last_busy = now_ms(), 0));
}

_public_ void pm_runtime_get_noresume(struct device *dev)
{
	RPM_LOCKED(dev, r, r->usage_count++);
}

_public_ void pm_runtime_put_noidle(struct device *dev)
{
	RPM_LOCKED(dev, r, r->usage_count > 0 ? r->usage_count-- : 0);
}

static int rpm_get_if_active(struct rpm *r, bool ign_usage_count)
{
	if (r->disable_depth > 0)
		return -EINVAL;
	if (r->status != RPM_ACTIVE)
		return 0;
	if (!ign_usage_count && r->usage_count <= 0)
		return 0;
	r->usage_count++;
	return 1;
}

_public_ int pm_runtime_get_if_active(struct device *dev, bool ign_usage_count)
{
	return RPM_LOCKED(dev, r, rpm_get_if_active(r, ign_usage_count));
}

_public_ int pm_runtime_barrier(struct device *dev)
{
	return RPM_LOCKED(dev, r, rpm_barrier(r, true));
}

/* System sleep through the runtime callbacks (DEFINE_RUNTIME_DEV_PM_OPS). */
static int rpm_force_suspend(struct rpm *r)
{
	int ret;

	rpm_disable(r, true);
	if (r->status == RPM_SUSPENDED)
		return 0;
	ret = rpm_call(r, offsetof(struct dev_pm_ops, runtime_suspend), "runtime_suspend");
	if (ret) {
		rpm_enable(r);
		return ret;
	}
	rpm_settle(r, RPM_SUSPENDED);
	r->needs_force_resume = true;
	return 0;
}

_public_ int pm_runtime_force_suspend(struct device *dev)
{
	return RPM_LOCKED(dev, r, rpm_force_suspend(r));
}

static int rpm_force_resume(struct rpm *r)
{
	int ret = 0;

	if (r->needs_force_resume) {
		ret = rpm_call(r, offsetof(struct dev_pm_ops, runtime_resume), "runtime_resume");
		if (!ret) {
			rpm_settle(r, RPM_ACTIVE);
			r->last_busy = now_ms();
		}
		r->needs_force_resume = false;
	}
	rpm_enable(r);
	return ret;
}

_public_ int pm_runtime_force_resume(struct device *dev)
{
	return RPM_LOCKED(dev, r, rpm_force_resume(r));
}

#define RPM_QUERY(name, expr)                               \
	_public_ bool name(struct device *dev)              \
	{                                                   \
		return RPM_LOCKED(dev, r, (int)(expr)) > 0; \
	}
RPM_QUERY(pm_runtime_suspended, r->status == RPM_SUSPENDED && !r->disable_depth)
RPM_QUERY(pm_runtime_active, r->status == RPM_ACTIVE || r->disable_depth)
RPM_QUERY(pm_runtime_status_suspended, r->status == RPM_SUSPENDED)
RPM_QUERY(pm_runtime_enabled, !r->disable_depth)

_public_ int libcdev_pm_runtime_usage_count(struct device *dev)
{
	return RPM_LOCKED(dev, r, r->usage_count);
}
