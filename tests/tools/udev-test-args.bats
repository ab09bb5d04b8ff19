#!/usr/bin/env bats
# cdevctl udev-test on the host: the errors a user can make in its arguments
# are told (exit 2) before anything touches udev or /run; the device tests
# with a real udevd are in tests/udev/ (VM).

bats_require_minimum_version 1.5.0

setup() {
	CDEVCTL=${TOOLS_BUILDDIR:?}/cdevctl
	RULES=$BATS_TEST_TMPDIR/70-args.rules
	echo 'KERNEL=="ut-node", MODE="0660"' > "$RULES"
}

@test "udev-test --help: synopsis, options and exit statuses; cdevctl --help lists it" {
	run "$CDEVCTL" udev-test --help
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "usage: cdevctl udev-test [OPTIONS] RULES MODULE.so [param=value ...]" ]]
	[[ "$output" == *"--expect-property K=V"* ]]
	[[ "$output" == *"--start-udevd"* ]]
	[[ "$output" == *"Exit status: 0 expectations held, 1 one failed, 2 bad arguments"* ]]
	run "$CDEVCTL" --help
	[[ "$output" == *"udev-test"*"prove udev rules"* ]]
}

@test "udev-test: no rules, or no device, or both a module and --device: exit 2" {
	run "$CDEVCTL" udev-test
	[ "$status" -eq 2 ]
	[[ "${lines[0]}" == "cdevctl: udev-test: no RULES given" ]]
	run "$CDEVCTL" udev-test "$RULES"
	[ "$status" -eq 2 ]
	[[ "${lines[0]}" == "cdevctl: udev-test: give MODULE.so or --device NAME" ]]
	run "$CDEVCTL" udev-test "$RULES" --device ut-node x.so
	[ "$status" -eq 2 ]
	[[ "${lines[0]}" == *"not both" ]]
	run "$CDEVCTL" udev-test --devnum 240:1 "$RULES" x.so
	[ "$status" -eq 2 ]
	[[ "$output" == *"--devnum goes with --device"* ]]
}

@test "udev-test: malformed expectations and numbers: exit 2 with what was wrong" {
	run "$CDEVCTL" udev-test --expect-mode 0999 "$RULES" --device ut-node
	[ "$status" -eq 2 ]
	[[ "$output" == *"--expect-mode needs an octal mode such as 0660, not '0999'"* ]]
	run "$CDEVCTL" udev-test --expect-property NOVALUE "$RULES" --device ut-node
	[ "$status" -eq 2 ]
	[[ "$output" == *"--expect-property needs KEY=VALUE, not 'NOVALUE'"* ]]
	run "$CDEVCTL" udev-test "$RULES" --device ut-node --devnum 600:1
	[ "$status" -eq 2 ]
	[[ "$output" == *"--devnum: '600:1' is not a device number"* ]]
	run "$CDEVCTL" udev-test --timeout 0 "$RULES" --device ut-node
	[ "$status" -eq 2 ]
	[[ "$output" == *"--timeout needs seconds"* ]]
	run "$CDEVCTL" udev-test "$RULES" --device ../etc/x
	[ "$status" -eq 2 ]
	[[ "$output" == *"is not a node name under /dev"* ]]
}

@test "udev-test: a missing rules file, a file not named *.rules, an empty directory: exit 2" {
	run "$CDEVCTL" udev-test "$BATS_TEST_TMPDIR/none.rules" --device ut-node
	[ "$status" -eq 2 ]
	[[ "$output" == *"none.rules: No such file or directory"* ]]
	echo 'KERNEL=="x"' > "$BATS_TEST_TMPDIR/rules.txt"
	run "$CDEVCTL" udev-test "$BATS_TEST_TMPDIR/rules.txt" --device ut-node
	[ "$status" -eq 2 ]
	[[ "$output" == *"udev reads only files named *.rules"* ]]
	mkdir "$BATS_TEST_TMPDIR/empty"
	run "$CDEVCTL" udev-test "$BATS_TEST_TMPDIR/empty" --device ut-node
	[ "$status" -eq 2 ]
	[[ "$output" == *"no *.rules files in this directory"* ]]
}
