#!/bin/bash
# The behaviour of examples/kernel/scull/kscull.c (loaded with quantum=8), the
# same lines expected from kscull.ko in the kernel and from kscull.so on
# libcdev: cdev-twin-test runs this once against each (tests/twin/twin.bats).
source "$TWIN_LIB"
TOP=$(cd "${TESTS_BUILDDIR:?}/../.." && pwd)
CLIENT=$TOP/tests/examples/client
KCLIENT=$TOP/tests/examples/kclient

check "one region: minors 0-3" stat -c '%n %F minor %T' /dev/kscull0 /dev/kscull1 /dev/kscullpipe /dev/kscullu
check "open of a root-only node by uid 1001" as 1001 "$CLIENT" open /dev/kscull0 r
chmod 666 /dev/kscull0 /dev/kscullpipe /dev/kscullu

# Memory devices.
check "write spans several blocks" sh -c 'printf "twenty-six letters a..z" > /dev/kscull0 && cat /dev/kscull0'
check "one block per read" "$CLIENT" read /dev/kscull0 100
check "each device keeps its own" sh -c 'printf other > /dev/kscull1 && cat /dev/kscull1 /dev/kscull0'
check "O_WRONLY empties the device" sh -c 'printf new > /dev/kscull0 && cat /dev/kscull0'
known "lseek to 0 and read again" "lseek(2) never reaches .llseek through CUSE (libcdev-kernel(7))"
check "lseek to 0 and read again" "$CLIENT" seek /dev/kscull0

# ioctl: values, user pointers, return values, bad commands, capabilities.
check "module parameter quantum=8, by ioctl" "$KCLIENT" scull /dev/kscull0 query
check "ioctl set through a pointer" "$KCLIENT" scull /dev/kscull0 set 100
check "ioctl get through a pointer" "$KCLIENT" scull /dev/kscull0 get
check "ioctl tell by value" "$KCLIENT" scull /dev/kscull0 tell 42
check "ioctl exchange through a pointer" "$KCLIENT" scull /dev/kscull0 exchange 7
check "ioctl query as the return value" "$KCLIENT" scull /dev/kscull0 query
check "ioctl set -1" "$KCLIENT" scull /dev/kscull0 set -1
check "ioctl set without CAP_SYS_ADMIN" as 1001 "$KCLIENT" scull /dev/kscull0 set 5
check "ioctl query without CAP_SYS_ADMIN" as 1001 "$KCLIENT" scull /dev/kscull0 query
check "ioctl: another magic" "$CLIENT" ioctl /dev/kscull0 badmagic
check "ioctl reset" "$KCLIENT" scull /dev/kscull0 reset

# The pipe: blocking, O_NONBLOCK, poll, signals.
check "pipe: empty, O_NONBLOCK read" "$CLIENT" read /dev/kscullpipe 10 r,nb
check "pipe: poll on empty" "$CLIENT" poll /dev/kscullpipe in 100
bg reader "$CLIENT" read /dev/kscullpipe 100
bg_wait_call reader read
check "pipe: a reader blocks" bg_alive reader
check "pipe: a write" sh -c 'printf data > /dev/kscullpipe'
check "pipe: the writer wakes the reader" bg_result reader
check "pipe: poll sees data" sh -c 'printf more > /dev/kscullpipe && "$0" poll /dev/kscullpipe in 1000' "$CLIENT"
check "pipe: read it" "$CLIENT" read /dev/kscullpipe 100 r,nb
bg sleeper "$CLIENT" read /dev/kscullpipe 100
bg_wait_call sleeper read
kill -USR1 "$(bg_pid sleeper)"
check "pipe: a signal interrupts a blocked read" bg_result sleeper
check "pipe: fill it without blocking" "$CLIENT" fill /dev/kscullpipe
check "pipe: /proc stats" cat "$TWIN_PROC/kscull/stats"
check "pipe: poll when full" "$CLIENT" poll /dev/kscullpipe out 100

# One user at a time.
bg holder as 1001 "$CLIENT" hold /dev/kscullu r
bg_wait_line holder opened
check "kscullu: the same user again" as 1001 "$CLIENT" open /dev/kscullu r
check "kscullu: another user" as 1002 "$CLIENT" open /dev/kscullu r
check "kscullu: root overrides" "$CLIENT" open /dev/kscullu r
bg_send holder
check "kscullu: the holder closes" bg_result holder
check "kscullu: free again for another user" as 1002 "$CLIENT" open /dev/kscullu r

# /proc, seq_file.
printf 'twelve bytes' > /dev/kscull1
check "/proc blocks (seq_operations)" cat "$TWIN_PROC/kscull/blocks"
check "/proc blocks in short reads" dd if="$TWIN_PROC/kscull/blocks" bs=7 status=none

# Module parameters, checked at init.
check "unload" twin_unload
check "load with quantum=0: init fails" twin_load quantum=0
check "load with quantum=16" twin_load quantum=16
check "the parameter reaches the driver" cat "$TWIN_PROC/kscull/stats"
