/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the caller's memory during an ioctl on a CUSE node (ll-ioctl.h).
 *
 * Direct access: the caller's thread sleeps in ioctl(2) until the reply, so
 * its memory is there for the whole request and its pid cannot be reused
 * meanwhile. Once the kernel reported an interrupt, the caller may be dying
 * (a fatal signal) and, after that, gone: every later access first checks,
 * through a pidfd taken before the driver runs, that the process is still
 * the same and not being killed; otherwise the access fails -EFAULT and
 * nothing is written.
 *
 * The retry fallback: round 1 (no data) asks for the _IOC_SIZE bytes at arg;
 * round 2 brings them and the driver runs on that copy, which records the
 * bytes written; if it wrote any, the result is kept and round 3 asks for
 * exactly those ranges as output, which the kernel stores in the caller.
 * Rounds are told apart by their sizes: 0/0 is a new call, in/0 brings
 * the area, in/out (one byte in) takes the output.
 */
#define FUSE_USE_VERSION 31

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "backend/backend.h"
#include "ll-ioctl.h"

/* The most iovecs the kernel takes in one retry (FUSE_IOCTL_MAX_IOV). */
#define RETRY_MAX_IOV 256

/* A finished ioctl whose output waits for the retry's last round. */
struct ll_ioctl_result {
	struct ll_ioctl_result *next;
	pid_t pid;
	unsigned int cmd;
	unsigned long arg;
	long ret;
	size_t len;
	char data[];
};

/* How the driver reaches the caller while one request runs. */
struct access {
	bool direct;
	/* direct access */
	pid_t pid;
	int pidfd;
	const int *interrupted;
	/* the retry fallback: the described area and the bytes written to it */
	unsigned long base;
	size_t size;
	char *buf;
	unsigned char *written;
};

bool ll_ioctl_force_retry(void)
{
	const char *s = getenv("LIBCDEV_IOCTL_ACCESS");

	return s && !strcmp(s, "retry");
}

void ll_ioctl_file_init(struct ll_ioctl_file *f)
{
	pthread_mutex_init(&f->lock, NULL);
	f->results = NULL;
}

void ll_ioctl_file_destroy(struct ll_ioctl_file *f)
{
	struct ll_ioctl_result *r, *next;

	for (r = f->results; r; r = next) {
		next = r->next;
		free(r);
	}
	f->results = NULL;
	pthread_mutex_destroy(&f->lock);
}

void ll_ioctl_out_free(struct ll_ioctl_out *o)
{
	free(o->out);
	free(o->in_iov);
	free(o->out_iov);
	memset(o, 0, sizeof(*o));
}

/* ---- direct access ---- */

static int pidfd_open_process(pid_t tgid)
{
#ifdef SYS_pidfd_open
	return (int)syscall(SYS_pidfd_open, tgid, 0);
#else
	(void)tgid;
	errno = ENOSYS;
	return -1;
#endif
}

static bool pidfd_alive(int pidfd)
{
#ifdef SYS_pidfd_send_signal
	return syscall(SYS_pidfd_send_signal, pidfd, 0, NULL, 0) == 0;
#else
	(void)pidfd;
	return true;
#endif
}

/* Whether thread @pid has SIGKILL pending: its process is being killed. */
static bool sigkill_pending(pid_t pid)
{
	const uint64_t kill_bit = UINT64_C(1) << (SIGKILL - 1);
	char path[64], line[128];
	bool dying = false;
	uint64_t mask;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return true; /* the thread is gone */
	while (fgets(line, sizeof(line), f))
		if ((sscanf(line, "SigPnd: %" SCNx64, &mask) == 1 ||
		     sscanf(line, "ShdPnd: %" SCNx64, &mask) == 1) &&
		    (mask & kill_bit))
			dying = true;
	fclose(f);
	return dying;
}

/*
 * Until an interrupt the caller waits in ioctl(2) and cannot go; after one,
 * touch it only while the pidfd still names a live process that is not
 * being killed.
 */
static bool caller_reachable(const struct access *a)
{
	if (!__atomic_load_n(a->interrupted, __ATOMIC_ACQUIRE))
		return true;
	if (a->pidfd >= 0 && !pidfd_alive(a->pidfd))
		return false;
	return !sigkill_pending(a->pid);
}

/*
 * Whether the ptrace policy lets us at the caller, without touching its
 * memory: a one-byte read at address 0 (never mapped, as a rule) fails
 * EPERM (or ESRCH for a pid that is not ours) before it looks at the
 * address, and EFAULT after.
 */
