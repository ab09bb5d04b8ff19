#!/usr/bin/env bats
# cdevctl udev-test against real CUSE nodes and a real udevd, which this file
# starts once for all its tests (as tests/cuse/udev.bats does) and stops at
# the end. Runs as root in the test VM. udev-start.bats covers --start-udevd,
# a missing udevd and SIGINT.

load helpers

setup_file() {
	no_udevd
	UDEVD=$(command -v systemd-udevd || echo /lib/systemd/systemd-udevd)
	"$UDEVD" --daemon
}

teardown_file() {
	stop_suite_udevd
	no_udevd
}

setup() {
	ut_setup
}

teardown() {
	ut_teardown
}

@test "a rule sets mode, group and symlink, one does not match: reported with file and line" {
	rules 'SUBSYSTEM=="cuse", KERNEL=="ut-node", MODE="0660", GROUP="disk", SYMLINK+="ut-link"' \
		'SUBSYSTEM=="cuse", KERNEL=="ut-other", MODE="0666", OWNER="nobody", SYMLINK+="ut-other"'
	run "$CDEVCTL" udev-test "$RULES" --device ut-node --devnum 240:3 \
		--expect-mode 0660 --expect-group disk --expect-owner root --expect-symlink ut-link
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == /dev/ut-node ]]
	[[ "$output" == *"devnum     240:3"* ]]
	[[ "$output" == *"mode       0660"* ]]
	[[ "$output" == *"owner      root"* ]]
	[[ "$output" == *"group      disk"* ]]
	[[ "$output" == *"symlinks   /dev/ut-link"$'\n'* ]]
	[[ "$output" == *"SUBSYSTEM=cuse"* ]]
	[[ "$output" == *"$RULES:1 MODE 0660"* ]]
	[[ "$output" == *"$RULES:1 LINK 'ut-link'"* ]]
	[[ "$output" != *"$RULES:2"* ]]
	[[ "$output" == *"1 node; 4 of 4 expectations held"* ]]
}

@test "the README's rules for a module's nodes, as JSON: properties, tags, links, parameters" {
	run --separate-stderr "$CDEVCTL" udev-test --json --expect-mode 0660 --expect-group disk \
		--expect-symlink memdev/by-index/1 --expect-tag memdev \
		"$SRC/examples/udev/70-memdev.rules" "$TOP/examples/.libs/memdev.so" count=2
	echo "$output $stderr"
	[ "$status" -eq 0 ]
	[ "$(jq -r '.nodes | map(.devnode) | join(" ")' <<< "$output")" = "/dev/memdev0 /dev/memdev1" ]
	[ "$(jq -r '[.nodes[].properties.MEMDEV_INDEX] | join(" ")' <<< "$output")" = "0 1" ]
	[ "$(jq -r '[.nodes[].properties.SUBSYSTEM] | join(" ")' <<< "$output")" = "cuse cuse" ]
	[ "$(jq -r '.nodes[1].symlinks | join(" ")' <<< "$output")" = /dev/memdev/by-index/1 ]
	[ "$(jq -r '.nodes[1].rules[] | select(.text | startswith("LINK")) | "\(.file):\(.line)"' <<< "$output")" = "$SRC/examples/udev/70-memdev.rules:8" ]
	[ "$(jq -r '[.held, (.expectations | map(.held) | all)] | join(" ")' <<< "$output")" = "true true" ]
}

@test "a RUN+= rule runs in the real udevd and is reported with its line" {
	rules '# the program runs once the rules are applied' \
		"SUBSYSTEM==\"cuse\", KERNEL==\"ut-node\", RUN+=\"/bin/sh -c 'echo %k \$major:\$minor > $BATS_TEST_TMPDIR/ran'\""
	run "$CDEVCTL" udev-test "$RULES" --device ut-node --devnum 240:5
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(cat "$BATS_TEST_TMPDIR/ran")" = "ut-node 240:5" ]
	[[ "$output" == *"$RULES:2 RUN '/bin/sh -c"* ]]
}

@test "a syntax error in the rules is reported with file and line, exit 2" {
	rules 'SUBSYSTEM=="cuse", KERNEL=="ut-node", MODE="0660"' \
		'KERNEL=="ut-node", NOSUCHKEY="x"' \
		'KERNEL=="ut-node", SYMLINK+="ut-link"'
	run --separate-stderr "$CDEVCTL" udev-test "$RULES" --device ut-node
	echo "$output $stderr"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"error in rules: $RULES:2: Invalid key 'NOSUCHKEY'"* ]]
	# The other lines still apply, as udevd ignores only the broken one.
	[[ "$output" == *"mode       0660"* ]]
	[[ "$output" == *"1 error in the rules"* ]]
}

@test "a failing expectation exits 1 with a diff of expected and actual" {
	rules 'SUBSYSTEM=="cuse", KERNEL=="ut-node", MODE="0660", ENV{UT_KIND}="mem"'
	run --separate-stderr "$CDEVCTL" udev-test --no-trace "$RULES" --device ut-node \
		--expect-mode 0666 --expect-symlink ut-link --expect-property UT_KIND=pipe \
		--expect-group root
	echo "$output $stderr"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *$'expectation failed on /dev/ut-node:\n-mode 0666\n+mode 0660'* ]]
	[[ "$stderr" == *$'expectation failed:\n-symlink ut-link\n+symlink no node has it'* ]]
	[[ "$stderr" == *$'-property UT_KIND=pipe\n+property UT_KIND=mem'* ]]
	[[ "$output" == *"1 of 4 expectations held"* ]]
}

@test "a driver that fails to load: one line, exit 3, nothing left behind" {
	rules 'SUBSYSTEM=="cuse", MODE="0666"'
	run "$CDEVCTL" udev-test "$RULES" "$TOP/tests/tools/.libs/testmod.so" fail=19
	echo "$output"
	[ "$status" -eq 3 ]
	[[ "$output" == *"the driver failed to load: could not insert module"*"No such device"* ]]
}

