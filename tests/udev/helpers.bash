# Helpers of the cdevctl udev-test suites (tests/udev/*.bats): run as root in
# the test VM. A test leaves what it found: /run/udev/rules.d and the udev
# control socket as they were and no node or link of its own (ut_teardown
# checks it, so a leak fails the test).

bats_require_minimum_version 1.5.0

source "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

ut_setup() {
	TOP=$(cd "${TESTS_BUILDDIR:-$BATS_TEST_DIRNAME/../cuse}/../.." && pwd)
	SRC=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)	# the sources, apart from TOP in a VPATH build
	cdevctl_path "$TOP"
	export LIBCDEV_REGISTRY=$BATS_TEST_TMPDIR/regions
	export LIBCDEV_RUNDIR=$BATS_TEST_TMPDIR/run
	[ -e /dev/cuse ] || { echo "no /dev/cuse: these tests run in the VM" >&2; return 1; }
	RULES_BEFORE=$(ls -A /run/udev/rules.d 2>&1 || true)
	CONTROL_BEFORE=$(ls -l /run/udev/control 2>&1 || true)
	RULES=$BATS_TEST_TMPDIR/70-libcdev-udev-test.rules
}

ut_teardown() {
	local status=0
	if [ "$(ls -A /run/udev/rules.d 2>&1 || true)" != "$RULES_BEFORE" ]; then
		echo "/run/udev/rules.d changed: $(ls -A /run/udev/rules.d 2>&1 || true)" >&2
		rm -f /run/udev/rules.d/70-libcdev-udev-test.rules
		status=1
	fi
	# The control socket of a udevd we started and stopped goes with it.
	if [ "$(ls -l /run/udev/control 2>&1 || true)" != "$CONTROL_BEFORE" ]; then
		echo "/run/udev/control changed: $(ls -l /run/udev/control 2>&1 || true)" >&2
		status=1
	fi
	for n in /dev/ut-node /dev/ut-link /dev/ut-other /dev/memdev0 /dev/memdev1 /dev/memdev/by-index/0; do
		if [ -e "$n" ] || [ -L "$n" ]; then
			echo "$n left behind" >&2
			status=1
		fi
	done
	return $status
}

# No udevd may be left running by a test that started none.
no_udevd() {
	if pgrep -a -x systemd-udevd; then
		echo "a udevd is running" >&2
		return 1
	fi
}

# rules LINE...: the test's rules file.
rules() {
	printf '%s\n' "$@" > "$RULES"
}
