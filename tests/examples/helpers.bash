# Helpers for the example drivers' device tests: serve a module with
# `tools/cdevctl run` as a real background process, wait for its nodes, run
# clients in the background, and stop everything with bounded waits.
# Run as root in the VM (tests/vm/vm-run), where /dev/cuse exists.

# `run !` (the command must fail) needs bats 1.5.
bats_require_minimum_version 1.5.0

source "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

ex_setup() {
	# TESTS_BUILDDIR is the build tree's tests/cuse (tests/Makefile.inc).
	TOP=$(cd "${TESTS_BUILDDIR:-$BATS_TEST_DIRNAME/../cuse}/../.." && pwd)
	cdevctl_path "$TOP"
	MODDIR=$TOP/examples/.libs
	CLIENT=$TOP/tests/examples/client
	export LIBCDEV_REGISTRY=$BATS_TEST_TMPDIR/regions
	export LIBCDEV_RUNDIR=$BATS_TEST_TMPDIR/run
	MOD_PID=
	[ -e /dev/cuse ] || { echo "no /dev/cuse: these tests run in the VM" >&2; return 1; }
}

ex_teardown() {
	local status=0
	kill_clients
	# A driver that hangs at SIGTERM fails the test.
	if [ -n "$MOD_PID" ] && kill -0 "$MOD_PID" 2>/dev/null; then
		stop_server "$MOD_PID" || [ $? -ne 124 ] || status=1
	fi
	sanitizer_clean "$BATS_TEST_TMPDIR/module.out" || status=1
	return $status
}

# start_module NAME [param=value ...]: `cdevctl run` in the background; returns
# once it reports the module loaded (every node is live then). Its standard
# error, with the module's printk() lines, is in $BATS_TEST_TMPDIR/module.out.
# The array RUN_OPTS holds options of `cdevctl run` (--device ...), if set.
start_module() {
	local name=$1 i
	shift
	"$CDEVCTL" run ${RUN_OPTS[@]+"${RUN_OPTS[@]}"} "$MODDIR/$name.so" "$@" \
		> "$BATS_TEST_TMPDIR/module.out" 2>&1 &
	MOD_PID=$!
	for i in $(seq 600); do
		grep -q "^cdevctl: $name loaded" "$BATS_TEST_TMPDIR/module.out" 2>/dev/null && return 0
		if ! kill -0 "$MOD_PID" 2>/dev/null; then
			echo "cdevctl run $name $* exited:" >&2
			cat "$BATS_TEST_TMPDIR/module.out" >&2
			return 1
		fi
		sleep 0.1
	done
	echo "module $name not loaded after 60 s:" >&2
	cat "$BATS_TEST_TMPDIR/module.out" >&2
	return 1
}

# stop_module: SIGTERM, as Ctrl-C would; cdevctl runs module_exit and exits 0.
stop_module() {
	local status=0
	stop_server "$MOD_PID" || status=$?
	MOD_PID=
	return $status
}

module_output() {
	cat "$BATS_TEST_TMPDIR/module.out"
}

# Wait until a path exists (at most 30 s).
wait_node() {
	poll_until test -c "$1" && return 0
	echo "$1 did not appear" >&2
	return 1
}

# Tell a holding client to close (a line on its stdin).
release_client() {
	echo go > "$BATS_TEST_TMPDIR/$1.in"
}

last_line() {
	tail -1 "$BATS_TEST_TMPDIR/$1.out"
}

# Whether the client NAME is still running (e.g. blocked in a call).
client_alive() {
	kill -0 "$(client_pid "$1")" 2>/dev/null
}

# as UID CMD...: run CMD with that uid and gid, no supplementary groups, no capabilities.
as() {
	local uid=$1
	shift
	setpriv --reuid="$uid" --regid="$uid" --clear-groups "$@"
}

# as_split RUID EUID CMD...: run CMD with a real uid apart from its effective one.
as_split() {
	local ruid=$1 euid=$2
	shift 2
	setpriv --ruid="$ruid" --euid="$euid" --rgid="$ruid" --egid="$ruid" --clear-groups "$@"
}
