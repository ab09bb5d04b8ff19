#!/usr/bin/env bats
# kchar's ioctls whose _IOC size does not describe the argument, as drivers
# written for the kernel have them: KCHAR_IOCTL_GET_MSG is _IOR(..., char *)
# yet copies the whole message to the pointer, KCHAR_IOCTL_GET_NTH_BYTE is
# _IOWR(..., int) with a value argument. The kernel reaches the caller's
# memory only where the driver copies, and so does libcdev.

load helpers

setup() {
	ex_setup
	MODDIR=$TOP/examples/kernel/lkmpg/.libs
	KCLIENT=$TOP/tests/examples/kclient
}

teardown() {
	ex_teardown
}

@test "kchar: KCHAR_IOCTL_GET_MSG writes the whole message at the caller's pointer" {
	start_module kchar
	run "$KCLIENT" kchar-set /dev/kchar "set by ioctl"
	[ "$status" -eq 0 ]
	run "$KCLIENT" kchar-get /dev/kchar
	[ "$output" = "set by ioctl" ]
}

@test "kchar: KCHAR_IOCTL_GET_NTH_BYTE takes its argument by value" {
	start_module kchar
	run "$KCLIENT" kchar-nth /dev/kchar 4
	[ "$output" = "o" ]
	run "$KCLIENT" kchar-nth /dev/kchar 99
	[ "$output" = "EINVAL" ]
}
