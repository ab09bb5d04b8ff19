/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - an SPI controller backed by the host's spidev nodes
 * (drivers/spi/spidev.c on the other side): a device described with
 * bus=/dev/spidevB.C sends its messages there whole, with SPI_IOC_MESSAGE,
 * and its mode, word size and speed are set with SPI_IOC_WR_MODE32,
 * SPI_IOC_WR_BITS_PER_WORD and SPI_IOC_WR_MAX_SPEED_HZ at spi_setup(). The
 * host's kernel then toggles chip select as this core would (cs_change
 * included); no model runs.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "core/core.h"
#include "drivers/spi/internal.h"
#include <libcdev/printk.h>

/*
 * The ABI of <linux/spi/spidev.h>, whose own <linux/spi/spi.h> defines the
 * mode bits <libcdev/spi.h> defines as well: its layout is fixed (the
 * message ioctl's number would change with it).
 */
struct host_ioc_transfer {
	uint64_t tx_buf;
	uint64_t rx_buf;
	uint32_t len;
	uint32_t speed_hz;
	uint16_t delay_usecs;
	uint8_t bits_per_word;
	uint8_t cs_change;
	uint8_t tx_nbits;
	uint8_t rx_nbits;
	uint8_t word_delay_usecs;
	uint8_t pad;
};

#define HOST_IOC_MAGIC 'k'
#define HOST_IOC_MESSAGE(n) \
	_IOC(_IOC_WRITE, HOST_IOC_MAGIC, 0, (n) * sizeof(struct host_ioc_transfer))
#define HOST_IOC_WR_BITS_PER_WORD _IOW(HOST_IOC_MAGIC, 3, uint8_t)
#define HOST_IOC_WR_MAX_SPEED_HZ  _IOW(HOST_IOC_MAGIC, 4, uint32_t)
#define HOST_IOC_RD_MODE32	  _IOR(HOST_IOC_MAGIC, 5, uint32_t)
#define HOST_IOC_WR_MODE32	  _IOW(HOST_IOC_MAGIC, 5, uint32_t)
/* The message ioctl's size field is 14 bits wide. */
#define HOST_MAX_XFERS		  ((1u << 14) / sizeof(struct host_ioc_transfer) - 1)
#define HOST_MODE_BITS		  0xffffu

static int host_fd(const struct spi_device *spi)
{
	return spi->controller_state ? *(const int *)spi->controller_state : -1;
}

static int host_setup(struct spi_device *spi)
{
	int fd = host_fd(spi);
	uint32_t mode = spi->mode & HOST_MODE_BITS;
	uint8_t bits = spi->bits_per_word;

	if (fd < 0)
		return -ENODEV;
	if (ioctl(fd, HOST_IOC_WR_MODE32, &mode) < 0 ||
	    ioctl(fd, HOST_IOC_WR_BITS_PER_WORD, &bits) < 0 ||
	    (spi->max_speed_hz && ioctl(fd, HOST_IOC_WR_MAX_SPEED_HZ, &spi->max_speed_hz) < 0))
		return -errno;
	return 0;
}

static void host_cleanup(struct spi_device *spi)
{
	int fd = host_fd(spi);

	if (fd >= 0)
		close(fd);
	free(spi->controller_state);
	spi->controller_state = NULL;
}

/* A delay in whole microseconds, rounded up (the ioctl has nothing finer). */
static uint16_t host_usecs(const struct spi_delay *d, uint32_t speed_hz)
{
	unsigned long long ns = d->value;

	if (d->unit == SPI_DELAY_UNIT_USECS)
		ns *= 1000;
	else if (d->unit == SPI_DELAY_UNIT_SCK)
		ns = speed_hz ? ns * 1000000000ULL / speed_hz : 0;
	ns = (ns + 999) / 1000;
	return ns > UINT16_MAX ? UINT16_MAX : (uint16_t)ns;
}

static void host_fill(struct host_ioc_transfer *h, const struct spi_transfer *x)
{
	h->tx_buf = (uintptr_t)x->tx_buf;
	h->rx_buf = (uintptr_t)x->rx_buf;
	h->len = x->len;
	h->speed_hz = x->speed_hz;
	h->delay_usecs = host_usecs(&x->delay, x->speed_hz);
	h->bits_per_word = x->bits_per_word;
	h->cs_change = x->cs_change;
	h->tx_nbits = x->tx_nbits;
	h->rx_nbits = x->rx_nbits;
	h->word_delay_usecs = (uint8_t)host_usecs(&x->word_delay, x->speed_hz);
}

static int host_send(struct spi_message *msg)
{
	struct host_ioc_transfer *h;
	unsigned int n = 0;
	int ret;

	list_each(p, &msg->transfers) n++;
	if (n > HOST_MAX_XFERS)
		return -EMSGSIZE;
	h = calloc(n, sizeof(*h));
	if (!h)
		return -ENOMEM;
	n = 0;
	list_each(p, &msg->transfers)
		host_fill(&h[n++], container_of(p, struct spi_transfer, transfer_list));
	ret = ioctl(host_fd(msg->spi), HOST_IOC_MESSAGE(n), h);
	ret = ret < 0 ? -errno : 0;
	free(h);
	return ret;
}

static int host_transfer(struct spi_controller *ctlr, struct spi_message *msg)
{
	int ret = host_send(msg);

	msg->status = ret;
	msg->actual_length = ret ? 0 : msg->frame_length;
	spi_finalize_current_message(ctlr);
	return 0;
}

bool spi_host_controller(const struct spi_controller *ctlr)
{
	return ctlr->transfer_one_message == host_transfer;
}

struct spi_controller *spi_host_controller_new(int bus)
{
	struct spi_controller *ctlr = spi_alloc_master(NULL, 0);

	if (!ctlr)
		return NULL;
	ctlr->bus_num = (int16_t)bus;
	/* One node per chip select: the host's kernel checks the rest. */
	ctlr->num_chipselect = 256;
	ctlr->mode_bits = HOST_MODE_BITS;
	ctlr->setup = host_setup;
	ctlr->cleanup = host_cleanup;
	ctlr->transfer_one_message = host_transfer;
	if (spi_register_controller(ctlr)) {
		spi_controller_put(ctlr);
		return NULL;
	}
	return ctlr;
}

int spi_host_attach(struct spi_device *spi, const char *path)
{
	uint32_t mode;
	int *state = malloc(sizeof(*state)), fd, err;

	if (!state)
		return -ENOMEM;
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		goto out_free;
	}
	/* A node that is not a spidev refuses its ioctls: -ENOTTY. */
	if (ioctl(fd, HOST_IOC_RD_MODE32, &mode) < 0) {
		err = -errno;
		goto out_close;
	}
	*state = fd;
	spi->controller_state = state;
	return 0;
out_close:
	close(fd);
out_free:
	free(state);
	return err;
}
