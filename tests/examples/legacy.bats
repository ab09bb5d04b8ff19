#!/usr/bin/env bats
# examples/legacy.c served by `cdevctl run` in the VM: register_chrdev()
# gives minors 0-255 of one major, each a node; minor 256 is no device.

load helpers

setup() {
	ex_setup
}

teardown() {
	ex_teardown
}

@test "legacy: register_chrdev makes 256 nodes, legacy0 to legacy255, on one dynamic major" {
	start_module legacy
	[ "$(ls /dev | grep -c '^legacy[0-9]*$')" -eq 256 ]
	maj=$(chrdev_majmin /dev/legacy0)
	maj=${maj%%:*}
	grep -qx "legacy: major $maj, minors 0-255" "$BATS_TEST_TMPDIR/module.out"
	grep -q "^$maj 0 256 $MOD_PID .* legacy\$" "$LIBCDEV_REGISTRY"
	for m in 0 1 17 128 254 255; do
		[ "$(chrdev_majmin /dev/legacy$m)" = "$maj:$m" ]
		[ "$(cat /dev/legacy$m)" = "legacy $maj:$m" ]
	done
	[ ! -e /dev/legacy256 ]
}

@test "legacy: a node made with mknod for minor 256 fails ENXIO; 255 works" {
	start_module legacy
	maj=$(chrdev_majmin /dev/legacy0)
	maj=${maj%%:*}
	mknod "$BATS_TEST_TMPDIR/m255" c "$maj" 255
	[ "$(cat "$BATS_TEST_TMPDIR/m255")" = "legacy $maj:255" ]
	for m in 256 257 1000 1048575; do
		mknod "$BATS_TEST_TMPDIR/m$m" c "$maj" "$m"
		run "$CLIENT" open "$BATS_TEST_TMPDIR/m$m" r
		[ "$status" -eq 1 ]
		[ "$output" = ENXIO ]
	done
	run cat "$BATS_TEST_TMPDIR/m256"
	[ "$status" -ne 0 ]
	[[ "$output" == *"No such device or address"* ]]
}

@test "legacy: major=241 asks for that major" {
	start_module legacy major=241
	[ "$(chrdev_majmin /dev/legacy3)" = "241:3" ]
	[ "$(cat /dev/legacy255)" = "legacy 241:255" ]
	grep -q "^241 0 256 $MOD_PID " "$LIBCDEV_REGISTRY"
}

@test "legacy: SIGTERM runs unregister_chrdev: all 256 nodes and the region go" {
	start_module legacy
	stop_module
	wait_gone /dev/legacy0
	wait_gone /dev/legacy255
	[ "$(ls /dev | grep -c '^legacy[0-9]*$')" -eq 0 ]
	run ! grep -q " legacy\$" "$LIBCDEV_REGISTRY"
}
