#!/usr/bin/env bats
# libcdev@.service: its unit files as systemd reads them, and the module host
# started with the unit's command line and hardening, with NOTIFY_SOCKET
# pointing at a listener (notify-listen): READY=1 only once a node answers,
# STATUS= naming the nodes, STOPPING=1 on SIGTERM, no READY=1 from a failing
# init. The FUSE backend stands in for CUSE (no /dev/cuse needed).

setup() {
	unit_setup
}

load unit-helpers
load host-helpers

teardown() {
	kill_hosts "$LIBCDEV_RUNDIR/modules"
	umount_test_mounts
}

@test "systemd-analyze verify passes on every unit" {
	command -v systemd-analyze > /dev/null || skip "no systemd-analyze"
	run systemd-analyze verify --man=no "$UNITS/libcdev@hello.service" \
		"$UNITS/libcdev-modules-load.service"
	echo "$output"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ "$(ls "$UNITS"/*.service | wc -l)" -eq 2 ]
}

@test "the unit's host: READY=1 with a node that answers, STATUS= naming it, STOPPING=1 on SIGTERM" {
	need_fuse
	# The unit loads by name, with modprobe.d's options.
	echo 'options hello whom=service' > "$LIBCDEV_CONFDIR/modprobe.d/hello.conf"
	out=$BATS_TEST_TMPDIR/listen.out
	# shellcheck disable=SC2046
	"$LISTEN" "$BATS_TEST_TMPDIR/notify" "$LIBCDEV_FUSE_MOUNTPOINT/hello" -- \
		$(unit_command hello) > "$out" 2> "$BATS_TEST_TMPDIR/host.err" &
	listener=$!
	wait_line "$out" '^msg: READY=1$'
	pid=$(sed -n 's/^pid //p' "$out")
	# The node answered at the moment READY=1 arrived.
	grep -qx 'read: ok Hello, service' "$out"
	grep -qx "msg: STATUS=Serving hello (fuse), nodes: $LIBCDEV_FUSE_MOUNTPOINT/hello" "$out"
	# DevicePolicy=closed + DeviceAllow=: the only devices it holds are allowed ones.
	grep -qx 'DevicePolicy=closed' "$UNITS/libcdev@.service"
	for fd in /proc/"$pid"/fd/*; do
		dev=$(readlink "$fd")
		case $dev in
		/dev/fuse | /dev/cuse | /dev/null) ;;
		/dev/*) echo "holds $dev" >&2; false ;;
		esac
	done
	# RestrictAddressFamilies=AF_UNIX AF_NETLINK: every socket is one of those.
	grep -qx 'RestrictAddressFamilies=AF_UNIX AF_NETLINK' "$UNITS/libcdev@.service"
	for fd in /proc/"$pid"/fd/*; do
		ino=$(readlink "$fd" | sed -n 's/^socket:\[\([0-9]*\)\]$/\1/p')
		[ -n "$ino" ] || continue
		awk -v i="$ino" '$7 == i || $10 == i { f = 1 } END { exit !f }' \
			/proc/"$pid"/net/unix /proc/"$pid"/net/netlink ||
			{ echo "socket $ino is neither AF_UNIX nor AF_NETLINK" >&2; false; }
	done
	no_match '^msg: STOPPING=1' "$out"
	kill -TERM "$pid"
	wait "$listener"
	grep -qx 'msg: STOPPING=1' "$out"
	grep -qx 'exit 0' "$out"
	# STOPPING=1 came after READY=1, and nothing came ready twice.
	[ "$(grep -n '^msg: READY=1$' "$out" | cut -d: -f1)" -lt "$(grep -n '^msg: STOPPING=1$' "$out" | cut -d: -f1)" ]
	[ "$(grep -c '^msg: READY=1$' "$out")" -eq 1 ]
	# The module's exit ran.
	grep -q 'Goodbye, service' "$BATS_TEST_TMPDIR/host.err"
	[ ! -e "$LIBCDEV_RUNDIR/modules/hello.pid" ]
}

@test "a module whose init fails: no READY=1, STATUS= says why, exit 1" {
	need_fuse
	out=$BATS_TEST_TMPDIR/listen.out
	# The unit's command line, for a module of the search path whose init fails.
	LIBCDEV_MODULE_PATH=$LIBCDEV_MODULE_PATH:$(dirname "${TESTMOD:?}")
	# shellcheck disable=SC2046
	run "$LISTEN" "$BATS_TEST_TMPDIR/notify" "$LIBCDEV_FUSE_MOUNTPOINT/none" -- \
		$(unit_command testmod) fail=5
	echo "$output"
	[ "$status" -eq 0 ]
	no_match 'READY=1' <<< "$output"
	grep -qx 'msg: STATUS=Failed: could not insert module .*testmod.so: Input/output error' <<< "$output"
	grep -qx 'exit 1' <<< "$output"
}

@test "a bad parameter on the unit's command line: no READY=1, exit 1" {
	need_fuse
	# shellcheck disable=SC2046
	run "$LISTEN" "$BATS_TEST_TMPDIR/notify" "$LIBCDEV_FUSE_MOUNTPOINT/hello" -- \
		$(unit_command hello) howmany=x
	echo "$output"
	no_match 'READY=1' <<< "$output"
	grep -qx "msg: STATUS=Failed: hello: invalid value for parameter 'howmany': 'x'" <<< "$output"
	grep -qx 'exit 1' <<< "$output"
}

@test "insmod's detached host sends nothing: only the caller is the service" {
	need_fuse
	run "$LISTEN" "$BATS_TEST_TMPDIR/notify" "$LIBCDEV_FUSE_MOUNTPOINT/hello" -- \
		"$CDEVCTL" insmod --backend fuse "$EXAMPLES_LIBDIR/hello.so"
	echo "$output"
	grep -qx 'exit 0' <<< "$output"
	no_match '^msg:' <<< "$output"
	"$CDEVCTL" rmmod hello
}

@test "every hardening option of the unit is one the tests check" {
	# The unit's [Service] keys beyond how it runs (TasksMax= lifts a bound:
	# it can only let more run): each needs a check in this file, in the case
	# above (devices, sockets) or the one below (calls).
	checked=" NoNewPrivileges CapabilityBoundingSet DevicePolicy DeviceAllow RestrictAddressFamilies"
	checked+=" LockPersonality MemoryDenyWriteExecute RestrictNamespaces RestrictRealtime"
	checked+=" RestrictSUIDSGID SystemCallArchitectures SystemCallFilter "
	keys=$(sed -n '/^\[Service\]/,/^\[/s/^\([A-Za-z]*\)=.*/\1/p' "$UNITS/libcdev@.service" |
		grep -vxE 'Type|ExecStart|KillMode|Restart|RestartSec|TasksMax' | sort -u)
	[ -n "$keys" ]
	for k in $keys; do
		[[ $checked == *" $k "* ]] || { echo "unchecked: $k" >&2; false; }
	done
}

