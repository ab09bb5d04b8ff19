/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - remote processor messaging, after include/linux/rpmsg.h.
 *
 * An rpmsg device is a channel to a service of a remote processor. Here the
 * remote side is simulated: a channel is described in text
 * (libcdev_rpmsg_describe(), "rpmsg:NAME [src=ADDR] [dst=ADDR] [model=M]",
 * or a device line of `cdevctl run --device`), and its model is what the
 * remote does with each message: "echo" sends it back to the endpoint that
 * sent it, from the channel's remote address; "sink" (the default) takes it
 * and says nothing. A driver binds a channel by name (its id_table), as on
 * the kernel's rpmsg bus: before probe() the channel's default endpoint is
 * made with the driver's callback, and a message that arrives is given to
 * the callback of the endpoint at its destination address, in process
 * context on a worker, one at a time per endpoint. Sends never block (the
 * simulated remote always has buffers); a message over the MTU (496 bytes,
 * the virtio transport's) is -EMSGSIZE.
 */
#ifndef LIBCDEV_RPMSG_H
#define LIBCDEV_RPMSG_H

#include <stdint.h>

#include <libcdev/device.h>
#include <libcdev/kdefer.h>
#include <libcdev/ksync.h>
#include <libcdev/names.h>
#include <libcdev/platform.h>

#define RPMSG_NAME_SIZE		 32
#define RPMSG_ADDR_ANY		 0xffffffffU
/* Local endpoint addresses start here, as the virtio transport's. */
#define RPMSG_RESERVED_ADDRESSES 1024

struct rpmsg_device_id {
	char name[RPMSG_NAME_SIZE];
	unsigned long driver_data;
};

struct rpmsg_channel_info {
	char name[RPMSG_NAME_SIZE];
	uint32_t src;
	uint32_t dst;
};

struct rpmsg_device;
struct rpmsg_endpoint;

typedef int (*rpmsg_rx_cb_t)(struct rpmsg_device *rpdev, void *data, int len, void *priv,
			     uint32_t src);

struct rpmsg_device {
	struct device dev;
	struct rpmsg_device_id id;
	const char *driver_override;
	uint32_t src; /* the default endpoint's address */
	uint32_t dst; /* the remote service's */
	struct rpmsg_endpoint *ept;
	bool announce;
	bool little_endian;
	/* private */
	struct rpmsg_device *next;
	struct rpmsg_remote *remote;
};

struct rpmsg_endpoint {
	struct rpmsg_device *rpdev;
	rpmsg_rx_cb_t cb;
	struct mutex cb_lock;
	uint32_t addr;
	void *priv;
	/* private */
	struct rpmsg_endpoint *next;
};

struct rpmsg_driver {
	struct device_driver drv;
	const struct rpmsg_device_id *id_table;
	int (*probe)(struct rpmsg_device *rpdev);
	void (*remove)(struct rpmsg_device *rpdev);
	int (*callback)(struct rpmsg_device *rpdev, void *data, int len, void *priv, uint32_t src);
	/* private */
	struct rpmsg_driver *next;
};

#define to_rpmsg_device(d) container_of(d, struct rpmsg_device, dev)
#define to_rpmsg_driver(d) container_of(d, struct rpmsg_driver, drv)

/** __register_rpmsg_driver - bind @drv to each channel its id_table names; -EBUSY if registered */
int __register_rpmsg_driver(struct rpmsg_driver *drv, struct module *owner);
void unregister_rpmsg_driver(struct rpmsg_driver *drv);

/**
 * rpmsg_create_ept - an endpoint of @rpdev at @chinfo.src (RPMSG_ADDR_ANY:
 * the next free address) whose messages go to @cb with @priv
 * Return: the endpoint, or NULL (address taken, no memory).
 */
struct rpmsg_endpoint *rpmsg_create_ept(struct rpmsg_device *rpdev, rpmsg_rx_cb_t cb, void *priv,
					struct rpmsg_channel_info chinfo);
/** rpmsg_destroy_ept - after a callback that runs; messages still on their way to it are dropped */
void rpmsg_destroy_ept(struct rpmsg_endpoint *ept);

/** rpmsg_send - @len bytes to the channel's remote address; 0, -EMSGSIZE, -EINVAL */
int rpmsg_send(struct rpmsg_endpoint *ept, void *data, int len);
/** rpmsg_sendto - to the remote address @dst */
int rpmsg_sendto(struct rpmsg_endpoint *ept, void *data, int len, uint32_t dst);
int rpmsg_send_offchannel(struct rpmsg_endpoint *ept, uint32_t src, uint32_t dst, void *data,
			  int len);
/* The simulated remote always has room: the try forms are the same. */
int rpmsg_trysend(struct rpmsg_endpoint *ept, void *data, int len);
int rpmsg_trysendto(struct rpmsg_endpoint *ept, void *data, int len, uint32_t dst);
/** rpmsg_get_mtu - the largest message: 496 bytes */
ssize_t rpmsg_get_mtu(struct rpmsg_endpoint *ept);

/**
 * libcdev_rpmsg_describe - a channel from one line: "rpmsg:NAME [src=ADDR]
 * [dst=ADDR] [model=echo|sink]" (src: the next free local address; dst:
 * 1024); a driver registered for NAME binds it at once
 *
 * Return: 0 with *@rpdevp set (if not NULL); -EINVAL with the reason logged;
 * -EEXIST (a channel of that name and remote address); -ENOMEM.
 */
int libcdev_rpmsg_describe(const char *line, struct rpmsg_device **rpdevp);
/** libcdev_rpmsg_forget_described - unbind and delete every described channel */
void libcdev_rpmsg_forget_described(void);

#endif
