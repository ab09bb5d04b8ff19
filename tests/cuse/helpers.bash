# Helpers for the device tests: start the test driver and clients as real
# background processes and wait for what they print, with bounded waits.

cuse_setup() {
	BUILD=${TESTS_BUILDDIR:-$BATS_TEST_DIRNAME}
	DRV=$BUILD/cuse-testdrv
	CLIENT=$BUILD/cdev-client
	export LIBCDEV_REGISTRY=$BATS_TEST_TMPDIR/regions
	DRV_PID=
	[ -e /dev/cuse ] || { echo "no /dev/cuse: these tests run in the VM" >&2; return 1; }
}

cuse_teardown() {
	for f in "$BATS_TEST_TMPDIR"/*.pid; do
		[ -e "$f" ] && kill -9 "$(cat "$f")" 2>/dev/null
	done
	if [ -n "$DRV_PID" ] && kill -0 "$DRV_PID" 2>/dev/null; then
		kill -TERM "$DRV_PID"
		wait "$DRV_PID" 2>/dev/null || true
	fi
	return 0
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

start_driver() {
	local line
	"$DRV" "$@" > "$BATS_TEST_TMPDIR/driver.out" 2>&1 &
	DRV_PID=$!
	for i in $(seq 300); do
		line=$(grep -m1 '^ready ' "$BATS_TEST_TMPDIR/driver.out" 2>/dev/null) && break
		kill -0 "$DRV_PID" 2>/dev/null || { cat "$BATS_TEST_TMPDIR/driver.out" >&2; return 1; }
		sleep 0.1
	done
	[ -n "$line" ] || { echo "driver not ready" >&2; return 1; }
	line=${line#ready }
	MAJ=${line%%:*}
	MIN=${line#*:}
}

wait_line() {
	wait_file_line "$BATS_TEST_TMPDIR/$1.out" "$2"
}

# start_client NAME ARGS...: run the client in the background, its stdin the fifo NAME.in.
start_client() {
	local name=$1 fd
	shift
	mkfifo "$BATS_TEST_TMPDIR/$name.in"
	"$CLIENT" "$@" < "$BATS_TEST_TMPDIR/$name.in" > "$BATS_TEST_TMPDIR/$name.out" 2>&1 &
	echo $! > "$BATS_TEST_TMPDIR/$name.pid"
	# Hold the fifo open for writing, so the client's open of its stdin returns.
	exec {fd}> "$BATS_TEST_TMPDIR/$name.in"
}

client_pid() {
	cat "$BATS_TEST_TMPDIR/$1.pid"
}

wait_exit() {
	local pid
	pid=$(client_pid "$1")
	for i in $(seq 300); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	! kill -0 "$pid" 2>/dev/null
	rm -f "$BATS_TEST_TMPDIR/$1.pid"
	wait "$pid"
}

wait_gone() {
	for i in $(seq 300); do
		[ -e "$1" ] || return 0
		sleep 0.1
	done
	echo "$1 still exists" >&2
	return 1
}

node_majmin() {
	printf '%d:%d\n' "0x$(stat -c %t "$1")" "0x$(stat -c %T "$1")"
}
