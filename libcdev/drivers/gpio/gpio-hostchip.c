/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - GPIO chips backed by the host's /dev/gpiochipN, described as
 * "gpio:LABEL chip=/dev/gpiochipN [base=N] [can-sleep=1]" and driven through
 * libgpiod's v1 API: the chip has the host chip's lines and their names. A
 * line a driver requests is requested from the host ("libcdev" is its
 * consumer there), as it is (direction unchanged); a direction call
 * requests it again as an input or an output. An input is requested for
 * both edges' events where the host chip can; one thread per chip polls
 * the event fds and raises the line's IRQ (LIBCDEV_GPIO_IRQ_BASE + its
 * number) for an edge its trigger asks for, as gpio-sim.c does for its
 * pulls: a line whose IRQ nobody requested raises nothing.
 *
 * Built without libgpiod, chip= is refused with -EOPNOTSUPP.
 */
#include <errno.h>
#include <string.h>

#include "core/core.h"
#include "drivers/gpio/gpiolib.h"

#ifndef HAVE_LIBGPIOD

int gpio_hostchip_describe(const char *line, char *const *words, unsigned int n)
{
	(void)words;
	(void)n;
	pr_err_lib("GPIO chip \"%s\": chip=: built without libgpiod", line);
	return -EOPNOTSUPP;
}

void gpio_hostchip_forget_all(void)
{
}

#else

#include <gpiod.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <libcdev/irq.h>

#define HOST_CONSUMER "libcdev"

enum host_req { HOST_AS_IS, HOST_IN, HOST_OUT };

struct host_line {
	struct gpiod_line *line;
	int event_fd; /* -1 unless requested for edge events */
	bool requested;
	bool out;
};

struct host_chip {
	struct host_chip *next;
	struct gpio_chip gc;
	struct gpiod_chip *host;
	pthread_mutex_t lock; /* the lines' requests, gen and stop */
	char *label;
	char **names;
	struct host_line *lines;
	int wake_fd;	  /* eventfd: the thread looks at gen and stop again */
	unsigned int gen; /* bumped when the set of event fds changes */
	bool stop;
	bool thread_started;
	pthread_t thread;
	struct host_round *round; /* the thread's */
};

/* The chips described with chip=; under gpio-sim.c's lock. */
static struct host_chip *host_chips;

static struct host_chip *to_host(struct gpio_chip *gc)
{
	return gpiochip_get_data(gc);
}

/* Under the chip's lock: the thread must build its poll set again. */
static void host_changed(struct host_chip *chip)
{
	uint64_t one = 1;

	chip->gen++;
	/* A full counter fails: the thread has a wake-up pending anyway. */
	(void)!write(chip->wake_fd, &one, sizeof(one));
}

/* Under the chip's lock. */
static void host_release(struct host_chip *chip, unsigned int offset)
{
	struct host_line *hl = &chip->lines[offset];

	if (!hl->requested)
		return;
	gpiod_line_release(hl->line);
	hl->requested = false;
	if (hl->event_fd >= 0) {
		hl->event_fd = -1;
		host_changed(chip);
	}
}

/* An input with edge events where the host chip has them, else a plain one. */
static int host_request_input(struct host_chip *chip, struct host_line *hl)
{
	if (!gpiod_line_request_both_edges_events(hl->line, HOST_CONSUMER)) {
		hl->event_fd = gpiod_line_event_get_fd(hl->line);
		host_changed(chip);
		return 0;
	}
	return gpiod_line_request_input(hl->line, HOST_CONSUMER);
}

/*
 * Under the chip's lock: line @offset requested from the host again, as @req
 * says. A request of libgpiod 1 cannot change into one with events (nor
 * its direction before 1.6), so the line is released first: another
 * process may take it in between, and the call then fails with the line
 * held no more (its reads are -EPERM from then on).
 */
static int host_request(struct host_chip *chip, unsigned int offset, enum host_req req, int value)
{
	struct host_line *hl = &chip->lines[offset];
	struct gpiod_line_request_config config = {
		.consumer = HOST_CONSUMER,
		.request_type = GPIOD_LINE_REQUEST_DIRECTION_AS_IS,
	};
	int ret;

	host_release(chip, offset);
	if (req == HOST_IN)
		ret = host_request_input(chip, hl);
	else if (req == HOST_OUT)
		ret = gpiod_line_request_output(hl->line, HOST_CONSUMER, value);
	else
		ret = gpiod_line_request(hl->line, &config, 0);
	if (ret)
		return errno ? -errno : -EIO;
	hl->requested = true;
	if (req != HOST_AS_IS)
		hl->out = req == HOST_OUT;
	return 0;
}

