/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - SPI devices described in text (libcdev-spi(7)): "spi:BUS.CS
 * MODALIAS [model=...] [mode=N] [max-speed-hz=N] [bits-per-word=N] [irq=N]
 * [KEY=VALUE]...", each on the registered controller of BUS or on a
 * simulated one made for it, with the properties (KEY=VALUE) that
 * drivers/base/property.c reads. A file of its own, as the platform bus's
 * parser (drivers/base/describe.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "drivers/spi/internal.h"

/* ---- described devices ---- */

static int describe_error(const char *line, const char *word, const char *why)
{
	pr_err_lib("spi device \"%s\": %s: %s", line, word, why);
	return -EINVAL;
}

/* A number, decimal or 0x, no sign, at most @max. */
static bool parse_num(const char *s, unsigned long long max, unsigned long long *out)
{
	char *end;

	if (!*s || *s == '-' || *s == '+' || *s == ' ')
		return false;
	errno = 0;
	*out = strtoull(s, &end, 0);
	return !*end && errno != ERANGE && *out <= max;
}

/* "regs:ITEM,ITEM": REG=VAL, read-mask=N or write-mask=N. */
static int describe_regs(const char *line, const char *w, const char *args, struct spi_device *spi)
{
	char *copy = strdup(args), *save, *item;
	unsigned long long a, b;
	int err = libcdev_spi_regs_attach(spi, 0x80);

	if (!copy || err) {
		free(copy);
		return err ? err : -ENOMEM;
	}
	for (item = strtok_r(copy, ",", &save); item && !err; item = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(item, '=');

		if (eq)
			*eq = '\0';
		if (!eq || !parse_num(eq + 1, 0xff, &b))
			err = describe_error(line, w,
					     "a register file is regs:REG=VAL,... of bytes");
		else if (!strcmp(item, "read-mask"))
			err = spi_regs_set_read_mask(spi, (uint8_t)b);
		else if (!strcmp(item, "write-mask"))
			err = libcdev_spi_regs_set_write_mask(spi, (uint8_t)b);
		else if (parse_num(item, 0xff, &a))
			err = libcdev_spi_regs_set(spi, (unsigned int)a, (uint8_t)b);
		else
			err = describe_error(line, w, "a register is 0 to 0xff");
	}
	free(copy);
	return err;
}

static int describe_model(const char *line, const char *w, const char *v, struct spi_device *spi)
{
	if (spi->model || spi->model_name)
		return describe_error(line, w, "one model per device");
	if (!strcmp(v, "regs"))
		return libcdev_spi_regs_attach(spi, 0x80);
	if (!strncmp(v, "regs:", 5))
		return describe_regs(line, w, v + 5, spi);
	if (*v == ':')
		return describe_error(line, w, "a model is regs:REG=VAL,... or NAME[:ARGS]");
	spi->model_name = strdup(v);
	return spi->model_name ? 0 : -ENOMEM;
}

static int describe_add_prop(struct spi_device *spi, const char *key, size_t keylen,
			     const char *value)
{
	struct platform_device_property *p = calloc(1, sizeof(*p)), **pp;

	if (!p || !(p->key = strndup(key, keylen)) || !(p->value = strdup(value))) {
		props_free(p);
		return -ENOMEM;
	}
	for (pp = &spi->props; *pp; pp = &(*pp)->next)
		;
	*pp = p;
	return 0;
}

/* The numeric words: mode=, max-speed-hz=, bits-per-word=, irq=. 1 if @w is none of them. */
static int describe_number(const char *line, const char *w, const char *v, struct spi_device *spi)
{
	unsigned long long n;

	if (!strncmp(w, "mode=", 5)) {
		if (!parse_num(v, 0xffff, &n))
			return describe_error(line, w, "a mode is SPI_* bits, 0 to 0xffff");
		spi->mode = (uint32_t)n;
	} else if (!strncmp(w, "max-speed-hz=", 13)) {
		if (!parse_num(v, UINT32_MAX, &n) || !n)
			return describe_error(line, w, "a speed is 1 to 4294967295 Hz");
		spi->max_speed_hz = (uint32_t)n;
	} else if (!strncmp(w, "bits-per-word=", 14)) {
		if (!parse_num(v, 32, &n) || !n)
			return describe_error(line, w, "a word is 1 to 32 bits");
		spi->bits_per_word = (uint8_t)n;
	} else if (!strncmp(w, "irq=", 4)) {
		if (!parse_num(v, 1023, &n) || !n)
			return describe_error(line, w, "an IRQ line is a number from 1 to 1023");
		spi->irq = (int)n;
	} else {
		return 1;
	}
	return 0;
}

static int describe_word(const char *line, const char *w, struct spi_device *spi)
{
	const char *eq = strchr(w, '=');
	int err;

	if (!eq || eq == w || !eq[1])
		return describe_error(line, w, "not KEY=VALUE");
	if (!strncmp(w, "model=", 6))
		return describe_model(line, w, eq + 1, spi);
	err = describe_number(line, w, eq + 1, spi);
	if (err <= 0)
		return err;
	if (!strncmp(w, "bus=", 4))
		return 0; /* describe_host_path() has it */
	/* The words of the bus are its own: a misspelt one must not pass for a property. */
	if (!strncmp(w, "spi-", 4))
		return describe_error(line, w,
				      "not an SPI word (model=, mode=, max-speed-hz=, "
				      "bits-per-word=, irq=)");
	return describe_add_prop(spi, w, (size_t)(eq - w), eq + 1);
}

/* "[spi:]BUS.CS": a bus 0 to 32767, a chip select 0 to 255. */
static int describe_address(const char *line, const char *w, int *bus, unsigned int *cs)
{
	const char *s = strncmp(w, "spi:", 4) ? w : w + 4;
	unsigned long long b, c;
	char buf[32], *dot;

	snprintf(buf, sizeof(buf), "%s", s);
	dot = strchr(buf, '.');
	if (strlen(s) >= sizeof(buf) || !dot)
		return describe_error(line, w, "an SPI address is spi:BUS.CS");
	*dot = '\0';
	if (!parse_num(buf, 32767, &b) || !parse_num(dot + 1, 255, &c))
		return describe_error(line, w, "an SPI address is spi:BUS.CS, bus 0 to 32767");
	*bus = (int)b;
	*cs = (unsigned int)c;
	return 0;
}

/* A device described with "compatible" gets a device-tree node, MODALIAS@CS as the kernel's. */
static void describe_of_node(struct spi_device *spi)
{
	char unit[8];

	snprintf(unit, sizeof(unit), "%u", spi->chip_select);
	props_of_node(&spi->dev, &spi->of_node_buf, spi->modalias, unit, spi->props);
}

static int describe_words(const char *line, char **save, struct spi_device *spi)
{
	char *w = strtok_r(NULL, " \t\n", save);
	int err = 0;

	if (!w || strchr(w, '='))
		return describe_error(line, w ? w : "(end)", "no modalias after the address");
	if (strlen(w) >= SPI_NAME_SIZE)
		return describe_error(line, w, "a modalias is 1 to 31 characters");
	strcpy(spi->modalias, w);
	while (!err && (w = strtok_r(NULL, " \t\n", save)))
		err = describe_word(line, w, spi);
	return err;
}

/* The PATH of a bus=PATH word of @line (malloc()ed), or NULL; *@err -ENOMEM if it could not be copied. */
static char *describe_host_path(const char *line, int *err)
{
	char *copy = strdup(line), *save, *w, *path = NULL;

	*err = copy ? 0 : -ENOMEM;
	for (w = copy ? strtok_r(copy, " \t\n", &save) : NULL; w && !path;
	     w = strtok_r(NULL, " \t\n", &save))
		if (!strncmp(w, "bus=", 4) && w[4] && !(path = strdup(w + 4)))
			*err = -ENOMEM;
	free(copy);
	return path;
}

/*
 * The controller of @bus: the registered one, else one made now (*@made),
 * a simulated one, or for a device on the host's spidev @host one of those.
 * A bus is one or the other.
 */
static int describe_controller(const char *line, const char *w, int bus, const char *host,
			       struct spi_controller **ctlrp, bool *made)
{
	struct spi_controller *ctlr = spi_controller_find_locked(bus);

	*made = !ctlr;
	if (ctlr && host && !spi_host_controller(ctlr))
		return describe_error(line, w, "bus=: the bus is not the host's");
	if (ctlr && !host && spi_host_controller(ctlr))
		return describe_error(line, w,
				      "a device on the host's bus needs bus=/dev/spidevB.C");
	if (!ctlr)
		ctlr = host ? spi_host_controller_new(bus) : spi_sim_controller_new(bus);
	*ctlrp = ctlr;
	return ctlr ? 0 : -ENOMEM;
}

/* A device on the host's bus: no model; its node opened (-ENOENT, -ENOTTY, ... with a message). */
static int describe_host(const char *line, const char *host, struct spi_device *spi)
{
	int err;

	if (!host)
		return 0;
	if (spi->model || spi->model_name)
		return describe_error(line, "model=", "a device on the host's bus has no model");
	err = spi_host_attach(spi, host);
	if (err)
		pr_err_lib("spi device \"%s\": bus=%s: %s", line, host,
			   err == -ENOTTY ? "not a spidev node" : strerror(-err));
	return err;
}

static int describe_check_cs(const char *line, const char *w, struct spi_controller *ctlr,
			     unsigned int cs)
{
	if (cs >= ctlr->num_chipselect)
		return describe_error(line, w, "the chip select is beyond the controller's");
	for (struct spi_device *it = ctlr->devices; it; it = it->next)
		if (it->chip_select == cs)
			return describe_error(line, w, "the chip select is in use");
	return 0;
}

/* The device of @copy (a copy of @line) on its controller, set up from its words. */
static int describe_device(const char *line, char *copy, const char *host, struct spi_device **spip)
{
	char *save, *addr = strtok_r(copy, " \t\n", &save);
	struct spi_controller *ctlr = NULL;
	struct spi_device *spi = NULL;
	unsigned int cs;
	bool made = false;
	int bus, err;

	if (!addr)
		return describe_error(line, "(empty)", "no SPI address");
	err = describe_address(line, addr, &bus, &cs);
	if (!err)
		err = describe_controller(line, addr, bus, host, &ctlr, &made);
	if (!err)
		err = describe_check_cs(line, addr, ctlr, cs);
	spi = err ? NULL : spi_alloc_device(ctlr);
	if (!err && !spi)
		err = -ENOMEM;
	if (!err) {
		spi->chip_select = (uint8_t)cs;
		spi->described = true;
		err = describe_words(line, &save, spi);
	}
	if (!err)
		err = describe_host(line, host, spi);
	if (!err) {
		describe_of_node(spi);
		err = spi_add_device(spi);
		if (err)
			err = describe_error(
				line, "mode=", "the controller refuses this mode or word size");
	}
	if (!err) {
		*spip = spi;
		return 0;
	}
	if (spi && spi->controller_state && ctlr->cleanup)
		ctlr->cleanup(spi);
	spi_dev_put(spi);
	if (made && ctlr)
		spi_unregister_controller(ctlr);
	return err;
}

static int describe_add(const char *line, char *copy, struct spi_device **spip)
{
	int err;
	char *host = describe_host_path(line, &err);

	if (!err)
		err = describe_device(line, copy, host, spip);
	free(host);
	return err;
}

_public_ int libcdev_spi_describe(const char *line, struct spi_device **spip)
{
	struct spi_device *spi = NULL;
	char *copy;
	int err;

	if (!line)
		return -EINVAL;
	copy = strdup(line);
	if (!copy)
		return -ENOMEM;
	spi_lock_take();
	err = describe_add(line, copy, &spi);
	spi_lock_drop();
	free(copy);
	if (!err && spip)
		*spip = spi;
	return err;
}

_public_ void libcdev_spi_forget_described(void)
{
	struct spi_controller *c, *next;
	struct spi_device *spi;

	spi_lock_take();
	for (c = spi_controller_next_locked(NULL); c; c = spi_controller_next_locked(c)) {
		do {
			for (spi = c->devices; spi && !spi->described; spi = spi->next)
				;
			spi_unregister_device(spi);
		} while (spi);
	}
	/* The controllers made for them that nothing is left on go as well. */
	for (c = spi_controller_next_locked(NULL); c; c = next) {
		next = spi_controller_next_locked(c);
		if ((c->simulated || spi_host_controller(c)) && !c->devices)
			spi_unregister_controller(c);
	}
	spi_lock_drop();
}
