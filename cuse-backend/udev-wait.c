/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - waiting for udev, so that a node is ready (rules applied,
 * permissions and symlinks in place) when cdev_add() returns.
 *
 * The monitor is opened before the nodes are made, so no event is missed; it
 * listens to udevd's own events (after rules ran), not the kernel's.
 */
#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include <libudev.h>

#include "backend/backend.h"
#include "udev-wait.h"

struct udev_waiter {
	struct udev *udev;
	struct udev_monitor *mon;
};

/*
 * Whether a udevd listens on its control socket. The socket's file outlives
 * a udevd that was stopped (udevadm control --exit, SIGTERM), so its
 * existence is not enough: waiting for a udevd that is gone would hold every
 * node's creation for the whole timeout.
 */
static bool udevd_running(void)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX, .sun_path = "/run/udev/control" };
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	bool listening;

	if (fd < 0)
		return false;
	listening = connect(fd, (const struct sockaddr *)&addr, sizeof(addr)) == 0;
	close(fd);
	return listening;
}

struct udev_waiter *udev_wait_begin(void)
{
	struct udev_waiter *w;

	if (!udevd_running())
		return NULL;
	w = calloc(1, sizeof(*w));
	if (!w)
		return NULL;
	w->udev = udev_new();
	if (!w->udev)
		goto out_free;
	w->mon = udev_monitor_new_from_netlink(w->udev, "udev");
	if (!w->mon || udev_monitor_filter_add_match_subsystem_devtype(w->mon, "cuse", NULL) < 0 ||
	    udev_monitor_enable_receiving(w->mon) < 0)
		goto out_unref;
	return w;

out_unref:
	udev_monitor_unref(w->mon);
	udev_unref(w->udev);
out_free:
	free(w);
	pr_dbg("cuse: cannot watch udev; nodes are not awaited");
	return NULL;
}

static long ms_since(const struct timespec *t0)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - t0->tv_sec) * 1000 + (now.tv_nsec - t0->tv_nsec) / 1000000;
}

int udev_wait_for(struct udev_waiter *w, dev_t first, unsigned int count, int timeout_ms)
{
	bool *seen = calloc(count, sizeof(*seen));
	unsigned int left = count;
	struct timespec t0;

	if (!seen)
		return -ENOMEM;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (left > 0) {
		struct pollfd pfd = { .fd = udev_monitor_get_fd(w->mon), .events = POLLIN };
		long remaining = timeout_ms - ms_since(&t0);
		struct udev_device *d;

		if (remaining <= 0 || poll(&pfd, 1, remaining) <= 0)
			break;
		d = udev_monitor_receive_device(w->mon);
		if (!d)
			continue;
		if (!strcmp(udev_device_get_action(d) ?: "", "add")) {
			dev_t k = new_decode_dev(udev_device_get_devnum(d));

			if (k >= first && k - first < count && !seen[k - first]) {
				seen[k - first] = true;
				left--;
			}
		}
		udev_device_unref(d);
	}
	free(seen);
	if (left) {
		pr_err_lib(
			"cuse: udev did not report %u of %u nodes within %d ms; they may lack their rules yet",
			left, count, timeout_ms);
		return -ETIMEDOUT;
	}
	return 0;
}

void udev_wait_end(struct udev_waiter *w)
{
	if (!w)
		return;
	udev_monitor_unref(w->mon);
	udev_unref(w->udev);
	free(w);
}