static int host_gc_request(struct gpio_chip *gc, unsigned int offset)
{
	struct host_chip *chip = to_host(gc);
	int ret;

	pthread_mutex_lock(&chip->lock);
	ret = host_request(chip, offset, HOST_AS_IS, 0);
	pthread_mutex_unlock(&chip->lock);
	if (ret)
		pr_err_lib("GPIO chip %s: line %u: not requested from the host: %s", chip->label,
			   offset, strerror(-ret));
	return ret;
}

static void host_gc_free(struct gpio_chip *gc, unsigned int offset)
{
	struct host_chip *chip = to_host(gc);

	pthread_mutex_lock(&chip->lock);
	host_release(chip, offset);
	pthread_mutex_unlock(&chip->lock);
}

static int host_direction_input(struct gpio_chip *gc, unsigned int offset)
{
	struct host_chip *chip = to_host(gc);
	int ret;

	pthread_mutex_lock(&chip->lock);
	ret = host_request(chip, offset, HOST_IN, 0);
	pthread_mutex_unlock(&chip->lock);
	return ret;
}

static int host_direction_output(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct host_chip *chip = to_host(gc);
	int ret;

	pthread_mutex_lock(&chip->lock);
	ret = host_request(chip, offset, HOST_OUT, !!value);
	pthread_mutex_unlock(&chip->lock);
	return ret;
}

static int host_get_direction(struct gpio_chip *gc, unsigned int offset)
{
	struct host_chip *chip = to_host(gc);
	bool out;

	pthread_mutex_lock(&chip->lock);
	out = chip->lines[offset].out;
	pthread_mutex_unlock(&chip->lock);
	return out ? GPIO_LINE_DIRECTION_OUT : GPIO_LINE_DIRECTION_IN;
}

static int host_get(struct gpio_chip *gc, unsigned int offset)
{
	struct host_chip *chip = to_host(gc);
	struct host_line *hl = &chip->lines[offset];
	int v = -EPERM;

	pthread_mutex_lock(&chip->lock);
	if (hl->requested) {
		v = gpiod_line_get_value(hl->line);
		if (v < 0)
			v = -errno;
	}
	pthread_mutex_unlock(&chip->lock);
	return v;
}

static void host_set(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct host_chip *chip = to_host(gc);
	struct host_line *hl = &chip->lines[offset];

	pthread_mutex_lock(&chip->lock);
	/* The host refuses a value for an input, as the kernel ignores it. */
	if (hl->requested && hl->out && gpiod_line_set_value(hl->line, !!value))
		pr_err_lib("GPIO chip %s: line %u: not set: %s", chip->label, offset,
			   strerror(errno));
	pthread_mutex_unlock(&chip->lock);
}

static int host_to_irq(struct gpio_chip *gc, unsigned int offset)
{
	int irq = LIBCDEV_GPIO_IRQ_BASE + gc->base + (int)offset;

	return irq < LIBCDEV_IRQ_DOMAIN_BASE ? irq : 0;
}

/* Under the chip's lock: the wake fd, then the lines' event fds; their offsets in @offs. */
static unsigned int host_poll_set(struct host_chip *chip, struct pollfd *pfd, unsigned int *offs)
{
	unsigned int n = 1;

	pfd[0] = (struct pollfd){ .fd = chip->wake_fd, .events = POLLIN };
	for (unsigned int i = 0; i < chip->gc.ngpio; i++) {
		if (chip->lines[i].event_fd < 0)
			continue;
		pfd[n] = (struct pollfd){ .fd = chip->lines[i].event_fd, .events = POLLIN };
		offs[n++] = i;
	}
	return n;
}

/*
 * Under the chip's lock: the event waiting on line @offset; its IRQ, if
 * its trigger asks for that edge, else 0. A line whose fd fails is watched
 * no more (a host chip unplugged would otherwise spin the thread).
 */
static int host_take_event(struct host_chip *chip, unsigned int offset, short revents)
{
	struct host_line *hl = &chip->lines[offset];
	struct gpiod_line_event ev;
	unsigned int type;
	int irq;

	if (!(revents & POLLIN) || gpiod_line_event_read(hl->line, &ev)) {
		pr_err_lib("GPIO chip %s: line %u: its events fail, no longer watched", chip->label,
			   offset);
		hl->event_fd = -1;
		host_changed(chip);
		return 0;
	}
	irq = host_to_irq(&chip->gc, offset);
	type = irq ? irq_get_trigger_type((unsigned int)irq) : 0;
	if (ev.event_type == GPIOD_LINE_EVENT_RISING_EDGE && (type & IRQ_TYPE_EDGE_RISING))
		return irq;
	if (ev.event_type == GPIOD_LINE_EVENT_FALLING_EDGE && (type & IRQ_TYPE_EDGE_FALLING))
		return irq;
	return 0;
}