@test "the unit's call filters: the host serving a node makes none of the calls they deny" {
	need_fuse
	command -v strace > /dev/null || skip "no strace"
	command -v systemd-analyze > /dev/null || skip "no systemd-analyze"
	unit_filters
	out=$BATS_TEST_TMPDIR/listen.out
	trace=$BATS_TEST_TMPDIR/trace
	# shellcheck disable=SC2046
	"$LISTEN" "$BATS_TEST_TMPDIR/notify" "$LIBCDEV_FUSE_MOUNTPOINT/hello" -- \
		$(traced_unit_command hello "$trace") > "$out" 2> "$BATS_TEST_TMPDIR/host.err" &
	listener=$!
	wait_line "$out" '^msg: READY=1$'
	grep -qx 'read: ok Hello, world' "$out"
	check_host_state "$(cut -d' ' -f1 "$LIBCDEV_RUNDIR/modules/hello.pid")"
	"$CDEVCTL" rmmod hello
	wait "$listener"
	grep -qx 'exit 0' "$out"
	# The FUSE backend's mount is part of the trace.
	check_call_filters "$trace" 'mount\('
}

@test "rmmod of the unit's module: STOPPING=1 before the module's exit runs, then a clean end" {
	need_fuse
	command -v strace > /dev/null || skip "no strace"
	echo 'options hello whom=rmmod' > "$LIBCDEV_CONFDIR/modprobe.d/hello.conf"
	out=$BATS_TEST_TMPDIR/listen.out
	trace=$BATS_TEST_TMPDIR/trace
	# One thread answers rmmod: its calls in the trace are in the order it made them.
	# shellcheck disable=SC2046
	"$LISTEN" "$BATS_TEST_TMPDIR/notify" "$LIBCDEV_FUSE_MOUNTPOINT/hello" -- \
		$(traced_unit_command hello "$trace" -s 256 -e trace=sendmsg,write,writev) \
		> "$out" 2> "$BATS_TEST_TMPDIR/host.err" &
	listener=$!
	wait_line "$out" '^msg: READY=1$'
	grep -qx 'read: ok Hello, rmmod' "$out"
	"$CDEVCTL" rmmod hello
	wait "$listener"
	grep -qx 'msg: STOPPING=1' "$out"
	grep -qx 'exit 0' "$out"
	grep -q 'Goodbye, rmmod' "$BATS_TEST_TMPDIR/host.err"
	[ "$(grep -c "^msg: STOPPING=1$" "$out")" -eq 1 ]
	stopping=$(grep -n 'sendmsg(.*STOPPING=1' "$trace" | head -n 1 | cut -d: -f1)
	goodbye=$(grep -n 'write.*Goodbye, rmmod' "$trace" | head -n 1 | cut -d: -f1)
	[ -n "$stopping" ] && [ -n "$goodbye" ]
	[ "$stopping" -lt "$goodbye" ] || { sed -n "${goodbye}p;${stopping}p" "$trace" >&2; false; }
}
