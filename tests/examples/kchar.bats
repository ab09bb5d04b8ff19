#!/usr/bin/env bats
# examples/kernel/lkmpg/kchar.c, a driver written for the kernel and built
# unchanged against libcdev, served by `cdevctl run` in the VM: the node
# device_create() named, one opener at a time, read with put_user(), and
# ioctls that reach the caller's memory through user pointers.

load helpers

setup() {
	ex_setup
	MODDIR=$TOP/examples/kernel/lkmpg/.libs
	KCLIENT=$TOP/tests/examples/kclient
}

teardown() {
	ex_teardown
}

@test "kchar: init registers a dynamic major and device_create() names /dev/kchar" {
	start_module kchar
	[ -c /dev/kchar ]
	majmin=$(chrdev_majmin /dev/kchar)
	grep -qx "kchar: I was assigned major number ${majmin%%:*}." "$BATS_TEST_TMPDIR/module.out"
	[ "${majmin#*:}" = 0 ]
	grep -qx 'kchar: Device created on /dev/kchar' "$BATS_TEST_TMPDIR/module.out"
	stop_module
	grep -qx 'kchar: Goodbye after 0 opens' "$BATS_TEST_TMPDIR/module.out"
	wait_gone /dev/kchar
}

@test "kchar: each open counts; read returns the message; write sets it" {
	start_module kchar
	[ "$(cat /dev/kchar)" = "I already told you 1 times: Hello world!" ]
	[ "$(cat /dev/kchar)" = "I already told you 2 times: Hello world!" ]
	printf 'hi there' > /dev/kchar
	[ "$(cat /dev/kchar)" = "I already told you 4 times: hi there" ]
	grep -qx 'kchar: opened minor 0' "$BATS_TEST_TMPDIR/module.out"
}

@test "kchar: a second opener gets EBUSY while the first holds it" {
	start_module kchar
	run "$KCLIENT" busy /dev/kchar
	[ "$status" -eq 1 ]
	[ "$output" = "EBUSY" ]
	# Released: the next open works.
	[ "$(cat /dev/kchar)" = "I already told you 2 times: Hello world!" ]
}

@test "kchar: KCHAR_IOCTL_SET_MSG reads the string at the caller's pointer with get_user()" {
	start_module kchar
	run "$KCLIENT" kchar-set /dev/kchar "set by ioctl"
	[ "$status" -eq 0 ]
	grep -qx 'kchar: message set to "set by ioctl"' "$BATS_TEST_TMPDIR/module.out"
	[ "$(cat /dev/kchar)" = "I already told you 2 times: set by ioctl" ]
	run "$KCLIENT" kchar-set-bad /dev/kchar
	[ "$output" = "EFAULT" ]
	# The failed ioctl changed nothing.
	[ "$(cat /dev/kchar)" = "I already told you 4 times: set by ioctl" ]
}
