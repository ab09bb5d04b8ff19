# Helpers for the example drivers' device tests: serve a module with
# `tools/cdevctl run` as a real background process, wait for its nodes, run
# clients in the background, and stop everything with bounded waits.
# Run as root in the VM (tests/vm/vm-run), where /dev/cuse exists.

# `run !` (the command must fail) needs bats 1.5.
bats_require_minimum_version 1.5.0

ex_setup() {
	# TESTS_BUILDDIR is the build tree's tests/cuse (tests/Makefile.inc).
	TOP=$(cd "${TESTS_BUILDDIR:-$BATS_TEST_DIRNAME/../cuse}/../.." && pwd)
	CDEVCTL=$TOP/tools/cdevctl
	MODDIR=$TOP/examples/.libs
	CLIENT=$TOP/tests/examples/client
	export LIBCDEV_REGISTRY=$BATS_TEST_TMPDIR/regions
	export LIBCDEV_RUNDIR=$BATS_TEST_TMPDIR/run
	MOD_PID=
	[ -e /dev/cuse ] || { echo "no /dev/cuse: these tests run in the VM" >&2; return 1; }
}

ex_teardown() {
	local f
	for f in "$BATS_TEST_TMPDIR"/*.pid; do
		[ -e "$f" ] && kill -9 "$(cat "$f")" 2>/dev/null
	done
	if [ -n "$MOD_PID" ] && kill -0 "$MOD_PID" 2>/dev/null; then
		kill -TERM "$MOD_PID"
		wait "$MOD_PID" 2>/dev/null || true
	fi
	return 0
}

# start_module NAME [param=value ...]: `cdevctl run` in the background; returns
# once it reports the module loaded (every node is live then). Its standard
# error, with the module's printk() lines, is in $BATS_TEST_TMPDIR/module.out.
start_module() {
	local name=$1 i
	shift
	"$CDEVCTL" run "$MODDIR/$name.so" "$@" > "$BATS_TEST_TMPDIR/module.out" 2>&1 &
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
	kill -TERM "$MOD_PID"
	wait "$MOD_PID" || status=$?
	MOD_PID=
	return $status
}

module_output() {
	cat "$BATS_TEST_TMPDIR/module.out"
}

# Wait until a path exists (at most 30 s).
wait_node() {
	local i
	for i in $(seq 300); do
		[ -c "$1" ] && return 0
		sleep 0.1
	done
	echo "$1 did not appear" >&2
	return 1
}

wait_gone() {
	local i
	for i in $(seq 300); do
		[ -e "$1" ] || return 0
		sleep 0.1
	done
	echo "$1 still exists" >&2
	return 1
}

# Wait until FILE has a line equal to TEXT (at most 30 s).
wait_file_line() {
	local file=$1 text=$2 i
	for i in $(seq 300); do
		grep -qx -- "$text" "$file" 2>/dev/null && return 0
		sleep 0.1
	done
	echo "timed out waiting for '$text' in $file:" >&2
	cat "$file" >&2
	return 1
}

# start_client NAME [as UID] ARGS...: run the client in the background with
# stdin the fifo NAME.in (held open here), output in NAME.out.
start_client() {
	local name=$1 fd
	shift
	local -a run=("$CLIENT")
	if [ "$1" = as ]; then
		run=(setpriv --reuid="$2" --regid="$2" --clear-groups "$CLIENT")
		shift 2
	fi
	mkfifo "$BATS_TEST_TMPDIR/$name.in"
	"${run[@]}" "$@" < "$BATS_TEST_TMPDIR/$name.in" > "$BATS_TEST_TMPDIR/$name.out" 2>&1 &
	echo $! > "$BATS_TEST_TMPDIR/$name.pid"
	exec {fd}> "$BATS_TEST_TMPDIR/$name.in"
}

client_pid() {
	cat "$BATS_TEST_TMPDIR/$1.pid"
}

wait_line() {
	wait_file_line "$BATS_TEST_TMPDIR/$1.out" "$2"
}

# Tell a holding client to close (a line on its stdin).
release_client() {
	echo go > "$BATS_TEST_TMPDIR/$1.in"
}

last_line() {
	tail -1 "$BATS_TEST_TMPDIR/$1.out"
}

# Wait for a client to exit (at most 30 s); its exit status is returned.
wait_exit() {
	local pid i
	pid=$(client_pid "$1")
	for i in $(seq 300); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	! kill -0 "$pid" 2>/dev/null || { echo "client $1 still running" >&2; return 1; }
	rm -f "$BATS_TEST_TMPDIR/$1.pid"
	wait "$pid"
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

node_majmin() {
	printf '%d:%d\n' "0x$(stat -c %t "$1")" "0x$(stat -c %T "$1")"
}