/* One round: the events of the lines @pfd found ready, while the set is still @gen. */
static void host_events_round(struct host_chip *chip, struct pollfd *pfd, unsigned int *offs,
			      unsigned int n, unsigned int gen, int *irqs)
{
	unsigned int nirq = 0;
	uint64_t count;

	/* Nothing to read is fine: the wake-up was taken by an earlier round. */
	if (pfd[0].revents & POLLIN)
		(void)!read(chip->wake_fd, &count, sizeof(count));
	pthread_mutex_lock(&chip->lock);
	for (unsigned int i = 1; i < n && gen == chip->gen && !chip->stop; i++) {
		if (pfd[i].revents)
			irqs[nirq] = host_take_event(chip, offs[i], pfd[i].revents);
		if (pfd[i].revents && irqs[nirq])
			nirq++;
	}
	pthread_mutex_unlock(&chip->lock);
	/* Outside the lock: the handlers may call back into the chip. */
	for (unsigned int i = 0; i < nirq; i++)
		libcdev_irq_raise((unsigned int)irqs[i]);
}

/* The poll set and what one round found; sized for every line at the start. */
struct host_round {
	struct pollfd *pfd;
	unsigned int *offs;
	int *irqs;
};

static void *host_events_thread(void *arg)
{
	struct host_chip *chip = arg;
	struct host_round *r = chip->round;
	unsigned int n, gen;

	for (;;) {
		pthread_mutex_lock(&chip->lock);
		if (chip->stop) {
			pthread_mutex_unlock(&chip->lock);
			return NULL;
		}
		gen = chip->gen;
		n = host_poll_set(chip, r->pfd, r->offs);
		pthread_mutex_unlock(&chip->lock);
		if (poll(r->pfd, n, -1) < 0)
			continue; /* EINTR */
		host_events_round(chip, r->pfd, r->offs, n, gen, r->irqs);
	}
}

static void host_round_free(struct host_round *r)
{
	if (!r)
		return;
	free(r->pfd);
	free(r->offs);
	free(r->irqs);
	free(r);
}

static struct host_round *host_round_alloc(unsigned int ngpio)
{
	struct host_round *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	r->pfd = calloc(ngpio + 1, sizeof(*r->pfd));
	r->offs = calloc(ngpio + 1, sizeof(*r->offs));
	r->irqs = calloc(ngpio + 1, sizeof(*r->irqs));
	if (!r->pfd || !r->offs || !r->irqs) {
		host_round_free(r);
		return NULL;
	}
	return r;
}

static void host_stop_thread(struct host_chip *chip)
{
	if (!chip->thread_started)
		return;
	pthread_mutex_lock(&chip->lock);
	chip->stop = true;
	host_changed(chip);
	pthread_mutex_unlock(&chip->lock);
	pthread_join(chip->thread, NULL);
	chip->thread_started = false;
}

/* Closing the host chip releases its requested lines and their fds too. */
static void host_chip_free(struct host_chip *chip)
{
	host_stop_thread(chip);
	if (chip->host)
		gpiod_chip_close(chip->host);
	for (unsigned int i = 0; chip->names && i < chip->gc.ngpio; i++)
		free(chip->names[i]);
	free(chip->names);
	free(chip->lines);
	host_round_free(chip->round);
	free(chip->label);
	if (chip->wake_fd >= 0)
		close(chip->wake_fd);
	pthread_mutex_destroy(&chip->lock);
	free(chip);
}

static void host_chip_ops(struct host_chip *chip)
{
	struct gpio_chip *gc = &chip->gc;

	gc->label = chip->label;
	gc->base = -1;
	gc->names = (const char *const *)chip->names;
	gc->request = host_gc_request;
	gc->free = host_gc_free;
	gc->direction_input = host_direction_input;
	gc->direction_output = host_direction_output;
	gc->get_direction = host_get_direction;
	gc->get = host_get;
	gc->set = host_set;
	gc->to_irq = host_to_irq;
}

