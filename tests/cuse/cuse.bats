#!/usr/bin/env bats
# Device tests against the real kernel's CUSE driver. They run as root inside
# the test VM (tests/vm/vm-run), where /dev/cuse exists: every node here is a
# real character device that any process opens through the kernel.

load helpers

setup() {
	cuse_setup
}

teardown() {
	cuse_teardown
}

@test "each device number gets a node with its major:minor and name" {
	start_driver
	[ -c /dev/libcdev-test/mem ]
	[ -c /dev/libcdev-test/pipe ]
	[ "$(node_majmin /dev/libcdev-test/mem)" = "$MAJ:$MIN" ]
	[ "$(node_majmin /dev/libcdev-test/pipe)" = "$MAJ:$((MIN + 1))" ]
	[ "$(cat '/sys/class/cuse/libcdev-test!mem/dev')" = "$MAJ:$MIN" ]
	# The region is in the registry, owned by the driver process.
	grep -q "^$MAJ 0 2 $DRV_PID .* libcdev-test\$" "$LIBCDEV_REGISTRY"
}

@test "read and write round trip; opening write-only truncates" {
	start_driver
	printf 'hello, kernel' > /dev/libcdev-test/mem
	[ "$(cat /dev/libcdev-test/mem)" = "hello, kernel" ]
	printf 'hi' > /dev/libcdev-test/mem
	[ "$(cat /dev/libcdev-test/mem)" = "hi" ]
}

@test "f_pos is kept by the library across reads and writes of one open file" {
	start_driver
	printf 'abcdef' > /dev/libcdev-test/mem
	exec {fd}<>/dev/libcdev-test/mem
	[ "$(head -c 3 <&$fd)" = "abc" ]
	[ "$(head -c 3 <&$fd)" = "def" ]
	[ -z "$(head -c 3 <&$fd)" ]
	exec {fd}>&-
}

@test "ioctl: in, out, in+out, and by value" {
	start_driver
	run "$CLIENT" ioctl /dev/libcdev-test/mem set 42
	[ "$status" -eq 0 ] && [ "$output" = "ok" ]
	run "$CLIENT" ioctl /dev/libcdev-test/mem get
	[ "$status" -eq 0 ] && [ "$output" = "42" ]
	run "$CLIENT" ioctl /dev/libcdev-test/mem xchg 7
	[ "$status" -eq 0 ] && [ "$output" = "42" ]
	run "$CLIENT" ioctl /dev/libcdev-test/mem get
	[ "$output" = "7" ]
	run "$CLIENT" ioctl /dev/libcdev-test/mem add 5
	[ "$status" -eq 0 ] && [ "$output" = "12" ]
	run "$CLIENT" ioctl /dev/libcdev-test/mem unknown
	[ "$status" -eq 1 ] && [ "$output" = "ENOTTY" ]
}

@test "ioctl: a nested user pointer is read and written through copy_*_user" {
	start_driver
	run "$CLIENT" ioctl /dev/libcdev-test/mem nested 'make me loud'
	[ "$status" -eq 0 ]
	[ "$output" = "MAKE ME LOUD 12" ]
}

@test "ioctl: bad addresses give EFAULT and the driver lives on" {
	start_driver
	run "$CLIENT" ioctl /dev/libcdev-test/mem get-bad
	[ "$status" -eq 1 ] && [ "$output" = "EFAULT" ]
	run "$CLIENT" ioctl /dev/libcdev-test/mem nested-bad
	[ "$status" -eq 1 ] && [ "$output" = "EFAULT" ]
	run "$CLIENT" ioctl /dev/libcdev-test/mem add 1
	[ "$status" -eq 0 ] && [ "$output" = "1" ]
	kill -0 "$DRV_PID"
}

@test "the driver sees the calling process as current" {
	start_driver
	run sh -c 'echo $$; exec "$1" ioctl /dev/libcdev-test/mem whoami' sh "$CLIENT"
	[ "$status" -eq 0 ]
	pid=${lines[0]}
	[ "${lines[1]}" = "$pid 0 0" ]
}

@test "a blocked read is woken by a writer in another process" {
	start_driver
	start_client reader read-block /dev/libcdev-test/pipe
	wait_line reader blocking
	sleep 0.3
	printf 'data' > /dev/libcdev-test/pipe
	wait_exit reader
	[ "$(cat "$BATS_TEST_TMPDIR/reader.out" | tail -1)" = "read data" ]
}

@test "poll sleeps until a second process writes" {
	start_driver
	run "$CLIENT" poll /dev/libcdev-test/pipe 300
	[ "$status" -eq 0 ] && [ "${lines[1]}" = "timeout" ]
	start_client poller poll /dev/libcdev-test/pipe 30000
	wait_line poller polling
	sleep 0.5
	printf 'x' > /dev/libcdev-test/pipe
	wait_exit poller
	[ "$(tail -1 "$BATS_TEST_TMPDIR/poller.out")" = "POLLIN" ]
}

