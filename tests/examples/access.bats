#!/usr/bin/env bats
# examples/access.c served by `cdevctl run` in the VM: access control in
# open() against real processes of different users (setpriv): single open,
# one owning uid at a time, and waiting until the device is free.

load helpers

setup() {
	ex_setup
	start_module access
	# Other users may open the nodes; the driver decides.
	chmod 666 /dev/access-single /dev/access-uid /dev/access-wait
}

teardown() {
	ex_teardown
}

@test "access: three nodes, one per policy, on one major" {
	maj=$(chrdev_majmin /dev/access-single)
	maj=${maj%%:*}
	[ "$(chrdev_majmin /dev/access-single)" = "$maj:0" ]
	[ "$(chrdev_majmin /dev/access-uid)" = "$maj:1" ]
	[ "$(chrdev_majmin /dev/access-wait)" = "$maj:2" ]
	printf 'kept' > /dev/access-single
	[ "$(cat /dev/access-single)" = kept ]
}

@test "access-single: while one file is open, every other open fails EBUSY" {
	start_client holder hold /dev/access-single r
	wait_line holder opened
	run "$CLIENT" open /dev/access-single r
	[ "$status" -eq 1 ]
	[ "$output" = EBUSY ]
	run as 1001 "$CLIENT" open /dev/access-single rw
	[ "$status" -eq 1 ]
	[ "$output" = EBUSY ]
	release_client holder
	wait_exit holder
	[ "$(last_line holder)" = closed ]
	# Free again once it is closed.
	run "$CLIENT" open /dev/access-single r
	[ "$status" -eq 0 ]
	[ "$output" = ok ]
}

@test "access-uid: the owner may open it many times, another uid gets EBUSY" {
	start_client holder as 1001 hold /dev/access-uid r
	wait_line holder opened
	run as 1001 "$CLIENT" open /dev/access-uid r
	[ "$status" -eq 0 ]
	[ "$output" = ok ]
	start_client second as 1001 hold /dev/access-uid w
	wait_line second opened
	run as 1002 "$CLIENT" open /dev/access-uid r
	[ "$status" -eq 1 ]
	[ "$output" = EBUSY ]
	# The owner stays the owner until its last file is closed.
	release_client holder
	wait_exit holder
	run as 1002 "$CLIENT" open /dev/access-uid r
	[ "$output" = EBUSY ]
	release_client second
	wait_exit second
	run as 1002 "$CLIENT" open /dev/access-uid r
	[ "$status" -eq 0 ]
	[ "$output" = ok ]
}

@test "access-uid: root passes the check with CAP_DAC_OVERRIDE, as in LDD3" {
	start_client holder as 1001 hold /dev/access-uid r
	wait_line holder opened
	run "$CLIENT" open /dev/access-uid r
	[ "$status" -eq 0 ]
	[ "$output" = ok ]
	run setpriv --inh-caps=-dac_override --bounding-set=-dac_override "$CLIENT" open /dev/access-uid r
	[ "$status" -eq 1 ]
	[ "$output" = EBUSY ]
}

@test "access-wait: another uid waits in open() until the owner's last close" {
	start_client holder as 1001 hold /dev/access-wait r
	wait_line holder opened
	# The owner itself does not wait.
	run as 1001 "$CLIENT" open /dev/access-wait r
	[ "$status" -eq 0 ]
	start_client waiter as 1002 hold /dev/access-wait r
	wait_line waiter opening
	wait_in_syscall waiter openat
	client_alive waiter
	[ "$(last_line waiter)" = opening ]
	release_client holder
	wait_line waiter opened
	# Now 1002 owns it: 1001 would wait in turn, or get EAGAIN without blocking.
	run as 1001 "$CLIENT" open /dev/access-wait r,nb
	[ "$status" -eq 1 ]
	[ "$output" = EAGAIN ]
	release_client waiter
	wait_exit waiter
	[ "$(last_line waiter)" = closed ]
}

@test "access-wait: O_NONBLOCK fails EAGAIN instead of waiting" {
	start_client holder as 1001 hold /dev/access-wait r
	wait_line holder opened
	run as 1002 "$CLIENT" open /dev/access-wait r,nb
	[ "$status" -eq 1 ]
	[ "$output" = EAGAIN ]
}

@test "access-wait: a signal ends the wait with EINTR and takes nothing" {
	start_client holder as 1001 hold /dev/access-wait r
	wait_line holder opened
	start_client waiter as 1002 hold /dev/access-wait r
	wait_line waiter opening
	wait_in_syscall waiter openat
	kill -USR1 "$(client_pid waiter)"
	wait_exit waiter || true
	[ "$(last_line waiter)" = EINTR ]
	# The owner is unchanged; after its close, 1002 gets the device at once.
	run as 1002 "$CLIENT" open /dev/access-wait r,nb
	[ "$output" = EAGAIN ]
	release_client holder
	wait_exit holder
	run as 1002 "$CLIENT" open /dev/access-wait r,nb
	[ "$status" -eq 0 ]
	[ "$output" = ok ]
}
