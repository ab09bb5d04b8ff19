/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/spi/spi.c, its messages: the kernel's validation of a
 * message (__spi_validate()), running it under the controller's io_mutex
 * (a transfer_one() controller gets the kernel's chip-select handling
 * around it, spi_transfer_one_message(), cs_change honoured), in the
 * caller's thread when the controller's queue is empty (spi_sync()), else
 * behind the queued ones on a worker (spi_async()).
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "core/core.h"
#include "drivers/spi/internal.h"
#include <libcdev/kcheck.h>
#include <libcdev/ksync.h>
#include <libcdev/printk.h>

/* ---- messages ---- */

/* The checks and defaults of the kernel's __spi_validate() for one transfer. */
static int spi_validate_xfer(struct spi_device *spi, struct spi_transfer *x)
{
	struct spi_controller *ctlr = spi->controller;
	unsigned int w;

	x->effective_speed_hz = 0;
	if (!x->bits_per_word)
		x->bits_per_word = spi->bits_per_word;
	if (!x->speed_hz)
		x->speed_hz = spi->max_speed_hz;
	if (ctlr->max_speed_hz && x->speed_hz > ctlr->max_speed_hz)
		x->speed_hz = ctlr->max_speed_hz;
	if (spi_check_bpw(ctlr, x->bits_per_word))
		return -EINVAL;
	w = x->bits_per_word <= 8 ? 1 : x->bits_per_word <= 16 ? 2 : 4;
	if (x->len % w)
		return -EINVAL;
	if (x->speed_hz && ctlr->min_speed_hz && x->speed_hz < ctlr->min_speed_hz)
		return -EINVAL;
	if (x->tx_buf && !x->tx_nbits)
		x->tx_nbits = SPI_NBITS_SINGLE;
	if (x->rx_buf && !x->rx_nbits)
		x->rx_nbits = SPI_NBITS_SINGLE;
	if (x->tx_buf &&
	    ((spi->mode & SPI_NO_TX) ||
	     (x->tx_nbits == SPI_NBITS_DUAL && !(spi->mode & (SPI_TX_DUAL | SPI_TX_QUAD))) ||
	     (x->tx_nbits == SPI_NBITS_QUAD && !(spi->mode & SPI_TX_QUAD))))
		return -EINVAL;
	if (x->rx_buf &&
	    ((spi->mode & SPI_NO_RX) ||
	     (x->rx_nbits == SPI_NBITS_DUAL && !(spi->mode & (SPI_RX_DUAL | SPI_RX_QUAD))) ||
	     (x->rx_nbits == SPI_NBITS_QUAD && !(spi->mode & SPI_RX_QUAD))))
		return -EINVAL;
	return 0;
}

static int spi_validate(struct spi_device *spi, struct spi_message *msg)
{
	struct spi_controller *ctlr;
	bool half;

	if (!spi || !msg || !spi->registered || list_is_empty(&msg->transfers))
		return -EINVAL;
	ctlr = spi->controller;
	half = (ctlr->flags & SPI_CONTROLLER_HALF_DUPLEX) || (spi->mode & SPI_3WIRE);
	msg->spi = spi;
	msg->frame_length = 0;
	list_each(p, &msg->transfers)
	{
		struct spi_transfer *x = container_of(p, struct spi_transfer, transfer_list);

		if (half && ((x->rx_buf && x->tx_buf) ||
			     ((ctlr->flags & SPI_CONTROLLER_NO_TX) && x->tx_buf) ||
			     ((ctlr->flags & SPI_CONTROLLER_NO_RX) && x->rx_buf)))
			return -EINVAL;
		msg->frame_length += x->len;
		if (spi_validate_xfer(spi, x))
			return -EINVAL;
	}
	msg->status = -EINPROGRESS;
	msg->actual_length = 0;
	return 0;
}

/* spi_delay_to_ns() and a sleep of that long: a simulated bus keeps the driver's timing. */
static void spi_delay_exec(const struct spi_delay *d, const struct spi_transfer *x)
{
	unsigned long long ns = d->value;
	struct timespec ts;

	if (d->unit == SPI_DELAY_UNIT_USECS)
		ns *= 1000;
	else if (d->unit == SPI_DELAY_UNIT_SCK)
		ns = x && x->speed_hz ? ns * 1000000000ULL / x->speed_hz : 0;
	else if (d->unit != SPI_DELAY_UNIT_NSECS)
		return;
	if (!ns)
		return;
	ts.tv_sec = (time_t)(ns / 1000000000ULL);
	ts.tv_nsec = (long)(ns % 1000000000ULL);
	nanosleep(&ts, NULL);
}

