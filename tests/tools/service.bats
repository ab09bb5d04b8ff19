#!/usr/bin/env bats
# libcdev@.service: its unit files as systemd reads them, and the module host
# started with the unit's command line and hardening, with NOTIFY_SOCKET
# pointing at a listener (notify-listen): READY=1 only once a node answers,
# STATUS= naming the nodes, STOPPING=1 on SIGTERM, no READY=1 from a failing
# init. The FUSE backend stands in for CUSE (no /dev/cuse needed).

setup() {
	CDEVCTL=${TOOLS_BUILDDIR:?}/cdevctl
	LISTEN=${TESTS_TOOLS_BUILDDIR:?}/notify-listen
	export LIBCDEV_RUNDIR=$BATS_TEST_TMPDIR/run
	export LIBCDEV_REGISTRY=$BATS_TEST_TMPDIR/regions
	export LIBCDEV_FUSE_MOUNTPOINT=$BATS_TEST_TMPDIR/mnt
	unset LIBCDEV_BACKEND LIBCDEV_LOG
	# The unit loads by name: this build's examples, a configuration of the test's.
	export LIBCDEV_MODULE_PATH=${EXAMPLES_LIBDIR:?}
	export LIBCDEV_CONFDIR=$BATS_TEST_TMPDIR/etc
	mkdir -p "$LIBCDEV_CONFDIR/modprobe.d"
	UNITS=$BATS_TEST_TMPDIR/units
	mkdir -p "$UNITS"
	# The units with this build's paths: its cdevctl, its example modules.
	for f in "${UNITS_SRCDIR:?}"/*.in; do
		sed -e "s|@bindir@|$TOOLS_BUILDDIR|g" -e "s|@pkglibdir@|$EXAMPLES_LIBDIR|g" \
			-e "s|@sysconfdir@|$BATS_TEST_TMPDIR|g" "$f" > "$UNITS/$(basename "$f" .in)"
	done
}

load host-helpers

teardown() {
	kill_hosts "$LIBCDEV_RUNDIR/modules"
	umount_test_mounts
}

# The unit's ExecStart= for instance $1, as words.
exec_start() {
	sed -n 's/^ExecStart=//p' "$UNITS/libcdev@.service" | sed "s/%i/$1/g"
}

# The command line of libcdev@$1.service under the unit's NoNewPrivileges= and
# CapabilityBoundingSet=, which setpriv applies as systemd would.
unit_command() {
	grep -qx 'NoNewPrivileges=yes' "$UNITS/libcdev@.service"
	grep -qx 'CapabilityBoundingSet=CAP_SYS_ADMIN' "$UNITS/libcdev@.service"
	# shellcheck disable=SC2046
	echo setpriv --no-new-privs --bounding-set=-all,+sys_admin -- $(exec_start "$1")
}

# No line of standard input (or file $2) matches $1: a failing status, which
# a bare `! grep` in a bats test is not.
no_match() {
	! grep -q "$@"
}

# Wait for line $2 in file $1.
wait_line() {
	for _ in $(seq 200); do grep -q "$2" "$1" && return 0; sleep 0.05; done
	cat "$1" >&2
	return 1
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

# strace(1) of the unit's command line for instance $1 into file $2, the
# rest of the arguments strace's own. A sanitizer build's leak check at exit
# ptraces the threads (not the host's own doing, and impossible under
# strace): it is off for the traced host.
traced_unit_command() {
	local instance=$1 trace=$2
	shift 2
	# shellcheck disable=SC2046
	echo env "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -qq -o "$trace" "$@" -- $(unit_command "$instance")
}

# The syscalls of the systemd-analyze filter sets named in $@, one per line.
filter_set_calls() {
	for set in "$@"; do
		systemd-analyze syscall-filter --no-pager "$set" > "$BATS_TEST_TMPDIR/set" ||
			{ echo "no filter set $set" >&2; return 1; }
		sed -n 's/^ *\([a-z0-9_]*\)$/\1/p' "$BATS_TEST_TMPDIR/set"
	done
}

@test "every hardening option of the unit is one the tests check" {
	# The unit's [Service] keys beyond how it runs: each needs a check in
	# this file, in the case above (devices, sockets) or the one below (calls).
	checked=" NoNewPrivileges CapabilityBoundingSet DevicePolicy DeviceAllow RestrictAddressFamilies"
	checked+=" LockPersonality MemoryDenyWriteExecute RestrictNamespaces RestrictRealtime"
	checked+=" RestrictSUIDSGID SystemCallArchitectures SystemCallFilter "
	keys=$(sed -n '/^\[Service\]/,/^\[/s/^\([A-Za-z]*\)=.*/\1/p' "$UNITS/libcdev@.service" |
		grep -vxE 'Type|ExecStart|KillMode|Restart|RestartSec' | sort -u)
	[ -n "$keys" ]
	for k in $keys; do
		[[ $checked == *" $k "* ]] || { echo "unchecked: $k" >&2; false; }
	done
}

