#!/usr/bin/env bats
# ioctl arguments reach the driver exactly as the kernel passes them (real
# CUSE nodes, in the test VM): arg as the caller passed it, caller memory
# touched only when the driver asks, only the bytes asked, and never once the
# caller is being killed. Each case runs with direct access (the rule) and
# through the retry fallback (LIBCDEV_IOCTL_ACCESS=retry, or automatic when
# the ptrace policy refuses), whose documented differences are asserted.
#
# On the host the FUSE backend runs the cases that apply there
# (tests/fuse/ioctl-suite.sh).

load helpers

setup() {
	cuse_setup
	DRV=$BUILD/ioctl-testdrv
	CLIENT=$BUILD/ioctl-client
	NODE=$NODES/ioctl
}

teardown() {
	cuse_teardown
}

start_direct() {
	cuse_only "the kernel restricts ioctls on FUSE files"
	start_driver
}

start_fallback() {
	cuse_only "the kernel restricts ioctls on FUSE files"
	DRV_PREFIX=(env LIBCDEV_IOCTL_ACCESS=retry)
	start_driver
}

# expect CASE... -- OUTPUT: the client's one line for CASE is OUTPUT.
expect() {
	local -a args=()
	while [ "$1" != -- ]; do args+=("$1"); shift; done
	shift
	run "$CLIENT" "$NODE" "${args[@]}"
	if [ "$status" -ne 0 ] || [ "$output" != "$1" ]; then
		echo "${args[*]}: status $status, '$output', expected '$1'" >&2
		return 1
	fi
}

# Numbers as arg: byte N of "libcdev" (l=108, c=99), or EINVAL past it.
LARGE=0x123456789abc	# no mapped address in the client

@test "direct: value arguments of _IOW/_IOR/_IOWR/_IO commands reach the driver unchanged" {
	start_direct
	for c in W R WR IO; do
		expect value $c 0 -- "ret 108 last 0x0"
		expect value $c 3 -- "ret 99 last 0x3"
		expect value $c $LARGE -- "err EINVAL last $LARGE"
		expect value $c -1 -- "err EINVAL last 0xffffffffffffffff"
		expect value $c -42 -- "err EINVAL last 0xffffffffffffffd6"
	done
}

@test "fallback: a value argument with direction bits fails EFAULT in the kernel's fetch" {
	start_fallback
	for c in W R WR; do
		# 0 describes nothing: the driver gets it; any other number is fetched.
		expect value $c 0 -- "ret 108 last 0x0"
		expect value $c 3 -- "err EFAULT last 0x0"
		expect value $c $LARGE -- "err EFAULT last 0x0"
		expect value $c -1 -- "err EFAULT last 0x0"
		expect value $c -42 -- "err EFAULT last 0x0"
	done
	expect value IO 3 -- "ret 99 last 0x3"
	expect value IO -42 -- "err EINVAL last 0xffffffffffffffd6"
}

@test "direct: strings read past _IOC_SIZE, byte by byte and with strncpy_from_user" {
	start_direct
	expect str "hello, world" -- "ret 12"
	wait_line driver "str 'hello, world'"
	expect strncpy "hello, kernel" -- "ret 13"
	wait_line driver "strncpy 'hello, kernel'"
	# A string ending just before an unmapped page is read; one running into it is EFAULT.
	expect strncpy-edge -- "ret 3"
	expect strncpy-bad -- "err EFAULT"
	wait_line driver "strncpy -14"
}

@test "fallback: only the _IOC_SIZE bytes are reachable; the byte after is EFAULT" {
	start_fallback
	expect str "hello, world" -- "err EFAULT"
	wait_line driver "str get_user -14 at 4"
	expect strncpy "hello, kernel" -- "err EFAULT"
	expect strncpy-edge -- "ret 3"
	expect strncpy-bad -- "err EFAULT"
}

@test "direct: data written past _IOC_SIZE with copy_to_user and clear_user; EFAULT only for a bad address" {
	start_direct
	expect fill -- "ret 0 0123456789ab____................"
	expect fill-bad -- "err EFAULT ................................"
	# The driver sees the error of its own access, and decides what to return.
	expect peek good -- "ret 120"
	expect peek bad -- "ret 1014"
}

@test "fallback: writes past _IOC_SIZE and nested pointers are EFAULT, nothing written" {
	start_fallback
	expect fill -- "err EFAULT ................................"
	expect fill-bad -- "err EFAULT ................................"
	expect peek good -- "ret 1014"
	expect peek bad -- "ret 1014"
}

@test "direct: a partly written struct keeps a caller thread's concurrent change" {
	start_direct
	expect pair -- "ret 0 a=42 b=99"
}

@test "fallback: only the bytes the driver wrote are stored back" {
	start_fallback
	expect pair -- "ret 0 a=42 b=99"
}

# The client's child sleeps in IT_LATE on a page shared with its parent and
# is killed; the driver notices the interrupt, carries on, and writes late.
late_write() {
	local child
	start_client late "$NODE" late
	wait_line driver "late waiting"
	child=$(sed -n 's/^child \([0-9]*\)$/\1/p' "$BATS_TEST_TMPDIR/late.out")
	[ -n "$child" ]
	kill -KILL "$child"
	wait_line driver "late interrupted -512"
	"$CLIENT" "$NODE" late-go
	wait_line driver "late put_user $1"
	wait_line late "child killed value 0x0"
	wait_exit late
}

@test "direct: an interrupted ioctl whose caller is killed before the driver writes writes nothing" {
	start_direct
	# The driver's put_user fails: the caller is being killed.
	late_write -14
}

@test "fallback: an interrupted ioctl whose caller is killed writes nothing" {
	start_fallback
	# The driver writes into the fetched copy; the kernel never asks for it.
	late_write 0
}

@test "the fallback is automatic when the ptrace policy refuses direct access" {
	cuse_only "the kernel restricts ioctls on FUSE files"
	# A driver without CAP_SYS_PTRACE may not reach a caller of another user.
	DRV_PREFIX=(setpriv --inh-caps=-sys_ptrace --bounding-set=-sys_ptrace)
	start_driver
	chmod 666 "$NODE"
	as_user() { setpriv --reuid=65534 --regid=65534 --clear-groups "$CLIENT" "$NODE" "$@"; }
	run as_user value WR 3
	[ "$output" = "err EFAULT last 0x0" ]
	run as_user pair
	[ "$output" = "ret 0 a=42 b=99" ]
	run as_user peek good
	[ "$output" = "ret 1014" ]
	# _IO commands are never fetched: their value arrives as it is.
	run as_user value IO 3
	[ "$output" = "ret 99 last 0x3" ]
}

@test "FUSE backend: a value argument with direction bits fails EFAULT; _IO passes it" {
	on_cuse && skip "the FUSE backend's case (tests/fuse/ioctl-suite.sh)"
	start_driver
	for c in W R WR; do
		expect value $c 0 -- "err EFAULT last 0x0"
		expect value $c 3 -- "err EFAULT last 0x0"
		expect value $c -1 -- "err EFAULT last 0x0"
	done
	expect value IO 3 -- "ret 99 last 0x3"
	expect value IO -42 -- "err EINVAL last 0xffffffffffffffd6"
	# Outside the described area the caller is reached directly (root).
	expect str "hello, world" -- "ret 12"
	expect peek good -- "ret 120"
	# The kernel copies the whole _IOWR area back: the caller thread's change is undone.
	expect pair -- "ret 0 a=1 b=99"
}
