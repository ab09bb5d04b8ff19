/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the region registry's file, and the table a process keeps of it.
 *
 * The file holds one line per region after a header line; lines starting
 * with '#' and blank lines are skipped. A change runs under an fcntl() lock
 * on PATH.lock and must not cost in proportion to the regions held, so:
 *
 * - a process keeps its table between changes, indexed by major, and reads
 *   the file again only when someone else changed it: the header carries a
 *   change count every writer increments (and a rename makes a new inode);
 * - a change appends the new regions' lines and blanks the lines of those
 *   that went: '#' first, a one-byte write, so a reader without the lock
 *   sees the line either whole or as a comment, then spaces;
 * - once blanked lines outweigh live ones, the table is written to PATH.new
 *   and renamed over the file (as every change did before), so the file
 *   stays in proportion to the live regions.
 *
 * A reader without the lock skips a last line not yet ended by '\n': an
 * append in progress, or one a crash cut (the next change rewrites the file).
 *
 * This file holds the table, reading the file and the locked session;
 * writing a change to the file is in regfile_write.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/regfile.h"

/* Threads of one process also queue here, and share the table. */
static pthread_mutex_t regfile_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct table cached;

/* @v with room for n + 1 elements of @size (@cap of them now), or NULL. */
static void *grow(void *v, size_t *cap, size_t n, size_t size)
{
	size_t ncap;

	if (n < *cap)
		return v;
	ncap = *cap ? *cap * 2 : 16;
	v = realloc(v, ncap * size);
	if (v)
		*cap = ncap;
	return v;
}

