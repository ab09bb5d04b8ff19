#!/usr/bin/env bats
# Device tests against the real kernel's CUSE driver. They run as root inside
# the test VM (tests/vm/vm-run), where /dev/cuse exists: every node here is a
# real character device that any process opens through the kernel.
#
# The same tests run on the host against the FUSE backend
# (LIBCDEV_TEST_BACKEND=fuse, from tests/fuse/device-suite.sh): the nodes are
# then regular files in a FUSE mount, NODE_DIR, and what cannot work there is
# skipped with the reason (see "Without /dev/cuse" in README.md).

load helpers

setup() {
	cuse_setup
}

teardown() {
	cuse_teardown
}

@test "each device number gets a node with its major:minor and name" {
	start_driver
	is_node "$NODES/mem"
	is_node "$NODES/pipe"
	[ "$(node_majmin "$NODES/mem")" = "$MAJ:$MIN" ]
	[ "$(node_majmin "$NODES/pipe")" = "$MAJ:$((MIN + 1))" ]
	if on_cuse; then
		[ "$(cat '/sys/class/cuse/libcdev-test!mem/dev')" = "$MAJ:$MIN" ]
	fi
	# The region is in the registry, owned by the driver process.
	grep -q "^$MAJ 0 2 $DRV_PID .* libcdev-test\$" "$LIBCDEV_REGISTRY"
}

@test "read and write round trip; opening write-only truncates" {
	start_driver
	printf 'hello, kernel' > "$NODES/mem"
	[ "$(cat "$NODES/mem")" = "hello, kernel" ]
	printf 'hi' > "$NODES/mem"
	[ "$(cat "$NODES/mem")" = "hi" ]
}

@test "f_pos is kept by the library across reads and writes of one open file" {
	start_driver
	printf 'abcdef' > "$NODES/mem"
	exec {fd}<>"$NODES/mem"
	[ "$(head -c 3 <&$fd)" = "abc" ]
	[ "$(head -c 3 <&$fd)" = "def" ]
	[ -z "$(head -c 3 <&$fd)" ]
	exec {fd}>&-
}

@test "ioctl: in, out, in+out, and by value" {
	start_driver
	run "$CLIENT" ioctl "$NODES/mem" set 42
	[ "$status" -eq 0 ]
	[ "$output" = "ok" ]
	run "$CLIENT" ioctl "$NODES/mem" get
	[ "$status" -eq 0 ]
	[ "$output" = "42" ]
	run "$CLIENT" ioctl "$NODES/mem" xchg 7
	[ "$status" -eq 0 ]
	[ "$output" = "42" ]
	run "$CLIENT" ioctl "$NODES/mem" get
	[ "$output" = "7" ]
	run "$CLIENT" ioctl "$NODES/mem" add 5
	[ "$status" -eq 0 ]
	[ "$output" = "12" ]
	run "$CLIENT" ioctl "$NODES/mem" unknown
	[ "$status" -eq 1 ]
	[ "$output" = "ENOTTY" ]
}

@test "ioctl: a nested user pointer is read and written through copy_*_user" {
	start_driver
	run "$CLIENT" ioctl "$NODES/mem" nested 'make me loud'
	[ "$status" -eq 0 ]
	[ "$output" = "MAKE ME LOUD 12" ]
}

@test "ioctl: bad addresses give EFAULT and the driver lives on" {
	start_driver
	run "$CLIENT" ioctl "$NODES/mem" get-bad
	[ "$status" -eq 1 ]
	[ "$output" = "EFAULT" ]
	run "$CLIENT" ioctl "$NODES/mem" nested-bad
	[ "$status" -eq 1 ]
	[ "$output" = "EFAULT" ]
	run "$CLIENT" ioctl "$NODES/mem" add 1
	[ "$status" -eq 0 ]
	[ "$output" = "1" ]
	kill -0 "$DRV_PID"
}

@test "the driver sees the calling process as current" {
	start_driver
	run sh -c 'echo $$; exec "$1" ioctl "$2" whoami' sh "$CLIENT" "$NODES/mem"
	[ "$status" -eq 0 ]
	pid=${lines[0]}
	[ "${lines[1]}" = "$pid 0 0" ]
}

