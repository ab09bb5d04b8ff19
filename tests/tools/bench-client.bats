#!/usr/bin/env bats
# bench-client, the benchmark's client: every device it is given gets all of
# its calls, each device's time is its own calls' time, and bad arguments or
# a failed call end it with a message and a non-zero status.

bats_require_minimum_version 1.5.0

setup() {
	CLIENT=${BENCH_BUILDDIR:?}/bench-client
	D=$BATS_TEST_TMPDIR
}

@test "bench-client: every path gets COUNT calls, every process its own %d path" {
	touch "$D/a0" "$D/a1" "$D/b0" "$D/b1"
	run "$CLIENT" --procs 2 write "$D/a%d,$D/b%d" 3 100
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	for f in a0 a1 b0 b1; do
		[ "$(stat -c %s "$D/$f")" -eq 300 ]
	done
}

# A FIFO whose writer gives a byte every 50 ms: each read of it waits, so its
# line holds at least ~1 s that no other path's calls take.
slow_fifo() {
	mkfifo "$D/fifo"
	(for _ in $(seq 20); do sleep 0.05; printf x; done) > "$D/fifo" &
}

@test "bench-client: a path's time is its own calls' (/dev/zero against a slow FIFO)" {
	slow_fifo
	run "$CLIENT" read "/dev/zero,$D/fifo" 1 20
	wait
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	# The FIFO's line has its writer's 19 sleeps at least; /dev/zero's has none.
	awk -v zero="${lines[0]}" -v fifo="${lines[1]}" 'BEGIN { exit !(zero > 0 && fifo >= 0.9 && zero < fifo / 2) }'
	# The other way round: the lines follow the paths, not the order of the calls.
	rm "$D/fifo"
	slow_fifo
	run "$CLIENT" read "$D/fifo,/dev/zero" 1 20
	wait
	[ "$status" -eq 0 ]
	awk -v fifo="${lines[0]}" -v zero="${lines[1]}" 'BEGIN { exit !(zero > 0 && fifo >= 0.9 && zero < fifo / 2) }'
}

@test "bench-client: open rounds on each path" {
	echo x > "$D/r"
	run "$CLIENT" open "$D/r,/dev/zero" 1 50
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
}

@test "bench-client: a short read fails the load: exit 1, named" {
	run "$CLIENT" read /dev/zero,/dev/null 1 10
	[ "$status" -eq 1 ]
	[[ "$output" == *"bench-client: read returned 0 of 1: short"* ]]
	run "$CLIENT" read "$D/none" 1 10
	[ "$status" -eq 1 ]
	[[ "$output" == *"$D/none: No such file or directory"* ]]
}

@test "bench-client: bad arguments: exit 2 with a message" {
	run "$CLIENT" read /dev/zero 1x 10
	[ "$status" -eq 2 ]
	[[ "$output" == *"bad size: 1x"* ]]
	run "$CLIENT" read /dev/zero 1 5x
	[ "$status" -eq 2 ]
	[[ "$output" == *"bad count: 5x"* ]]
	run "$CLIENT" seek /dev/zero 1 10
	[ "$status" -eq 2 ]
	[[ "$output" == *"usage: "* ]]
	run "$CLIENT" read /dev/zero,/dev/zero,/dev/zero,/dev/zero,/dev/zero,/dev/zero,/dev/zero,/dev/zero,/dev/zero 1 1
	[ "$status" -eq 2 ]
	run "$CLIENT" read , 1 1
	[ "$status" -eq 2 ]
	run "$CLIENT" --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"PATH[,PATH...]"* ]]
}
