/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/enclosure.h>: the enclosure services class (a
 * disk enclosure's slots, their fault, locate and power indications). The
 * class itself is a module of its own (the kernel's drivers/misc/enclosure.c,
 * built against this layer): this header declares what it defines, for it
 * and for the drivers that use it. The values are SES-2's.
 */
#ifndef LIBCDEV_KERNEL_LINUX_ENCLOSURE_H
#define LIBCDEV_KERNEL_LINUX_ENCLOSURE_H

#include <linux/device.h>
#include <linux/list.h>

enum enclosure_component_type {
	ENCLOSURE_COMPONENT_DEVICE = 0x01,
	ENCLOSURE_COMPONENT_CONTROLLER_ELECTRONICS = 0x07,
	ENCLOSURE_COMPONENT_SCSI_TARGET_PORT = 0x14,
	ENCLOSURE_COMPONENT_SCSI_INITIATOR_PORT = 0x15,
	ENCLOSURE_COMPONENT_ARRAY_DEVICE = 0x17,
	ENCLOSURE_COMPONENT_SAS_EXPANDER = 0x18,
};

/* An element's common status; ENCLOSURE_STATUS_MAX counts them. */
enum enclosure_status {
	ENCLOSURE_STATUS_UNSUPPORTED = 0,
	ENCLOSURE_STATUS_OK,
	ENCLOSURE_STATUS_CRITICAL,
	ENCLOSURE_STATUS_NON_CRITICAL,
	ENCLOSURE_STATUS_UNRECOVERABLE,
	ENCLOSURE_STATUS_NOT_INSTALLED,
	ENCLOSURE_STATUS_UNKNOWN,
	ENCLOSURE_STATUS_UNAVAILABLE,
	ENCLOSURE_STATUS_MAX
};

/* An activity light's setting (SFF-8485). */
enum enclosure_component_setting {
	ENCLOSURE_SETTING_DISABLED = 0,
	ENCLOSURE_SETTING_ENABLED = 1,
	ENCLOSURE_SETTING_BLINK_A_ON_OFF = 2,
	ENCLOSURE_SETTING_BLINK_A_OFF_ON = 3,
	ENCLOSURE_SETTING_BLINK_B_ON_OFF = 6,
	ENCLOSURE_SETTING_BLINK_B_OFF_ON = 7,
};

struct enclosure_device;
struct enclosure_component;

/* What the driver of the enclosure hardware does for each attribute: get_*() refresh the field. */
struct enclosure_component_callbacks {
	void (*get_status)(struct enclosure_device *edev, struct enclosure_component *ecomp);
	int (*set_status)(struct enclosure_device *edev, struct enclosure_component *ecomp,
			  enum enclosure_status status);
	void (*get_fault)(struct enclosure_device *edev, struct enclosure_component *ecomp);
	int (*set_fault)(struct enclosure_device *edev, struct enclosure_component *ecomp,
			 enum enclosure_component_setting setting);
	void (*get_active)(struct enclosure_device *edev, struct enclosure_component *ecomp);
	int (*set_active)(struct enclosure_device *edev, struct enclosure_component *ecomp,
			  enum enclosure_component_setting setting);
	void (*get_locate)(struct enclosure_device *edev, struct enclosure_component *ecomp);
	int (*set_locate)(struct enclosure_device *edev, struct enclosure_component *ecomp,
			  enum enclosure_component_setting setting);
	void (*get_power_status)(struct enclosure_device *edev, struct enclosure_component *ecomp);
	int (*set_power_status)(struct enclosure_device *edev, struct enclosure_component *ecomp,
				int on);
	int (*show_id)(struct enclosure_device *edev, char *buf);
};

/* One slot: its own device (a child of the enclosure's), and the device it holds, if any. */
struct enclosure_component {
	void *scratch;
	struct device cdev;
	struct device *dev;
	enum enclosure_component_type type;
	int number;
	int fault;
	int active;
	int locate;
	int slot;
	enum enclosure_status status;
	int power_status;
};

struct enclosure_device {
	void *scratch;
	struct list_head node;
	struct device edev;
	struct enclosure_component_callbacks *cb;
	int components;
	struct enclosure_component component[];
};

static inline struct enclosure_device *to_enclosure_device(struct device *dev)
{
	return container_of(dev, struct enclosure_device, edev);
}

static inline struct enclosure_component *to_enclosure_component(struct device *dev)
{
	return container_of(dev, struct enclosure_component, cdev);
}

struct enclosure_device *enclosure_register(struct device *dev, const char *name, int components,
					    struct enclosure_component_callbacks *cb);
void enclosure_unregister(struct enclosure_device *edev);
struct enclosure_component *enclosure_component_alloc(struct enclosure_device *edev,
						      unsigned int number,
						      enum enclosure_component_type type,
						      const char *name);
int enclosure_component_register(struct enclosure_component *ecomp);
int enclosure_add_device(struct enclosure_device *enclosure, int component, struct device *dev);
int enclosure_remove_device(struct enclosure_device *edev, struct device *dev);
struct enclosure_device *enclosure_find(struct device *dev, struct enclosure_device *start);
int enclosure_for_each_device(int (*fn)(struct enclosure_device *edev, void *data), void *data);

#endif