@test "a blocked read is woken by a writer in another process" {
	start_driver
	start_client reader read-block "$NODES/pipe"
	wait_line reader blocking
	wait_in_syscall reader read
	printf 'data' > "$NODES/pipe"
	wait_exit reader
	[ "$(cat "$BATS_TEST_TMPDIR/reader.out" | tail -1)" = "read data" ]
}

@test "poll sleeps until a second process writes" {
	start_driver
	run "$CLIENT" poll "$NODES/pipe" 300
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "timeout" ]
	start_client poller poll "$NODES/pipe" 30000
	wait_line poller polling
	wait_in_syscall poller poll
	printf 'x' > "$NODES/pipe"
	wait_exit poller
	[ "$(tail -1 "$BATS_TEST_TMPDIR/poller.out")" = "POLLIN" ]
}

@test "a signal to a blocked reader ends the read with EINTR" {
	start_driver
	start_client reader read-block "$NODES/pipe"
	wait_line reader blocking
	wait_in_syscall reader read
	kill -USR1 "$(client_pid reader)"
	wait_exit reader || true
	[ "$(tail -1 "$BATS_TEST_TMPDIR/reader.out")" = "EINTR" ]
	# The driver is fine afterwards.
	printf 'z' > "$NODES/pipe"
	run "$CLIENT" read-nonblock "$NODES/pipe"
	[ "$output" = "read 1" ]
}

@test "every one of 1000 blocking reads ended by a signal ends with EINTR" {
	# Signals 1 to 300 us into the read: some come while the request is on
	# its way to the driver, when the server has read it but not yet run it.
	# A lost interrupt leaves the client waiting for the server for ever
	# (not even SIGKILL ends that wait): the teardown's stop of the driver does.
	start_driver
	start_client reader read-interrupts "$NODES/pipe" 1000
	wait_exit reader
	[ "$(cat "$BATS_TEST_TMPDIR/reader.out")" = "interrupted 1000" ]
	printf 'z' > "$NODES/pipe"
	run "$CLIENT" read-nonblock "$NODES/pipe"
	[ "$output" = "read 1" ]
}

@test "O_NONBLOCK reaches the driver: an empty pipe gives EAGAIN" {
	start_driver
	run "$CLIENT" read-nonblock "$NODES/pipe"
	[ "$status" -eq 1 ]
	[ "$output" = "EAGAIN" ]
}

@test "lseek never reaches the driver: the position stays the library's" {
	start_driver
	printf 'abcdef' > "$NODES/mem"
	run "$CLIENT" lseek "$NODES/mem"
	if on_cuse; then
		# The kernel answers lseek itself (0); the next read goes on at f_pos 3.
		[ "$status" -eq 0 ]
		[ "$output" = "abc 0 def" ]
	else
		# A FUSE file opened nonseekable: the kernel refuses lseek itself.
		[ "$status" -eq 1 ]
		[ "$output" = "ESPIPE" ]
	fi
}

@test "cdev_del with a file open: new opens fail ENXIO, the open file works, the node goes at its close" {
	start_driver
	start_client holder hold-rw "$NODES/mem"
	wait_line holder opened
	kill -USR1 "$DRV_PID"
	wait_line driver deleted
	is_node "$NODES/mem"
	run "$CLIENT" open "$NODES/mem"
	[ "$status" -eq 1 ]
	[ "$output" = "ENXIO" ]
	echo go > "$BATS_TEST_TMPDIR/holder.in"
	wait_exit holder
	[ "$(tail -1 "$BATS_TEST_TMPDIR/holder.out")" = "ok" ]
	wait_gone "$NODES/mem"
}

@test "cdev_del with no file open removes the node at once" {
	start_driver
	kill -USR1 "$DRV_PID"
	wait_line driver deleted
	[ ! -e "$NODES/mem" ]
	is_node "$NODES/pipe"
}

