/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/trace/trace.c and kernel/trace/trace_printk.c:
 * the trace buffers: the top-level one and the instances of
 * trace_array_get_by_name(), each a list of text lines, the oldest dropped
 * past TRACE_BUF_BYTES; trace_printk() and trace_array_printk(); the files
 * of each buffer in tracefs (trace, trace_marker, tracing_on, set_event).
 *
 * A line is written whole when its event fires, in the kernel's output
 * format: "COMM-PID [CPU] FLAGS SECONDS.MICROS: NAME: TEXT". With
 * LIBCDEV_TRACE set, the top-level buffer's lines also go to the log, as the
 * kernel's tp_printk option sends them to printk.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/core.h"
#include "kernel/internal.h"
#include <libcdev/fs.h>
#include <libcdev/kdefer.h>
#include <libcdev/trace.h>
#include <libcdev/uaccess.h>

#define TRACE_INSTANCES 64 /* the bits of an event's enabled mask */
#define TRACE_BUF_BYTES (1u << 20)
#define TRACE_NAME_MAX	64
#define TRACE_FILES	4

struct trace_line {
	struct trace_line *next;
	size_t len;
	char text[];
};

struct trace_array {
	char name[TRACE_NAME_MAX]; /* "" for the top level */
	unsigned int index;
	int ref;
	bool on;
	bool published;
	struct trace_line *head, *tail;
	size_t bytes;
	unsigned long entries, written;
	struct dentry *files[TRACE_FILES];
};

static pthread_mutex_t trace_lock = PTHREAD_MUTEX_INITIALIZER;
static struct trace_array top = { .on = true };
static struct trace_array *instances[TRACE_INSTANCES] = { &top };
static bool trace_used; /* a line was written: the files are wanted */

/* ---- lines ---- */

/* The context columns of a line: who, where, when, and in what context. */
static int trace_context(char *buf, size_t size)
{
	struct task_struct *t = libcdev_current();
	struct timespec ts;
	unsigned int locks = kcheck_spinlocks_held();
	char flags[6] = ".....";

	clock_gettime(CLOCK_MONOTONIC, &ts);
	if (libcdev_in_hardirq())
		flags[0] = 'd'; /* a hard handler runs with interrupts off */
	flags[2] = libcdev_in_hardirq() ? 'h' : libcdev_in_softirq() ? 's' : '.';
	if (locks)
		flags[3] = locks > 15 ? 'f' : "0123456789abcdef"[locks];
	return snprintf(buf, size, "%16s-%-7d [%03d] %s %5lu.%06lu: ", t ? t->comm : "<...>",
			t ? t->pid : 0, sched_getcpu(), flags, (unsigned long)ts.tv_sec,
			(unsigned long)(ts.tv_nsec / 1000));
}

/* Under trace_lock: append @text (ending in a newline) to @tr, dropping its oldest past the limit. */
static void trace_append_locked(struct trace_array *tr, const char *text, size_t len)
{
	struct trace_line *l = malloc(sizeof(*l) + len + 1);

	if (!l)
		return;
	l->next = NULL;
	l->len = len;
	memcpy(l->text, text, len + 1);
	if (tr->tail)
		tr->tail->next = l;
	else
		tr->head = l;
	tr->tail = l;
	tr->bytes += len;
	tr->entries++;
	tr->written++;
	while (tr->bytes > TRACE_BUF_BYTES && tr->head != tr->tail) {
		struct trace_line *old = tr->head;

		tr->head = old->next;
		tr->bytes -= old->len;
		tr->entries--;
		free(old);
	}
}

static void trace_clear_locked(struct trace_array *tr)
{
	while (tr->head) {
		struct trace_line *l = tr->head;

		tr->head = l->next;
		free(l);
	}
	tr->tail = NULL;
	tr->bytes = 0;
	tr->entries = 0;
}

