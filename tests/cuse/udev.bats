#!/usr/bin/env bats
# CUSE nodes and a real udevd: cdev_add() returns only after udev has applied
# its rules, so permissions and symlinks are in place when the driver says
# "ready". Runs as root in the test VM, where this file starts its own udevd.
# The kernel names a CUSE device after DEVNAME with '/' as '!', and udev shows
# that name with '/' again: KERNEL=="libcdev-test?mem" matches either way.

load helpers

setup_file() {
	mkdir -p /run/udev/rules.d
	cat > /run/udev/rules.d/99-libcdev-test.rules <<'RULES'
SUBSYSTEM=="cuse", KERNEL=="libcdev-test?mem", MODE="0666", GROUP="disk", SYMLINK+="libcdev-mem"
SUBSYSTEM=="cuse", KERNEL=="libcdev-test?multi*", MODE="0640", SYMLINK+="libcdev-multi/%n"
RULES
	UDEVD=$(command -v systemd-udevd || echo /lib/systemd/systemd-udevd)
	"$UDEVD" --daemon
	udevadm settle --timeout=30
}

teardown_file() {
	local status=0
	stop_suite_udevd || status=1
	rm -f /run/udev/rules.d/99-libcdev-test.rules
	return $status
}

setup() {
	cuse_setup
}

teardown() {
	cuse_teardown
}

@test "udev rules have run when the driver is ready: mode, group and symlink" {
	[ -S /run/udev/control ]
	start_driver
	# No settle, no sleep: cdev_add() waited for udev.
	[ "$(stat -c %a /dev/libcdev-test/mem)" = 666 ]
	[ "$(stat -c %G /dev/libcdev-test/mem)" = disk ]
	[ -L /dev/libcdev-mem ]
	[ "$(readlink -f /dev/libcdev-mem)" = /dev/libcdev-test/mem ]
	printf 'via udev link' > /dev/libcdev-mem
	[ "$(cat /dev/libcdev-test/mem)" = "via udev link" ]
}

@test "udevadm reports the node as SUBSYSTEM=cuse with its numbers and links" {
	start_driver
	run udevadm info --query=property --name=/dev/libcdev-test/mem
	[ "$status" -eq 0 ]
	[[ "$output" == *"SUBSYSTEM=cuse"* ]]
	[[ "$output" == *"MAJOR=$MAJ"* ]]
	[[ "$output" == *"MINOR=$MIN"* ]]
	[[ "$output" == *"DEVLINKS="*"/dev/libcdev-mem"* ]]
}

@test "every node of a multi-number cdev gets its rule before cdev_add returns" {
	start_driver --count 8
	for i in 0 1 2 3 4 5 6 7; do
		[ "$(stat -c %a /dev/libcdev-test/multi$i)" = 640 ]
	done
	[ "$(readlink -f /dev/libcdev-multi/7)" = /dev/libcdev-test/multi7 ]
}

@test "the node and its symlink go when the driver stops" {
	start_driver
	stop_server "$DRV_PID"
	udevadm settle --timeout=30
	[ ! -e /dev/libcdev-test/mem ]
	[ ! -e /dev/libcdev-mem ]
}

# Last, as it stops the udevd: its control socket stays behind, and the
# library must not wait for a udevd that is gone (up to the timeout at every
# node, set here far beyond start_driver's 30 s).
@test "a stopped udevd's socket is left: nodes are not awaited" {
	udevadm control --exit
	poll_until eval '! pgrep -x systemd-udevd >/dev/null'
	if [ ! -S /run/udev/control ]; then
		python3 -c 'import socket; socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET).bind("/run/udev/control")'
	fi
	[ -S /run/udev/control ]
	LIBCDEV_UDEV_TIMEOUT_MS=120000 start_driver --count 4
	[ -c /dev/libcdev-test/multi3 ]
}