/* A start for the change count of a new file: no count another file had. */
static unsigned long long first_gen(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* ---- the table ---- */

static void table_init(struct table *t)
{
	*t = (struct table){ .free_head = -1, .gen = GEN_NONE };
	for (int m = 0; m < CHRDEV_MAJOR_MAX; m++)
		t->major_head[m] = -1;
}

void table_free(struct table *t)
{
	free(t->slot);
	free(t->owner);
	table_init(t);
}

static struct owner *owner_find(struct table *t, pid_t pid, unsigned long long start)
{
	for (size_t i = 0; i < t->nowners; i++)
		if (t->owner[i].pid == pid && t->owner[i].start == start)
			return &t->owner[i];
	return NULL;
}

static int owner_ref(struct table *t, const struct region *r)
{
	struct owner *o = owner_find(t, r->pid, r->start);

	if (!o) {
		o = grow(t->owner, &t->owners_cap, t->nowners, sizeof(*o));
		if (!o)
			return -ENOMEM;
		t->owner = o;
		o = &t->owner[t->nowners++];
		*o = (struct owner){ r->pid, r->start, 0 };
	}
	o->regions++;
	return 0;
}

static void owner_unref(struct table *t, const struct region *r)
{
	struct owner *o = owner_find(t, r->pid, r->start);

	if (o && --o->regions == 0)
		*o = t->owner[--t->nowners];
}

/* A slot for @r, linked first in its major's list; its index or -ENOMEM. */
static int table_add(struct table *t, const struct region *r, off_t off, unsigned int len)
{
	struct region *s;
	int i = t->free_head;

	if (owner_ref(t, r))
		return -ENOMEM;
	if (i >= 0) {
		t->free_head = t->slot[i].next;
	} else {
		s = grow(t->slot, &t->cap, t->nslots, sizeof(*s));
		if (!s) {
			owner_unref(t, r);
			return -ENOMEM;
		}
		t->slot = s;
		i = t->nslots++;
	}
	s = &t->slot[i];
	*s = *r;
	s->off = off;
	s->len = len;
	s->prev = -1;
	s->next = t->major_head[r->major];
	if (s->next >= 0)
		t->slot[s->next].prev = i;
	t->major_head[r->major] = i;
	if (off >= 0)
		t->live_bytes += len;
	return i;
}

static void table_del(struct table *t, int i)
{
	struct region *s = &t->slot[i];

	if (s->prev >= 0)
		t->slot[s->prev].next = s->next;
	else
		t->major_head[s->major] = s->next;
	if (s->next >= 0)
		t->slot[s->next].prev = s->prev;
	if (s->off >= 0) {
		t->live_bytes -= s->len;
		t->garbage_bytes += s->len;
	}
	owner_unref(t, s);
	s->count = 0;
	s->next = t->free_head;
	t->free_head = i;
}

/* ---- lines ---- */

static bool region_valid(const struct region *r)
{
	return r->major < CHRDEV_MAJOR_MAX && r->baseminor <= MINORMASK && r->count >= 1 &&
	       r->count <= MINORMASK + 1 - r->baseminor && r->pid > 0 && r->name[0];
}

/* @line: one line without its '\n', NUL-terminated. */
static int parse_line(const char *line, struct region *r)
{
	int name_at = -1;
	size_t len;

	memset(r, 0, sizeof(*r));
	if (sscanf(line, "%u %u %u %d %llu %n", &r->major, &r->baseminor, &r->count, &r->pid,
		   &r->start, &name_at) != 5 ||
	    name_at < 0)
		return -EUCLEAN;
	len = strlen(line + name_at);
	if (len == 0 || len >= sizeof(r->name))
		return -EUCLEAN;
	memcpy(r->name, line + name_at, len);
	return region_valid(r) ? 0 : -EUCLEAN;
}

unsigned int format_line(const struct region *r, char *buf, size_t size)
{
	return snprintf(buf, size, "%u %u %u %d %llu %s\n", r->major, r->baseminor, r->count,
			(int)r->pid, r->start, r->name);
}

/* The change count of a header line of @len bytes ('\n' excluded), or GEN_NONE. */
static unsigned long long header_gen(const char *line, size_t len)
{
	const size_t plen = sizeof(HEADER_PREFIX) - 1;
	unsigned long long gen = 0;

	if (len != HEADER_LEN - 1 || memcmp(line, HEADER_PREFIX, plen))
		return GEN_NONE;
	for (size_t i = plen; i < len; i++) {
		if (line[i] < '0' || line[i] > '9')
			return GEN_NONE;
		gen = gen * 10 + (line[i] - '0');
	}
	return gen;
}

static int read_all(int fd, char **buf, size_t *len)
{
	struct stat st;
	size_t cap, n = 0;
	ssize_t got;

	if (fstat(fd, &st) < 0)
		return -errno;
	if (!S_ISREG(st.st_mode))
		return S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
	cap = st.st_size + 4096;
	*buf = malloc(cap + 1);
	if (!*buf)
		return -ENOMEM;
	while ((got = pread(fd, *buf + n, cap - n, n)) != 0) {
		if (got < 0) {
			if (errno == EINTR)
				continue;
			free(*buf);
			return -errno;
		}
		n += got;
		if (n == cap) {
			char *nb = realloc(*buf, (cap *= 2) + 1);

			if (!nb) {
				free(*buf);
				return -ENOMEM;
			}
			*buf = nb;
		}
	}
	(*buf)[n] = '\0';
	*len = n;
	return 0;
}

/* One line at @off of @len bytes ('\n' excluded) into @t. */
static int load_line(struct table *t, char *line, size_t len, off_t off)
{
	struct region r;

	if (off == 0 && (t->gen = header_gen(line, len)) != GEN_NONE)
		return 0;
	if (line[0] == '#' || line[strspn(line, " \t")] == '\0') {
		t->garbage_bytes +=
			len + 1; /* comments, blanked lines, a hand edit's blank lines */
		return 0;
	}
	if (parse_line(line, &r))
		return -EUCLEAN;
	return table_add(t, &r, off, len + 1) < 0 ? -ENOMEM : 0;
}

/* The whole file of @fd into the empty table @t. */
static int table_load_fd(const char *path, int fd, struct table *t)
{
	size_t len = 0, off = 0;
	int err, lineno = 0;
	char *buf = NULL;

	err = read_all(fd, &buf, &len);
	if (err) {
		pr_err_lib("cannot read the region registry %s: %s", path, strerror(-err));
		return err;
	}
	t->rewrite = false;
	while (off < len && !err) {
		char *nl = memchr(buf + off, '\n', len - off);

		if (!nl) {
			t->rewrite = true; /* a torn last line: skipped, and rewritten */
			break;
		}
		*nl = '\0';
		lineno++;
		err = load_line(t, buf + off, nl - (buf + off), off);
		off = nl + 1 - buf;
	}
	free(buf);
	if (err == -EUCLEAN)
		pr_err_lib(
			"region registry %s is damaged at line %d; fix or remove the file (no region was changed)",
			path, lineno);
	if (t->gen == GEN_NONE)
		t->rewrite = true;
	return err;
}

int table_read(const char *path, struct table *t)
{
	int fd, err;

	table_init(t);
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT)
			return 0;
		err = -errno;
		pr_err_lib("cannot read the region registry %s: %s", path, strerror(-err));
		return err;
	}
	err = table_load_fd(path, fd, t);
	close(fd);
	if (err)
		table_free(t);
	return err;
}

/* ---- the lock and the cached table ---- */

