/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - rpmsg channels described in text (<libcdev/rpmsg.h>):
 * "rpmsg:NAME [src=ADDR] [dst=ADDR] [model=echo|sink]". A file of its own,
 * as the other buses' parsers.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "drivers/rpmsg/internal.h"

struct rpmsg_desc {
	char name[RPMSG_NAME_SIZE];
	uint32_t src, dst;
	bool echo;
};

static int describe_error(const char *line, const char *word, const char *why)
{
	pr_err_lib("rpmsg channel \"%s\": %s: %s", line, word, why);
	return -EINVAL;
}

/* An address: a number, decimal or 0x, below RPMSG_ADDR_ANY. */
static bool parse_addr(const char *s, uint32_t *out)
{
	unsigned long long v;
	char *end;

	if (!*s || *s == '-' || *s == '+' || *s == ' ')
		return false;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (*end || errno || v >= RPMSG_ADDR_ANY)
		return false;
	*out = (uint32_t)v;
	return true;
}

static int describe_word(const char *line, const char *w, struct rpmsg_desc *d)
{
	const char *v = strchr(w, '=');

	if (!v || v == w || !v[1])
		return describe_error(line, w, "not KEY=VALUE");
	v++;
	if (!strncmp(w, "src=", 4))
		return parse_addr(v, &d->src) ?
			       0 :
			       describe_error(line, w, "an address is 0 to 0xfffffffe");
	if (!strncmp(w, "dst=", 4))
		return parse_addr(v, &d->dst) ?
			       0 :
			       describe_error(line, w, "an address is 0 to 0xfffffffe");
	if (!strncmp(w, "model=", 6)) {
		if (strcmp(v, "echo") && strcmp(v, "sink"))
			return describe_error(line, w, "the remote's models are echo and sink");
		d->echo = !strcmp(v, "echo");
		return 0;
	}
	return describe_error(line, w, "unknown word (src=, dst=, model=)");
}

static int describe_parse(const char *line, char *copy, struct rpmsg_desc *d)
{
	char *save, *w = strtok_r(copy + strlen("rpmsg:"), " \t", &save);
	int err = 0;

	if (!w || strlen(w) >= RPMSG_NAME_SIZE || strchr(w, '/'))
		return describe_error(line, w ? w : "(none)",
				      "a channel's name is 1 to 31 characters, without '/'");
	snprintf(d->name, sizeof(d->name), "%s", w);
	while (!err && (w = strtok_r(NULL, " \t", &save)))
		err = describe_word(line, w, d);
	return err;
}

_public_ int libcdev_rpmsg_describe(const char *line, struct rpmsg_device **rpdevp)
{
	struct rpmsg_desc d = { .src = RPMSG_ADDR_ANY, .dst = RPMSG_RESERVED_ADDRESSES };
	struct rpmsg_device *rpdev;
	char *copy;
	int err;

	if (!line || strncmp(line, "rpmsg:", 6))
		return -EINVAL;
	copy = strdup(line);
	if (!copy)
		return -ENOMEM;
	err = describe_parse(line, copy, &d);
	free(copy);
	if (err)
		return err;
	rpdev = rpmsg_channel_new(d.name, d.src, d.dst, d.echo);
	if (!rpdev)
		return -ENOMEM;
	err = rpmsg_channel_register(rpdev);
	if (err == -EEXIST)
		pr_err_lib("rpmsg channel \"%s\": a channel %s to 0x%x exists", line, d.name,
			   d.dst);
	if (!err && rpdevp)
		*rpdevp = rpdev;
	return err;
}