void trace_instance_write(unsigned int i, const char *func, const char *text)
{
	char line[LOG_LINE_MAX + 256];
	size_t len;
	bool mirror = false;
	int n = trace_context(line, sizeof(line));

	len = strlen(text);
	while (len && text[len - 1] == '\n')
		len--;
	n += snprintf(line + n, sizeof(line) - (size_t)n, "%s: %.*s\n", func, (int)len, text);
	len = (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1;
	pthread_mutex_lock(&trace_lock);
	trace_used = true;
	if (i < TRACE_INSTANCES && instances[i] && instances[i]->on) {
		trace_append_locked(instances[i], line, len);
		mirror = i == 0 && getenv("LIBCDEV_TRACE");
	}
	pthread_mutex_unlock(&trace_lock);
	if (mirror)
		libcdev_log(LOG_INFO, "%.*s", (int)len - 1, line);
}

static void trace_set_on(struct trace_array *tr, bool on)
{
	pthread_mutex_lock(&trace_lock);
	tr->on = on;
	pthread_mutex_unlock(&trace_lock);
}

_public_ void tracing_on(void)
{
	trace_set_on(&top, true);
}

_public_ void tracing_off(void)
{
	trace_set_on(&top, false);
}

_public_ int tracing_is_on(void)
{
	int on;

	pthread_mutex_lock(&trace_lock);
	on = top.on;
	pthread_mutex_unlock(&trace_lock);
	return on;
}

/* The kernel prints the buffer on the console and empties it: here to the log. */
_public_ void ftrace_dump(enum ftrace_dump_mode oops_dump_mode)
{
	struct trace_line *l;

	if (oops_dump_mode == DUMP_NONE)
		return;
	pthread_mutex_lock(&trace_lock);
	l = top.head;
	top.head = top.tail = NULL;
	top.bytes = top.entries = 0;
	pthread_mutex_unlock(&trace_lock);
	libcdev_log(LOG_WARNING, "Dumping ftrace buffer:");
	libcdev_log(LOG_WARNING, "---------------------------------");
	while (l) {
		struct trace_line *next = l->next;

		libcdev_log(LOG_WARNING, "%.*s", (int)l->len - 1, l->text);
		free(l);
		l = next;
	}
	libcdev_log(LOG_WARNING, "---------------------------------");
}

/* ---- the files ---- */

/* Under trace_lock: the instance a file was made for (its index in i_private), or NULL. */
static struct trace_array *file_instance_locked(const struct file *file)
{
	uintptr_t i = (uintptr_t)file->private_data;

	return i < TRACE_INSTANCES ? instances[i] : NULL;
}

/* Read @len bytes of @text at *@ppos to the caller. */
static ssize_t read_text(char __user *buf, size_t count, loff_t *ppos, const char *text, size_t len)
{
	size_t at = *ppos < 0 ? len : (size_t)*ppos;

	if (at >= len)
		return 0;
	if (count > len - at)
		count = len - at;
	if (copy_to_user(buf, text + at, count))
		return -EFAULT;
	*ppos += (loff_t)count;
	return (ssize_t)count;
}

static int instance_open(struct inode *inode, struct file *file)
{
	file->private_data = inode->i_private;
	return 0;
}

/* "trace": the buffer as text, read from a copy made at open; O_TRUNC or a write empties it. */
static char *trace_snapshot_locked(struct trace_array *tr, size_t *len)
{
	size_t size = tr->bytes + 256, at;
	char *text = malloc(size);

	if (!text)
		return NULL;
	at = (size_t)snprintf(
		text, size,
		"# tracer: nop\n#\n# entries-in-buffer/entries-written: %lu/%lu   #P:%ld\n"
		"#\n#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
		"#              | |         |   |||||     |         |\n",
		tr->entries, tr->written, sysconf(_SC_NPROCESSORS_CONF));
	for (struct trace_line *l = tr->head; l; l = l->next) {
		memcpy(text + at, l->text, l->len);
		at += l->len;
	}
	*len = at;
	return text;
}

struct trace_text {
	uintptr_t index;
	size_t len;
	char *text;
};

static int trace_file_open(struct inode *inode, struct file *file)
{
	struct trace_text *t = calloc(1, sizeof(*t));
	struct trace_array *tr;

	if (!t)
		return -ENOMEM;
	t->index = (uintptr_t)inode->i_private;
	file->private_data = inode->i_private;
	pthread_mutex_lock(&trace_lock);
	tr = file_instance_locked(file);
	if (tr && (file->f_flags & O_TRUNC))
		trace_clear_locked(tr);
	if (tr && (file->f_mode & FMODE_READ))
		t->text = trace_snapshot_locked(tr, &t->len);
	pthread_mutex_unlock(&trace_lock);
	if (!tr || ((file->f_mode & FMODE_READ) && !t->text)) {
		free(t);
		return tr ? -ENOMEM : -ENODEV;
	}
	file->private_data = t;
	return 0;
}

static ssize_t trace_file_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct trace_text *t = file->private_data;

	return read_text(buf, count, ppos, t->text, t->len);
}

