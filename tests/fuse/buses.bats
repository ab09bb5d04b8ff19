#!/usr/bin/env bats
# Chips on buses, on the host against the FUSE backend (run by
# tests/fuse/buses-suite.sh, as root). The kernel's own chip drivers of
# drivers/misc (Debian's linux-source-6.1), built unchanged with cdev-kbuild
# and served by `cdevctl run` with their chips simulated by register models
# described on the command line: probe() finds the chip, the attributes its
# sysfs_create_group() made read and write through the model, and the
# module's unload removes them; ds1682's EEPROM is a binary attribute, read
# and written at offsets. ad525x_dpot is three modules, the core and
# its I2C and SPI glue, loaded into one host. And examples/kernel/i2csensor,
# whose interrupt is a line of a simulated GPIO chip driven by `cdevctl gpio`;
# and the kernel's rpmsg sample, talking to a simulated remote processor.

setup_file() {
	local tree d
	[ "$(id -u)" -eq 0 ] && [ -c /dev/fuse ] || return 0
	tree=$("$top_srcdir/tools/corpus-survey.sh" --unpack) || return 1
	export MODS="$BATS_FILE_TMPDIR/mods"
	for d in tsl2550 isl29003 hmc6352 ics932s401 isl29020 apds9802als ds1682; do
		mkdir -p "$MODS/$d"
		cp "$tree/drivers/misc/$d.c" "$MODS/$d/"
		echo "obj-m += $d.o" > "$MODS/$d/Kbuild"
		kbuild "$MODS/$d" || return 1
	done
	mkdir -p "$MODS/rpmsg_client_sample"
	cp "$tree/samples/rpmsg/rpmsg_client_sample.c" "$MODS/rpmsg_client_sample/"
	echo "obj-m += rpmsg_client_sample.o" > "$MODS/rpmsg_client_sample/Kbuild"
	kbuild "$MODS/rpmsg_client_sample" || return 1
	mkdir -p "$MODS/ad525x"
	cp "$tree"/drivers/misc/ad525x_dpot*.[ch] "$MODS/ad525x/"
	echo "obj-m += ad525x_dpot.o ad525x_dpot-i2c.o ad525x_dpot-spi.o" > "$MODS/ad525x/Kbuild"
	kbuild "$MODS/ad525x"
}

