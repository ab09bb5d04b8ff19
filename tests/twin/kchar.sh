#!/bin/bash
# The behaviour of examples/kernel/lkmpg/kchar.c, the same lines expected from
# kchar.ko in the kernel and from kchar.so on libcdev: cdev-twin-test runs
# this once against each (tests/twin/twin.bats) and compares the lines.
source "$TWIN_LIB"
TOP=$(cd "${TESTS_BUILDDIR:?}/../.." && pwd)
CLIENT=$TOP/tests/examples/client
KCLIENT=$TOP/tests/examples/kclient

check "device_create() names the node, minor 0" stat -c '%F, minor %T' /dev/kchar
check "the node is root's alone: open by uid 1001" as 1001 "$CLIENT" open /dev/kchar r
check "read: the first open" cat /dev/kchar
check "read: each open counts" cat /dev/kchar
check "read in short reads" dd if=/dev/kchar bs=5 status=none
check "write sets the message" sh -c 'printf "hi there" > /dev/kchar && cat /dev/kchar'
check "a second opener gets EBUSY" "$KCLIENT" busy /dev/kchar
check "ioctl SET_MSG reads the caller's string" "$KCLIENT" kchar-set /dev/kchar "set by ioctl"
check "ioctl GET_MSG writes at the caller's pointer" "$KCLIENT" kchar-get /dev/kchar
check "ioctl GET_NTH_BYTE takes a value" "$KCLIENT" kchar-nth /dev/kchar 4
check "ioctl GET_NTH_BYTE out of range" "$KCLIENT" kchar-nth /dev/kchar 99
check "ioctl SET_MSG from an unmapped pointer" "$KCLIENT" kchar-set-bad /dev/kchar
check "a failed ioctl changed nothing" "$KCLIENT" kchar-get /dev/kchar
check "ioctl: a command of another driver" "$CLIENT" ioctl /dev/kchar badmagic
known "lseek without .llseek" "lseek(2) never reaches the driver through CUSE (libcdev-kernel(7))"
check "lseek without .llseek" "$CLIENT" seek /dev/kchar
check "unload" twin_unload
check "the node goes with the module" test -e /dev/kchar
check "load again" twin_load
check "the count starts again" cat /dev/kchar