static ssize_t trace_file_write(struct file *file, const char __user *buf, size_t count,
				loff_t *ppos)
{
	struct trace_text *t = file->private_data;

	(void)buf;
	pthread_mutex_lock(&trace_lock);
	if (t->index < TRACE_INSTANCES && instances[t->index])
		trace_clear_locked(instances[t->index]);
	pthread_mutex_unlock(&trace_lock);
	*ppos += (loff_t)count;
	return (ssize_t)count;
}

static int trace_file_release(struct inode *inode, struct file *file)
{
	struct trace_text *t = file->private_data;

	(void)inode;
	free(t->text);
	free(t);
	return 0;
}

static const struct file_operations trace_fops = {
	.open = trace_file_open,
	.read = trace_file_read,
	.write = trace_file_write,
	.release = trace_file_release,
};

/* Up to @size - 1 bytes of what the caller wrote, NUL-ended; -errno. */
static ssize_t copy_in(char *dst, size_t size, const char __user *buf, size_t count)
{
	if (count >= size)
		return -EINVAL;
	if (copy_from_user(dst, buf, count))
		return -EFAULT;
	dst[count] = '\0';
	return (ssize_t)count;
}

/* "tracing_on": 1 or 0. */
static ssize_t on_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct trace_array *tr;
	char text[4] = "0\n";

	pthread_mutex_lock(&trace_lock);
	tr = file_instance_locked(file);
	if (tr && tr->on)
		text[0] = '1';
	pthread_mutex_unlock(&trace_lock);
	return tr ? read_text(buf, count, ppos, text, 2) : -ENODEV;
}

static ssize_t on_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	struct trace_array *tr;
	char text[32], *end;
	ssize_t n = copy_in(text, sizeof(text), buf, count);
	unsigned long v;

	(void)ppos;
	if (n < 0)
		return n;
	v = strtoul(text, &end, 10);
	if (end == text)
		return -EINVAL;
	pthread_mutex_lock(&trace_lock);
	tr = file_instance_locked(file);
	if (tr)
		tr->on = v != 0;
	pthread_mutex_unlock(&trace_lock);
	return tr ? n : -ENODEV;
}

static const struct file_operations on_fops = {
	.open = instance_open,
	.read = on_read,
	.write = on_write,
};

/* "trace_marker": what is written becomes a line of its own. */
static ssize_t marker_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	char text[LOG_LINE_MAX];
	ssize_t n =
		copy_in(text, sizeof(text), buf, count < sizeof(text) ? count : sizeof(text) - 1);

	(void)ppos;
	if (n < 0)
		return n;
	trace_instance_write((unsigned int)(uintptr_t)file->private_data, "tracing_mark_write",
			     text);
	return (ssize_t)count;
}

static const struct file_operations marker_fops = {
	.open = instance_open,
	.write = marker_write,
};

/* "set_event": the enabled events, "system:event" a line; written: "[!]system:event" words. */
static ssize_t set_event_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	char text[8192];
	size_t len = trace_events_enabled((unsigned int)(uintptr_t)file->private_data, text,
					  sizeof(text));

	return read_text(buf, count, ppos, text, len);
}

static int set_event_word(unsigned int i, char *word)
{
	bool enable = word[0] != '!';
	char *colon;

	if (!enable)
		word++;
	colon = strchr(word, ':');
	if (colon)
		*colon = '\0';
	return trace_event_set(i, colon ? word : NULL, colon ? colon + 1 : word, enable);
}

static ssize_t set_event_write(struct file *file, const char __user *buf, size_t count,
			       loff_t *ppos)
{
	unsigned int i = (unsigned int)(uintptr_t)file->private_data;
	char text[1024], *save = NULL, *word;
	ssize_t n = copy_in(text, sizeof(text), buf, count);
	int err = 0;

	(void)ppos;
	if (n < 0)
		return n;
	for (word = strtok_r(text, " \t\n", &save); word; word = strtok_r(NULL, " \t\n", &save))
		if (!err)
			err = set_event_word(i, word);
	return err ? err : n;
}

/* As in the kernel, opening for writing without O_APPEND disables every event first. */
static int set_event_open(struct inode *inode, struct file *file)
{
	file->private_data = inode->i_private;
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC))
		trace_event_set((unsigned int)(uintptr_t)inode->i_private, NULL, "*", false);
	return 0;
}

static const struct file_operations set_event_fops = {
	.open = set_event_open,
	.read = set_event_read,
	.write = set_event_write,
};

/* ---- instances ---- */

