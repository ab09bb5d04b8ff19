#!/usr/bin/env bats
# examples/kernel/i2csensor/ki2csensor.c, an I2C chip driver written for the
# kernel (regmap over SMBus, a misc device), served by `cdevctl run` in the
# VM: against a simulated chip on a simulated bus that is also a real
# /dev/i2c-N, which the stock i2c-tools use while the driver runs; and
# against the kernel's own i2c-stub chip through the real /dev/i2c-N of the
# kernel's I2C stack (bus=).

load helpers

setup() {
	ex_setup
	MODDIR=$TOP/examples/kernel/i2csensor/.libs
}

teardown() {
	ex_teardown
	[ -z "${STUB:-}" ] || rmmod i2c_stub 2> /dev/null || true
}

CHIP='model=regs:0x00=0x5a,0x03=0x2c,0x04=0x01'

# The README's example ("Chips on a bus"), with a second chip at 0x50.
@test "ki2csensor: a simulated chip; i2c-tools see the bus, its driver's address busy" {
	RUN_OPTS=(--device 'i2c:11 adapter export=1' --device 'gpio:soc lines=8'
		--device 'i2c:11 0x39 ki2csensor model=regs:0x00=0x5a,0x02=0x01,0x03=0x2c,0x04=0x01 irq-gpios=soc:2'
		--device 'i2c:11 0x50 - model=regs:0x00=0x11,0x01=0x22')
	LIBCDEV_STRICT=1 start_module ki2csensor
	grep -q 'ki2csensor 11-0039: chip 0x5a, interrupt-driven' "$BATS_TEST_TMPDIR/module.out"
	ATTR=/dev/sys/bus/i2c/devices/11-0039
	[ "$(cat /dev/ki2csensor)" = 300 ]
	[ "$(cat "$ATTR/value")" = 300 ]
	[ "$(cat "$ATTR/enable")" = 1 ]
	[ -c /dev/i2c-11 ]
	# i2cdetect: UU where a driver holds the address, the free chip at its own.
	run i2cdetect -y 11
	[ "$status" -eq 0 ]
	[[ "${lines[4]}" == "30: -- -- -- -- -- -- -- -- -- UU -- "* ]]
	[[ "${lines[6]}" == "50: 50 -- "* ]]
	[[ "${lines[5]}" == "40: -- -- "* ]]
	# The free chip: read and written.
	[ "$(i2cget -y 11 0x50 0x01)" = 0x22 ]
	i2cset -y 11 0x50 0x01 0x33
	[ "$(i2cget -y 11 0x50 0x01)" = 0x33 ]
	# The driver's chip: busy without -f; forced, a write the driver then reads.
	run i2cget -y 11 0x39 0x00
	[ "$status" -ne 0 ]
	[[ "$output" == *"Device or resource busy"* ]]
	i2cset -f -y 11 0x39 0x03 0x64
	[ "$(cat /dev/ki2csensor)" = 356 ]
	run i2cdump -f -y 11 0x39 b
	[ "$status" -eq 0 ]
	[[ "${lines[1]}" == "00: 5a 03 01 64 01 00 00 00 "* ]]
	[ "$(i2ctransfer -f -y 11 w1@0x39 0x03 r2)" = "0x64 0x01" ]
	# The threshold goes through the regmap's cache to the chip.
	echo 66 > "$ATTR/threshold"
	[ "$(cat "$ATTR/threshold")" = 66 ]
	[ "$(i2cget -f -y 11 0x39 0x05)" = 0x42 ]
	echo 0 > "$ATTR/enable"
	[ "$(i2cget -f -y 11 0x39 0x01)" = 0x02 ]
	# A falling edge on the chip's GPIO line: the handler takes the data, clears STATUS.
	"$CDEVCTL" gpio ki2csensor soc 2 1
	"$CDEVCTL" gpio ki2csensor soc 2 0
	for _ in $(seq 50); do
		[ "$(cat "$ATTR/events")" = 1 ] && break
		sleep 0.1
	done
	[ "$(cat "$ATTR/events")" = 1 ]
	[ "$(i2cget -f -y 11 0x39 0x02)" = 0x00 ]
	stop_module
	grep -q 'ki2csensor 11-0039: removed after 1 events' "$BATS_TEST_TMPDIR/module.out"
	run ! grep -q 'BUG\|WARNING' "$BATS_TEST_TMPDIR/module.out"
	wait_gone /dev/ki2csensor
	wait_gone /dev/i2c-11
}