static int registry_lock(const char *path)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	char lockpath[PATH_MAX];
	int fd, err;

	if (snprintf(lockpath, sizeof(lockpath), "%s.lock", path) >= (int)sizeof(lockpath))
		return -ENAMETOOLONG;
	fd = open(lockpath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		goto out_errno;
	while (fcntl(fd, F_OFD_SETLKW, &fl) < 0) {
		if (errno != EINTR) {
			close(fd);
			goto out_errno;
		}
	}
	return fd;

out_errno:
	err = -errno;
	pr_err_lib("cannot lock the region registry %s: %s", path, strerror(-err));
	return err;
}

/* Whether the file of @fd is the one @t was read from, unchanged since. */
static bool table_current(const struct table *t, int fd, const struct stat *st)
{
	char header[HEADER_LEN];

	return t->valid && !t->rewrite && st->st_dev == t->dev && st->st_ino == t->ino &&
	       st->st_size == t->size && st->st_ctim.tv_sec == t->ctime.tv_sec &&
	       st->st_ctim.tv_nsec == t->ctime.tv_nsec &&
	       pread(fd, header, sizeof(header), 0) == (ssize_t)sizeof(header) &&
	       header_gen(header, sizeof(header) - 1) == t->gen;
}

void table_seen(struct table *t, const struct stat *st)
{
	t->valid = true;
	t->dev = st->st_dev;
	t->ino = st->st_ino;
	t->size = st->st_size;
	t->ctime = st->st_ctim;
}

/* Bring the cached table up to the file of @fd (-1: there is no file). */
static int table_refresh(const char *path, int fd, struct table *t)
{
	struct stat st;
	int err;

	if (fd < 0) {
		table_free(t);
		t->gen = first_gen();
		return 0;
	}
	if (fstat(fd, &st) < 0) {
		err = -errno;
		pr_err_lib("cannot read the region registry %s: %s", path, strerror(-err));
		return err;
	}
	if (table_current(t, fd, &st))
		return 0;
	table_free(t);
	err = table_load_fd(path, fd, t);
	if (err) {
		table_free(t);
		return err;
	}
	table_seen(t, &st);
	return 0;
}

int regfile_begin(struct regfile *rf, const char *path)
{
	int err;

	*rf = (struct regfile){ .path = path, .fd = -1, .t = &cached };
	pthread_mutex_lock(&regfile_mutex);
	rf->lock_fd = registry_lock(path);
	if (rf->lock_fd < 0) {
		err = rf->lock_fd;
		goto out_unlock;
	}
	rf->fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
	if (rf->fd < 0 && errno != ENOENT) {
		err = -errno;
		pr_err_lib("cannot open the region registry %s: %s", path, strerror(-err));
		goto out_close;
	}
	err = table_refresh(path, rf->fd, rf->t);
	if (err)
		goto out_close;
	return 0;

out_close:
	if (rf->fd >= 0)
		close(rf->fd);
	close(rf->lock_fd);
out_unlock:
	pthread_mutex_unlock(&regfile_mutex);
	return err;
}

/* ---- changes ---- */

int regfile_insert(struct regfile *rf, const struct region *r)
{
	int *added = grow(rf->added, &rf->added_cap, rf->nadded, sizeof(*added));
	int i;

	if (!added)
		return -ENOMEM;
	rf->added = added;
	i = table_add(rf->t, r, -1, 0);
	if (i < 0)
		return i;
	rf->added[rf->nadded++] = i;
	rf->changed = true;
	return 0;
}

void regfile_delete(struct regfile *rf, int slot)
{
	const struct region *s = &rf->t->slot[slot];
	struct line_span *blank;

	if (s->off >= 0) {
		blank = grow(rf->blank, &rf->blank_cap, rf->nblank, sizeof(*blank));
		if (blank) {
			rf->blank = blank;
			rf->blank[rf->nblank++] = (struct line_span){ s->off, s->len };
		} else {
			rf->t->rewrite = true; /* the whole file, then */
		}
	}
	for (size_t k = 0; k < rf->nadded; k++)
		if (rf->added[k] == slot)
			rf->added[k] = rf->added[--rf->nadded];
	table_del(rf->t, slot);
	rf->changed = true;
}

int regfile_end(struct regfile *rf, bool commit)
{
	int err = 0;

	if (rf->changed && commit) {
		err = write_changes(rf);
		if (err)
			pr_err_lib("cannot write the region registry %s: %s", rf->path,
				   strerror(-err));
	}
	/* What was not written is forgotten: the next change reads the file again. */
	if (rf->changed && (err || !commit))
		table_free(rf->t);
	free(rf->blank);
	free(rf->added);
	if (rf->fd >= 0)
		close(rf->fd);
	close(rf->lock_fd); /* drops the lock */
	pthread_mutex_unlock(&regfile_mutex);
	return err;
}
