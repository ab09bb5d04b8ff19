#!/usr/bin/env bats
# GPIO chips backed by the host's /dev/gpiochipN ("gpio:LABEL chip=", through
# libgpiod; libcdev-gpio(7)), in the VM: the host's chip is the test module
# twin-gpio.ko (tests/twin/gpiochip), whose input lines the test drives with
# its pull parameter, as a wire would. ki2csensor takes its interrupt from
# such a line (irq-gpios=host:2), as it does from a simulated one in
# tests/fuse/buses.bats; kgpioled (tests/examples/kgpioled.c) drives an
# output line.

load helpers

setup() {
	ex_setup
	MODDIR=$TOP/examples/kernel/i2csensor/.libs
	KO=$TOP/tests/twin/gpiochip/ko/twin-gpio.ko
	[ -e "$KO" ] || { echo "no $KO: make ko builds it" >&2; return 1; }
	insmod "$KO"
	LOADED=1
	CHIP=$(twin_chip)
	[ -c "$CHIP" ]
	mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug
}

teardown() {
	local status=0
	ex_teardown || status=$?
	[ -z "${LOADED:-}" ] || rmmod twin_gpio || status=1
	return $status
}

# The node of twin-gpio's chip: its parent is the platform device twin-gpio.
twin_chip() {
	local d
	for d in /sys/devices/platform/twin-gpio/gpiochip*; do
		[ -e "$d" ] && { echo "/dev/${d##*/}"; return 0; }
	done
	return 1
}

# pull LINE VALUE: drive an input of the host's chip.
pull() {
	echo "$1 $2" > /sys/module/twin_gpio/parameters/pull
}

# The host kernel's view of line NAME (gpiolib's debugfs listing).
host_line() {
	grep " ($1 " /sys/kernel/debug/gpio
}

wait_for_events() {
	for _ in $(seq 50); do
		[ "$(cat "$A/events")" = "$1" ] && return 0
		sleep 0.1
	done
	cat "$A/events"
	return 1
}

@test "gpio-host: ki2csensor's interrupt on a line of the host's chip, its edges from the kernel" {
	RUN_OPTS=(--device "gpio:host chip=$CHIP"
		--device "i2c:11 0x39 ki2csensor model=regs:0x00=0x5a,0x02=0x01,0x03=0x2c,0x04=0x01 irq-gpios=host:2")
	LIBCDEV_STRICT=1 start_module ki2csensor
	grep -q 'ki2csensor 11-0039: chip 0x5a, interrupt-driven' "$BATS_TEST_TMPDIR/module.out"
	A=/dev/sys/bus/i2c/devices/11-0039
	[ "$(cat "$A/events")" = 0 ]
	# The host's kernel sees libcdev's request of the line, an input.
	run host_line tw2
	echo "$output"
	[[ "$output" == *"|libcdev"*") in "* ]]
	# A rising edge: the driver asked for falling ones.
	pull 2 1
	sleep 0.5
	[ "$(cat "$A/events")" = 0 ]
	# Falling, with STATUS.READY set: the handler takes it and clears STATUS.
	pull 2 0
	wait_for_events 1
	# Again, STATUS clear: the handler says IRQ_NONE and counts nothing.
	pull 2 1
	pull 2 0
	sleep 0.5
	[ "$(cat "$A/events")" = 1 ]
	stop_module
	grep -q 'ki2csensor 11-0039: removed after 1 events' "$BATS_TEST_TMPDIR/module.out"
	run ! grep -q 'BUG\|WARNING' "$BATS_TEST_TMPDIR/module.out"
	# The line went back to the host: nobody holds it there.
	run host_line tw2
	[[ "$output" != *"libcdev"* ]]
}

levels() {
	cat /sys/module/twin_gpio/parameters/levels
}

@test "gpio-host: an output line a driver sets is the level of the host's line" {
	MODDIR=$TOP/tests/examples/.libs
	RUN_OPTS=(--device "gpio:host chip=$CHIP" --device 'kgpioled.0 led-gpios=host:5')
	LIBCDEV_STRICT=1 start_module kgpioled
	L=/dev/sys/devices/platform/kgpioled.0/led
	# Requested high at probe.
	[ "$(levels)" = 00000100 ]
	run host_line tw5
	echo "$output"
	[[ "$output" == *"|libcdev"*") out hi"* ]]
	[ "$(cat "$L")" = 1 ]
	echo 0 > "$L"
	[ "$(levels)" = 00000000 ]
	[ "$(cat "$L")" = 0 ]
	echo 1 > "$L"
	[ "$(levels)" = 00000100 ]
	stop_module
	run ! grep -q 'BUG\|WARNING' "$BATS_TEST_TMPDIR/module.out"
	run host_line tw5
	[[ "$output" != *"libcdev"* ]]
}

@test "gpio-host: chip= with the lines' own words, or not a GPIO chip, is refused" {
	run "$CDEVCTL" run --device "gpio:host chip=$CHIP lines=4" "$MODDIR/ki2csensor.so"
	[ "$status" -ne 0 ]
	[[ "$output" == *"lines=4: with chip=, only base= and can-sleep="* ]]
	run "$CDEVCTL" run --device 'gpio:host chip=/dev/null' "$MODDIR/ki2csensor.so"
	[ "$status" -ne 0 ]
	[[ "$output" == *"/dev/null: not a GPIO chip"* ]]
	run "$CDEVCTL" run --device 'gpio:host chip=/dev/gpiochip99' "$MODDIR/ki2csensor.so"
	[ "$status" -ne 0 ]
	[[ "$output" == *"/dev/gpiochip99: No such file or directory"* ]]
	# Nothing of the refused chip holds the host's.
	run ! grep -q libcdev /sys/kernel/debug/gpio
}
