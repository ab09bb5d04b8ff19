#!/usr/bin/env bats
# examples/kernel/scull/kscull.c, an LDD-style driver written for the kernel
# and built unchanged against libcdev, served by `cdevctl run` in the VM:
# four minors of one region, memory devices with ioctls, a blocking pipe
# with poll, and a device for one user at a time.

load helpers

setup() {
	ex_setup
	MODDIR=$TOP/examples/kernel/scull/.libs
	KCLIENT=$TOP/tests/examples/kclient
	start_module kscull quantum=8
	chmod 666 /dev/kscull0 /dev/kscullu
}

teardown() {
	ex_teardown
}

@test "kscull: one major, minors 0-3, nodes named by device_create()" {
	majmin=$(chrdev_majmin /dev/kscull0)
	maj=${majmin%%:*}
	[ "$(chrdev_majmin /dev/kscull1)" = "$maj:1" ]
	[ "$(chrdev_majmin /dev/kscullpipe)" = "$maj:2" ]
	[ "$(chrdev_majmin /dev/kscullu)" = "$maj:3" ]
	grep -qx "kscull: major $maj, minors 0-3, quantum 8" "$BATS_TEST_TMPDIR/module.out"
	stop_module
	grep -qx 'kscull: unloaded' "$BATS_TEST_TMPDIR/module.out"
	wait_gone /dev/kscull0
}

@test "kscull: data spans several blocks, each device keeps its own, O_WRONLY empties" {
	printf 'twenty-six letters a..z\n' > /dev/kscull0
	[ "$(cat /dev/kscull0)" = "twenty-six letters a..z" ]
	printf 'other' > /dev/kscull1
	[ "$(cat /dev/kscull1)" = other ]
	[ "$(cat /dev/kscull0)" = "twenty-six letters a..z" ]
	# One block per read at most, as scull does: 8 bytes of quantum.
	run "$CLIENT" read /dev/kscull0 100
	[ "${lines[1]}" = "read 8 twenty-s" ]
	printf 'new' > /dev/kscull0
	[ "$(cat /dev/kscull0)" = new ]
}

@test "kscull: the quantum ioctls pass values, pointers and return values" {
	run "$KCLIENT" scull /dev/kscull0 query
	[ "$output" = 8 ]
	run "$KCLIENT" scull /dev/kscull0 set 100
	[ "$output" = ok ]
	run "$KCLIENT" scull /dev/kscull0 get
	[ "$output" = 100 ]
	run "$KCLIENT" scull /dev/kscull0 tell 42
	[ "$output" = ok ]
	run "$KCLIENT" scull /dev/kscull0 exchange 7
	[ "$output" = 42 ]
	run "$KCLIENT" scull /dev/kscull0 query
	[ "$output" = 7 ]
	run "$KCLIENT" scull /dev/kscull0 set -1
	[ "$output" = EINVAL ]
	run "$KCLIENT" scull /dev/kscull0 reset
	run "$KCLIENT" scull /dev/kscull0 query
	[ "$output" = 4000 ]
}

@test "kscull: setting the quantum needs CAP_SYS_ADMIN; reading it does not" {
	run as 1001 "$KCLIENT" scull /dev/kscull0 set 5
	[ "$status" -eq 1 ]
	[ "$output" = EPERM ]
	run as 1001 "$KCLIENT" scull /dev/kscull0 query
	[ "$output" = 8 ]
}

@test "kscull: a blocked pipe reader is woken by a writer; poll sees the data" {
	run "$CLIENT" read /dev/kscullpipe 10 r,nb
	[ "$status" -eq 1 ]
	[ "${lines[1]}" = EAGAIN ]
	start_client reader read /dev/kscullpipe 100
	wait_line reader reading
	wait_in_syscall reader read
	client_alive reader
	printf 'data' > /dev/kscullpipe
	wait_exit reader
	[ "$(last_line reader)" = "read 4 data" ]
	printf 'more' > /dev/kscullpipe
	run "$CLIENT" poll /dev/kscullpipe in 1000
	[[ "${lines[1]}" == *POLLIN* ]]
}

