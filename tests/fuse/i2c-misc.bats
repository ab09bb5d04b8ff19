#!/usr/bin/env bats
# The kernel's own I2C chip drivers of drivers/misc (Debian's
# linux-source-6.1), built unchanged with cdev-kbuild, served by `cdevctl
# run` on the FUSE backend with their chips simulated by register models
# described on the command line: probe() finds the chip, the attributes its
# sysfs_create_group() made read and write through the model, and the
# module's unload removes them. Run by tests/fuse/i2c-misc-suite.sh, as root.

setup_file() {
	local tree d
	[ "$(id -u)" -eq 0 ] && [ -c /dev/fuse ] || return 0
	tree=$("$top_srcdir/tools/corpus-survey.sh" --unpack) || return 1
	export MODS="$BATS_FILE_TMPDIR/mods"
	for d in tsl2550 isl29003 hmc6352 ics932s401; do
		mkdir -p "$MODS/$d"
		cp "$tree/drivers/misc/$d.c" "$MODS/$d/"
		echo "obj-m += $d.o" > "$MODS/$d/Kbuild"
		PKG_CONFIG_PATH="$TOP/libcdev/uninstalled" "$top_srcdir/tools/cdev-kbuild" \
			-C "$MODS/$d" > "$MODS/$d/build.log" 2>&1 || return 1
	done
}

setup() {
	[ "$(id -u)" -eq 0 ] || skip "needs root (FUSE mounts)"
	[ -c /dev/fuse ] || skip "no /dev/fuse"
	MNT=$BATS_TEST_TMPDIR/mnt
	mkdir -p "$MNT"
}

teardown() {
	[ -z "${PID:-}" ] || { kill "$PID" 2> /dev/null; wait "$PID" 2> /dev/null || true; }
	! mountpoint -q "$MNT" 2> /dev/null || umount "$MNT"
}

# start MODULE DESCRIPTION: the module served, its device described; waits for "loaded".
start() {
	"$TOP/tools/cdevctl" run --backend fuse --mountpoint "$MNT" --device "$2" \
		"$MODS/$1/$1.so" > "$BATS_TEST_TMPDIR/out" 2>&1 &
	PID=$!
	for _ in $(seq 100); do
		grep -q "loaded" "$BATS_TEST_TMPDIR/out" && return 0
		kill -0 "$PID" 2> /dev/null || break
		sleep 0.1
	done
	cat "$BATS_TEST_TMPDIR/out"
	return 1
}

# stop: SIGTERM unloads the module (remove()), unmounts, exits 0.
stop() {
	kill -TERM "$PID"
	wait "$PID"
	PID=
	! mountpoint -q "$MNT"
}

@test "tsl2550: probe reads the power-up code; lux from the ADC registers; modes written" {
	start tsl2550 "i2c:1 0x39 tsl2550 model=regs:0x03=0x03,0x43=0xa0,0x83=0x90"
	grep -qx 'tsl2550: tsl2550 1-0039: support ver. 1.2 enabled' "$BATS_TEST_TMPDIR/out"
	A=$MNT/sys/bus/i2c/devices/1-0039
	[ "$(cat "$A/power_state")" = 1 ]
	[ "$(cat "$A/operating_mode")" = 0 ]
	[ "$(cat "$A/lux1_input")" = 12 ]
	echo 1 > "$A/operating_mode"
	[ "$(cat "$A/operating_mode")" = 1 ]
	run sh -c "echo 7 > '$A/operating_mode'"
	[ "$status" -ne 0 ]
	# Powered down, the chip's ADC reads are refused by the driver.
	echo 0 > "$A/power_state"
	[ "$(cat "$A/power_state")" = 0 ]
	stop
	[ ! -e "$A/lux1_input" ]
}

@test "tsl2550: a chip that does not answer the power-up code is not probed" {
	start tsl2550 "i2c:1 0x39 tsl2550 model=regs:0x03=0x00"
	[ ! -e "$MNT/sys/bus/i2c/devices/1-0039/lux1_input" ]
	stop
}

@test "isl29003: registers through the driver's cache; lux once powered up" {
	start isl29003 "i2c:0 0x44 isl29003 model=regs:0x00=0x80,0x04=0x34,0x05=0x12"
	A=$MNT/sys/bus/i2c/devices/0-0044
	[ "$(cat "$A/power_state")" = 0 ]
	run cat "$A/lux"
	[ "$status" -ne 0 ]
	echo 1 > "$A/power_state"
	# The driver shows the power-down bit's complement (0x40), as it does on the chip.
	[ "$(cat "$A/power_state")" = 64 ]
	# ((msb << 8) | lsb) * range >> bit depth: 0x1234 at range 0 (1000 lux), 16 bits.
	[ "$(cat "$A/lux")" = "$(( 0x1234 * 1000 >> 16 ))" ]
	echo 2 > "$A/range"
	[ "$(cat "$A/range")" = 2 ]
	stop
}

@test "hmc6352: plain I2C messages, the 'A' command then two bytes of heading" {
	start hmc6352 "i2c:2 0x21 hmc6352 model=regs:0x41=0x0e,0x42=0x10"
	A=$MNT/sys/bus/i2c/devices/2-0021/hmc6352
	[ "$(cat "$A/heading0_input")" = "360.0" ]
	stop
}

@test "ics932s401: found by its detect() at its address list; SMBus word reads" {
	# A chip on the bus and no device described: the driver's detection makes one.
	start ics932s401 "i2c:0 0x69 - model=regs:0x08=0x41,0x0a=0x0b"
	grep -q 'Creating ics932s401 at 0x69' "$BATS_TEST_TMPDIR/out"
	A=$MNT/sys/bus/i2c/devices/0-0069
	[ "$(cat "$A/usb_clock")" = 48000 ]
	[ "$(cat "$A/ref_clock")" = 14318 ]
	stop
	# A chip of another vendor is not taken for one.
	start ics932s401 "i2c:0 0x69 - model=regs:0x08=0x42,0x0a=0x0b"
	[ ! -e "$MNT/sys/bus/i2c/devices/0-0069" ]
	stop
}

@test "a bad description is refused with its reason before anything loads" {
	run "$TOP/tools/cdevctl" run --backend fuse --mountpoint "$MNT" \
		--device "i2c:0 0x78 tsl2550" "$MODS/tsl2550/tsl2550.so"
	[ "$status" -ne 0 ]
	[[ "$output" == *"a 7-bit address is 0x03 to 0x77"* ]]
	run "$TOP/tools/cdevctl" run --backend fuse --mountpoint "$MNT" \
		--device "i2c:0 0x39 tsl2550 bus=/dev/null" "$MODS/tsl2550/tsl2550.so"
	[ "$status" -ne 0 ]
	[[ "$output" == *"not an I2C adapter"* ]]
	! mountpoint -q "$MNT"
}