@test "ki2csensor: a chip with another id is not probed; i2c-dev's limits" {
	RUN_OPTS=(--device 'i2c:12 adapter export=1' --device 'i2c:12 0x39 ki2csensor model=regs:0x00=0x11')
	start_module ki2csensor
	grep -q 'ki2csensor 12-0039: unexpected chip id 0x11' "$BATS_TEST_TMPDIR/module.out"
	[ ! -e /dev/ki2csensor ]
	# Not bound: the address is free for i2c-tools.
	[ "$(i2cget -y 12 0x39 0x00)" = 0x11 ]
	# i2ctransfer refuses more than 42 messages itself; a 8193-byte message the node refuses.
	run i2ctransfer -y 12 r8193@0x39
	[ "$status" -ne 0 ]
	stop_module
}

# The kernel's i2c-stub (SMBus only) with i2c-dev: a real /dev/i2c-N.
stub_bus() {
	local d
	for d in /sys/bus/i2c/devices/i2c-*; do
		[ "$(cat "$d/name")" = "SMBus stub driver" ] && { echo "${d##*-}"; return 0; }
	done
	return 1
}

@test "ki2csensor: the kernel's i2c-stub chip through its /dev/i2c-N (bus=)" {
	local mods=$VM_CACHE/kernel/lib/modules/$(uname -r)/kernel/drivers/i2c
	[ -e "$mods/i2c-stub.ko" ] || skip "no i2c-stub.ko for $(uname -r) in VM_CACHE"
	lsmod | grep -q '^i2c_dev' || insmod "$mods/i2c-dev.ko"
	insmod "$mods/i2c-stub.ko" chip_addr=0x39
	STUB=1
	N=$(stub_bus)
	[ -c "/dev/i2c-$N" ]
	i2cset -y "$N" 0x39 0x00 0x5a
	i2cset -y "$N" 0x39 0x03 0x2c
	i2cset -y "$N" 0x39 0x04 0x01
	RUN_OPTS=(--device "i2c:$N 0x39 ki2csensor bus=/dev/i2c-$N")
	start_module ki2csensor
	ATTR=/dev/sys/bus/i2c/devices/$N-0039
	[ "$(cat /dev/ki2csensor)" = 300 ]
	# The driver's writes reach the kernel's chip, and the chip's change the driver's reads.
	[ "$(i2cget -y "$N" 0x39 0x01)" = 0x01 ]
	echo 0 > "$ATTR/enable"
	[ "$(i2cget -y "$N" 0x39 0x01)" = 0x00 ]
	i2cset -y "$N" 0x39 0x04 0x02
	[ "$(cat "$ATTR/value")" = 556 ]
	stop_module
}

@test "a bus= that is no I2C adapter, or missing, is refused before anything loads" {
	run "$CDEVCTL" run --device 'i2c:3 0x39 ki2csensor bus=/dev/null' "$MODDIR/ki2csensor.so"
	[ "$status" -ne 0 ]
	[[ "$output" == *"/dev/null: not an I2C adapter"* ]]
	run "$CDEVCTL" run --device 'i2c:3 0x39 ki2csensor bus=/dev/i2c-99' "$MODDIR/ki2csensor.so"
	[ "$status" -ne 0 ]
	[[ "$output" == *"/dev/i2c-99: No such file or directory"* ]]
	[ ! -e /dev/ki2csensor ]
}
