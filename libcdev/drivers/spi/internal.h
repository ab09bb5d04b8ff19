/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - what the SPI core (spi.c) and its simulated controller, models
 * and description parser (spi-sim.c) share.
 *
 * Included by: the files of libcdev/drivers/spi/ only.
 */
#ifndef LIBCDEV_DRIVERS_SPI_INTERNAL_H
#define LIBCDEV_DRIVERS_SPI_INTERNAL_H

#include <libcdev/spi.h>

/* The kernel's list operations the core needs (the layer's <linux/list.h> is for drivers). */
#define list_each(pos, head) \
	for (struct list_head *pos = (head)->next; pos != (head); pos = pos->next)

static inline bool list_is_empty(const struct list_head *head)
{
	return head->next == head;
}

static inline void list_append(struct list_head *n, struct list_head *head)
{
	n->prev = head->prev;
	n->next = head;
	head->prev->next = n;
	head->prev = n;
}

static inline void list_unlink(struct list_head *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
	n->next = n->prev = n;
}

/* The bus lock (recursive): the lists of controllers, devices and drivers, binding. */
void spi_lock_take(void);
void spi_lock_drop(void);

/* The registered controller of @bus, or NULL. Under the bus lock. */
struct spi_controller *spi_controller_find_locked(int bus);

/* The registered controller after @c (the first for NULL), or NULL. Under the bus lock. */
struct spi_controller *spi_controller_next_locked(struct spi_controller *c);

/* spi_set_cs(): assert (@enable) or deassert @spi's chip select, at the line's level (message.c). */
void spi_set_cs(struct spi_device *spi, bool enable);
/* The queue's worker (message.c). */
void spi_pump(struct work_struct *work);
/* 0 if @ctlr's bits_per_word_mask allows words of @bpw bits, else -EINVAL (spi.c). */
int spi_check_bpw(const struct spi_controller *ctlr, unsigned int bpw);

/* A new simulated controller for @bus, registered (spi-sim.c). */
struct spi_controller *spi_sim_controller_new(int bus);

/* A controller for @bus whose devices are the host's spidev nodes, registered (spidev-host.c). */
struct spi_controller *spi_host_controller_new(int bus);
/* Whether @ctlr is one. */
bool spi_host_controller(const struct spi_controller *ctlr);
/* Open @path for @spi, checking it is a spidev: 0, -ENOTTY if not, the error of open(). */
int spi_host_attach(struct spi_device *spi, const char *path);

/* The register file's read convention: a read when @read_mask is set in the address (spi-sim.c). */
int spi_regs_set_read_mask(struct spi_device *spi, uint8_t read_mask);

/* What a device holds of the simulation, at its end: the model's state, its properties (spi-sim.c). */
void spi_sim_device_release(struct spi_device *spi);

#endif
