#!/usr/bin/env bats
# examples/pipe.c served by `cdevctl run` in the VM: blocking reads and
# writes on wait queues, poll, O_NONBLOCK and signals, across real processes.

load helpers

setup() {
	ex_setup
	start_module pipe buffer_size=16
}

teardown() {
	ex_teardown
}

@test "pipe: count nodes on one dynamic major" {
	maj=$(chrdev_majmin /dev/pipe0)
	maj=${maj%%:*}
	[ "$(chrdev_majmin /dev/pipe1)" = "$maj:1" ]
	[ ! -e /dev/pipe2 ]
	grep -qx "pipe: 2 pipes of 16 bytes on major $maj" "$BATS_TEST_TMPDIR/module.out"
}

@test "pipe: a blocked read is woken by a writer in another process" {
	start_client reader read /dev/pipe0 100
	wait_line reader reading
	wait_in_syscall reader read
	client_alive reader
	printf 'data' > /dev/pipe0
	wait_exit reader
	[ "$(last_line reader)" = "read 4 data" ]
}

@test "pipe: a blocked write is woken by a reader in another process" {
	run "$CLIENT" fill /dev/pipe0
	[ "$status" -eq 0 ]
	[ "$output" = "filled 16" ]
	start_client writer write /dev/pipe0 more
	wait_line writer writing
	wait_in_syscall writer write
	client_alive writer
	run "$CLIENT" read /dev/pipe0 5
	[ "${lines[1]}" = "read 5 fffff" ]
	wait_exit writer
	[ "$(last_line writer)" = "wrote 4" ]
	run "$CLIENT" read /dev/pipe0 100
	[ "${lines[1]}" = "read 15 fffffffffffmore" ]
}

@test "pipe: O_NONBLOCK gives EAGAIN for an empty read and a full write" {
	run "$CLIENT" read /dev/pipe0 10 r,nb
	[ "$status" -eq 1 ]
	[ "${lines[1]}" = EAGAIN ]
	run "$CLIENT" fill /dev/pipe0
	[ "$output" = "filled 16" ]
	run "$CLIENT" write /dev/pipe0 x w,nb
	[ "$status" -eq 1 ]
	[ "${lines[1]}" = EAGAIN ]
	run "$CLIENT" read /dev/pipe0 100 r,nb
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "read 16 ffffffffffffffff" ]
}

@test "pipe: a signal ends a blocked read, and a blocked write, with EINTR" {
	start_client reader read /dev/pipe0 100
	wait_line reader reading
	wait_in_syscall reader read
	kill -USR1 "$(client_pid reader)"
	wait_exit reader || true
	[ "$(last_line reader)" = EINTR ]

	run "$CLIENT" fill /dev/pipe1
	start_client writer write /dev/pipe1 more
	wait_line writer writing
	wait_in_syscall writer write
	kill -USR1 "$(client_pid writer)"
	wait_exit writer || true
	[ "$(last_line writer)" = EINTR ]

	# The driver is fine afterwards, and the interrupted calls moved no data.
	printf 'z' > /dev/pipe0
	run "$CLIENT" read /dev/pipe0 100 r,nb
	[ "${lines[1]}" = "read 1 z" ]
	run "$CLIENT" read /dev/pipe1 100 r,nb
	[ "${lines[1]}" = "read 16 ffffffffffffffff" ]
}

@test "pipe: poll sleeps until a writer comes; POLLOUT while there is room" {
	run "$CLIENT" poll /dev/pipe0 in 300
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = timeout ]
	run "$CLIENT" poll /dev/pipe0 out 300
	[ "${lines[1]}" = POLLOUT ]
	start_client poller poll /dev/pipe0 in 30000
	wait_line poller polling
	wait_in_syscall poller poll
	client_alive poller
	printf 'x' > /dev/pipe0
	wait_exit poller
	[ "$(last_line poller)" = POLLIN ]
	run "$CLIENT" poll /dev/pipe0 inout 300
	[ "${lines[1]}" = "POLLIN POLLOUT" ]
}

@test "pipe: poll for room sleeps on a full pipe until a reader takes some" {
	run "$CLIENT" fill /dev/pipe1
	run "$CLIENT" poll /dev/pipe1 out 300
	[ "${lines[1]}" = timeout ]
	run "$CLIENT" poll /dev/pipe1 inout 300
	[ "${lines[1]}" = POLLIN ]
	start_client poller poll /dev/pipe1 out 30000
	wait_line poller polling
	wait_in_syscall poller poll
	client_alive poller
	run "$CLIENT" read /dev/pipe1 1
	wait_exit poller
	[ "$(last_line poller)" = POLLOUT ]
}

@test "pipe: the pipes are independent" {
	printf 'a' > /dev/pipe0
	run "$CLIENT" read /dev/pipe1 10 r,nb
	[ "${lines[1]}" = EAGAIN ]
	run "$CLIENT" read /dev/pipe0 10 r,nb
	[ "${lines[1]}" = "read 1 a" ]
}

@test "pipe: 20 kB pass intact through a 16-byte pipe, writer and reader blocking in turn" {
	head -c 20000 /dev/urandom > "$BATS_TEST_TMPDIR/data"
	head -c 20000 /dev/pipe0 > "$BATS_TEST_TMPDIR/out" &
	reader=$!
	cat "$BATS_TEST_TMPDIR/data" > /dev/pipe0
	wait "$reader"
	cmp "$BATS_TEST_TMPDIR/data" "$BATS_TEST_TMPDIR/out"
}
