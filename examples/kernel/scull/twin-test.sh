#!/bin/bash
# A test script for `cdevctl twin-test examples/kernel/scull
# examples/kernel/scull/twin-test.sh quantum=8`: only shell tools, one line
# per assertion; twin-test runs it against kscull.ko and against kscull.so
# and compares the lines (cdevctl-twin-test(8)).
source "$TWIN_LIB"

check "nodes" ls /dev/kscull0 /dev/kscull1 /dev/kscullpipe /dev/kscullu
check "write and read back" sh -c 'echo hello scull > /dev/kscull0 && cat /dev/kscull0'
check "reads stop at a block (quantum=8)" dd if=/dev/kscull0 bs=100 count=1 status=none
check "the other device is empty" cat /dev/kscull1
check "/proc/kscull/stats" cat "$TWIN_PROC/kscull/stats"
check "empty pipe, non-blocking" dd if=/dev/kscullpipe iflag=nonblock bs=10 count=1 status=none
check "pipe: write then read" sh -c 'printf abc > /dev/kscullpipe && dd if=/dev/kscullpipe bs=10 count=1 status=none'
known "dd skip=2" "lseek(2) never reaches .llseek through CUSE (libcdev-kernel(7))"
check "dd skip=2" dd if=/dev/kscull0 bs=1 skip=2 count=3 status=none
