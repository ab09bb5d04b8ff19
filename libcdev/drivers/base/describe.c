/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - platform devices described in text (libcdev-platform(5)):
 * "NAME[.ID] irq=N mem=START+SIZE io=START+SIZE clk=NAME:HZ regulator=NAME:UV
 * KEY=VALUE ...", one line or a file of them, with the device properties (KEY=VALUE) they carry (property.c
 * reads them). A file of its own: the parser of a file format, apart from
 * the bus itself (platform.c).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "drivers/base/base.h"
#include <libcdev/gpio.h>
#include <libcdev/i2c.h>
#include <libcdev/platform.h>
#include <libcdev/rpmsg.h>
#include <libcdev/spi.h>

static int describe_error(const char *line, const char *word, const char *why)
{
	pr_err_lib("platform device \"%s\": %s: %s", line, word, why);
	return -EINVAL;
}

int props_append(struct platform_device_property **list, const char *key, size_t keylen,
		 const char *value)
{
	struct platform_device_property *p = calloc(1, sizeof(*p)), **pp;

	if (!p || !(p->key = strndup(key, keylen)) || !(p->value = strdup(value))) {
		props_free(p);
		return -ENOMEM;
	}
	/* In the order given. */
	for (pp = list; *pp; pp = &(*pp)->next)
		;
	*pp = p;
	return 0;
}

static int describe_add_res(struct resource **res, unsigned int *n, unsigned long flags,
			    unsigned long long start, unsigned long long end)
{
	struct resource *r = realloc(*res, (*n + 1) * sizeof(**res));

	if (!r)
		return -ENOMEM;
	r[*n] = (struct resource){ .start = start, .end = end, .flags = flags };
	*res = r;
	(*n)++;
	return 0;
}

/* A region, START+SIZE: ports end at or below @limit, memory is 1 byte to 1 MiB. */
static int describe_region(const char *line, const char *w, const char *v, unsigned long flags,
			   unsigned long long limit, struct resource **res, unsigned int *nres)
{
	unsigned long long a, b;
	char *end;

	a = strtoull(v, &end, 0);
	if (*end != '+' || *v == '-')
		return describe_error(line, w, "a region is START+SIZE");
	b = strtoull(end + 1, &end, 0);
	if (flags == IORESOURCE_IO && (*end || b == 0 || a > limit || b > limit - a + 1))
		return describe_error(line, w, "ports are 0 to 0xffff, at least one");
	if (*end || b == 0 || b > (1ULL << 20) || a + b < a)
		return describe_error(line, w, "a region's size is 1 byte to 1 MiB");
	return describe_add_res(res, nres, flags, a, a + b - 1);
}

/* One word after the name: irq=N, mem=START+SIZE, io=START+SIZE, or KEY=VALUE. */
static int describe_word(const char *line, const char *w, struct platform_device *pdev,
			 struct resource **res, unsigned int *nres)
{
	const char *eq = strchr(w, '=');
	unsigned long long a, b;
	char *end;

	if (!eq || eq == w || !eq[1])
		return describe_error(line, w, "not KEY=VALUE");
	if (!strncmp(w, "irq=", 4)) {
		a = strtoull(eq + 1, &end, 0);
		if (*end || eq[1] == '-' || a == 0 || a >= 1024)
			return describe_error(line, w, "an IRQ line is a number from 1 to 1023");
		return describe_add_res(res, nres, IORESOURCE_IRQ, a, a);
	}
	if (!strncmp(w, "mem=", 4))
		return describe_region(line, w, eq + 1, IORESOURCE_MEM, ~0ULL, res, nres);
	if (!strncmp(w, "io=", 3))
		return describe_region(line, w, eq + 1, IORESOURCE_IO, 0xffff, res, nres);
	if (!strncmp(w, "clk=", 4) || !strncmp(w, "regulator=", 10)) {
		const char *colon = strchr(eq + 1, ':');

		if (!colon || colon == eq + 1 || colon[1] == '-' || colon[1] == '\0')
			return describe_error(line, w, "a clock or regulator is NAME:NUMBER");
		a = strtoull(colon + 1, &end, 0);
		/* A regulator may give a range, MIN-MAX microvolts, which set_voltage() moves in. */
		if (*end == '-' && w[0] == 'r' && end[1] != '-')
			b = strtoull(end + 1, &end, 0);
		else
			b = a;
		if (*end || b < a || (w[0] == 'r' && b > INT32_MAX))
			return describe_error(line, w, "a rate in Hz, or microvolts (MIN-MAX)");
	}
	return props_append(&pdev->props, w, (size_t)(eq - w), eq + 1);
}

/*
 * Whether the description puts the node where a device tree puts reserved
 * memory, under /reserved-memory: its first region is then reserved memory.
 */
static bool describe_reserved(const struct platform_device_property *p)
{
	for (; p; p = p->next)
		if (!strcmp(p->key, "reserved-memory"))
			return true;
	return false;
}

/* A node as the device tree names one by its address: NAME@START of the first register region. */
static void describe_of_node(struct platform_device *pdev)
{
	const struct resource *mem = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	char unit[20];

	if (mem)
		snprintf(unit, sizeof(unit), "%llx", (unsigned long long)mem->start);
	props_of_node(&pdev->dev, &pdev->of_node, pdev->name, mem ? unit : NULL, pdev->props);
	if (mem && pdev->dev.of_node && describe_reserved(pdev->props))
		pdev->of_node.rmem = (struct reserved_mem){ .name = pdev->of_node.full_name,
							    .base = mem->start,
							    .size = resource_size(mem) };
}

