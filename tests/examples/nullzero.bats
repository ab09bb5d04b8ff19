#!/usr/bin/env bats
# examples/nullzero.c served by `cdevctl run` in the VM: null, zero and full
# with the kernel's semantics, side by side with the system's own.

load helpers

setup() {
	ex_setup
	start_module nullzero
}

teardown() {
	ex_teardown
}

@test "nullzero: three nodes named by device_create(), not clashing with the system's" {
	maj=$(chrdev_majmin /dev/libcdev-null)
	maj=${maj%%:*}
	[ "$(chrdev_majmin /dev/libcdev-null)" = "$maj:0" ]
	[ "$(chrdev_majmin /dev/libcdev-zero)" = "$maj:1" ]
	[ "$(chrdev_majmin /dev/libcdev-full)" = "$maj:2" ]
	[ "$(chrdev_majmin /dev/null)" = "1:3" ]
	[ "$(chrdev_majmin /dev/zero)" = "1:5" ]
	[ "$(chrdev_majmin /dev/full)" = "1:7" ]
	grep -q "^$maj 0 3 $MOD_PID .* libcdev-mem\$" "$LIBCDEV_REGISTRY"
}

@test "nullzero: null reads end of file at once and swallows every write" {
	run "$CLIENT" read /dev/libcdev-null 100
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "read 0 " ]
	[ "$(cat /dev/libcdev-null | wc -c)" -eq 0 ]
	run "$CLIENT" write /dev/libcdev-null hello
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "wrote 5" ]
	head -c 1000000 /dev/urandom > /dev/libcdev-null
	echo hello > /dev/libcdev-null
}

@test "nullzero: zero reads as many zero bytes as asked for and swallows writes" {
	run "$CLIENT" read /dev/libcdev-zero 100
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "read 100 $(printf '.%.0s' $(seq 100))" ]
	[ "$(head -c 1000000 /dev/libcdev-zero | wc -c)" -eq 1000000 ]
	[ "$(head -c 1000000 /dev/libcdev-zero | tr -d '\0' | wc -c)" -eq 0 ]
	cmp <(head -c 300000 /dev/libcdev-zero) <(head -c 300000 /dev/zero)
	run "$CLIENT" write /dev/libcdev-zero hello
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "wrote 5" ]
}

@test "nullzero: full reads zeros and fails every write with ENOSPC" {
	cmp <(head -c 100000 /dev/libcdev-full) <(head -c 100000 /dev/zero)
	run "$CLIENT" write /dev/libcdev-full hello
	[ "$status" -eq 1 ]
	[ "${lines[1]}" = ENOSPC ]
	run bash -c 'echo hello > /dev/libcdev-full'
	[ "$status" -ne 0 ]
	[[ "$output" == *"No space left on device"* ]]
}

@test "nullzero: the same answers as the kernel's /dev/null, /dev/zero and /dev/full" {
	for d in null zero full; do
		run "$CLIENT" read /dev/$d 64
		want=$output
		run "$CLIENT" read /dev/libcdev-$d 64
		[ "$output" = "$want" ]
		run "$CLIENT" write /dev/$d abc
		want="$status $output"
		run "$CLIENT" write /dev/libcdev-$d abc
		[ "$status $output" = "$want" ]
	done
}

@test "nullzero: SIGTERM removes all three nodes" {
	stop_module
	wait_gone /dev/libcdev-null
	wait_gone /dev/libcdev-zero
	wait_gone /dev/libcdev-full
	[ -c /dev/null ]
}