@test "a node made with mknod for a number outside every range fails ENXIO" {
	cuse_only "a node made with mknod reaches the kernel's driver of the number, and no kernel driver serves these numbers without CUSE"
	start_driver
	mknod "$BATS_TEST_TMPDIR/outside" c "$MAJ" $((MIN + 100))
	run "$CLIENT" open "$BATS_TEST_TMPDIR/outside"
	[ "$status" -eq 1 ]
	[ "$output" = "ENXIO" ]
	# The same major and a number inside the range reaches the driver.
	mknod "$BATS_TEST_TMPDIR/inside" c "$MAJ" "$MIN"
	printf 'via mknod' > "$BATS_TEST_TMPDIR/inside"
	[ "$(cat "$NODES/mem")" = "via mknod" ]
}

@test "64 nodes served by one process" {
	start_driver --count 64
	[ "$(ls "$NODES/" | grep -c '^multi')" -eq 64 ]
	for i in 0 17 63; do
		[ "$(node_majmin "$NODES/multi$i")" = "$MAJ:$((MIN + 2 + i))" ]
		printf "node $i" > "$NODES/multi$i"
	done
	for i in 0 17 63; do
		[ "$(cat "$NODES/multi$i")" = "node $i" ]
	done
	if on_cuse; then
		# One process, one /dev/cuse connection per node.
		[ "$(ls -l /proc/$DRV_PID/fd | grep -c /dev/cuse)" -eq 66 ]
	else
		# One FUSE connection for the whole mount.
		[ "$(ls -l /proc/$DRV_PID/fd | grep -c /dev/fuse)" -eq 1 ]
	fi
}

@test "kill -9 of the driver leaves no node and no region that blocks a restart" {
	start_driver --major 240
	kill -9 "$DRV_PID"
	wait "$DRV_PID" || true
	# Through CUSE the nodes go; a FUSE mount stays, stale, and its files cannot be reached.
	wait_gone "$NODES/mem"
	[ ! -e "$NODES/pipe" ]
	start_driver --major 240
	[ "$MAJ" = 240 ]
	is_node "$NODES/mem"
	if ! on_cuse; then
		# The restart cleared the stale mount before mounting anew.
		[ "$(fuse_mounts_below "$NODE_DIR" | wc -l)" -eq 1 ]
		grep -qx "libcdev: fuse: removed the stale mount at $NODE_DIR" "$BATS_TEST_TMPDIR/driver.out"
	fi
}

@test "a fixed major the kernel owns makes cdev_add fail EBUSY and leaves nothing" {
	cuse_only "the kernel registers no number for a FUSE file, so it refuses none"
	# Major 1 is the kernel's "mem" driver.
	run "$DRV" "${DRV_ARGS[@]}" --major 1
	[ "$status" -eq 1 ]
	[[ "$output" == *"cdev_add mem: Device or resource busy"* ]]
	[ ! -e "$NODES/mem" ]
	! grep -q "^1 " "$LIBCDEV_REGISTRY"
}

@test "a name that /dev already has for another device makes cdev_add fail EEXIST" {
	cuse_only "the files live in the backend's own mount, where no other device has a name"
	run "$DRV" "${DRV_ARGS[@]}" --mem-name null
	[ "$status" -eq 1 ]
	[[ "$output" == *"cdev_add null: File exists"* ]]
	[ "$(node_majmin /dev/null)" = "1:3" ]
	[ ! -e /sys/class/cuse/null ]
}

@test "a name that another node of the driver has makes cdev_add fail EEXIST" {
	run "$DRV" "${DRV_ARGS[@]}" --mem-name libcdev-test/pipe
	[ "$status" -eq 1 ]
	[[ "$output" == *"cdev_add pipe: File exists"* ]]
	[ ! -e "$NODES/pipe" ]
	! grep -q " libcdev-test\$" "$LIBCDEV_REGISTRY"
}

@test "the driver's ->flush and ->release run at the last close, as the opener" {
	start_driver
	run sh -c 'echo $$; exec "$1" ioctl "$2" set 5' sh "$CLIENT" "$NODES/mem"
	pid=${lines[0]}
	wait_line driver "release by $pid after flush"
}

@test "SIGTERM stops the driver cleanly: nodes and regions go" {
	start_driver
	stop_server "$DRV_PID"
	[ ! -e "$NODES/mem" ]
	! grep -q " $DRV_PID " "$LIBCDEV_REGISTRY"
	if ! on_cuse; then
		! is_mounted "$NODE_DIR"
	fi
}
