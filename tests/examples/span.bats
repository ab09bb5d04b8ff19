#!/usr/bin/env bats
# examples/span.c served by `cdevctl run` in the VM: one region from
# register_chrdev_region() that continues into the next major (the "design
# feature"), and one cdev whose four numbers are nodes in both majors.

load helpers

setup() {
	ex_setup
}

teardown() {
	ex_teardown
}

# check_span M: the four nodes of a region from M:1048574, and what they read.
check_span() {
	local m=$1 n=$(($1 + 1))
	[ "$(chrdev_majmin /dev/span0)" = "$m:1048574" ]
	[ "$(chrdev_majmin /dev/span1)" = "$m:1048575" ]
	[ "$(chrdev_majmin /dev/span2)" = "$n:0" ]
	[ "$(chrdev_majmin /dev/span3)" = "$n:1" ]
	[ "$(cat /dev/span0)" = "span $m:1048574 0" ]
	[ "$(cat /dev/span1)" = "span $m:1048575 1" ]
	[ "$(cat /dev/span2)" = "span $n:0 2" ]
	[ "$(cat /dev/span3)" = "span $n:1 3" ]
	[ ! -e /dev/span4 ]
}

@test "span: 4 numbers from 240:1048574 are two chunks in majors 240 and 241, all four nodes work" {
	start_module span
	grep -qx "span: numbers 240:1048574 to 241:1" "$BATS_TEST_TMPDIR/module.out"
	check_span 240
	# Two regions in the registry, one per major, both the module's.
	grep -q "^240 1048574 2 $MOD_PID .* span\$" "$LIBCDEV_REGISTRY"
	grep -q "^241 0 2 $MOD_PID .* span\$" "$LIBCDEV_REGISTRY"
	run "$CDEVCTL" devices
	[[ "$output" == *"240 span"* ]]
	[[ "$output" == *"241 span"* ]]
}

@test "span: a number just outside either chunk is no device (ENXIO)" {
	start_module span
	mknod "$BATS_TEST_TMPDIR/before" c 240 1048573
	mknod "$BATS_TEST_TMPDIR/after" c 241 2
	run "$CLIENT" open "$BATS_TEST_TMPDIR/before" r
	[ "$status" -eq 1 ]
	[ "$output" = ENXIO ]
	run "$CLIENT" open "$BATS_TEST_TMPDIR/after" r
	[ "$output" = ENXIO ]
	# A node made with mknod for a number inside reaches the driver.
	mknod "$BATS_TEST_TMPDIR/inside" c 241 1
	[ "$(cat "$BATS_TEST_TMPDIR/inside")" = "span 241:1 3" ]
}

@test "span: major=200 moves the region to majors 200 and 201" {
	start_module span major=200
	check_span 200
}

@test "span: major=511 fails to load: there is no major 512; nothing is left" {
	run "$CDEVCTL" run "$MODDIR/span.so" major=511
	[ "$status" -ne 0 ]
	[[ "$output" == *"Invalid argument"* ]]
	[ ! -e /dev/span0 ]
	run ! grep -q " span\$" "$LIBCDEV_REGISTRY"
	run "$CDEVCTL" run "$MODDIR/span.so" major=0
	[ "$status" -ne 0 ]
	[[ "$output" == *"major must be 1-511"* ]]
}

@test "span: SIGTERM unregisters both chunks and removes the nodes of both majors" {
	start_module span
	stop_module
	wait_gone /dev/span0
	wait_gone /dev/span3
	run ! grep -q " span\$" "$LIBCDEV_REGISTRY"
	# Both majors are free again: the region can be taken once more.
	start_module span
	check_span 240
}