@test "kscull: a writer blocked on a full pipe sleeps in schedule() until a read" {
	run "$CLIENT" fill /dev/kscullpipe
	[ "$output" = "filled 63" ]
	start_client writer write /dev/kscullpipe more
	wait_line writer writing
	wait_in_syscall writer write
	client_alive writer
	run "$CLIENT" read /dev/kscullpipe 5
	[ "${lines[1]}" = "read 5 fffff" ]
	wait_exit writer
	# As scullpipe, one write stops at the end of the ring: one byte fits there.
	[ "$(last_line writer)" = "wrote 1" ]
}

@test "kscull: kscullu serves one user at a time; root overrides" {
	start_client holder as 1001 hold /dev/kscullu r
	wait_line holder opened
	run as 1001 "$CLIENT" open /dev/kscullu r
	[ "$output" = ok ]
	run as 1002 "$CLIENT" open /dev/kscullu r
	[ "$status" -eq 1 ]
	[ "$output" = EBUSY ]
	run "$CLIENT" open /dev/kscullu r
	[ "$output" = ok ]
	grep -q 'kscull: kscullu opened by uid 1001 (pid [0-9]*, client)' "$BATS_TEST_TMPDIR/module.out"
	release_client holder
	wait_exit holder
	run as 1002 "$CLIENT" open /dev/kscullu r
	[ "$output" = ok ]
}

@test "kscull: /proc/kscull/blocks is a seq_file node: records larger than a page, read in short reads" {
	[ -c /dev/proc/kscull/blocks ]
	# 600 blocks of 8 bytes: kscull0's record is about 12 KB, three pages.
	head -c 4800 /dev/zero > /dev/kscull0
	printf 'hello' > /dev/kscull1
	cat /dev/proc/kscull/blocks > "$BATS_TEST_TMPDIR/whole"
	[ "$(wc -l < "$BATS_TEST_TMPDIR/whole")" -eq 603 ]
	[ "$(sed -n 1p "$BATS_TEST_TMPDIR/whole")" = "kscull0: 4800 bytes, quantum 8" ]
	[ "$(sed -n 601p "$BATS_TEST_TMPDIR/whole")" = "  block 599: 8 bytes" ]
	[ "$(sed -n 602p "$BATS_TEST_TMPDIR/whole")" = "kscull1: 5 bytes, quantum 8" ]
	[ "$(sed -n 603p "$BATS_TEST_TMPDIR/whole")" = "  block 0: 5 bytes" ]
	# Reads of 100 bytes cut the records anywhere: the same text comes out.
	dd if=/dev/proc/kscull/blocks bs=100 2>/dev/null > "$BATS_TEST_TMPDIR/short"
	cmp "$BATS_TEST_TMPDIR/whole" "$BATS_TEST_TMPDIR/short"
}

@test "kscull: /proc/kscull/stats (single_open) follows the driver's state; entries go at exit" {
	[ "$(cat /dev/proc/kscull/stats)" = "quantum 8
pipe 0 of 63 bytes" ]
	printf 'abc' > /dev/kscullpipe
	[ "$(sed -n 2p /dev/proc/kscull/stats)" = "pipe 3 of 63 bytes" ]
	stop_module
	wait_gone /dev/proc/kscull/stats
	wait_gone /dev/proc/kscull/blocks
}

@test "kscull: current_uid() is the caller's real uid, current_euid() its effective one" {
	run as_split 1002 1001 "$CLIENT" open /dev/kscullu r
	[ "$output" = ok ]
	grep -q 'kscull: kscullu opened by uid 1002 (pid [0-9]*, client)' "$BATS_TEST_TMPDIR/module.out"
	# The owner is uid 1002; a caller whose effective uid is 1002 is let in.
	start_client holder as 1002 hold /dev/kscullu r
	wait_line holder opened
	run as_split 1003 1002 "$CLIENT" open /dev/kscullu r
	[ "$output" = ok ]
	run as 1003 "$CLIENT" open /dev/kscullu r
	[ "$output" = EBUSY ]
}
