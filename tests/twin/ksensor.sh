#!/bin/bash
# The behaviour of examples/kernel/sensor/ksensor.c, a platform driver,
# loaded with simulate=0 for a device described with cdev-twin-test --device
# 'ksensor.0 irq=42 mem=0x10000000+0x10 sampling-ms=20' (tests/twin/twin.bats):
# in the kernel the board module twin-board.ko registers that device, with
# libcdev cdevctl insmod --device does; twin_irq raises its line on either
# side, as the sensor's hardware would. The same lines are expected from both.
source "$TWIN_LIB"
TOP=$(cd "${TESTS_BUILDDIR:?}/../.." && pwd)
CLIENT=$TOP/tests/examples/client
DEV=/dev/ksensor.0
ATTR=$TWIN_SYS/devices/platform/ksensor.0
# debugfs where the kernel usually has it.
if [ "$TWIN_SIDE" = kernel ] && ! mountpoint -q /sys/kernel/debug; then
	mount -t debugfs debugfs /sys/kernel/debug
fi

samples_are() {
	[ "$(cat "$ATTR/samples")" = "$1" ]
}

# probe(): a misc device named after the platform device, the attributes of
# .dev_groups, debugfs; the described device's property and register bank.
check "probe: the misc device" stat -c '%n: %F, mode %a' "$DEV"
known "the misc device's major" "major 10 is the kernel's own misc driver's: libcdev's misc devices have a dynamic major then (libcdev-kernel(7))"
check "the misc device's major" stat -c '%t' "$DEV"
check "probe: the attributes" sh -c 'cd "$0" && ls -d overruns samples sampling_ms' "$ATTR"
check "sampling-ms=20: a property of the device" cat "$ATTR/sampling_ms"
check "probe enabled the sensor: CTRL" cat "$TWIN_SYS/kernel/debug/ksensor.0/registers"

# The attributes: show() and store().
check "sampling_ms: store() takes 500" sh -c 'echo 500 > "$0" && cat "$0"' "$ATTR/sampling_ms"
check "sampling_ms: store() refuses 0" "$CLIENT" write "$ATTR/sampling_ms" 0 w
check "sampling_ms: still 500" cat "$ATTR/sampling_ms"
check "samples: no store(), not even root writes" "$CLIENT" write "$ATTR/samples" 1 w

# The IRQ: samples through the kfifo to blocking readers and poll.
check "empty: an O_NONBLOCK read" "$CLIENT" read "$DEV" 100 r,nb
check "empty: poll" "$CLIENT" poll "$DEV" in 100
bg reader "$CLIENT" read "$DEV" 100 r
bg_wait_call reader read
check "a reader blocks" bg_alive reader
check "raise the line" twin_irq 42
check "the IRQ wakes the reader: DATA's 0, sample 0" bg_result reader
check "raise it twice" twin_irq 42 42
twin_wait samples_are 3
check "samples counts them" cat "$ATTR/samples"
check "poll says POLLIN" "$CLIENT" poll "$DEV" in 2000
check "one read: whole lines, in order" "$CLIENT" read "$DEV" 100 r
check "a line without a handler" twin_irq 43
bg sleeper "$CLIENT" read "$DEV" 100 r
bg_wait_call sleeper read
kill -USR1 "$(bg_pid sleeper)"
check "a signal interrupts a blocked read" bg_result sleeper

# The kfifo holds 64 samples: what comes while it is full is lost, counted.
check "66 raises, nobody reading" twin_irq $(printf '42 %.0s' {1..66})
twin_wait samples_are 69
check "samples" cat "$ATTR/samples"
check "overruns: 2" cat "$ATTR/overruns"
check "the fifo's 64, oldest first" sh -c '"$0" read "$1" 4096 r,nb | head -c 40' "$CLIENT" "$DEV"

# remove(), and probe() again for a new driver.
check "unload" twin_unload
check "the node and attributes go with the driver" sh -c 'ls "$0" "$1/samples" 2>&1 | wc -l; test -e "$0"' "$DEV" "$ATTR"
check "load again, the timer standing in for the hardware" twin_load simulate=1
check "probe again: the property" cat "$ATTR/sampling_ms"
# The timer raises the line with irq_set_irqchip_state(): libcdev's lines and
# the board's interrupt chip both take it, as the kernel's irq_sim does.
check "the stand-in timer's samples, in order" timeout 3 head -n 3 "$DEV"
