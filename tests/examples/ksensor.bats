#!/usr/bin/env bats
# examples/kernel/sensor/ksensor.c, a platform driver written for the kernel,
# served by `cdevctl run` in the VM with its device described on the command
# line: probe() makes /dev/ksensor.0, the attributes under
# /dev/sys/devices/platform/ksensor.0/ and a debugfs file; samples come from the IRQ (raised by
# the driver's stand-in for the hardware, or by `cdevctl irq`) through a kfifo
# to blocking readers and poll.

load helpers

DEV=/dev/ksensor.0
ATTR=/dev/sys/devices/platform/ksensor.0

setup() {
	ex_setup
	MODDIR=$TOP/examples/kernel/sensor/.libs
	RUN_OPTS=(--device 'ksensor.0 irq=42 mem=0x10000000+0x10 sampling-ms=20')
}

teardown() {
	ex_teardown
}

samples_are() {
	[ "$(cat "$ATTR/samples")" = "$1" ]
}

@test "ksensor: probe makes the node and attributes; samples arrive in order; clean at unload" {
	LIBCDEV_STRICT=1 start_module ksensor
	grep -qx 'ksensor: ksensor ksensor.0: irq 42, registers at 0x10000000, sampling every 20 ms (simulated)' \
		"$BATS_TEST_TMPDIR/module.out"
	[ -c "$DEV" ]
	[ -c "$ATTR/sampling_ms" ]
	[ -c "$ATTR/samples" ]
	[ "$(stat -c %a "$DEV")" = 444 ]
	run head -n 3 "$DEV"
	[ "${lines[0]}" = "0 21000" ]
	[ "${lines[1]}" = "1 21037" ]
	[ "${lines[2]}" = "2 21074" ]
	[ "$(cat "$ATTR/samples")" -ge 3 ]
	# debugfs: the registers, through the driver's seq_file.
	run cat /dev/sys/kernel/debug/ksensor.0/registers
	[ "${lines[0]}" = "CTRL   0x00000001" ]
	[[ "${lines[2]}" == "DATA   0x0000"* ]]
	# Strict mode: the driver broke none of the kernel's rules, so the host exits 0.
	stop_module
	grep -q 'ksensor: ksensor ksensor.0: removed after [0-9]* samples' "$BATS_TEST_TMPDIR/module.out"
	run ! grep -q 'BUG\|WARNING' "$BATS_TEST_TMPDIR/module.out"
	wait_gone "$DEV"
	[ ! -e "$ATTR/samples" ]
	[ ! -e /dev/sys/kernel/debug/ksensor.0/registers ]
}

@test "ksensor: sampling_ms reads and writes through show()/store(); bad values are refused" {
	start_module ksensor
	[ "$(cat "$ATTR/sampling_ms")" = 20 ]
	echo 500 > "$ATTR/sampling_ms"
	[ "$(cat "$ATTR/sampling_ms")" = 500 ]
	run "$CLIENT" write "$ATTR/sampling_ms" 0
	[ "$status" -eq 1 ]
	[ "${lines[1]}" = EINVAL ]
	# Read-only attribute: no writer, not even root.
	run "$CLIENT" write "$ATTR/samples" 1
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = EACCES ]
	[ "$(cat "$ATTR/sampling_ms")" = 500 ]
}

@test "ksensor: an outside IRQ wakes a blocked reader; O_NONBLOCK and poll" {
	start_module ksensor simulate=0
	run "$CLIENT" read "$DEV" 100 r,nb
	[ "$status" -eq 1 ]
	[ "${lines[1]}" = EAGAIN ]
	start_client reader read "$DEV" 100
	wait_line reader reading
	wait_in_syscall reader read
	"$CDEVCTL" irq ksensor 42
	wait_exit reader
	# Nothing wrote DATA (no stand-in): the sample is the register's 0.
	[ "$(last_line reader)" = "read 4 0 0." ]
	"$CDEVCTL" irq ksensor 42 42
	# cdevctl irq returns once the host took the raises: wait for their handlers.
	poll_until samples_are 3
	run "$CLIENT" poll "$DEV" in 2000
	[[ "${lines[1]}" == *POLLIN* ]]
	run "$CLIENT" read "$DEV" 100
	[ "${lines[1]}" = "read 8 1 0.2 0." ]
	run "$CDEVCTL" irq ksensor 43
	[ "$status" -eq 1 ]
	[[ "$output" == *"no handler is requested for IRQ 43"* ]]
}

@test "ksensor: a device without its register bank is not probed" {
	RUN_OPTS=(--device 'ksensor.1 irq=43')
	start_module ksensor
	grep -q 'probe of ksensor.1 failed with error -22' "$BATS_TEST_TMPDIR/module.out"
	[ ! -e /dev/ksensor.1 ]
	run "$CDEVCTL" run --device 'ksensor.2 irq=0' "$MODDIR/ksensor.so"
	[ "$status" -eq 1 ]
	[[ "$output" == *"an IRQ line is a number from 1 to 1023"* ]]
}