/* Make @tr's files: in process context, outside trace_lock. */
static void instance_publish(struct trace_array *tr, unsigned int i)
{
	static const struct {
		const char *name;
		unsigned short mode;
		const struct file_operations *fops;
	} files[TRACE_FILES] = {
		{ "trace", 0644, &trace_fops },
		{ "tracing_on", 0644, &on_fops },
		{ "trace_marker", 0222, &marker_fops },
		{ "set_event", 0644, &set_event_fops },
	};
	char path[TRACE_NAME_MAX + 64];

	for (int f = 0; f < TRACE_FILES; f++) {
		struct dentry *d;

		if (i)
			snprintf(path, sizeof(path), "instances/%s/%s", tr->name, files[f].name);
		else
			snprintf(path, sizeof(path), "%s", files[f].name);
		d = tracefs_create_file(path, files[f].mode, NULL, (void *)(uintptr_t)i,
					files[f].fops);
		tr->files[f] = IS_ERR(d) ? NULL : d;
	}
}

/*
 * A host whose modules never trace has no files: they come with the first
 * event listed, line written or instance made, at the next call here.
 */
void trace_publish(void)
{
	bool any = trace_events_any(), todo;

	trace_events_env_apply();
	pthread_mutex_lock(&trace_lock);
	for (unsigned int i = 1; i < TRACE_INSTANCES && !any; i++)
		any = instances[i] != NULL;
	todo = !top.published && (trace_used || any);
	top.published |= todo;
	pthread_mutex_unlock(&trace_lock);
	if (todo)
		instance_publish(&top, 0);
	trace_event_files_add();
}

_public_ struct trace_array *trace_array_get_by_name(const char *name)
{
	struct trace_array *tr = NULL;
	unsigned int i, free_slot = 0;

	if (!name || !*name || strlen(name) >= TRACE_NAME_MAX || strchr(name, '/'))
		return NULL;
	trace_publish();
	pthread_mutex_lock(&trace_lock);
	for (i = 1; i < TRACE_INSTANCES && !tr; i++) {
		if (instances[i] && !strcmp(instances[i]->name, name))
			tr = instances[i];
		else if (!instances[i] && !free_slot)
			free_slot = i;
	}
	if (tr) {
		tr->ref++;
		pthread_mutex_unlock(&trace_lock);
		return tr;
	}
	tr = free_slot ? calloc(1, sizeof(*tr)) : NULL;
	if (tr) {
		snprintf(tr->name, sizeof(tr->name), "%s", name);
		tr->index = free_slot;
		tr->on = true;
		tr->ref = 1;
		instances[free_slot] = tr;
	}
	pthread_mutex_unlock(&trace_lock);
	if (tr) {
		trace_publish();
		instance_publish(tr, tr->index);
	}
	return tr;
}

_public_ void trace_array_put(struct trace_array *tr)
{
	if (!tr)
		return;
	pthread_mutex_lock(&trace_lock);
	if (tr->ref > 0)
		tr->ref--;
	pthread_mutex_unlock(&trace_lock);
}

_public_ int trace_array_destroy(struct trace_array *tr)
{
	if (!tr || tr == &top)
		return -EINVAL;
	pthread_mutex_lock(&trace_lock);
	if (tr->index >= TRACE_INSTANCES || instances[tr->index] != tr) {
		pthread_mutex_unlock(&trace_lock);
		return -ENODEV;
	}
	/* The reference of trace_array_get_by_name() may still be held: the caller's own. */
	if (tr->ref > 1) {
		pthread_mutex_unlock(&trace_lock);
		return -EBUSY;
	}
	instances[tr->index] = NULL;
	pthread_mutex_unlock(&trace_lock);
	trace_events_instance_gone(tr->index);
	for (int f = 0; f < TRACE_FILES; f++)
		tracefs_remove(tr->files[f]);
	trace_clear_locked(tr);
	free(tr);
	return 0;
}

/* Per-CPU buffers for trace_array_printk() in the kernel; here every buffer can already. */
_public_ int trace_array_init_printk(struct trace_array *tr)
{
	return tr ? 0 : -ENOENT;
}

_public_ int trace_array_printk(struct trace_array *tr, unsigned long ip, const char *fmt, ...)
{
	va_list ap;

	/* The top-level buffer is trace_printk()'s alone, as in the kernel. */
	if (!tr || tr == &top)
		return -ENOENT;
	va_start(ap, fmt);
	trace_printk_to(tr->index, ip, fmt, ap);
	va_end(ap);
	return 0;
}

_public_ int trace_array_set_clr_event(struct trace_array *tr, const char *system,
				       const char *event, bool enable)
{
	if (!tr)
		return -ENOENT;
	trace_publish();
	return trace_event_set(tr->index, system, event, enable);
}
