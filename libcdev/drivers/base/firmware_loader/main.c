// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libcdev - drivers/base/firmware_loader/main.c: firmware files read whole
 * from the search path (<libcdev/firmware.h>), as the kernel's direct
 * loading reads them: the first directory that has the file gives it, a
 * name with a ".." component is refused, a failure is warned about unless
 * the caller asked not to be. The asynchronous form runs on the system
 * workqueue and holds the caller's module meanwhile.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "core/core.h"
#include <libcdev/firmware.h>
#include <libcdev/kdefer.h>
#include <libcdev/module.h>
#include <libcdev/platform.h>
#include <libcdev/printk.h>

#define FW_NOWARN 0x1

/* "..", "../x", "x/../y" and "x/..": the kernel refuses them, "x..bin" it allows. */
static bool fw_name_has_dotdot(const char *name)
{
	size_t n = strlen(name);

	return !strcmp(name, "..") || !strncmp(name, "../", 3) || strstr(name, "/../") ||
	       (n >= 3 && !strcmp(name + n - 3, "/.."));
}

/* All of the regular file at @path into *@bufp (NULL: a new buffer), at most @max bytes. */
static ssize_t fw_read_file(const char *path, void **bufp, size_t max)
{
	ssize_t done = 0, n = 0;
	void *buf = *bufp;
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0) {
		done = -errno;
		goto out;
	}
	if (!S_ISREG(st.st_mode) || (size_t)st.st_size > max) {
		done = S_ISREG(st.st_mode) ? -EFBIG : -EINVAL;
		goto out;
	}
	if (!buf && !(buf = malloc(st.st_size ? st.st_size : 1))) {
		done = -ENOMEM;
		goto out;
	}
	while (done < st.st_size && (n = read(fd, (char *)buf + done, st.st_size - done)) > 0)
		done += n;
	if (done < st.st_size) /* an error, or the file shrank while read: not all of it */
		done = n < 0 ? -errno : -EIO;
	if (done >= 0)
		*bufp = buf;
	else if (buf != *bufp)
		free(buf);
out:
	close(fd);
	return done;
}

/* A warning, or a note (@warn false), naming the device as dev_warn() does, NULL included. */
static void fw_log(bool warn, struct device *device, const char *msg)
{
	const char *drv = device ? dev_driver_string(device) : "(NULL device *)";
	const char *dev = device ? dev_name(device) : "";

	if (warn)
		printk(KERN_WARNING "%s%s%s: %s\n", drv, *dev ? " " : "", dev, msg);
	else
		printk(KERN_INFO "%s%s%s: %s\n", drv, *dev ? " " : "", dev, msg);
}

/* Each directory of the search path in turn, the first that has the file wins. */
static int fw_search(struct firmware *fw, const char *name, void *buf, size_t size)
{
	const char *custom = getenv("LIBCDEV_FIRMWARE_PATH");
	struct utsname u;
	char dirs[4][sizeof(u.release) + 32], path[PATH_MAX];
	const char *order[5];
	int err = -ENOENT, n = 0;

	if (custom && *custom)
		order[n++] = custom;
	uname(&u);
	snprintf(dirs[0], sizeof(dirs[0]), "/lib/firmware/updates/%s", u.release);
	snprintf(dirs[1], sizeof(dirs[1]), "/lib/firmware/updates");
	snprintf(dirs[2], sizeof(dirs[2]), "/lib/firmware/%s", u.release);
	snprintf(dirs[3], sizeof(dirs[3]), "/lib/firmware");
	for (int i = 0; i < 4; i++)
		order[n++] = dirs[i];
	for (int i = 0; i < n; i++) {
		void *data = buf;
		ssize_t got;

		if (snprintf(path, sizeof(path), "%s/%s", order[i], name) >= (int)sizeof(path))
			return -ENAMETOOLONG;
		got = fw_read_file(path, &data, buf ? size : INT_MAX);
		if (got < 0) {
			err = (int)got;
			continue;
		}
		fw->data = data;
		fw->size = (size_t)got;
		fw->priv = buf ? NULL : data; /* what release_firmware() frees */
		return 0;
	}
	return err;
}