/* The host chip's lines, their names and directions as the host has them now. */
static int host_chip_lines(struct host_chip *chip)
{
	unsigned int n = chip->gc.ngpio;
	const char *name;

	chip->names = calloc(n, sizeof(*chip->names));
	chip->lines = calloc(n, sizeof(*chip->lines));
	if (!chip->names || !chip->lines)
		return -ENOMEM;
	for (unsigned int i = 0; i < n; i++) {
		chip->lines[i].event_fd = -1;
		chip->lines[i].line = gpiod_chip_get_line(chip->host, i);
		if (!chip->lines[i].line)
			return errno ? -errno : -EIO;
		chip->lines[i].out = gpiod_line_direction(chip->lines[i].line) ==
				     GPIOD_LINE_DIRECTION_OUTPUT;
		name = gpiod_line_name(chip->lines[i].line);
		if (name && *name && !(chip->names[i] = strdup(name)))
			return -ENOMEM;
	}
	return 0;
}

/* @path opened as a GPIO chip; its lines. */
static int host_chip_open(const char *line, struct host_chip *chip, const char *path)
{
	unsigned int n;
	int err;

	chip->host = gpiod_chip_open(path);
	if (!chip->host) {
		err = errno ? -errno : -EIO;
		pr_err_lib("GPIO chip \"%s\": %s: %s", line, path,
			   err == -ENOTTY || err == -ENODEV ? "not a GPIO chip" : strerror(-err));
		return err;
	}
	n = gpiod_chip_num_lines(chip->host);
	if (!n || n > ARCH_NR_GPIOS) {
		pr_err_lib("GPIO chip \"%s\": %s: %u lines, not 1 to %d", line, path, n,
			   ARCH_NR_GPIOS);
		return -ERANGE;
	}
	chip->gc.ngpio = (unsigned short)n;
	err = host_chip_lines(chip);
	if (err)
		pr_err_lib("GPIO chip \"%s\": %s: its lines: %s", line, path, strerror(-err));
	return err;
}

static struct host_chip *host_chip_alloc(const char *label)
{
	struct host_chip *chip = calloc(1, sizeof(*chip));

	if (!chip)
		return NULL;
	pthread_mutex_init(&chip->lock, NULL);
	chip->wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	chip->label = strdup(label);
	if (chip->wake_fd < 0 || !chip->label) {
		host_chip_free(chip);
		return NULL;
	}
	host_chip_ops(chip);
	return chip;
}

/* The words but chip=: base= and can-sleep=; lines and names are the host's. */
static int host_words(const char *line, char *const *words, unsigned int n, struct host_chip *chip)
{
	int err;

	for (unsigned int i = 1; i < n; i++) {
		if (!strncmp(words[i], "chip=", 5))
			continue;
		err = gpio_describe_common(line, words[i], &chip->gc);
		if (err < 0)
			return err;
		if (err) {
			pr_err_lib("GPIO chip \"%s\": %s: with chip=, only base= and can-sleep=",
				   line, words[i]);
			return -EINVAL;
		}
	}
	return 0;
}

static const char *host_path(char *const *words, unsigned int n)
{
	for (unsigned int i = 1; i < n; i++)
		if (!strncmp(words[i], "chip=", 5))
			return words[i] + 5;
	return "";
}

int gpio_hostchip_describe(const char *line, char *const *words, unsigned int n)
{
	struct host_chip *chip = host_chip_alloc(words[0] + strlen("gpio:"));
	int err;

	if (!chip)
		return -ENOMEM;
	err = host_chip_open(line, chip, host_path(words, n));
	if (err)
		goto err_free;
	err = host_words(line, words, n, chip);
	if (err)
		goto err_free;
	chip->round = host_round_alloc(chip->gc.ngpio);
	if (!chip->round) {
		err = -ENOMEM;
		goto err_free;
	}
	err = -pthread_create(&chip->thread, NULL, host_events_thread, chip);
	if (err) {
		pr_err_lib("GPIO chip \"%s\": no thread for its events: %s", line, strerror(-err));
		goto err_free;
	}
	chip->thread_started = true;
	err = gpiochip_add_data(&chip->gc, chip);
	if (err) {
		pr_err_lib("GPIO chip \"%s\": not registered: %s", line, strerror(-err));
		goto err_free;
	}
	chip->next = host_chips;
	host_chips = chip;
	return 0;

err_free:
	host_chip_free(chip);
	return err;
}

void gpio_hostchip_forget_all(void)
{
	struct host_chip *chip;

	while ((chip = host_chips)) {
		host_chips = chip->next;
		/* No edge raises an IRQ of a chip being removed. */
		host_stop_thread(chip);
		gpiochip_remove(&chip->gc);
		host_chip_free(chip);
	}
}

#endif
