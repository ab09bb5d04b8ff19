/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - writing a change to the region registry's file (regfile.c says
 * how it is laid out): in place, the new regions' lines appended, the gone
 * ones blanked and the header's change count raised; or, once blanked lines
 * outweigh live ones or the file is not usable in place, the whole table
 * written to PATH.new and renamed over it. A file of its own: the only part
 * that writes the file.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/regfile.h"

/* Blanked bytes allowed beyond the live ones before the file is rewritten. */
#define COMPACT_SLACK (64 * 1024)

static int pwrite_all(int fd, const void *buf, size_t len, off_t off)
{
	ssize_t n;

	while (len) {
		n = pwrite(fd, buf, len, off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		buf = (const char *)buf + n;
		len -= n;
		off += n;
	}
	return 0;
}

static int write_header(FILE *f, unsigned long long gen)
{
	return fprintf(f, HEADER_PREFIX "%0*llu\n", HEADER_DIGITS, gen) < 0 ? -EIO : 0;
}

/* The whole table to PATH.new, renamed over PATH. */
static int compact(struct regfile *rf)
{
	struct table *t = rf->t;
	char tmp[PATH_MAX], line[LINE_MAX_LEN];
	off_t off = HEADER_LEN;
	struct stat st;
	FILE *f;
	int fd, err;

	if (snprintf(tmp, sizeof(tmp), "%s.new", rf->path) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		err = -ENOMEM;
		goto out_unlink;
	}
	err = write_header(f, t->gen == GEN_NONE ? 1 : t->gen + 1);
	t->live_bytes = 0;
	for_each_region(t, i)
	{
		struct region *r = &t->slot[i];

		r->len = format_line(r, line, sizeof(line));
		r->off = off;
		off += r->len;
		t->live_bytes += r->len;
		if (!err && fputs(line, f) == EOF)
			err = -EIO;
	}
	if (fflush(f) != 0 && !err)
		err = -errno;
	if (!err && rename(tmp, rf->path) < 0)
		err = -errno;
	if (!err && fstat(fd, &st) < 0)
		err = -errno;
	fclose(f);
	if (err)
		goto out_unlink;
	t->gen = t->gen == GEN_NONE ? 1 : t->gen + 1;
	t->garbage_bytes = 0;
	t->rewrite = false;
	table_seen(t, &st);
	return 0;

out_unlink:
	unlink(tmp);
	return err;
}

/* The lines of the regions inserted since the file was written, at its end. */
static int append_new(struct regfile *rf)
{
	struct table *t = rf->t;
	size_t len = 0, cap = 0;
	char *buf = NULL;
	int err = 0;

	for (size_t k = 0; k < rf->nadded; k++) {
		struct region *r = &t->slot[rf->added[k]];

		if (len + LINE_MAX_LEN > cap) {
			char *nb = realloc(buf, cap = 2 * cap + LINE_MAX_LEN);

			if (!nb) {
				free(buf);
				return -ENOMEM;
			}
			buf = nb;
		}
		r->off = t->size + len;
		r->len = format_line(r, buf + len, LINE_MAX_LEN);
		len += r->len;
		t->live_bytes += r->len;
	}
	if (len)
		err = pwrite_all(rf->fd, buf, len, t->size);
	free(buf);
	if (err && ftruncate(rf->fd, t->size) < 0)
		t->rewrite = true;
	return err;
}

static int blank_deleted(struct regfile *rf)
{
	char spaces[LINE_MAX_LEN];
	int err = 0;

	memset(spaces, ' ', sizeof(spaces));
	for (size_t i = 0; i < rf->nblank && !err; i++) {
		const struct line_span *s = &rf->blank[i];

		/* A hand edit may have made the line longer than libcdev writes them. */
		off_t at = s->off + 1, end = s->off + s->len - 1;

		err = pwrite_all(rf->fd, "#", 1, s->off);
		for (; !err && at < end; at += sizeof(spaces)) {
			size_t n = end - at < (off_t)sizeof(spaces) ? (size_t)(end - at) :
								      sizeof(spaces);

			err = pwrite_all(rf->fd, spaces, n, at);
		}
	}
	return err;
}

static int write_in_place(struct regfile *rf)
{
	struct table *t = rf->t;
	char digits[HEADER_DIGITS + 1];
	struct stat st;
	int err;

	err = append_new(rf);
	if (err)
		return err;
	err = blank_deleted(rf);
	snprintf(digits, sizeof(digits), "%0*llu", HEADER_DIGITS, t->gen + 1);
	if (!err)
		err = pwrite_all(rf->fd, digits, HEADER_DIGITS, sizeof(HEADER_PREFIX) - 1);
	if (!err && fstat(rf->fd, &st) < 0)
		err = -errno;
	if (err)
		return compact(rf);
	t->gen++;
	table_seen(t, &st);
	return 0;
}

/*
 * In place, unless the file is missing, has no header of this format or a
 * torn line, or would be mostly blanked lines.
 */
int write_changes(struct regfile *rf)
{
	const struct table *t = rf->t;

	if (rf->fd < 0 || t->rewrite || t->garbage_bytes > t->live_bytes + COMPACT_SLACK)
		return compact(rf);
	return write_in_place(rf);
}
