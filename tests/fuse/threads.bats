#!/usr/bin/env bats
# The request threads are bounded (LIBCDEV_MAX_THREADS, 65536 by default,
# so that a thousand callers may block on one device) and never waited
# for: readers blocked on one device cannot stall another device, nor the
# write that would wake them; the requests beyond a device's share fail
# EAGAIN with one line in the log; idle threads retire. On the FUSE backend,
# on the host (the request path is the same code as through CUSE). Run by
# tests/fuse/threads-suite.sh, as root.

load ../cuse/helpers

setup() {
	LIBCDEV_TEST_BACKEND=fuse cuse_setup
	unset LIBCDEV_FUSE_MOUNTPOINT LIBCDEV_CUSE_DEVICE LIBCDEV_LOG
	# A quarter of 8: two reads of one device in the driver at once.
	export LIBCDEV_MAX_THREADS=8
}

teardown() {
	cuse_teardown
}

driver_threads() {
	ls "/proc/$DRV_PID/task" | wc -l
}

threads_at_most() {
	[ "$(driver_threads)" -le "$1" ]
}

# Whether the client NAME has opened its file (or failed and ended).
opened() {
	grep -qx blocking "$BATS_TEST_TMPDIR/$1.out" 2>/dev/null || pid_gone "$(client_pid "$1")"
}

# How many of the clients r1..r10 have ended.
ended() {
	local i n=0
	for i in $(seq 10); do
		pid_gone "$(client_pid "r$i")" && n=$((n + 1))
	done
	echo "$n"
}

ended_at_least() {
	[ "$(ended)" -ge "$1" ]
}

# Has one of the clients NAME... exited?
one_gone() {
	local name
	for name; do
		pid_gone "$(client_pid "$name")" && return 0
	done
	return 1
}

@test "10 readers blocked on one device: 2 wait, 8 fail EAGAIN, and other requests still answer" {
	local i waiting=()
	start_driver
	# One open at a time: only the reads meet the limit.
	for i in $(seq 10); do
		start_client "r$i" read-block "$NODES/pipe"
		poll_until opened "r$i"
	done
	poll_until ended_at_least 8
	[ "$(ended)" -eq 8 ]
	for i in $(seq 10); do
		if pid_gone "$(client_pid "r$i")"; then
			[ "$(tail -1 "$BATS_TEST_TMPDIR/r$i.out")" = EAGAIN ]
		else
			waiting+=("r$i")
		fi
	done
	wait_in_syscall "${waiting[0]}" read
	wait_in_syscall "${waiting[1]}" read
	# One line says why, however many were refused.
	[ "$(grep -c '2 reads in driver methods' "$BATS_TEST_TMPDIR/driver.out")" -eq 1 ]
	# An independent device answers.
	printf 'hello' > "$NODES/mem"
	[ "$(cat "$NODES/mem")" = hello ]
	# And so do the writes that wake the blocked readers: one byte for one
	# reader at a time, or the first to wake could take both.
	printf 'x' > "$NODES/pipe"
	poll_until one_gone "${waiting[@]}"
	printf 'y' > "$NODES/pipe"
	wait_exit "${waiting[0]}"
	wait_exit "${waiting[1]}"
	[ "$(cat "$BATS_TEST_TMPDIR/${waiting[0]}.out" "$BATS_TEST_TMPDIR/${waiting[1]}.out" |
		grep '^read' | sort | tr '\n' ' ')" = "read x read y " ]
}

@test "the threads that ran requests retire when idle; the driver keeps serving" {
	local base busy
	start_driver
	base=$(driver_threads)
	start_client r1 read-block "$NODES/pipe"
	start_client r2 read-block "$NODES/pipe"
	wait_in_syscall r1 read
	wait_in_syscall r2 read
	busy=$(driver_threads)
	# Two threads sleep in the driver, and one more leads.
	[ "$busy" -ge $((base + 2)) ]
	printf 'x' > "$NODES/pipe"
	poll_until one_gone r1 r2
	printf 'y' > "$NODES/pipe"
	wait_exit r1
	wait_exit r2
	poll_until threads_at_most "$base" || {
		echo "still $(driver_threads) threads, $base at the start" >&2
		return 1
	}
	printf 'z' > "$NODES/pipe"
	run "$CLIENT" read-nonblock "$NODES/pipe"
	[ "$output" = "read 1" ]
}

# How many of the readers started by many_readers have ended, and how.
readers_ended() {
	ls "$BATS_TEST_TMPDIR/rd" | grep -c '\.rc$' || true
}

readers_ended_at_least() {
	[ "$(readers_ended)" -ge "$1" ]
}

threads_at_least() {
	[ "$(driver_threads)" -ge "$1" ]
}

@test "1000 readers blocked on one device with the default bound: none fails, each wakes with its byte" {
	local i n=1000 base rss0 rss1 w
	unset LIBCDEV_MAX_THREADS
	start_driver
	base=$(driver_threads)
	rss0=$(awk '/^VmRSS/ { print $2 }' "/proc/$DRV_PID/status")
	mkdir "$BATS_TEST_TMPDIR/rd"
	for i in $(seq "$n"); do
		(
			head -c 1 "$NODES/pipe" > "$BATS_TEST_TMPDIR/rd/$i.out" 2>&1
			echo $? > "$BATS_TEST_TMPDIR/rd/$i.rc"
		) &
	done
	# Every reader waits in the driver, each on a thread of its own.
	poll_until threads_at_least $((base + n)) || {
		echo "$(driver_threads) threads, $(readers_ended) readers ended" >&2
		grep EAGAIN "$BATS_TEST_TMPDIR/driver.out" >&2
		return 1
	}
	[ "$(readers_ended)" -eq 0 ]
	rss1=$(awk '/^VmRSS/ { print $2 }' "/proc/$DRV_PID/status")
	echo "$n blocked readers: $(((rss1 - rss0) / n)) KiB of memory each"
	# The sanitizers' own memory per thread is not the library's.
	grep -q libasan "/proc/$DRV_PID/maps" || [ $(((rss1 - rss0) / n)) -lt 64 ]
	! grep -q 'fail EAGAIN' "$BATS_TEST_TMPDIR/driver.out"
	# One byte each, one at a time: this test pipe holds 64 and refuses a
	# writer EAGAIN when full, until readers have taken their bytes.
	exec {w}> "$NODES/pipe"
	for i in $(seq "$n"); do
		until printf x >&"$w" 2>/dev/null; do sleep 0.01; done
	done
	exec {w}>&-
	poll_until readers_ended_at_least "$n"
	[ "$(cat "$BATS_TEST_TMPDIR"/rd/*.rc | grep -cx 0)" -eq "$n" ]
	[ "$(cat "$BATS_TEST_TMPDIR"/rd/*.out | tr -d '\n')" = "$(head -c "$n" /dev/zero | tr '\0' x)" ]
}
