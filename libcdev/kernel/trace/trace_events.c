/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/trace/trace_events.c:
 * the trace events of drivers (TRACE_EVENT(), TRACE_CUSTOM_EVENT()): each
 * is listed when its object is loaded, enabled per instance, and while it
 * is enabled anywhere its class's probe is on its tracepoint. A firing
 * fills the event's entry (TP_fast_assign()), formats it (TP_printk()) and
 * adds the line to every instance the event is enabled in.
 *
 * LIBCDEV_TRACE (the kernel's trace_event= boot option) names the events
 * enabled in the top-level buffer as they are listed: "system:event"
 * words, separated by commas or spaces, with shell globs.
 */
#include <errno.h>
#include <fnmatch.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "kernel/internal.h"
#include <libcdev/fs.h>
#include <libcdev/kdefer.h>
#include <libcdev/trace.h>
#include <libcdev/uaccess.h>

static pthread_mutex_t events_lock = PTHREAD_MUTEX_INITIALIZER;
static struct trace_event_call *events;
static unsigned long next_id = 1;

/* ---- enabling ---- */

/* Under events_lock: the probe on the tracepoint while the event is enabled anywhere. */
static int event_apply_locked(struct trace_event_call *call)
{
	bool want = call->enabled && call->tp;
	int err = 0;

	if (want && !call->registered)
		err = tracepoint_probe_register(call->tp, call->probe, call);
	else if (!want && call->registered)
		err = tracepoint_probe_unregister(call->tp, call->probe, call);
	if (!err)
		call->registered = want;
	return err;
}

static int event_enable_locked(struct trace_event_call *call, unsigned int i, bool enable)
{
	unsigned long old = call->enabled;
	int err;

	__atomic_store_n(&call->enabled, enable ? old | (1ul << i) : old & ~(1ul << i),
			 __ATOMIC_RELEASE);
	err = event_apply_locked(call);
	if (err)
		__atomic_store_n(&call->enabled, old, __ATOMIC_RELEASE);
	return err;
}

static bool glob(const char *pattern, const char *name)
{
	return !fnmatch(pattern, name, 0);
}

bool trace_env_match(const char *list, const char *system, const char *event)
{
	char *copy, *save = NULL, *word;
	bool match = false;

	if (!list || !(copy = strdup(list)))
		return false;
	for (word = strtok_r(copy, ", \t", &save); word && !match;
	     word = strtok_r(NULL, ", \t", &save)) {
		char *colon = strchr(word, ':');

		if (colon) {
			*colon = '\0';
			match = glob(word, system) && glob(colon + 1, event);
		} else {
			match = glob(word, event) || glob(word, system);
		}
	}
	free(copy);
	return match;
}

/*
 * @system NULL: @event names an event or a whole system, as a word of
 * set_event does. -EINVAL when nothing matches, as the kernel answers.
 */
int trace_event_set(unsigned int i, const char *system, const char *event, bool enable)
{
	int err = 0, found = 0;

	if (i >= 8 * sizeof(unsigned long) || !event)
		return -EINVAL;
	pthread_mutex_lock(&events_lock);
	for (struct trace_event_call *c = events; c; c = c->next) {
		bool match = system ? glob(system, c->system) && glob(event, c->name) :
				      glob(event, c->name) || glob(event, c->system);

		if (!match)
			continue;
		found++;
		if (!err)
			err = event_enable_locked(c, i, enable);
	}
	pthread_mutex_unlock(&events_lock);
	return err ? err : found ? 0 : -EINVAL;
}

size_t trace_events_enabled(unsigned int i, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	pthread_mutex_lock(&events_lock);
	for (struct trace_event_call *c = events; c; c = c->next)
		if (c->enabled & (1ul << i) && len < size)
			len += (size_t)snprintf(buf + len, size - len, "%s:%s\n", c->system,
						c->name);
	pthread_mutex_unlock(&events_lock);
	return len < size ? len : size - 1;
}

void trace_events_instance_gone(unsigned int i)
{
	pthread_mutex_lock(&events_lock);
	for (struct trace_event_call *c = events; c; c = c->next)
		if (c->enabled & (1ul << i))
			event_enable_locked(c, i, false);
	pthread_mutex_unlock(&events_lock);
	tracepoint_synchronize_unregister();
}

/* ---- the events/SYSTEM/EVENT/enable files of the top level ---- */

/* Under events_lock: the event of the file's id, or NULL once it is gone. */
static struct trace_event_call *event_of_file_locked(const struct file *file)
{
	unsigned long id = (unsigned long)(uintptr_t)file->private_data;
	struct trace_event_call *c;

	for (c = events; c && c->id != id; c = c->next)
		;
	return c;
}

static int enable_open(struct inode *inode, struct file *file)
{
	file->private_data = inode->i_private;
	return 0;
}

static ssize_t enable_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct trace_event_call *c;
	char text[3] = "0\n";

	pthread_mutex_lock(&events_lock);
	c = event_of_file_locked(file);
	if (c && (c->enabled & 1))
		text[0] = '1';
	pthread_mutex_unlock(&events_lock);
	if (!c)
		return -ENODEV;
	if (*ppos >= 2 || !count)
		return 0;
	count = count < 2 - (size_t)*ppos ? count : 2 - (size_t)*ppos;
	if (copy_to_user(buf, text + *ppos, count))
		return -EFAULT;
	*ppos += (loff_t)count;
	return (ssize_t)count;
}

