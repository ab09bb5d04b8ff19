#!/usr/bin/env bats
# libcdev@.service with the CUSE backend, in the VM (root, /dev/cuse): the
# unit's command line, under NoNewPrivileges= and the capability bounding
# set as systemd applies them, serves /dev/hello by READY=1, and strace(1)
# finds none of the calls the unit's filters deny (service.bats checks the
# same with the FUSE backend on the host).

load unit-helpers
load host-helpers

# The paths unit_setup takes.
# shellcheck disable=SC2034
setup() {
	[ -e /dev/cuse ] || { echo "no /dev/cuse: this suite runs in the VM" >&2; return 1; }
	# TESTS_BUILDDIR is the build tree's tests/cuse (tests/Makefile.inc).
	TOP=$(cd "${TESTS_BUILDDIR:?}/../.." && pwd)
	TOOLS_BUILDDIR=$TOP/tools
	TESTS_TOOLS_BUILDDIR=$TOP/tests/tools
	EXAMPLES_LIBDIR=$TOP/examples/.libs
	UNITS_SRCDIR=$(cd "$BATS_TEST_DIRNAME/../../units" && pwd)
	unit_setup
}

teardown() {
	kill_hosts "$LIBCDEV_RUNDIR/modules"
}

@test "CUSE: the unit's host serves /dev/hello at READY=1 and makes none of the calls its filters deny" {
	unit_filters
	echo 'options hello whom=cuse' > "$LIBCDEV_CONFDIR/modprobe.d/hello.conf"
	out=$BATS_TEST_TMPDIR/listen.out
	trace=$BATS_TEST_TMPDIR/trace
	# shellcheck disable=SC2046
	"$LISTEN" "$BATS_TEST_TMPDIR/notify" /dev/hello -- \
		$(traced_unit_command hello "$trace") > "$out" 2> "$BATS_TEST_TMPDIR/host.err" &
	listener=$!
	wait_line "$out" '^msg: READY=1$' || { cat "$BATS_TEST_TMPDIR/host.err" >&2; false; }
	grep -qx 'read: ok Hello, cuse' "$out"
	grep -qx 'msg: STATUS=Serving hello (cuse), nodes: /dev/hello' "$out"
	check_host_state "$(cut -d' ' -f1 "$LIBCDEV_RUNDIR/modules/hello.pid")"
	"$CDEVCTL" rmmod hello
	wait "$listener"
	grep -qx 'exit 0' "$out"
	# The CUSE backend's device is part of the trace.
	check_call_filters "$trace" 'openat\(.*"/dev/cuse"'
}