/* spi_set_cs(): the line's level, inverted for an active-high chip select; none for SPI_NO_CS. */
void spi_set_cs(struct spi_device *spi, bool enable)
{
	if ((spi->mode & SPI_NO_CS) || !spi->controller->set_cs)
		return;
	if (spi->mode & SPI_CS_HIGH)
		enable = !enable;
	spi->controller->set_cs(spi, !enable);
}

/* The cs_change pause: 10 us when the transfer asks none in microseconds, as the kernel's. */
static void spi_cs_change_delay(const struct spi_transfer *x)
{
	static const struct spi_delay dflt = { 10, SPI_DELAY_UNIT_USECS };

	if (!x->cs_change_delay.value) {
		if (x->cs_change_delay.unit == SPI_DELAY_UNIT_USECS)
			spi_delay_exec(&dflt, x);
		return;
	}
	spi_delay_exec(&x->cs_change_delay, x);
}

/* spi_transfer_one_message(): chip select around the transfers, toggled at a cs_change. */
static int spi_transfer_each(struct spi_controller *ctlr, struct spi_message *msg)
{
	struct spi_device *spi = msg->spi;
	bool keep_cs = false;
	int ret = 0;

	spi_set_cs(spi, true);
	list_each(p, &msg->transfers)
	{
		struct spi_transfer *x = container_of(p, struct spi_transfer, transfer_list);

		if ((x->tx_buf || x->rx_buf) && x->len) {
			ret = ctlr->transfer_one(ctlr, spi, x);
			ret = ret > 0 ? 0 : ret;
		} else if (x->len) {
			printk(KERN_ERR "%s: Bufferless transfer has length %u\n",
			       dev_name(&spi->dev), x->len);
			ret = -EINVAL;
		}
		if (ret < 0)
			break;
		if (!x->effective_speed_hz)
			x->effective_speed_hz = x->speed_hz;
		msg->actual_length += x->len;
		spi_delay_exec(&x->delay, x);
		if (!x->cs_change)
			continue;
		if (p->next == &msg->transfers) {
			keep_cs = true;
		} else {
			spi_set_cs(spi, false);
			spi_cs_change_delay(x);
			spi_set_cs(spi, true);
		}
	}
	if (ret || !keep_cs)
		spi_set_cs(spi, false);
	return ret;
}

_public_ void spi_finalize_current_message(struct spi_controller *ctlr)
{
	pthread_mutex_lock(&ctlr->queue_lock);
	ctlr->msg_done = true;
	pthread_cond_broadcast(&ctlr->done_cond);
	pthread_mutex_unlock(&ctlr->queue_lock);
}

/* A controller's own transfer_one_message(): it ends with spi_finalize_current_message(). */
static int spi_transfer_whole(struct spi_controller *ctlr, struct spi_message *msg)
{
	int ret;

	ctlr->msg_done = false;
	ret = ctlr->transfer_one_message(ctlr, msg);
	if (ret) {
		printk(KERN_ERR "%s: failed to transfer one message from queue\n",
		       dev_name(&ctlr->dev));
		return ret;
	}
	pthread_mutex_lock(&ctlr->queue_lock);
	while (!ctlr->msg_done)
		pthread_cond_wait(&ctlr->done_cond, &ctlr->queue_lock);
	pthread_mutex_unlock(&ctlr->queue_lock);
	return msg->status == -EINPROGRESS ? 0 : msg->status;
}

/* One message, under the controller's io_mutex: its status is set when this returns. */
static void spi_run_message(struct spi_controller *ctlr, struct spi_message *msg)
{
	int ret = 0;

	ctlr->cur_msg = msg;
	if (ctlr->prepare_message)
		ret = ctlr->prepare_message(ctlr, msg);
	if (!ret && ctlr->transfer_one_message)
		ret = spi_transfer_whole(ctlr, msg);
	else if (!ret)
		ret = spi_transfer_each(ctlr, msg);
	if (ctlr->unprepare_message)
		ctlr->unprepare_message(ctlr, msg);
	if (msg->status == -EINPROGRESS || ret)
		msg->status = ret;
	ctlr->cur_msg = NULL;
}

