#!/usr/bin/env bats
# cdevctl on the host, with the direct backend (no kernel device needed):
# modules, parameters, init failures, the background host, rmmod's "in use",
# lsmod, modinfo, devices, and the errors a user can make.

setup() {
	CDEVCTL=${TOOLS_BUILDDIR:?}/cdevctl
	MOD=${TESTMOD:?}
	export LIBCDEV_RUNDIR=$BATS_TEST_TMPDIR/run
	export LIBCDEV_REGISTRY=$BATS_TEST_TMPDIR/regions
	export LIBCDEV_BACKEND=direct
}

teardown() {
	for f in "$LIBCDEV_RUNDIR"/modules/*.pid; do
		[ -e "$f" ] && kill -9 "$(cut -d' ' -f1 "$f")" 2>/dev/null
	done
	return 0
}

@test "modinfo shows license, description, author, version and typed parameters" {
	run "$CDEVCTL" modinfo "$MOD"
	[ "$status" -eq 0 ]
	[[ "$output" == *"license:        GPL"* ]]
	[[ "$output" == *"description:    cdevctl test module"* ]]
	[[ "$output" == *"author:         libcdev tests"* ]]
	[[ "$output" == *"version:        1.0"* ]]
	[[ "$output" == *"parm:           num:an int (int)"* ]]
	[[ "$output" == *"parm:           flag:a bool (bool)"* ]]
	[[ "$output" == *"parm:           word:a string (charp)"* ]]
	[[ "$output" == *"parm:           list:up to three ints (array of int)"* ]]
	[[ "$output" == *"parm:           ulnum: (ulong)"* ]]
}

@test "modinfo: a file that is not a module, and a missing file" {
	run "$CDEVCTL" modinfo /bin/sh
	[ "$status" -eq 1 ]
	[[ "$output" == *"not a libcdev module"* ]]
	run "$CDEVCTL" modinfo "$BATS_TEST_TMPDIR/none.so"
	[ "$status" -eq 1 ]
	[[ "$output" == *"No such file or directory"* ]]
}

@test "run: parameters of every type reach the module; SIGTERM runs exit and exits 0" {
	"$CDEVCTL" run "$MOD" num=-5 unum=7 lnum=-9000000000 ulnum=18446744073709551615 \
		snum=-300 usnum=65535 flag word=hi list=4,5,6 > "$BATS_TEST_TMPDIR/out" 2>&1 &
	pid=$!
	for i in $(seq 100); do grep -q loaded "$BATS_TEST_TMPDIR/out" && break; sleep 0.05; done
	grep -q "init num=-5 unum=7 lnum=-9000000000 ulnum=18446744073709551615 snum=-300 usnum=65535 flag=1 word=hi nlist=3 list=4,5,6" "$BATS_TEST_TMPDIR/out"
	[ -e "$LIBCDEV_RUNDIR/modules/testmod.pid" ]
	kill -TERM "$pid"
	wait "$pid"
	grep -q "testmod: exit" "$BATS_TEST_TMPDIR/out"
	[ ! -e "$LIBCDEV_RUNDIR/modules/testmod.pid" ]
	[ ! -e "$LIBCDEV_RUNDIR/modules/testmod.sock" ]
}

@test "run: what a module left is reported at unload; LIBCDEV_STRICT=1 makes it exit 1" {
	# The module leaks on purpose; under LeakSanitizer that would be a second report.
	for strict in 0 1; do
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
			LIBCDEV_STRICT=$strict "$CDEVCTL" run "${KLEAKMOD:?}" > "$BATS_TEST_TMPDIR/out" 2>&1 &
		pid=$!
		for i in $(seq 100); do grep -q loaded "$BATS_TEST_TMPDIR/out" && break; sleep 0.05; done
		kill -TERM "$pid"
		status=0
		wait "$pid" || status=$?
		[ "$status" = "$strict" ]
		grep -q "kleak: warning: timer .* still pending at module unload: cancelled" "$BATS_TEST_TMPDIR/out"
		grep -q "unreferenced object .* (size 32): allocated at .*kleak.c:21" "$BATS_TEST_TMPDIR/out"
		grep -q "2 problems by the kernel's rules" "$BATS_TEST_TMPDIR/out"
	done
}

@test "insmod + rmmod under LIBCDEV_STRICT=1: rmmod of a module that broke the rules fails, and unloads it" {
	for strict in 0 1; do
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
			LIBCDEV_STRICT=$strict "$CDEVCTL" insmod "${KLEAKMOD:?}"
		status=0
		"$CDEVCTL" rmmod kleak > "$BATS_TEST_TMPDIR/out" 2>&1 || status=$?
		[ "$status" = "$strict" ]
		if [ "$strict" = 1 ]; then
			grep -q "Module kleak broke the kernel's rules (LIBCDEV_STRICT=1): it is unloaded" \
				"$BATS_TEST_TMPDIR/out"
		fi
		run "$CDEVCTL" lsmod
		[[ "$output" != *kleak* ]]
	done
}

@test "rmmod of a module without an exit function is refused as the kernel refuses it; -f removes it, reporting nothing it kept" {
	LIBCDEV_STRICT=1 "$CDEVCTL" insmod "${KPERMMOD:?}"
	run "$CDEVCTL" rmmod kperm
	[ "$status" -eq 1 ]
	[ "$output" = "cdevctl: rmmod: ERROR: could not remove module kperm: Device or resource busy (it has no exit function; -f forces)" ]
	run "$CDEVCTL" lsmod
	[[ "$output" == *kperm* ]]
	run "$CDEVCTL" rmmod -f kperm
	[ "$status" -eq 0 ]
	[[ "$output" != *problem* ]]
	run "$CDEVCTL" lsmod
	[[ "$output" != *kperm* ]]
}

@test "run: bad parameters fail with one clear line and leave nothing behind" {
	run "$CDEVCTL" run "$MOD" bogus=1
	[ "$status" -eq 1 ]
	[ "$output" = "cdevctl: testmod: unknown parameter 'bogus'" ]
	run "$CDEVCTL" run "$MOD" num=12abc
	[ "$status" -eq 1 ]
	[ "$output" = "cdevctl: testmod: invalid value for parameter 'num': '12abc'" ]
	run "$CDEVCTL" run "$MOD" usnum=65536
	[ "$status" -eq 1 ]
	[[ "$output" == *"invalid value for parameter 'usnum'"* ]]
	run "$CDEVCTL" run "$MOD" unum=-1
	[ "$status" -eq 1 ]
	[[ "$output" == *"invalid value for parameter 'unum'"* ]]
	run "$CDEVCTL" run "$MOD" flag=maybe
	[ "$status" -eq 1 ]
	[[ "$output" == *"invalid value for parameter 'flag'"* ]]
	run "$CDEVCTL" run "$MOD" list=1,2,3,4
	[ "$status" -eq 1 ]
	[ "$output" = "cdevctl: testmod: too many values for parameter 'list'" ]
	[ ! -e "$LIBCDEV_RUNDIR/modules/testmod.pid" ]
	[ ! -s "$LIBCDEV_REGISTRY" ] || ! grep -q testmod "$LIBCDEV_REGISTRY"
}

@test "run: an init that fails is reported like insmod, with its errno" {
	run "$CDEVCTL" run "$MOD" fail=16
	[ "$status" -eq 1 ]
	[[ "$output" == *"cdevctl: could not insert module $MOD: Device or resource busy"* ]]
	[[ "$output" != *"testmod: exit"* ]]
	[ ! -e "$LIBCDEV_RUNDIR/modules/testmod.pid" ]
}

@test "run: not a module, a missing file, an unknown backend" {
	run "$CDEVCTL" run /bin/true
	[ "$status" -eq 1 ]
	[[ "$output" == *"cdevctl: /bin/true: not a libcdev module"* ]]
	run "$CDEVCTL" run "$BATS_TEST_TMPDIR/none.so"
	[ "$status" -eq 1 ]
	[[ "$output" == *"No such file or directory"* ]]
	run "$CDEVCTL" run --backend nosuch "$MOD"
	[ "$status" -eq 1 ]
	[[ "$output" == *"backend nosuch: unknown backend"* ]]
	run "$CDEVCTL" run
	[ "$status" -eq 2 ]
	[[ "$output" == *"usage:"* ]]
}

@test "insmod returns after init; lsmod lists it; a second insmod is refused; rmmod stops it" {
	run "$CDEVCTL" insmod "$MOD" word=bg
	[ "$status" -eq 0 ]
	pid=$(cut -d' ' -f1 "$LIBCDEV_RUNDIR/modules/testmod.pid")
	kill -0 "$pid"
	run "$CDEVCTL" lsmod
	[ "${lines[0]}" = "Module                  Size  Used by" ]
	[[ "${lines[1]}" =~ ^testmod\ +[0-9]+\ +0$ ]]
	run "$CDEVCTL" insmod "$MOD"
	[ "$status" -eq 1 ]
	[[ "$output" == *"testmod: module already loaded (pid $pid)"* ]]
	run "$CDEVCTL" rmmod testmod
	[ "$status" -eq 0 ]
	! kill -0 "$pid" 2>/dev/null
	run "$CDEVCTL" lsmod
	[ "${#lines[@]}" -eq 1 ]
	run "$CDEVCTL" rmmod testmod
	[ "$status" -eq 1 ]
	[ "$output" = "cdevctl: rmmod: ERROR: Module testmod is not currently loaded" ]
}

@test "insmod reports a failing init and leaves no host" {
	run "$CDEVCTL" insmod "$MOD" fail=22
	[ "$status" -eq 1 ]
	[[ "$output" == *"could not insert module $MOD: Invalid argument"* ]]
	[ ! -e "$LIBCDEV_RUNDIR/modules/testmod.pid" ]
	run "$CDEVCTL" insmod "$MOD" bogus
	[ "$status" -eq 1 ]
	[[ "$output" == *"unknown parameter 'bogus'"* ]]
}

@test "rmmod is refused while the module is in use; -f forces it" {
	"$CDEVCTL" insmod "$MOD" hold=1
	run "$CDEVCTL" lsmod
	[[ "${lines[1]}" =~ ^testmod\ +[0-9]+\ +1$ ]]
	run "$CDEVCTL" rmmod testmod
	[ "$status" -eq 1 ]
	[ "$output" = "cdevctl: rmmod: ERROR: Module testmod is in use" ]
	[ -e "$LIBCDEV_RUNDIR/modules/testmod.pid" ]
	run "$CDEVCTL" rmmod -f testmod
	[ "$status" -eq 0 ]
	[ ! -e "$LIBCDEV_RUNDIR/modules/testmod.pid" ]
}

@test "devices shows the kernel's majors and the regions of libcdev processes with their pid" {
	"$CDEVCTL" insmod "$MOD"
	pid=$(cut -d' ' -f1 "$LIBCDEV_RUNDIR/modules/testmod.pid")
	run "$CDEVCTL" devices
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "Character devices:" ]
	[[ "$output" == *"  1 mem"* ]]
	[[ "$output" =~ [0-9]+\ testmod\ +libcdev\ pid\ $pid,\ minors\ 0-1 ]]
	"$CDEVCTL" rmmod testmod
}

@test "the cuse backend without /dev/cuse says so" {
	LIBCDEV_CUSE_DEVICE=$BATS_TEST_TMPDIR/no-cuse run "$CDEVCTL" run --backend cuse "$MOD"
	[ "$status" -eq 1 ]
	[[ "$output" == *"this kernel has no CUSE"* ]]
}

@test "every command has --help" {
	for c in run insmod rmmod lsmod modinfo devices irq gpio; do
		run "$CDEVCTL" "$c" --help
		[ "$status" -eq 0 ]
		[[ "$output" == *"usage: cdevctl $c"* ]]
	done
	run "$CDEVCTL" --help
	[ "$status" -eq 0 ]
	run "$CDEVCTL" nosuch
	[ "$status" -eq 2 ]
	[[ "$output" == *"unknown command 'nosuch'"* ]]
}

@test "run --device: a malformed description fails before any module loads" {
	run "$CDEVCTL" run --device 'sensor.0 irq=0' "$MOD"
	[ "$status" -eq 1 ]
	[[ "$output" == *"an IRQ line is a number from 1 to 1023"* ]]
	[[ "$output" == *"--device 'sensor.0 irq=0'"* ]]
	[[ "$output" != *"testmod: init"* ]]
	printf '# a comment\nsensor.0 irq=5\nsensor.1 mem=0x1000\n' > "$BATS_TEST_TMPDIR/devices"
	run "$CDEVCTL" run --devices "$BATS_TEST_TMPDIR/devices" "$MOD"
	[ "$status" -eq 1 ]
	[[ "$output" == *"devices:3: the device above is not registered"* ]]
	[[ "$output" != *"testmod: init"* ]]
	# A bus libcdev does not describe is named, not taken for a platform device.
	run "$CDEVCTL" run --device 'usb:1 0x39 chip' "$MOD"
	[ "$status" -eq 1 ]
	[[ "$output" == *"unknown bus 'usb' (the buses described: i2c:, spi:, gpio:, rpmsg:)"* ]]
	[[ "$output" != *"testmod: init"* ]]
}

@test "irq: raises a line in a module's host; a line nobody requested and a module not loaded fail" {
	run "$CDEVCTL" irq testmod 5
	[ "$status" -eq 1 ]
	[[ "$output" == *"Module testmod is not currently loaded"* ]]
	run "$CDEVCTL" insmod --device 'sensor.0 irq=5 mem=0x1000+16' "$MOD"
	[ "$status" -eq 0 ]
	# testmod requests no IRQ: the host says so.
	run "$CDEVCTL" irq testmod 5
	[ "$status" -eq 1 ]
	[[ "$output" == *"no handler is requested for IRQ 5 in the host of testmod"* ]]
	run "$CDEVCTL" irq testmod 1024
	[ "$status" -eq 1 ]
	[[ "$output" == *"'1024' is not an IRQ line"* ]]
	run "$CDEVCTL" irq testmod
	[ "$status" -eq 2 ]
	[[ "$output" == *"usage: cdevctl irq MODULE IRQ"* ]]
	"$CDEVCTL" rmmod testmod
}

@test "gpio: a chip the host lacks, bad arguments and a module not loaded fail" {
	run "$CDEVCTL" gpio testmod chip0 0 1
	[ "$status" -eq 1 ]
	[[ "$output" == *"Module testmod is not currently loaded"* ]]
	run "$CDEVCTL" insmod "$MOD"
	[ "$status" -eq 0 ]
	run "$CDEVCTL" gpio testmod chip0 0 1
	[ "$status" -eq 1 ]
	[[ "$output" == *"no GPIO chip chip0 in the host of testmod"* ]]
	run "$CDEVCTL" gpio testmod chip0 3
	[ "$status" -eq 1 ]
	[[ "$output" == *"no GPIO chip chip0 in the host of testmod"* ]]
	run "$CDEVCTL" gpio testmod chip0 512 1
	[ "$status" -eq 1 ]
	[[ "$output" == *"'512' is not a line (0 to 511)"* ]]
	run "$CDEVCTL" gpio testmod chip0 1 2
	[ "$status" -eq 1 ]
	[[ "$output" == *"'2' is not a value (0 or 1)"* ]]
	run "$CDEVCTL" gpio testmod chip0
	[ "$status" -eq 2 ]
	[[ "$output" == *"usage: cdevctl gpio MODULE LABEL LINE"* ]]
	"$CDEVCTL" rmmod testmod
}
