/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl udev-test - the driver's nodes as udev sees them: the monitor,
 * the cuse devices that are new, the waits for udevd's "add" and "remove".
 * A file of its own: the only part that follows udev's events.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <libudev.h>

#include "udev-test-run.h"

static int cuse_devices(struct ut_run *run, struct ut_list *out)
{
	struct udev_enumerate *e = udev_enumerate_new(run->udev);
	struct udev_list_entry *l;
	int err = -ENOMEM;

	if (e && udev_enumerate_add_match_subsystem(e, "cuse") >= 0 &&
	    udev_enumerate_scan_devices(e) >= 0) {
		err = 0;
		udev_list_entry_foreach(l, udev_enumerate_get_list_entry(e)) if (!err)
			err = ut_list_add(out, udev_list_entry_get_name(l));
	}
	udev_enumerate_unref(e);
	return err;
}

static bool initialized(struct ut_run *run, const char *syspath)
{
	struct udev_device *d = udev_device_new_from_syspath(run->udev, syspath);
	bool done = d && udev_device_get_is_initialized(d) > 0;

	udev_device_unref(d);
	return done;
}

/* Wait for one event on the monitor; its syspath and action in @sys/@action. */
static int next_event(struct ut_run *run, long deadline, char *sys, size_t size, char *action)
{
	struct udev_device *d;
	int r = wait_fd(run, udev_monitor_get_fd(run->mon), deadline);

	if (r)
		return r;
	d = udev_monitor_receive_device(run->mon);
	sys[0] = action[0] = '\0';
	if (d) {
		snprintf(sys, size, "%s", udev_device_get_syspath(d));
		snprintf(action, 16, "%s", udev_device_get_action(d) ?: "");
		udev_device_unref(d);
	}
	return 0;
}

/* The cuse devices that were not there before the driver started. */
int new_devices(struct ut_run *run, struct ut_list *mine)
{
	struct ut_list now = { 0 };
	int err = cuse_devices(run, &now);

	for (int i = 0; !err && i < now.n; i++)
		if (!ut_list_has(&run->before, now.v[i]) && !ut_list_has(mine, now.v[i]))
			err = ut_list_add(mine, now.v[i]);
	ut_list_free(&now);
	return err;
}

/*
 * The driver's nodes are the cuse devices that were not there before it
 * started. Each is read once udevd has handled its "add": the database says
 * so, or the monitor (listening since before the start) brings the event.
 */
int collect_nodes(struct ut_run *run, struct ut_list *mine)
{
	long deadline = ut_now_ms() + run->o.timeout_ms;
	char sys[PATH_MAX], action[16];
	int r = new_devices(run, mine);

	if (r)
		return ut_err(UT_ENVIRONMENT, "listing devices: %s", strerror(-r));
	if (!mine->n)
		return ut_err(UT_ENVIRONMENT, "the driver made no device node");
	for (int i = 0; i < mine->n; i++) {
		while (!initialized(run, mine->v[i])) {
			r = next_event(run, deadline, sys, sizeof(sys), action);
			if (r == -ETIMEDOUT)
				return ut_err(UT_ENVIRONMENT, "udevd did not handle %s within %d s",
					      mine->v[i], run->o.timeout_ms / 1000);
			if (r)
				return r;
		}
	}
	return 0;
}

/*
 * After the driver stopped: wait for udevd's "remove" of each node, sent
 * once it has removed the node's links and database entry. The monitor has
 * listened since before the driver started, so no event is missed.
 */
void wait_nodes_gone(struct ut_run *run, const struct ut_list *mine)
{
	long deadline = ut_now_ms() + run->o.timeout_ms;
	char sys[PATH_MAX], action[16];
	struct ut_list gone = { 0 };

	while (gone.n < mine->n && next_event(run, deadline, sys, sizeof(sys), action) == 0)
		if (!strcmp(action, "remove") && ut_list_has(mine, sys) && !ut_list_has(&gone, sys))
			ut_list_add(&gone, sys);
	if (gone.n < mine->n)
		ut_err(0, "udevd did not report the removal of every node within %d s",
		       run->o.timeout_ms / 1000);
	ut_list_free(&gone);
}

int open_monitor(struct ut_run *run)
{
	int err;

	run->udev = udev_new();
	run->mon = run->udev ? udev_monitor_new_from_netlink(run->udev, "udev") : NULL;
	if (!run->mon ||
	    udev_monitor_filter_add_match_subsystem_devtype(run->mon, "cuse", NULL) < 0 ||
	    udev_monitor_enable_receiving(run->mon) < 0)
		return ut_err(UT_ENVIRONMENT, "cannot listen to udev events: %s", strerror(errno));
	err = cuse_devices(run, &run->before);
	return err ? ut_err(UT_ENVIRONMENT, "listing devices: %s", strerror(-err)) : 0;
}
