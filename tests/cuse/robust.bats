#!/usr/bin/env bats
# Stress and crash recovery on real CUSE nodes, with a module host as users
# run it (`cdevctl run`): clients hammer a node the driver deletes and adds
# again while rmmod is tried; a host killed in the middle of I/O. In CI's
# sanitizer pass the host is an ASan build, and its exit is checked for leaks.

load ../examples/helpers

setup() {
	ex_setup
	MODDIR=$TOP/tests/cuse/.libs
	STRESS=$TOP/tests/cuse/stress-client
}

teardown() {
	ex_teardown
}

count_fds() {
	ls "/proc/$1/fd" | wc -l
}

# True once process $1 has at most $2 descriptors (poll_until runs it again).
fds_at_most() {
	[ "$(count_fds "$1")" -le "$2" ]
}

count_threads() {
	ls "/proc/$1/task" | wc -l
}

@test "new nodes are 0600 and root's when no udev rule says otherwise" {
	start_module stressmod churn_ms=0
	wait_node /dev/libcdev-stress
	[ "$(stat -c '%a %U %G' /dev/libcdev-stress)" = "600 root root" ]
	[ "$(stat -c '%a %U %G' /dev/libcdev-stress-wait)" = "600 root root" ]
}

@test "stress: 16 clients against a node deleted and added again while rmmod is refused; nothing leaks" {
	start_module stressmod churn_ms=10
	wait_node /dev/libcdev-stress-wait
	local fds threads holder
	fds=$(count_fds "$MOD_PID")
	threads=$(count_threads "$MOD_PID")
	# A file held open for the whole run: the module is in use, as in the kernel.
	exec {holder}< /dev/libcdev-stress-wait
	"$STRESS" stress /dev/libcdev-stress 4 16 > "$BATS_TEST_TMPDIR/stress.out" 2>&1 &
	local spid=$! refused=0
	while kill -0 "$spid" 2>/dev/null; do
		run "$CDEVCTL" rmmod stressmod
		[ "$status" -ne 0 ]
		[[ "$output" == *"in use"* ]]
		refused=$((refused + 1))
		sleep 0.5
	done
	wait "$spid" || { cat "$BATS_TEST_TMPDIR/stress.out"; false; }
	cat "$BATS_TEST_TMPDIR/stress.out"
	echo "rmmod refused $refused times"
	[ "$refused" -gt 0 ]
	exec {holder}<&-
	# Every descriptor a cycle opened was closed: back to the count at load
	# (one re-add may be in flight, so wait for it).
	poll_until fds_at_most "$MOD_PID" "$fds"
	# The request threads stay within the pool's bound.
	echo "threads: $threads at load, $(count_threads "$MOD_PID") after"
	[ "$(count_threads "$MOD_PID")" -le $((threads + ${LIBCDEV_MAX_THREADS:-65536})) ]
	run "$CDEVCTL" rmmod stressmod
	[ "$status" -eq 0 ]
	poll_until pid_gone "$MOD_PID"
	MOD_PID=
	grep -E "[0-9]+ cycles of cdev_del and cdev_add" "$BATS_TEST_TMPDIR/module.out"
	! grep -E "^[0-9]+ cycles" "$BATS_TEST_TMPDIR/module.out" | grep -q "^0 cycles"
	[ ! -e /dev/libcdev-stress ]
	[ ! -e /dev/libcdev-stress-wait ]
}

@test "kill -9 of a host in the middle of I/O: clients get an error, nodes go, the module loads again at once" {
	start_module stressmod churn_ms=0
	wait_node /dev/libcdev-stress-wait
	CLIENT=$STRESS start_client reader read /dev/libcdev-stress-wait
	wait_line reader reading
	# Long enough for the kill to come while they run, however slow the VM:
	# each ends at its first failure, once the host is gone.
	"$STRESS" stress-until-gone /dev/libcdev-stress 60 4 > "$BATS_TEST_TMPDIR/stress.out" 2>&1 &
	local spid=$! st=0
	sleep 1
	kill -9 "$MOD_PID"
	wait "$MOD_PID" 2>/dev/null || true
	MOD_PID=
	# The blocked read fails instead of hanging. (Not through `run`: its
	# subshell cannot wait for this shell's child.)
	local rst=0
	wait_exit reader || rst=$?
	[ "$rst" -eq 1 ]
	cat "$BATS_TEST_TMPDIR/reader.out"
	# Each stress client ends on an error (a call on its open file, or its
	# open) well before its 60 s: none hangs or goes on as if nothing was.
	wait "$spid" || st=$?
	cat "$BATS_TEST_TMPDIR/stress.out"
	[ "$st" -eq 0 ]
	wait_gone /dev/libcdev-stress
	wait_gone /dev/libcdev-stress-wait
	start_module stressmod churn_ms=0
	wait_node /dev/libcdev-stress
	run "$STRESS" stress /dev/libcdev-stress 0.5 2
	[ "$status" -eq 0 ]
}

@test "SIGTERM with files open: a blocked read fails EIO, ->release runs as the opener before exit, nothing leaks" {
	start_module stressmod churn_ms=0
	wait_node /dev/libcdev-stress-wait
	CLIENT=$STRESS start_client reader read /dev/libcdev-stress-wait
	wait_line reader reading
	wait_in_syscall reader read
	local holder reader st=0
	reader=$(client_pid reader)
	exec {holder}< /dev/libcdev-stress-wait
	# The host ends as cleanly as without open files: status 0, and in the
	# sanitizer pass no leak report (the files' references were dropped).
	stop_module || st=$?
	[ "$st" -eq 0 ]
	# The read the hang-up interrupted fails; it does not see end-of-file.
	local rst=0
	wait_exit reader || rst=$?
	[ "$rst" -eq 1 ]
	[ "$(cat "$BATS_TEST_TMPDIR/reader.out")" = "reading
EIO" ]
	exec {holder}<&-
	module_output
	# Both files released as their openers (the reader; this shell), before exit.
	[ "$(grep -c "wait: released by" "$BATS_TEST_TMPDIR/module.out")" -eq 2 ]
	grep -q "wait: released by $reader\$" "$BATS_TEST_TMPDIR/module.out"
	grep -q "wait: released by $BASHPID\$" "$BATS_TEST_TMPDIR/module.out"
	! grep -q "LeakSanitizer" "$BATS_TEST_TMPDIR/module.out"
	wait_gone /dev/libcdev-stress-wait
}
