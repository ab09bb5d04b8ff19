#!/usr/bin/env bats
# examples/hello.c served by `cdevctl run` in the VM: parameters, messages at
# init and exit, and its read-only /dev/hello.

load helpers

setup() {
	ex_setup
}

teardown() {
	ex_teardown
}

@test "hello: greets howmany times at init, whom from the parameter, and says goodbye at exit" {
	start_module hello howmany=3 whom=Linus
	[ "$(grep -cx 'hello: Hello, Linus' "$BATS_TEST_TMPDIR/module.out")" -eq 3 ]
	run ! grep -q Goodbye "$BATS_TEST_TMPDIR/module.out"
	stop_module
	grep -qx 'hello: Goodbye, Linus' "$BATS_TEST_TMPDIR/module.out"
	# module_exit ran before the process ended: the node went with cdev_del.
	wait_gone /dev/hello
}

@test "hello: the defaults greet the world once" {
	start_module hello
	[ "$(grep -c 'Hello' "$BATS_TEST_TMPDIR/module.out")" -eq 1 ]
	grep -qx 'hello: Hello, world' "$BATS_TEST_TMPDIR/module.out"
	[ "$(cat /dev/hello)" = "Hello, world" ]
}

@test "hello: howmany=0 greets no one; the device still works" {
	start_module hello howmany=0 whom=nobody
	run ! grep -q 'Hello' "$BATS_TEST_TMPDIR/module.out"
	[ "$(cat /dev/hello)" = "Hello, nobody" ]
}

@test "hello: /dev/hello reads the greeting, again from the start at each open" {
	start_module hello whom='the reader'
	[ -c /dev/hello ]
	[ "$(cat /dev/hello)" = "Hello, the reader" ]
	[ "$(cat /dev/hello)" = "Hello, the reader" ]
	run "$CLIENT" read /dev/hello 5
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "read 5 Hello" ]
}

@test "hello: /dev/hello is read-only: opening it for writing fails EACCES" {
	start_module hello
	run "$CLIENT" open /dev/hello w
	[ "$status" -eq 1 ]
	[ "$output" = "EACCES" ]
	run "$CLIENT" open /dev/hello rw
	[ "$status" -eq 1 ]
	[ "$output" = "EACCES" ]
	run sh -c 'echo hi > /dev/hello'
	[ "$status" -ne 0 ]
	[[ "$output" == *"Permission denied"* ]]
}

@test "hello: the node has the dynamic major the module registered, in the registry under its pid" {
	start_module hello
	majmin=$(chrdev_majmin /dev/hello)
	maj=${majmin%%:*}
	[ "${majmin#*:}" = 0 ]
	[ "$maj" -ge 234 ]
	[ "$maj" -le 511 ]
	grep -q "^$maj 0 1 $MOD_PID .* hello\$" "$LIBCDEV_REGISTRY"
	run "$CDEVCTL" devices
	[[ "$output" == *"$maj hello"*"pid $MOD_PID"* ]]
}

@test "hello: a bad parameter makes the load fail and leaves nothing behind" {
	run "$CDEVCTL" run "$MODDIR/hello.so" howmany=-1
	[ "$status" -ne 0 ]
	[[ "$output" == *"hello: error: howmany must not be negative (got -1)"* ]]
	[[ "$output" == *"Invalid argument"* ]]
	[ ! -e /dev/hello ]
	run ! grep -q " hello\$" "$LIBCDEV_REGISTRY" 2>/dev/null
	run "$CDEVCTL" run "$MODDIR/hello.so" howmany=lots
	[ "$status" -ne 0 ]
	[[ "$output" == *"howmany"* ]]
	run "$CDEVCTL" run "$MODDIR/hello.so" whence=here
	[ "$status" -ne 0 ]
	[[ "$output" == *"unknown parameter 'whence'"* ]]
	[ ! -e /dev/hello ]
}