kbuild() {
	PKG_CONFIG_PATH="$TOP/libcdev/uninstalled" "$top_srcdir/tools/cdev-kbuild" \
		-C "$1" > "$1/build.log" 2>&1 || { cat "$1/build.log"; return 1; }
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

# serve DESCRIPTION... -- MODULE.so...: the modules served in one host, the
# devices described; waits until each module is loaded.
serve() {
	local args=() m
	while [ "$1" != -- ]; do
		args+=(--device "$1")
		shift
	done
	shift
	args+=("$1")
	for m in "${@:2}"; do
		args+=(+ "$m")
	done
	"$TOP/tools/cdevctl" run --backend fuse --mountpoint "$MNT" "${args[@]}" \
		> "$BATS_TEST_TMPDIR/out" 2>&1 &
	PID=$!
	for _ in $(seq 100); do
		[ "$(grep -c ' loaded (backend' "$BATS_TEST_TMPDIR/out")" -eq $# ] && return 0
		kill -0 "$PID" 2> /dev/null || break
		sleep 0.1
	done
	cat "$BATS_TEST_TMPDIR/out"
	return 1
}

# start MODULE DESCRIPTION: the module of drivers/misc served, its device described.
start() {
	serve "$2" -- "$MODS/$1/$1.so"
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

@test "ds1682: indexed attributes in quarter-seconds; the EEPROM a binary file, written at an offset" {
	start ds1682 "i2c:1 0x6b ds1682 model=regs:0x05=0x10,0x09=0x05,0x0b=0x41,0x0c=0x42"
	A=$MNT/sys/bus/i2c/devices/1-006b
	# 16 quarter-seconds in the 32-bit counter, read twice as the driver does.
	[ "$(cat "$A/elapsed_time")" = 4000 ]
	[ "$(cat "$A/event_count")" = 5 ]
	echo 1000 > "$A/alarm_time"
	[ "$(cat "$A/alarm_time")" = 1000 ]
	[ "$(od -An -c "$A/eeprom" | tr -d ' ')" = 'AB\0\0\0\0\0\0\0\0' ]
	printf hi | dd of="$A/eeprom" bs=1 seek=3 conv=notrunc status=none
	[ "$(head -c 5 "$A/eeprom")" = "$(printf 'AB\0hi')" ]
	# Ten bytes in all: the eleventh is not written.
	run dd of="$A/eeprom" bs=11 count=1 conv=notrunc status=none < <(printf 0123456789X)
	[ "$(cat "$A/eeprom")" = 0123456789 ]
	stop
	[ ! -e "$A/eeprom" ]
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

@test "isl29020 and apds9802als: two light sensors of one bus in one host, runtime PM around reads" {
	serve "i2c:3 0x44 isl29020 model=regs:0x01=0x00,0x02=0x40" \
		"i2c:3 0x39 apds9802als model=regs:0x86=0x80,0x8c=0x34,0x8d=0x12" -- \
		"$MODS/isl29020/isl29020.so" "$MODS/apds9802als/apds9802als.so"
	grep -q 'isl29020 3-0044: isl29020 isl29020: ALS chip found' "$BATS_TEST_TMPDIR/out"
	grep -q 'apds9802als 3-0039: ALS chip found' "$BATS_TEST_TMPDIR/out"
	I=$MNT/sys/bus/i2c/devices/3-0044/isl29020
	P=$MNT/sys/bus/i2c/devices/3-0039/apds9802als
	# The range from CTRL's low bits (probe wrote 0xc0: 1000 lux), the level scaled to it.
	[ "$(cat "$I/lux0_sensor_range")" = 1000 ]
	[ "$(cat "$I/lux0_input")" = "$((1000 * 0x4000 / 65536))" ]
	echo 4000 > "$I/lux0_sensor_range"
	[ "$(cat "$I/lux0_sensor_range")" = 4000 ]
	[ "$(cat "$I/lux0_input")" = "$((4000 * 0x4000 / 65536))" ]
	run sh -c "echo 70000 > '$I/lux0_sensor_range'"
	[ "$status" -ne 0 ]
	# A measurement started, data-ready polled (0x86 bit 7), then DATA_L/DATA_H.
	[ "$(cat "$P/lux0_input")" = "$((0x1234))" ]
	[ "$(cat "$P/lux0_sensor_range")" = 65535 ]
	echo 4095 > "$P/lux0_sensor_range"
	[ "$(cat "$P/lux0_sensor_range")" = 4095 ]
	stop
	[ ! -e "$I/lux0_input" ]
}

@test "ad525x_dpot: the core and its I2C and SPI glue in one host, a chip on each bus" {
	local d=$MODS/ad525x
	serve "i2c:1 0x18 ad5258 model=regs:0x00=0x20" "spi:0.1 ad5204" -- \
		"$d/ad525x_dpot.so" "$d/ad525x_dpot-i2c.so" "$d/ad525x_dpot-spi.so"
	grep -q 'ad_dpot 1-0018: ad5258 64-Position Digital Potentiometer registered' "$BATS_TEST_TMPDIR/out"
	grep -q 'ad_dpot spi0.1: ad5204 256-Position Digital Potentiometer registered' "$BATS_TEST_TMPDIR/out"
	# The I2C chip's wiper: read from the model, written, clamped to its 64 positions.
	A=$MNT/sys/bus/i2c/devices/1-0018
	[ "$(cat "$A/rdac0")" = 32 ]
	echo 17 > "$A/rdac0"
	[ "$(cat "$A/rdac0")" = 17 ]
	echo 99 > "$A/rdac0"
	[ "$(cat "$A/rdac0")" = 63 ]
	# The SPI chip is write-only: its four wipers from the driver's cache, at mid-scale.
	S=$MNT/sys/bus/spi/devices/spi0.1
	[ "$(cat "$S/rdac2")" = 128 ]
	echo 200 > "$S/rdac2"
	[ "$(cat "$S/rdac2")" = 200 ]
	# The glue uses the core's exported symbols: the core cannot go first.
	run "$TOP/tools/cdevctl" lsmod
	[[ "$output" == *"ad525x_dpot "*"2 ad525x_dpot_spi,ad525x_dpot_i2c"* ]]
	stop
	[ ! -e "$S/rdac2" ]
}

@test "ki2csensor: its interrupt is a GPIO line, driven from outside with cdevctl gpio" {
	serve "gpio:soc lines=8 names=,,sensor-int" \
		"i2c:1 0x39 ki2csensor model=regs:0x00=0x5a,0x02=0x01,0x03=0x2c,0x04=0x01 irq-gpios=soc:2" -- \
		"$TOP/examples/kernel/i2csensor/.libs/ki2csensor.so"
	grep -q 'ki2csensor 1-0039: chip 0x5a, interrupt-driven' "$BATS_TEST_TMPDIR/out"
	A=$MNT/sys/bus/i2c/devices/1-0039
	[ "$(cat "$A/events")" = 0 ]
	[ "$("$TOP/tools/cdevctl" gpio ki2csensor soc 2)" = 0 ]
	# A rising edge: the driver asked for falling ones.
	"$TOP/tools/cdevctl" gpio ki2csensor soc 2 1
	[ "$("$TOP/tools/cdevctl" gpio ki2csensor soc 2)" = 1 ]
	# Falling, with STATUS.READY set: the handler takes it and clears STATUS.
	"$TOP/tools/cdevctl" gpio ki2csensor soc 2 0
	wait_for_events 1
	# Again, STATUS clear: the handler says IRQ_NONE and counts nothing.
	"$TOP/tools/cdevctl" gpio ki2csensor soc 2 1
	"$TOP/tools/cdevctl" gpio ki2csensor soc 2 0
	sleep 0.5
	[ "$(cat "$A/events")" = 1 ]
	run "$TOP/tools/cdevctl" gpio ki2csensor soc 8 1
	[ "$status" -eq 1 ]
	stop
	grep -q 'ki2csensor 1-0039: removed after 1 events' "$BATS_TEST_TMPDIR/out"
}

wait_for_events() {
	for _ in $(seq 50); do
		[ "$(cat "$A/events")" = "$1" ] && return 0
		sleep 0.1
	done
	cat "$A/events"
	return 1
}

@test "rpmsg_client_sample: its messages to an echoing remote come back until its count" {
	"$TOP/tools/cdevctl" run --backend fuse --mountpoint "$MNT" \
		--device "rpmsg:rpmsg-client-sample dst=0x35 model=echo" \
		"$MODS/rpmsg_client_sample/rpmsg_client_sample.so" count=5 > "$BATS_TEST_TMPDIR/out" 2>&1 &
	PID=$!
	for _ in $(seq 100); do
		grep -q 'goodbye!' "$BATS_TEST_TMPDIR/out" && break
		sleep 0.1
	done
	grep -q 'new channel: 0x400 -> 0x35!' "$BATS_TEST_TMPDIR/out"
	[ "$(grep -c 'incoming msg [0-9]* (src: 0x35)' "$BATS_TEST_TMPDIR/out")" -eq 5 ]
	grep -q 'incoming msg 5 (src: 0x35)' "$BATS_TEST_TMPDIR/out"
	grep -q 'goodbye!' "$BATS_TEST_TMPDIR/out"
	stop
	grep -q 'rpmsg sample client driver is removed' "$BATS_TEST_TMPDIR/out"
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