static int fw_request(const struct firmware **fwp, const char *name, struct device *device,
		      void *buf, size_t size, unsigned int flags)
{
	char msg[PATH_MAX + 64];
	struct firmware *fw;
	int err;

	if (!fwp)
		return -EINVAL;
	*fwp = NULL;
	if (!name || !*name)
		return -EINVAL;
	if (fw_name_has_dotdot(name)) {
		snprintf(msg, sizeof(msg),
			 "Firmware load for '%s' refused, path contains '..' component", name);
		fw_log(true, device, msg);
		return -EINVAL;
	}
	fw = calloc(1, sizeof(*fw));
	if (!fw)
		return -ENOMEM;
	err = fw_search(fw, name, buf, size);
	if (err) {
		if (!(flags & FW_NOWARN)) {
			snprintf(msg, sizeof(msg),
				 "Direct firmware load for %s failed with error %d", name, err);
			fw_log(true, device, msg);
		}
		free(fw);
		return err;
	}
	snprintf(msg, sizeof(msg), "firmware: direct-loading firmware %s", name);
	fw_log(false, device, msg);
	*fwp = fw;
	return 0;
}

_public_ int request_firmware(const struct firmware **fw, const char *name, struct device *device)
{
	return fw_request(fw, name, device, NULL, 0, 0);
}

_public_ int firmware_request_nowarn(const struct firmware **fw, const char *name,
				     struct device *device)
{
	return fw_request(fw, name, device, NULL, 0, FW_NOWARN);
}

_public_ int request_firmware_direct(const struct firmware **fw, const char *name,
				     struct device *device)
{
	return fw_request(fw, name, device, NULL, 0, FW_NOWARN);
}

_public_ int firmware_request_platform(const struct firmware **fw, const char *name,
				       struct device *device)
{
	return fw_request(fw, name, device, NULL, 0, 0);
}

_public_ int request_firmware_into_buf(const struct firmware **fw, const char *name,
				       struct device *device, void *buf, size_t size)
{
	if (!buf)
		return -EINVAL;
	return fw_request(fw, name, device, buf, size, 0);
}

_public_ void release_firmware(const struct firmware *fw)
{
	if (!fw)
		return;
	free(fw->priv);
	free((void *)fw);
}

struct fw_work {
	struct work_struct work;
	struct module *module;
	char *name;
	struct device *device;
	void *context;
	void (*cont)(const struct firmware *fw, void *context);
	unsigned int flags;
};

static void fw_work_fn(struct work_struct *work)
{
	struct fw_work *w = container_of(work, struct fw_work, work);
	const struct firmware *fw;

	fw_request(&fw, w->name, w->device, NULL, 0, w->flags);
	w->cont(fw, w->context);
	module_put(w->module);
	free(w->name);
	free(w);
}

_public_ int request_firmware_nowait(struct module *module, bool uevent, const char *name,
				     struct device *device, unsigned int gfp, void *context,
				     void (*cont)(const struct firmware *fw, void *context))
{
	struct fw_work *w = calloc(1, sizeof(*w));

	(void)uevent;
	(void)gfp;
	if (!w || !(w->name = strdup(name ? name : "")))
		goto nomem;
	/* As the kernel's: a module on its way out gets no callback later. */
	if (!try_module_get(module)) {
		free(w->name);
		free(w);
		return -EFAULT;
	}
	w->module = module;
	w->device = device;
	w->context = context;
	w->cont = cont;
	libcdev_init_work(&w->work, fw_work_fn, NULL);
	queue_work(system_wq, &w->work);
	return 0;
nomem:
	free(w);
	return -ENOMEM;
}