@test "the unit's call filters: the host serving a node makes none of the calls they deny" {
	need_fuse
	command -v strace > /dev/null || skip "no strace"
	command -v systemd-analyze > /dev/null || skip "no systemd-analyze"
	unit=$UNITS/libcdev@.service
	for opt in LockPersonality MemoryDenyWriteExecute RestrictNamespaces RestrictRealtime RestrictSUIDSGID; do
		grep -qx "$opt=yes" "$unit"
	done
	grep -qx 'SystemCallArchitectures=native' "$unit"
	read -ra denied_sets <<< "$(sed -n 's/^SystemCallFilter=~//p' "$unit")"
	[ "${#denied_sets[@]}" -ge 1 ]
	filter_set_calls "${denied_sets[@]}" | sort -u > "$BATS_TEST_TMPDIR/denied"
	[ "$(wc -l < "$BATS_TEST_TMPDIR/denied")" -ge 20 ]

	out=$BATS_TEST_TMPDIR/listen.out
	trace=$BATS_TEST_TMPDIR/trace
	# shellcheck disable=SC2046
	"$LISTEN" "$BATS_TEST_TMPDIR/notify" "$LIBCDEV_FUSE_MOUNTPOINT/hello" -- \
		$(traced_unit_command hello "$trace") > "$out" 2> "$BATS_TEST_TMPDIR/host.err" &
	listener=$!
	wait_line "$out" '^msg: READY=1$'
	grep -qx 'read: ok Hello, world' "$out"
	pid=$(cut -d' ' -f1 "$LIBCDEV_RUNDIR/modules/hello.pid")
	# MemoryDenyWriteExecute: no mapping writable and executable at once.
	no_match -E '^[0-9a-f-]+ .wx' /proc/"$pid"/maps
	# LockPersonality: the default personality; RestrictRealtime: no thread
	# under a real-time policy (SCHED_FIFO 1, SCHED_RR 2, SCHED_DEADLINE 6).
	[ "$(cat /proc/"$pid"/personality)" = 00000000 ]
	for stat in /proc/"$pid"/task/*/stat; do
		policy=$(sed 's/.*) //' "$stat" | cut -d' ' -f39)
		[[ $policy =~ ^[035]$ ]] || { echo "$stat: policy $policy" >&2; false; }
	done
	"$CDEVCTL" rmmod hello
	wait "$listener"
	grep -qx 'exit 0' "$out"

	# What the host did, from its exec on (setpriv's own calls before it are not the host's).
	start=$(grep -n 'execve(".*/cdevctl", ' "$trace" | tail -n 1 | cut -d: -f1)
	[ -n "$start" ]
	tail -n +"$start" "$trace" > "$BATS_TEST_TMPDIR/host.trace"
	sed -nE 's/^[0-9]+ +(<\.\.\. )?([a-z0-9_]+)[( ].*/\2/p' "$BATS_TEST_TMPDIR/host.trace" |
		sort -u > "$BATS_TEST_TMPDIR/used"
	grep -qx mount "$BATS_TEST_TMPDIR/used"	# the trace is the host's serving
	# SystemCallFilter=~...: no call of the sets it denies.
	used_denied=$(comm -12 "$BATS_TEST_TMPDIR/used" "$BATS_TEST_TMPDIR/denied")
	[ -z "$used_denied" ] || { echo "denied calls made: $used_denied" >&2; false; }
	ht=$BATS_TEST_TMPDIR/host.trace
	# RestrictNamespaces: no new namespace, none joined.
	no_match -E '^[0-9]+ +(unshare|setns)\(|CLONE_NEW' "$ht"
	# RestrictRealtime: no real-time policy asked for.
	no_match -E '^[0-9]+ +sched_set(scheduler|attr|param)\(.*SCHED_(FIFO|RR|DEADLINE)' "$ht"
	# LockPersonality: the personality only read (0xffffffff), never changed.
	no_match -E '^[0-9]+ +personality\((0x[0-9a-e]|[0-9])' "$ht"
	# MemoryDenyWriteExecute: no mapping made writable and executable, none made executable later.
	no_match -E '^[0-9]+ +(mmap|mprotect|pkey_mprotect)\(.*PROT_WRITE\|PROT_EXEC' "$ht"
	no_match -E '^[0-9]+ +(mprotect|pkey_mprotect)\(.*PROT_EXEC' "$ht"
	# RestrictSUIDSGID: no file made set-user-ID or set-group-ID.
	no_match -E '^[0-9]+ +(chmod|fchmod|fchmodat|fchmodat2|mkdir|mkdirat|mknod|mknodat|open|openat|creat)\(.*S_IS[UG]ID' "$ht"
	# SystemCallArchitectures=native: strace says when a process changes ABI.
	no_match 'runs in .* mode' "$trace"
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