@test "a signal to a blocked reader ends the read with EINTR" {
	start_driver
	start_client reader read-block /dev/libcdev-test/pipe
	wait_line reader blocking
	sleep 0.5
	kill -USR1 "$(client_pid reader)"
	wait_exit reader || true
	[ "$(tail -1 "$BATS_TEST_TMPDIR/reader.out")" = "EINTR" ]
	# The driver is fine afterwards.
	printf 'z' > /dev/libcdev-test/pipe
	run "$CLIENT" read-nonblock /dev/libcdev-test/pipe
	[ "$output" = "read 1" ]
}

@test "O_NONBLOCK reaches the driver: an empty pipe gives EAGAIN" {
	start_driver
	run "$CLIENT" read-nonblock /dev/libcdev-test/pipe
	[ "$status" -eq 1 ] && [ "$output" = "EAGAIN" ]
}

@test "lseek never reaches the driver through CUSE: the position stays the library's" {
	start_driver
	printf 'abcdef' > /dev/libcdev-test/mem
	run "$CLIENT" lseek /dev/libcdev-test/mem
	[ "$status" -eq 0 ]
	# The kernel answers lseek itself (0); the next read goes on at f_pos 3.
	[ "$output" = "abc 0 def" ]
}

@test "cdev_del with a file open: new opens fail ENXIO, the open file works, the node goes at its close" {
	start_driver
	start_client holder hold-rw /dev/libcdev-test/mem
	wait_line holder opened
	kill -USR1 "$DRV_PID"
	wait_line driver deleted
	[ -c /dev/libcdev-test/mem ]
	run "$CLIENT" open /dev/libcdev-test/mem
	[ "$status" -eq 1 ] && [ "$output" = "ENXIO" ]
	echo go > "$BATS_TEST_TMPDIR/holder.in"
	wait_exit holder
	[ "$(tail -1 "$BATS_TEST_TMPDIR/holder.out")" = "ok" ]
	wait_gone /dev/libcdev-test/mem
}

@test "cdev_del with no file open removes the node at once" {
	start_driver
	kill -USR1 "$DRV_PID"
	wait_line driver deleted
	[ ! -e /dev/libcdev-test/mem ]
	[ -c /dev/libcdev-test/pipe ]
}

@test "a node made with mknod for a number outside every range fails ENXIO" {
	start_driver
	mknod "$BATS_TEST_TMPDIR/outside" c "$MAJ" $((MIN + 100))
	run "$CLIENT" open "$BATS_TEST_TMPDIR/outside"
	[ "$status" -eq 1 ] && [ "$output" = "ENXIO" ]
	# The same major and a number inside the range reaches the driver.
	mknod "$BATS_TEST_TMPDIR/inside" c "$MAJ" "$MIN"
	printf 'via mknod' > "$BATS_TEST_TMPDIR/inside"
	[ "$(cat /dev/libcdev-test/mem)" = "via mknod" ]
}

@test "64 nodes served by one process" {
	start_driver --count 64
	[ "$(ls /dev/libcdev-test/ | grep -c '^multi')" -eq 64 ]
	for i in 0 17 63; do
		[ "$(node_majmin /dev/libcdev-test/multi$i)" = "$MAJ:$((MIN + 2 + i))" ]
		printf "node $i" > /dev/libcdev-test/multi$i
	done
	for i in 0 17 63; do
		[ "$(cat /dev/libcdev-test/multi$i)" = "node $i" ]
	done
	# One process, one /dev/cuse connection per node.
	[ "$(ls -l /proc/$DRV_PID/fd | grep -c /dev/cuse)" -eq 66 ]
}

@test "kill -9 of the driver leaves no node and no region that blocks a restart" {
	start_driver --major 240
	kill -9 "$DRV_PID"
	wait "$DRV_PID" || true
	wait_gone /dev/libcdev-test/mem
	[ ! -e /dev/libcdev-test/pipe ]
	start_driver --major 240
	[ "$MAJ" = 240 ]
	[ -c /dev/libcdev-test/mem ]
}

@test "a fixed major the kernel owns makes cdev_add fail EBUSY and leaves nothing" {
	# Major 1 is the kernel's "mem" driver.
	run "$DRV" --major 1
	[ "$status" -eq 1 ]
	[[ "$output" == *"cdev_add mem: Device or resource busy"* ]]
	[ ! -e /dev/libcdev-test/mem ]
	! grep -q "^1 " "$LIBCDEV_REGISTRY"
}

@test "a name that /dev already has for another device makes cdev_add fail EEXIST" {
	run "$DRV" --mem-name null
	[ "$status" -eq 1 ]
	[[ "$output" == *"cdev_add null: File exists"* ]]
	[ "$(node_majmin /dev/null)" = "1:3" ]
	[ ! -e /sys/class/cuse/null ]
}

@test "the driver's ->flush and ->release run at the last close, as the opener" {
	start_driver
	run sh -c 'echo $$; exec "$1" ioctl /dev/libcdev-test/mem set 5' sh "$CLIENT"
	pid=${lines[0]}
	wait_line driver "release by $pid after flush"
}

@test "SIGTERM stops the driver cleanly: nodes and regions go" {
	start_driver
	kill -TERM "$DRV_PID"
	wait "$DRV_PID"
	[ ! -e /dev/libcdev-test/mem ]
	! grep -q " $DRV_PID " "$LIBCDEV_REGISTRY"
}