static bool direct_allowed(pid_t pid)
{
	char c;
	struct iovec l = { &c, 1 }, r = { NULL, 1 };

	if (process_vm_readv(pid, &l, 1, &r, 1, 0) == 1)
		return true;
	return errno != EPERM && errno != ESRCH;
}

/* ---- the retry fallback ---- */

static bool area_covers(const struct access *a, const void *addr, unsigned long n)
{
	unsigned long p = (unsigned long)addr;

	return a->buf && p >= a->base && n <= a->size && p - a->base <= a->size - n;
}

static unsigned long access_copy_from(void *ctx, void *to, const void *from, unsigned long n)
{
	struct access *a = ctx;

	if (a->direct)
		return caller_reachable(a) ? uaccess_pid_copy(a->pid, to, from, n, false) : n;
	if (!area_covers(a, from, n))
		return n;
	memcpy(to, a->buf + ((unsigned long)from - a->base), n);
	return 0;
}

static unsigned long access_copy_to(void *ctx, void *to, const void *from, unsigned long n)
{
	struct access *a = ctx;
	size_t off;

	if (a->direct)
		return caller_reachable(a) ? uaccess_pid_copy(a->pid, (void *)from, to, n, true) :
					     n;
	if (!area_covers(a, to, n))
		return n;
	off = (unsigned long)to - a->base;
	memcpy(a->buf + off, from, n);
	memset(a->written + off, 1, n);
	return 0;
}

static const struct uaccess_ops access_ops = {
	.copy_from = access_copy_from,
	.copy_to = access_copy_to,
};

static long run_driver(struct access *a, long (*call)(void *, unsigned int, unsigned long),
		       void *ctx, unsigned int cmd, unsigned long arg)
{
	long ret;

	uaccess_set(&access_ops, a);
	ret = call(ctx, cmd, arg);
	uaccess_set(NULL, NULL);
	return ret;
}

static bool described(unsigned int cmd, unsigned long arg)
{
	return _IOC_DIR(cmd) != _IOC_NONE && _IOC_SIZE(cmd) > 0 && arg != 0;
}

/* The runs of written bytes, as iovecs at the caller's addresses; 0 if none. */
static size_t written_runs(const struct access *a, struct iovec *iov)
{
	size_t nr = 0, first = a->size, last = 0;

	for (size_t i = 0; i < a->size; i++) {
		if (!a->written[i])
			continue;
		if (first == a->size)
			first = i;
		last = i;
		if (nr < RETRY_MAX_IOV + 1 && (i == 0 || !a->written[i - 1]))
			iov[nr++] = (struct iovec){ (void *)(a->base + i), 0 };
		if (nr <= RETRY_MAX_IOV)
			iov[nr - 1].iov_len++;
	}
	if (nr > RETRY_MAX_IOV) {
		/* Too scattered for one retry: the span from the first to the last
		 * written byte (the bytes between go back as they were fetched). */
		iov[0] = (struct iovec){ (void *)(a->base + first), last - first + 1 };
		nr = 1;
	}
	return nr;
}

static struct ll_ioctl_result *result_take(struct ll_ioctl_file *f, pid_t pid, unsigned int cmd,
					   unsigned long arg, bool any)
{
	struct ll_ioctl_result **pp, *r = NULL;

	pthread_mutex_lock(&f->lock);
	for (pp = &f->results; *pp; pp = &(*pp)->next) {
		if ((*pp)->pid == pid && (any || ((*pp)->cmd == cmd && (*pp)->arg == arg))) {
			r = *pp;
			*pp = r->next;
			break;
		}
	}
	pthread_mutex_unlock(&f->lock);
	return r;
}

/* Round 2: the driver ran on the fetched area; keep what it wrote for round 3. */
static void retry_finish(struct ll_ioctl_file *f, const struct ll_ioctl_req *r, struct access *a,
			 long ret, struct ll_ioctl_out *o)
{
	struct iovec *iov = calloc(RETRY_MAX_IOV + 1, sizeof(*iov));
	struct ll_ioctl_result *res;
	size_t nr, len = 0;
	char *p;

	o->answer = LL_IOCTL_REPLY;
	o->ret = ret;
	if (!iov) {
		o->ret = -ENOMEM;
		return;
	}
	nr = written_runs(a, iov);
	for (size_t i = 0; i < nr; i++)
		len += iov[i].iov_len;
	if (nr == 0 || !(res = malloc(sizeof(*res) + len))) {
		free(iov);
		if (nr)
			o->ret = -ENOMEM;
		return;
	}
	*res = (struct ll_ioctl_result){
		.pid = r->pid, .cmd = r->cmd, .arg = r->arg, .ret = ret, .len = len
	};
	p = res->data;
	for (size_t i = 0; i < nr; i++) {
		memcpy(p, a->buf + ((unsigned long)iov[i].iov_base - a->base), iov[i].iov_len);
		p += iov[i].iov_len;
	}
	pthread_mutex_lock(&f->lock);
	res->next = f->results;
	f->results = res;
	pthread_mutex_unlock(&f->lock);
	/*
	 * Round 3 fetches one byte too: after a round with input, a kernel
	 * that keeps the request's "input in pages" mark (seen on 6.1) would
	 * send the pages instead of the ioctl header for a round with none.
	 */
	o->in_iov = malloc(sizeof(*o->in_iov));
	if (!o->in_iov) {
		free(iov);
		free(result_take(f, r->pid, r->cmd, r->arg, false));
		o->ret = -ENOMEM;
		return;
	}
	*o->in_iov = (struct iovec){ iov[0].iov_base, 1 };
	o->nr_in = 1;
	o->answer = LL_IOCTL_RETRY;
	o->out_iov = iov;
	o->nr_out = nr;
}