/* "NAME" or "NAME.ID": the name part and the id. */
static int describe_name(const char *line, char *word, int *id)
{
	char *dot = strrchr(word, '.'), *end;
	long v;

	*id = PLATFORM_DEVID_NONE;
	if (dot && dot[1]) {
		v = strtol(dot + 1, &end, 10);
		if (!*end && dot[1] != '-' && v < 1 << 20) {
			*dot = '\0';
			*id = (int)v;
		}
	}
	if (!*word || strlen(word) >= PLATFORM_NAME_SIZE || strpbrk(word, "/=!"))
		return describe_error(line, word,
				      "a device name is 1 to 19 characters, no '/', '=' or '!'");
	return 0;
}

static int describe_parse(const char *line, char *copy, struct platform_device **pdevp)
{
	struct resource *res = NULL;
	struct platform_device *pdev;
	unsigned int nres = 0;
	char *save, *w = strtok_r(copy, " \t\n", &save);
	int id, err;

	if (!w)
		return describe_error(line, "(empty)", "no device name");
	err = describe_name(line, w, &id);
	if (err)
		return err;
	pdev = platform_device_alloc(w, id);
	if (!pdev)
		return -ENOMEM;
	pdev->described = true;
	while (!err && (w = strtok_r(NULL, " \t\n", &save)))
		err = describe_word(line, w, pdev, &res, &nres);
	if (!err)
		err = platform_device_add_resources(pdev, res, nres);
	free(res);
	if (!err)
		err = mc146818_sim_check(pdev);
	if (!err)
		err = msr_sim_check(pdev);
	if (!err)
		describe_of_node(pdev);
	if (err) {
		platform_device_put(pdev);
		return err;
	}
	*pdevp = pdev;
	return 0;
}

_public_ int libcdev_platform_describe(const char *line, struct platform_device **pdevp)
{
	struct platform_device *pdev;
	char *copy;
	int err;

	if (!line)
		return -EINVAL;
	copy = strdup(line);
	if (!copy)
		return -ENOMEM;
	err = describe_parse(line, copy, &pdev);
	free(copy);
	if (err)
		return err;
	err = platform_device_add(pdev);
	if (err) {
		if (err == -EEXIST)
			pr_err_lib("platform device \"%s\": %s exists already", line,
				   pdev->dev.name);
		platform_device_put(pdev);
		return err;
	}
	if (pdevp)
		*pdevp = pdev;
	return 0;
}

/* @one() for each line of @path; '#' starts a comment, blank lines are skipped. */
static int describe_file(const char *path, int (*one)(const char *line))
{
	char *line = NULL;
	size_t cap = 0;
	int n = 0, err = 0;
	FILE *f = fopen(path, "re");

	if (!f) {
		err = -errno;
		pr_err_lib("%s: %s", path, strerror(errno));
		return err;
	}
	while (!err && getline(&line, &cap, f) >= 0) {
		char *hash = strchr(line, '#');

		n++;
		if (hash)
			*hash = '\0';
		if (strspn(line, " \t\n") == strlen(line))
			continue;
		err = one(line);
		if (err)
			pr_err_lib("%s:%d: the device above is not registered", path, n);
	}
	free(line);
	fclose(f);
	return err;
}

static int describe_platform_line(const char *line)
{
	return libcdev_platform_describe(line, NULL);
}

_public_ int libcdev_platform_describe_file(const char *path)
{
	return describe_file(path, describe_platform_line);
}

/* ---- devices of every bus ---- */

/*
 * "BUS:..." with a bus of lowercase letters that is none of ours: refused,
 * rather than taken for a platform device of that name, so that a bus
 * libcdev lacks (or a misspelt one) is named as such. The kernel's own
 * platform devices with a colon are ACPI's, "PNP0C0A:00", in capitals.
 */
static bool describe_unknown_bus(const char *line)
{
	size_t n = strspn(line, "abcdefghijklmnopqrstuvwxyz");

	return n && line[n] == ':';
}

_public_ int libcdev_device_describe(const char *line)
{
	if (!line)
		return -EINVAL;
	line += strspn(line, " \t");
	if (!strncmp(line, "i2c:", 4))
		return libcdev_i2c_describe(line, NULL);
	if (!strncmp(line, "spi:", 4))
		return libcdev_spi_describe(line, NULL);
	if (!strncmp(line, "gpio:", 5))
		return libcdev_gpio_describe(line);
	if (!strncmp(line, "rpmsg:", 6))
		return libcdev_rpmsg_describe(line, NULL);
	if (describe_unknown_bus(line)) {
		pr_err_lib(
			"device \"%s\": unknown bus '%.*s' (the buses described: i2c:, spi:, gpio:, rpmsg:)",
			line, (int)strcspn(line, ":"), line);
		return -EINVAL;
	}
	return libcdev_platform_describe(line, NULL);
}

_public_ int libcdev_device_describe_file(const char *path)
{
	return describe_file(path, libcdev_device_describe);
}

_public_ void libcdev_device_forget_described(void)
{
	/* Clients first: a platform device's driver may have made an adapter. */
	libcdev_rpmsg_forget_described();
	libcdev_i2c_forget_described();
	libcdev_spi_forget_described();
	libcdev_platform_forget_described();
	/* The simulated GPIO chips last: the devices above may hold their lines. */
	libcdev_gpio_forget_described();
}