static ssize_t enable_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	struct trace_event_call *c;
	char text[8];
	int err;

	(void)ppos;
	if (!count || count >= sizeof(text))
		return -EINVAL;
	if (copy_from_user(text, buf, count))
		return -EFAULT;
	if (text[0] != '0' && text[0] != '1')
		return -EINVAL;
	pthread_mutex_lock(&events_lock);
	c = event_of_file_locked(file);
	err = c ? event_enable_locked(c, 0, text[0] == '1') : -ENODEV;
	pthread_mutex_unlock(&events_lock);
	return err ? err : (ssize_t)count;
}

static const struct file_operations enable_fops = {
	.open = enable_open,
	.read = enable_read,
	.write = enable_write,
};

/* The files of every event that has none yet. */
void trace_event_files_add(void)
{
	for (;;) {
		struct trace_event_call *c;
		struct dentry *d;
		char path[256];
		unsigned long id;

		pthread_mutex_lock(&events_lock);
		for (c = events; c && c->enable_file; c = c->next)
			;
		if (c) {
			snprintf(path, sizeof(path), "events/%s/%s/enable", c->system, c->name);
			id = c->id;
			c->enable_file = ERR_PTR(-EAGAIN); /* being made */
		}
		pthread_mutex_unlock(&events_lock);
		if (!c)
			return;
		d = tracefs_create_file(path, 0644, NULL, (void *)(uintptr_t)id, &enable_fops);
		pthread_mutex_lock(&events_lock);
		for (c = events; c && c->id != id; c = c->next)
			;
		if (c)
			c->enable_file = d;
		pthread_mutex_unlock(&events_lock);
		if (!c && !IS_ERR(d))
			tracefs_remove(d); /* the event went meanwhile */
	}
}

/* Before its module's init, as the kernel's trace_event= enables them before anything runs. */
void trace_events_env_apply(void)
{
	const char *list = getenv("LIBCDEV_TRACE");

	pthread_mutex_lock(&events_lock);
	for (struct trace_event_call *c = events; c; c = c->next) {
		if (c->env_seen)
			continue;
		c->env_seen = true;
		if (trace_env_match(list, c->system, c->name) && event_enable_locked(c, 0, true))
			pr_err_lib("trace event %s:%s: cannot enable it", c->system, c->name);
	}
	pthread_mutex_unlock(&events_lock);
}

bool trace_events_any(void)
{
	bool any;

	pthread_mutex_lock(&events_lock);
	any = events != NULL;
	pthread_mutex_unlock(&events_lock);
	return any;
}

/* ---- the events' life ---- */

_public_ void libcdev_trace_event_add(struct trace_event_call *call)
{
	pthread_mutex_lock(&events_lock);
	call->id = next_id++;
	call->enable_file = NULL;
	call->enabled = 0;
	call->registered = false;
	call->next = events;
	events = call;
	call->listed = true;
	call->env_seen = false;
	/* Listed while the loader opens the module: LIBCDEV_TRACE and the files at trace_publish(). */
	pthread_mutex_unlock(&events_lock);
}

_public_ void libcdev_trace_event_remove(struct trace_event_call *call)
{
	struct trace_event_call **pp;
	struct dentry *file;

	pthread_mutex_lock(&events_lock);
	for (pp = &events; *pp && *pp != call; pp = &(*pp)->next)
		;
	if (!*pp) {
		pthread_mutex_unlock(&events_lock);
		return;
	}
	*pp = call->next;
	call->listed = false;
	call->enabled = 0;
	event_apply_locked(call);
	file = call->enable_file;
	call->enable_file = NULL;
	pthread_mutex_unlock(&events_lock);
	/* A firing may still be formatting with the module's code. */
	tracepoint_synchronize_unregister();
	if (!IS_ERR_OR_NULL(file))
		tracefs_remove(file);
}

_public_ void libcdev_trace_event_set_tp(struct trace_event_call *call, struct tracepoint *tp)
{
	pthread_mutex_lock(&events_lock);
	if (!call->registered)
		call->tp = tp;
	if (call->listed)
		event_apply_locked(call);
	pthread_mutex_unlock(&events_lock);
}

/* A module's events go with it, before its code is unmapped: as the kernel's module notifier. */
int trace_events_module_stop(struct module *mod)
{
	for (;;) {
		struct trace_event_call *c;

		pthread_mutex_lock(&events_lock);
		for (c = events; c && c->owner != mod; c = c->next)
			;
		pthread_mutex_unlock(&events_lock);
		if (!c)
			return 0;
		libcdev_trace_event_remove(c);
	}
}

/* ---- firing ---- */

_public_ void *libcdev_trace_event_reserve(struct trace_event_call *call, size_t size)
{
	struct trace_entry *ent = calloc(1, size);

	if (!ent)
		return NULL;
	ent->pid = libcdev_current()->pid;
	ent->preempt_count = (unsigned char)kcheck_spinlocks_held();
	(void)call;
	return ent;
}

_public_ void libcdev_trace_event_commit(struct trace_event_call *call, void *entry)
{
	unsigned long mask = __atomic_load_n(&call->enabled, __ATOMIC_ACQUIRE);
	struct trace_seq *s = malloc(2 * sizeof(*s)), *p = s + 1;

	if (s && mask) {
		trace_seq_init(s);
		trace_seq_init(p);
		call->output(s, p, entry);
		for (unsigned int i = 0; i < 8 * sizeof(mask); i++)
			if (mask & (1ul << i))
				trace_instance_write(i, call->name, s->buffer);
	}
	free(s);
	free(entry);
}