static void run_retry(struct ll_ioctl_file *f, const struct ll_ioctl_req *r,
		      long (*call)(void *, unsigned int, unsigned long), void *ctx,
		      struct ll_ioctl_out *o)
{
	struct access a = { .direct = false };
	struct ll_ioctl_result *res;
	size_t size = _IOC_SIZE(r->cmd);
	long ret;

	o->answer = LL_IOCTL_REPLY;
	if (r->out_bufsz > 0) {
		/* Round 3: the kernel stores the bytes written; give it them. */
		res = result_take(f, r->pid, r->cmd, r->arg, false);
		if (!res || res->len != r->out_bufsz) {
			free(res);
			o->ret = -EIO;
			return;
		}
		o->ret = res->ret;
		o->out_len = res->len;
		o->out = malloc(res->len);
		if (o->out)
			memcpy(o->out, res->data, res->len);
		else
			o->ret = -ENOMEM;
		free(res);
		return;
	}
	if (r->in_bufsz == 0) {
		/* A new call: whatever this thread left (a call killed between rounds) is stale. */
		while ((res = result_take(f, r->pid, 0, 0, true)))
			free(res);
		if (described(r->cmd, r->arg)) {
			o->answer = LL_IOCTL_RETRY;
			o->in_iov = malloc(sizeof(*o->in_iov));
			if (!o->in_iov) {
				o->answer = LL_IOCTL_REPLY;
				o->ret = -ENOMEM;
				return;
			}
			*o->in_iov = (struct iovec){ (void *)r->arg, size };
			o->nr_in = 1;
			return;
		}
		/* Nothing described: every address is a bad one. */
		o->ret = run_driver(&a, call, ctx, r->cmd, r->arg);
		return;
	}
	/* Round 2: the area came; the driver works on a copy of it. */
	a.base = r->arg;
	a.size = r->in_bufsz;
	a.buf = malloc(a.size);
	a.written = calloc(1, a.size);
	if (!a.buf || !a.written) {
		o->ret = -ENOMEM;
		goto out;
	}
	memcpy(a.buf, r->in_buf, a.size);
	ret = run_driver(&a, call, ctx, r->cmd, r->arg);
	/*
	 * A caller killed meanwhile gets no round 3: the kernel withdraws a
	 * killed task's request only while no receiver has read it yet, and a
	 * receiver waiting in read(2) can be quicker.
	 */
	if (!caller_reachable(
		    &(struct access){ .pid = r->pid, .pidfd = -1, .interrupted = r->interrupted }))
		o->ret = ret;
	else
		retry_finish(f, r, &a, ret, o);
out:
	free(a.buf);
	free(a.written);
}

void ll_ioctl_run(struct ll_ioctl_file *f, const struct ll_ioctl_req *r,
		  long (*call)(void *, unsigned int, unsigned long), void *ctx,
		  struct ll_ioctl_out *o)
{
	struct access a = { .direct = true, .pid = r->pid, .interrupted = r->interrupted };
	bool fresh = r->in_bufsz == 0 && r->out_bufsz == 0;

	memset(o, 0, sizeof(*o));
	if (!fresh || r->pid <= 0 || ll_ioctl_force_retry() ||
	    (described(r->cmd, r->arg) && !direct_allowed(r->pid))) {
		run_retry(f, r, call, ctx, o);
		return;
	}
	a.pidfd = pidfd_open_process(r->tgid);
	o->answer = LL_IOCTL_REPLY;
	o->ret = run_driver(&a, call, ctx, r->cmd, r->arg);
	if (a.pidfd >= 0)
		close(a.pidfd);
}
