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

@test "bench-client: a path's time is its own calls' (/dev/null against 256 KiB file writes)" {
	: > "$D/file"
	run "$CLIENT" write "/dev/null,$D/file" 262144 200
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	[ "$(stat -c %s "$D/file")" -eq $((262144 * 200)) ]
	# 50 MiB written to a file, none to /dev/null: the file's line is the larger.
	awk -v null="${lines[0]}" -v file="${lines[1]}" 'BEGIN { exit !(null > 0 && file > 2 * null) }'
	# The same, the other way round: the lines follow the paths, not the order of the calls.
	run "$CLIENT" write "$D/file,/dev/null" 262144 200
	awk -v file="${lines[0]}" -v null="${lines[1]}" 'BEGIN { exit !(null > 0 && file > 2 * null) }'
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
