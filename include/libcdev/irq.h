/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - simulated interrupts (include/linux/interrupt.h, kernel/irq/):
 * IRQ lines 1 to 1023 of the process, raised by libcdev_irq_raise() (from a
 * test, a timer standing in for the hardware, or `cdevctl irq`).
 *
 * A raised line runs its hard handlers on the process's one "hardirq"
 * thread, in atomic context (in_irq() is true, and sleeping there is
 * reported as the kernel's might_sleep() does), one raise after the other.
 * A handler that returns IRQ_WAKE_THREAD wakes the action's own thread
 * ("irq/N-name"), which runs the threaded handler in process context; with
 * IRQF_ONESHOT the line stays masked until the threaded handler returns.
 * Raises of a disabled line leave it pending: enable_irq() delivers one.
 *
 * Not in <libcdev/libcdev.h>; <linux/interrupt.h> carries the kernel's
 * spellings (request_irq() and the others record THIS_MODULE: unloading a
 * module frees, and reports, the lines it left requested).
 */
#ifndef LIBCDEV_IRQ_H
#define LIBCDEV_IRQ_H

#include <libcdev/device.h>
#include <libcdev/module.h>
#include <libcdev/names.h>

/*
 * The lines of a process: 1 .. LIBCDEV_NR_IRQS - 1 (0 is not a valid IRQ).
 * Devices are given 1 to 1023; 1024 to 1535 are the simulated GPIO lines'
 * (<libcdev/gpio.h>: 1024 + the line's number, below 512); the last 512,
 * from LIBCDEV_IRQ_DOMAIN_BASE, are given out by the IRQ domains of
 * <linux/irqdomain.h> as irq_create_mapping() asks for them.
 */
#define LIBCDEV_IRQ_DOMAIN_BASE (1024 + 512)
#define LIBCDEV_NR_IRQS		(LIBCDEV_IRQ_DOMAIN_BASE + 512)

enum irqreturn {
	IRQ_NONE = 0,
	IRQ_HANDLED = 1 << 0,
	IRQ_WAKE_THREAD = 1 << 1,
};
typedef enum irqreturn irqreturn_t;
typedef irqreturn_t (*irq_handler_t)(int irq, void *dev_id);

#define IRQF_TRIGGER_NONE    0x00000000
#define IRQF_TRIGGER_RISING  0x00000001
#define IRQF_TRIGGER_FALLING 0x00000002
#define IRQF_TRIGGER_HIGH    0x00000004
#define IRQF_TRIGGER_LOW     0x00000008
#define IRQF_TRIGGER_MASK    0x0000000f
#define IRQF_SHARED	     0x00000080
#define IRQF_PROBE_SHARED    0x00000100
#define IRQF_TIMER	     0x00000200
#define IRQF_PERCPU	     0x00000400
#define IRQF_NOBALANCING     0x00000800
#define IRQF_IRQPOLL	     0x00001000
#define IRQF_ONESHOT	     0x00002000
#define IRQF_NO_SUSPEND	     0x00004000
#define IRQF_NO_THREAD	     0x00010000
#define IRQF_NO_AUTOEN	     0x00080000

/**
 * libcdev_request_threaded_irq - request_threaded_irq() for @owner
 * @handler: the hard handler, or NULL for one that wakes @thread_fn (IRQF_ONESHOT needed)
 * @thread_fn: run on the action's thread when @handler returns IRQ_WAKE_THREAD, or NULL
 *
 * Return: 0; -EINVAL (a line out of range, no handler at all, NULL handler
 * without IRQF_ONESHOT, IRQF_SHARED without @dev_id); -EBUSY (the line has
 * an action and one of the two is not IRQF_SHARED); -ENOMEM; -EAGAIN (no thread).
 */
int libcdev_request_threaded_irq(unsigned int irq, irq_handler_t handler, irq_handler_t thread_fn,
				 unsigned long flags, const char *name, void *dev_id,
				 struct module *owner);

/** libcdev_devm_request_threaded_irq - the same, freed when @dev's driver is unbound */
int libcdev_devm_request_threaded_irq(struct device *dev, unsigned int irq, irq_handler_t handler,
				      irq_handler_t thread_fn, unsigned long flags,
				      const char *name, void *dev_id, struct module *owner);

/**
 * free_irq - remove the action of @dev_id from @irq, once its handlers have returned
 * Return: the name it was requested with, or NULL (with a warning) if there is none.
 */
const void *free_irq(unsigned int irq, void *dev_id);
void devm_free_irq(struct device *dev, unsigned int irq, void *dev_id);

/** disable_irq - mask @irq and wait for its running handlers (hard and threaded); nests */
void disable_irq(unsigned int irq);
/** disable_irq_nosync - mask @irq without waiting (the one allowed in its own handler) */
void disable_irq_nosync(unsigned int irq);
/** enable_irq - undo one disable; the last one delivers a raise left pending meanwhile */
void enable_irq(unsigned int irq);
/**
 * synchronize_irq - wait until @irq has no handler running and, while it is
 * enabled, no raise waiting to be handled
 */
void synchronize_irq(unsigned int irq);

/**
 * libcdev_irq_raise - the device asserts line @irq: its handlers will run on
 * the hardirq thread (this returns at once; synchronize_irq() waits for them)
 * Return: 0; -EINVAL (out of range); -ENOENT (nobody requested the line).
 */
int libcdev_irq_raise(unsigned int irq);

/** libcdev_irq_count - how many raises of @irq the handlers have taken (/proc/interrupts) */
unsigned long libcdev_irq_count(unsigned int irq);

/* A line's trigger (<linux/irq.h>): the IRQF_TRIGGER_* bits have these values. */
#define IRQ_TYPE_NONE	      0x00000000
#define IRQ_TYPE_EDGE_RISING  0x00000001
#define IRQ_TYPE_EDGE_FALLING 0x00000002
#define IRQ_TYPE_EDGE_BOTH    (IRQ_TYPE_EDGE_FALLING | IRQ_TYPE_EDGE_RISING)
#define IRQ_TYPE_LEVEL_HIGH   0x00000004
#define IRQ_TYPE_LEVEL_LOW    0x00000008
#define IRQ_TYPE_LEVEL_MASK   (IRQ_TYPE_LEVEL_LOW | IRQ_TYPE_LEVEL_HIGH)
#define IRQ_TYPE_SENSE_MASK   0x0000000f

/**
 * irq_set_irq_type - set the trigger of @irq (IRQ_TYPE_*); request_irq() with
 * an IRQF_TRIGGER_* flag sets it too. The simulated line raises whatever it
 * is; the trigger is kept for the driver, and for what models edges.
 * Return: 0; -EINVAL (out of range, or not a trigger).
 */
int irq_set_irq_type(unsigned int irq, unsigned int type);
/** irq_get_trigger_type - the trigger of @irq (IRQ_TYPE_*), IRQ_TYPE_NONE if never set */
unsigned int irq_get_trigger_type(unsigned int irq);

#endif