/* The controller's queue, on a worker: one message after the other, in order. */
void spi_pump(struct work_struct *work)
{
	struct spi_controller *ctlr = container_of(work, struct spi_controller, pump);

	for (;;) {
		struct spi_message *msg = NULL;

		pthread_mutex_lock(&ctlr->io_mutex);
		pthread_mutex_lock(&ctlr->queue_lock);
		if (!list_is_empty(&ctlr->queue)) {
			msg = container_of(ctlr->queue.next, struct spi_message, queue);
			list_unlink(&msg->queue);
		}
		pthread_mutex_unlock(&ctlr->queue_lock);
		if (msg)
			spi_run_message(ctlr, msg);
		pthread_mutex_unlock(&ctlr->io_mutex);
		if (!msg)
			return;
		if (msg->complete)
			msg->complete(msg->context);
	}
}

static void spi_queue(struct spi_controller *ctlr, struct spi_message *msg)
{
	pthread_mutex_lock(&ctlr->queue_lock);
	list_append(&msg->queue, &ctlr->queue);
	pthread_mutex_unlock(&ctlr->queue_lock);
	queue_work(system_wq, &ctlr->pump);
}

_public_ int spi_async(struct spi_device *spi, struct spi_message *message)
{
	int err = spi_validate(spi, message);

	if (err)
		return err;
	/* The bus is someone's (spi_bus_lock()): not queued behind their run. */
	if (__atomic_load_n(&spi->controller->bus_lock_flag, __ATOMIC_ACQUIRE))
		return -EBUSY;
	spi_queue(spi->controller, message);
	return 0;
}

static void spi_complete(void *arg)
{
	complete(arg);
}

static int __spi_sync(struct spi_device *spi, struct spi_message *message)
{
	struct spi_controller *ctlr;
	struct completion done;
	int err;

	__libcdev_might_sleep(__FILE__, __LINE__);
	err = spi_validate(spi, message);
	if (err)
		return err;
	ctlr = spi->controller;
	pthread_mutex_lock(&ctlr->io_mutex);
	pthread_mutex_lock(&ctlr->queue_lock);
	if (list_is_empty(&ctlr->queue)) {
		/* Nothing queued before it: run in the caller's thread, as the kernel does. */
		pthread_mutex_unlock(&ctlr->queue_lock);
		spi_run_message(ctlr, message);
		pthread_mutex_unlock(&ctlr->io_mutex);
		return message->status;
	}
	pthread_mutex_unlock(&ctlr->queue_lock);
	pthread_mutex_unlock(&ctlr->io_mutex);
	init_completion(&done);
	message->complete = spi_complete;
	message->context = &done;
	spi_queue(ctlr, message);
	wait_for_completion(&done);
	message->context = NULL;
	return message->status;
}

_public_ int spi_sync(struct spi_device *spi, struct spi_message *message)
{
	struct spi_controller *ctlr = spi ? spi->controller : NULL;
	int ret;

	if (!ctlr)
		return -EINVAL;
	pthread_mutex_lock(&ctlr->bus_lock_mutex);
	ret = __spi_sync(spi, message);
	pthread_mutex_unlock(&ctlr->bus_lock_mutex);
	return ret;
}

_public_ int spi_sync_locked(struct spi_device *spi, struct spi_message *message)
{
	return __spi_sync(spi, message);
}

_public_ int spi_bus_lock(struct spi_controller *ctlr)
{
	__libcdev_might_sleep(__FILE__, __LINE__);
	pthread_mutex_lock(&ctlr->bus_lock_mutex);
	__atomic_store_n(&ctlr->bus_lock_flag, true, __ATOMIC_RELEASE);
	return 0;
}

_public_ int spi_bus_unlock(struct spi_controller *ctlr)
{
	__atomic_store_n(&ctlr->bus_lock_flag, false, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&ctlr->bus_lock_mutex);
	return 0;
}

_public_ int spi_write_then_read(struct spi_device *spi, const void *txbuf, unsigned int n_tx,
				 void *rxbuf, unsigned int n_rx)
{
	struct spi_transfer x[2];
	struct spi_message msg;

	memset(x, 0, sizeof(x));
	msg.transfers.next = msg.transfers.prev = &msg.transfers;
	msg.complete = NULL;
	msg.context = NULL;
	msg.is_dma_mapped = 0;
	/* The kernel bounces through its own buffer: the caller's may be on the stack. */
	if (n_tx) {
		x[0].tx_buf = txbuf;
		x[0].len = n_tx;
		list_append(&x[0].transfer_list, &msg.transfers);
	}
	if (n_rx) {
		x[1].rx_buf = rxbuf;
		x[1].len = n_rx;
		list_append(&x[1].transfer_list, &msg.transfers);
	}
	return spi_sync(spi, &msg);
}
