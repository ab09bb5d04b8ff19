# Helpers shared by the device suites (tests/cuse, tests/examples,
# tests/fuse): clients run as real background processes, and every wait is
# bounded (at most 30 s) so a hung driver fails a test instead of stalling
# the suite. Each suite's helpers.bash sources this file and sets CLIENT,
# the client program that start_client runs.

# cdevctl_path TOP: the build tree's cdevctl as the program itself, not
# libtool's wrapper script, with the library path the wrapper would set. The
# wrapper only runs TOP/tools/.libs/cdevctl, but in the VM (TCG) its shell and
# sed cost more than the program: 0.7 s of the 1.1 s `cdevctl --help` takes.
cdevctl_path() {
	local top=$1
	if [ -x "$top/tools/.libs/cdevctl" ] && [ -d "$top/libcdev/.libs" ]; then
		export LD_LIBRARY_PATH=$top/libcdev/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
		CDEVCTL=$top/tools/.libs/cdevctl
	else
		CDEVCTL=$top/tools/cdevctl
	fi
}

# poll_until CMD...: run CMD every 0.1 s until it succeeds (status 0) or
# 30 s have passed (status 1). Every wait below is one of these.
poll_until() {
	local i
	for i in $(seq 300); do
		"$@" && return 0
		sleep 0.1
	done
	return 1
}

# Whether the process PID has exited.
pid_gone() {
	! kill -0 "$1" 2>/dev/null
}

# Wait until FILE has a line equal to TEXT.
wait_file_line() {
	local file=$1 text=$2
	poll_until grep -qx -- "$text" "$file" 2>/dev/null && return 0
	echo "timed out waiting for '$text' in $file:" >&2
	cat "$file" >&2
	return 1
}

# Wait until the client NAME has printed the line TEXT.
wait_line() {
	wait_file_line "$BATS_TEST_TMPDIR/$1.out" "$2"
}

# Wait until PATH no longer exists.
wait_gone() {
	poll_until test ! -e "$1" && return 0
	echo "$1 still exists" >&2
	return 1
}

# start_client NAME [as UID] ARGS...: run $CLIENT ARGS in the background, as
# UID (with that gid, no supplementary groups) if asked. Its stdin is the
# fifo NAME.in, held open here; its output goes to NAME.out.
start_client() {
	local name=$1 fd
	shift
	local -a run=("$CLIENT")
	if [ "$1" = as ]; then
		# setpriv execs the client: $! stays the client's pid, for signals and /proc.
		run=(setpriv --reuid="$2" --regid="$2" --clear-groups "$CLIENT")
		shift 2
	fi
	mkfifo "$BATS_TEST_TMPDIR/$name.in"
	"${run[@]}" "$@" < "$BATS_TEST_TMPDIR/$name.in" > "$BATS_TEST_TMPDIR/$name.out" 2>&1 &
	echo $! > "$BATS_TEST_TMPDIR/$name.pid"
	# Hold the fifo open for writing, so the client's open of its stdin returns.
	exec {fd}> "$BATS_TEST_TMPDIR/$name.in"
}

client_pid() {
	cat "$BATS_TEST_TMPDIR/$1.pid"
}

# Wait for the client NAME to exit; its exit status is returned.
wait_exit() {
	local pid
	pid=$(client_pid "$1")
	poll_until pid_gone "$pid" || { echo "client $1 still running" >&2; return 1; }
	rm -f "$BATS_TEST_TMPDIR/$1.pid"
	wait "$pid"
}

# Kill every client still running (from a teardown).
kill_clients() {
	local f
	for f in "$BATS_TEST_TMPDIR"/*.pid; do
		[ -e "$f" ] && kill -9 "$(cat "$f")" 2>/dev/null
	done
	return 0
}

# The major:minor of a character device node.
chrdev_majmin() {
	printf '%d:%d\n' "0x$(stat -c %t "$1")" "0x$(stat -c %T "$1")"
}

# stop_server PID: SIGTERM, as Ctrl-C would, and wait for the exit (its
# status is returned). A server still running 30 s later is killed and the
# call fails: a shutdown that hangs fails the test instead of stalling it.
stop_server() {
	local pid=$1
	kill -TERM "$pid" 2>/dev/null
	if ! poll_until pid_gone "$pid"; then
		echo "pid $pid still running 30 s after SIGTERM: killed" >&2
		kill -9 "$pid"
		wait "$pid" 2>/dev/null
		return 124
	fi
	wait "$pid"
}

# wait_in_syscall NAME CALL: wait until the client NAME sleeps inside the
# system call CALL (read, write, poll or openat), as /proc/PID/syscall shows.
# Then the call has reached the kernel: a signal sent now interrupts it, not
# the code before it, and a wake-up finds it waiting.
wait_in_syscall() {
	local pid want
	case $2 in
	read) want=0 ;;
	write) want=1 ;;
	poll) want=7 ;;
	openat) want=257 ;;
	*) echo "wait_in_syscall: unknown call $2" >&2; return 1 ;;
	esac
	[ "$(uname -m)" = x86_64 ] || { echo "wait_in_syscall: x86-64 numbers only" >&2; return 1; }
	pid=$(client_pid "$1")
	poll_until in_syscall "$pid" "$want" && return 0
	echo "client $1 is not in $2 ($want): /proc/$pid/syscall says $(cat "/proc/$pid/syscall" 2>&1)" >&2
	return 1
}

# Whether PID sleeps inside system call number NR.
in_syscall() {
	local nr
	read -r nr _ < "/proc/$1/syscall" 2>/dev/null && [ "$nr" = "$2" ]
}

# sanitizer_clean FILE: fail, showing the report, if a sanitizer wrote to
# FILE (a server's output). A leak found at exit changes only the exit
# status, which a teardown does not otherwise look at.
sanitizer_clean() {
	grep -q -e 'Sanitizer' -e 'runtime error:' "$1" 2>/dev/null || return 0
	echo "sanitizer report in $1:" >&2
	cat "$1" >&2
	return 1
}

# Stop the udevd a suite started, wait until it is gone (udevadm control
# --exit returns before the process does, and a udevd left running holds
# bats' output open), then remove its control socket, which outlives it and
# would make libcdev and udevadm think a udevd runs. Fails if it had to be
# killed.
stop_suite_udevd() {
	local status=0
	udevadm control --exit 2>/dev/null || true
	if ! poll_until eval '! pgrep -x systemd-udevd >/dev/null'; then
		echo "systemd-udevd still running 30 s after udevadm control --exit: killed" >&2
		pkill -KILL -x systemd-udevd
		status=1
	fi
	rm -f /run/udev/control
	return $status
}
