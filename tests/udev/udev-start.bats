#!/usr/bin/env bats
# cdevctl udev-test and the udev daemon: none reachable, or one started by
# --start-udevd and stopped again, also after SIGINT. Runs as root in the test
# VM, where no udevd runs unless a test starts one.

load helpers

setup() {
	ut_setup
	no_udevd
}

teardown() {
	local status=0
	ut_teardown || status=1
	no_udevd || status=1
	return $status
}

@test "without a udevd and without --start-udevd: one clear line, exit 3" {
	rules 'SUBSYSTEM=="cuse", MODE="0666"'
	run "$CDEVCTL" udev-test "$RULES" --device ut-node
	[ "$status" -eq 3 ]
	[ "${#lines[@]}" -eq 1 ]
	[[ "$output" == "cdevctl: udev-test: no udev daemon is reachable"* ]]
}

@test "SIGINT while the nodes are held: exit 130, node, link, rules copy and udevd gone" {
	rules 'SUBSYSTEM=="cuse", KERNEL=="ut-node", SYMLINK+="ut-link"'
	"$CDEVCTL" udev-test --start-udevd --hold --no-trace "$RULES" --device ut-node \
		> "$BATS_TEST_TMPDIR/out" 2>&1 &
	pid=$!
	for i in $(seq 300); do
		grep -q "holding the nodes" "$BATS_TEST_TMPDIR/out" && break
		kill -0 "$pid" || break
		sleep 0.1
	done
	cat "$BATS_TEST_TMPDIR/out"
	[ -c /dev/ut-node ]
	[ -L /dev/ut-link ]
	[ -e /run/udev/rules.d/70-libcdev-udev-test.rules ]
	kill -INT "$pid"
	status=0
	wait "$pid" || status=$?
	[ "$status" -eq 130 ]
	[ ! -e /dev/ut-node ]
	[ ! -L /dev/ut-link ]
}
