/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - I2C devices described in text (libcdev-buses(7)):
 *
 *   i2c:BUS ADDR TYPE [model=regs:REG=VAL,...|model=NAME[:ARGS]]
 *                     [bus=/dev/i2c-N] [irq=N] [ten-bit=1] [KEY=VALUE]...
 *
 *   i2c:BUS adapter [export=1]
 *
 * Bus BUS is made at its first line: simulated (its devices' models
 * answer), or backed by the host's adapter that bus= names. A file of its
 * own: the parser of a format, apart from the bus (i2c-core-base.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "drivers/i2c/i2c-core.h"

struct i2c_desc {
	int nr;
	struct i2c_board_info info;
	const char *model; /* model=, or NULL */
	const char *bus;   /* bus=, or NULL */
	struct platform_device_property *props;
};

static int desc_error(const char *line, const char *word, const char *why)
{
	pr_err_lib("i2c device \"%s\": %s: %s", line, word, why);
	return -EINVAL;
}

/* "i2c:BUS": the adapter's number. */
static int desc_bus(const char *line, const char *w, struct i2c_desc *d)
{
	char *end;
	long nr = strtol(w + 4, &end, 10);

	if (end == w + 4 || *end || w[4] == '-' || nr > 0xffff)
		return desc_error(line, w, "the bus is i2c:N, N a number from 0 to 65535");
	d->nr = (int)nr;
	return 0;
}

/* ADDR: 0x03-0x77 (the 7-bit addresses devices may have), or up to 0x3ff with ten-bit=1. */
static int desc_addr(const char *line, const char *w, struct i2c_desc *d)
{
	char *end;
	unsigned long a = strtoul(w, &end, 0);
	bool ten = d->info.flags & I2C_CLIENT_TEN;

	if (end == w || *end || *w == '-' || (ten ? a > 0x3ff : (a < 0x03 || a > 0x77)))
		return desc_error(line, w,
				  ten ? "a 10-bit address is 0x000 to 0x3ff" :
					"a 7-bit address is 0x03 to 0x77 (0x00-0x02 and "
					"0x78-0x7f are reserved)");
	d->info.addr = (unsigned short)a;
	return 0;
}

static int desc_word(const char *line, const char *w, struct i2c_desc *d)
{
	const char *eq = strchr(w, '=');
	char *end;

	if (!eq || eq == w || !eq[1])
		return desc_error(line, w, "not KEY=VALUE");
	if (!strncmp(w, "model=", 6)) {
		d->model = eq + 1;
		return 0;
	}
	if (!strncmp(w, "bus=", 4)) {
		d->bus = eq + 1;
		return 0;
	}
	if (!strncmp(w, "irq=", 4)) {
		long irq = strtol(eq + 1, &end, 10);

		if (*end || irq < 1 || irq > 1023)
			return desc_error(line, w, "an IRQ line is a number from 1 to 1023");
		d->info.irq = (int)irq;
	}
	return props_append(&d->props, w, (size_t)(eq - w), eq + 1);
}

/* The words before the address first: ten-bit=1 changes what an address may be. */
static int desc_parse(const char *line, char *copy, struct i2c_desc *d)
{
	char *words[64], *save;
	int n = 0, err;

	for (char *w = strtok_r(copy, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
		if (n == 64)
			return desc_error(line, w, "more than 64 words");
		words[n++] = w;
	}
	if (n < 3)
		return desc_error(line, n ? words[n - 1] : "(empty)",
				  "an I2C device is i2c:BUS ADDR TYPE [KEY=VALUE]...");
	for (int i = 3; i < n; i++)
		if (!strcmp(words[i], "ten-bit=1"))
			d->info.flags |= I2C_CLIENT_TEN;
	err = desc_bus(line, words[0], d);
	if (!err)
		err = desc_addr(line, words[1], d);
	if (err)
		return err;
	/* "-": a chip and no device. */
	if (!*words[2] || strlen(words[2]) >= I2C_NAME_SIZE || strchr(words[2], '='))
		return desc_error(line, words[2], "a device type is 1 to 19 characters, no '='");
	snprintf(d->info.type, sizeof(d->info.type), "%s", words[2]);
	for (int i = 3; i < n && !err; i++)
		err = desc_word(line, words[i], d);
	if (!err && d->model && d->bus)
		err = desc_error(line, d->model,
				 "model= is for a simulated bus; bus= backs it by a real adapter");
	return err;
}

/* As the device tree would name the node: TYPE@ADDR, its compatible values the properties. */
static void desc_of_node(struct i2c_client *client)
{
	char unit[8];

	snprintf(unit, sizeof(unit), "%x", client->addr);
	props_of_node(&client->dev, &client->of_node, client->name, unit, client->props);
}

static struct i2c_adapter *desc_adapter(const char *line, const struct i2c_desc *d)
{
	struct i2c_adapter *adap;

	adap = d->bus ? i2c_hostdev_adapter_get(d->nr, d->bus) : i2c_sim_adapter_get(d->nr);
	if (IS_ERR(adap) && PTR_ERR(adap) == -EBUSY)
		pr_err_lib("i2c device \"%s\": bus %d is %s adapter", line, d->nr,
			   d->bus ? "another" : "a real or a driver's");
	else if (IS_ERR(adap) && d->bus)
		pr_err_lib("i2c device \"%s\": %s: %s", line, d->bus,
			   PTR_ERR(adap) == -ENOTTY ? "not an I2C adapter" :
						      strerror((int)-PTR_ERR(adap)));
	return adap;
}

/* A described adapter with no client (and no chip) left is the library's to take away. */
static void desc_adapter_put_locked(struct i2c_adapter *adap)
{
	if (!adap->described || adap->clients)
		return;
	if (i2c_adapter_is_hostdev(adap))
		i2c_hostdev_adapter_free(adap);
	else if (i2c_adapter_is_sim(adap) && i2c_sim_adapter_unused(adap))
		i2c_sim_adapter_free(adap);
}

static int desc_model(const char *line, struct i2c_adapter *adap, const struct i2c_desc *d)
{
	int err = i2c_sim_model_add(adap, d->info.addr, d->model);

	if (err == -EINVAL)
		desc_error(line, d->model,
			   "model= is regs[:REG=VAL,...] (0-255 each) or NAME[:ARGS]");
	else if (err == -EBUSY)
		pr_err_lib("i2c device \"%s\": bus %d has a chip at 0x%02x already", line, d->nr,
			   d->info.addr);
	return err;
}

/* The device (TYPE "-": none), with the chip that answers for it. */
static int desc_client(const char *line, struct i2c_adapter *adap, struct i2c_desc *d,
		       struct i2c_client **clientp)
{
	struct i2c_client *client;
	int err;

	if (!strcmp(d->info.type, "-"))
		return 0;
	client = i2c_client_alloc(adap, &d->info);
	if (!client)
		return -ENOMEM;
	client->props = d->props;
	d->props = NULL;
	client->described = true;
	desc_of_node(client);
	err = i2c_client_add_locked(client);
	if (err) {
		if (err == -EBUSY)
			pr_err_lib("i2c device \"%s\": address 0x%02x of bus %d is taken", line,
				   d->info.addr, d->nr);
		props_free(client->props);
		free(client);
		return err;
	}
	*clientp = client;
	return 0;
}

static int desc_register(const char *line, struct i2c_desc *d, struct i2c_client **clientp)
{
	struct i2c_adapter *adap;
	int err;

	i2c_core_lock();
	adap = desc_adapter(line, d);
	if (IS_ERR(adap)) {
		err = (int)PTR_ERR(adap);
		goto out;
	}
	err = d->model ? desc_model(line, adap, d) : 0;
	if (err)
		goto out_put;
	err = desc_client(line, adap, d, clientp);
	if (err && d->model)
		i2c_sim_model_del(adap, d->info.addr);
out_put:
	if (err)
		desc_adapter_put_locked(adap);
out:
	i2c_core_unlock();
	return err;
}

static int desc_adapter_line(const char *line, char **words, int n);

/* An adapter line is described and 0 or an errno returned; any other line: 1. */
static int desc_try_adapter_line(const char *line, char *copy)
{
	char *words[8], *save;
	int n = 0;

	for (char *w = strtok_r(copy, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
		if (n == 8)
			return n > 1 && !strcmp(words[1], "adapter") ?
				       desc_error(line, w, "an adapter line has at most 8 words") :
				       1;
		words[n++] = w;
	}
	if (n < 2 || strcmp(words[1], "adapter"))
		return 1;
	return desc_adapter_line(line, words, n);
}

/* "i2c:BUS adapter [export=1]": the simulated bus itself, and whether it is a node. */
static int desc_adapter_line(const char *line, char **words, int n)
{
	struct i2c_desc d = { 0 };
	struct i2c_adapter *adap;
	bool export = false;
	int err = desc_bus(line, words[0], &d);

	for (int i = 2; i < n && !err; i++) {
		if (!strcmp(words[i], "export=1"))
			export = true;
		else if (strcmp(words[i], "export=0"))
			err = desc_error(line, words[i], "an adapter line takes export=1 only");
	}
	if (err)
		return err;
	i2c_core_lock();
	adap = desc_adapter(line, &d);
	err = IS_ERR(adap) ? (int)PTR_ERR(adap) : 0;
	if (!err && export) {
		err = i2c_sim_adapter_export(adap);
		if (err)
			pr_err_lib("i2c adapter \"%s\": cannot make /dev/i2c-%d: %s", line, d.nr,
				   strerror(-err));
		if (err)
			desc_adapter_put_locked(adap);
	}
	i2c_core_unlock();
	return err;
}

_public_ int libcdev_i2c_describe(const char *line, struct i2c_client **clientp)
{
	struct i2c_desc d = { 0 };
	struct i2c_client *client = NULL;
	char *copy;
	int err;

	if (!line)
		return -EINVAL;
	copy = strdup(line);
	if (!copy)
		return -ENOMEM;
	err = desc_try_adapter_line(line, copy);
	if (err != 1) {
		free(copy);
		return err;
	}
	strcpy(copy, line);
	err = desc_parse(line, copy, &d);
	if (!err)
		err = desc_register(line, &d, &client);
	props_free(d.props);
	free(copy);
	if (!err && clientp)
		*clientp = client;
	return err;
}

_public_ void libcdev_i2c_forget_described(void)
{
	struct i2c_adapter *adap, *next;

	i2c_core_lock();
	for (adap = i2c_adapters_locked(); adap; adap = next) {
		struct i2c_client *c = adap->clients, *cnext;

		next = adap->next;
		for (; c; c = cnext) {
			cnext = c->next;
			if (c->described)
				i2c_client_del_locked(c);
		}
		/* Every chip of a simulated bus came from a description, and its node. */
		for (unsigned short addr = 0; addr < 0x400 && i2c_adapter_is_sim(adap); addr++)
			i2c_sim_model_del(adap, addr);
		if (i2c_adapter_is_sim(adap) && adap->described && !adap->clients)
			i2c_sim_adapter_free(adap);
		else
			desc_adapter_put_locked(adap);
	}
	i2c_core_unlock();
}
