/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - firmware for drivers (include/linux/firmware.h,
 * drivers/base/firmware_loader/): a file read whole from the firmware
 * search path, as the kernel's direct loading reads it: the directory
 * $LIBCDEV_FIRMWARE_PATH names (the kernel's firmware_class.path), then
 * /lib/firmware/updates/RELEASE, /lib/firmware/updates,
 * /lib/firmware/RELEASE and /lib/firmware, RELEASE the running kernel's
 * (uname -r). There is no user-mode helper, no compressed file and no
 * cache, as in Debian's kernels (libcdev-kernel(7)).
 */
#ifndef LIBCDEV_FIRMWARE_H
#define LIBCDEV_FIRMWARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libcdev/names.h>

struct device;
struct module;

struct firmware {
	size_t size;
	const uint8_t *data;
	/* private */
	void *priv;
};

/**
 * request_firmware - read the firmware file @name (relative to the search
 * path; no ".." component) for @device into *@fw
 * Return: 0; -EINVAL for an empty name or one with "..", -ENOENT when no
 * directory has it (warned as the kernel warns), -ENOMEM, or the read's error.
 */
int request_firmware(const struct firmware **fw, const char *name, struct device *device);
/** firmware_request_nowarn - request_firmware() without the warning when it fails */
int firmware_request_nowarn(const struct firmware **fw, const char *name, struct device *device);
/** request_firmware_direct - request_firmware() without a fallback (there is none here) */
int request_firmware_direct(const struct firmware **fw, const char *name, struct device *device);
/** firmware_request_platform - request_firmware(); there is no platform firmware to fall back on */
int firmware_request_platform(const struct firmware **fw, const char *name, struct device *device);
/**
 * request_firmware_into_buf - the file read into @buf of @size bytes, which
 * (*@fw)->data then points at; a file larger than @size is skipped as the
 * kernel skips it (the search goes on, and fails with -ENOENT without another)
 */
int request_firmware_into_buf(const struct firmware **fw, const char *name, struct device *device,
			      void *buf, size_t size);
/**
 * request_firmware_nowait - read @name on the system workqueue and call
 * @cont(fw or NULL, @context) there; @module is held until @cont returns
 * (-EFAULT when it is going away), so the module cannot be removed before
 */
int request_firmware_nowait(struct module *module, bool uevent, const char *name,
			    struct device *device, unsigned int gfp, void *context,
			    void (*cont)(const struct firmware *fw, void *context));
/** release_firmware - free @fw (NULL is allowed); a buffer of the caller's is left */
void release_firmware(const struct firmware *fw);

#endif
