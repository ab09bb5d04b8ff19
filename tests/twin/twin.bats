#!/usr/bin/env bats
# Same source, two kernels: each kernel-style example runs its behaviour
# script (tests/twin/NAME.sh) against its real kernel module (make ko) and
# against its libcdev module, in one VM, through `cdev-twin-test --modules`;
# a line that differs fails, unless the script names it a known difference
# (a limit libcdev-kernel(7) lists), which is counted. The side-by-side report
# goes to the TAP output.

setup() {
	TOP=$(cd "${TESTS_BUILDDIR:-$BATS_TEST_DIRNAME/../cuse}/../.." && pwd)
	SRC=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	[ -e /dev/cuse ] || { echo "no /dev/cuse: these tests run in the VM" >&2; return 1; }
	export LIBCDEV_REGISTRY=$BATS_TEST_TMPDIR/regions
	export LIBCDEV_RUNDIR=$BATS_TEST_TMPDIR/run
}

# twin DIR NAME [OPTION... --] [PARAM...]: the example's two modules, its
# script, more options of cdev-twin-test; the report as TAP comments.
twin() {
	local dir=$1 name=$2 opts=()
	shift 2
	if [[ " $* " == *" -- "* ]]; then
		while [ "$1" != -- ]; do
			opts+=("$1")
			shift
		done
		shift
	fi
	run "$TOP/tools/cdev-twin-test" --timeout 300 "${opts[@]}" --modules \
		"$TOP/examples/kernel/$dir/ko/$name.ko" "$TOP/examples/kernel/$dir/.libs/$name.so" \
		"$SRC/tests/twin/$name.sh" "$@"
	printf '# %s\n' "${lines[@]}" >&3
	[ "$status" -eq 0 ]
	[[ "$output" == *"verdict: the kernel module and the libcdev module agree"* ]]
}

@test "twin: kchar.ko and kchar.so behave the same" {
	twin lkmpg kchar
}

@test "twin: kscull.ko and kscull.so behave the same" {
	twin scull kscull quantum=8
}

@test "twin: ksensor.ko and ksensor.so, a platform driver, behave the same" {
	# The described device: registered by twin-board.ko in the kernel (its
	# register bank is RAM the VM's kernel leaves alone, tests/vm/vm-run).
	twin sensor ksensor --board "$TOP/tests/twin/board/ko/twin-board.ko" \
		--device 'ksensor.0 irq=42 mem=0x10000000+0x10 sampling-ms=20' -- simulate=0
}

@test "twin: ki2csensor.ko and ki2csensor.so, an I2C chip driver, on the kernel's i2c-stub" {
	local mods=$VM_CACHE/kernel/lib/modules/$(uname -r)/kernel/drivers/i2c d n=
	[ -e "$mods/i2c-stub.ko" ] || skip "no i2c-stub.ko for $(uname -r) in VM_CACHE"
	lsmod | grep -q '^i2c_dev' || insmod "$mods/i2c-dev.ko"
	insmod "$mods/i2c-stub.ko" chip_addr=0x39
	for d in /sys/bus/i2c/devices/i2c-*; do
		[ "$(cat "$d/name")" = "SMBus stub driver" ] && n=${d##*-}
	done
	# The chip as it comes up: its id, a level of 300 lux.
	i2cset -y "$n" 0x39 0x00 0x5a && i2cset -y "$n" 0x39 0x03 0x2c && i2cset -y "$n" 0x39 0x04 0x01
	twin i2csensor ki2csensor --device "i2c:$n 0x39 ki2csensor bus=/dev/i2c-$n" --
	rmmod i2c_stub
}

@test "twin: a line that differs fails, side by side; a hanging test is killed" {
	cat > "$BATS_TEST_TMPDIR/differ.sh" <<'SH'
source "$TWIN_LIB"
check "the same" cat /dev/kchar
check "which side" echo "$TWIN_SIDE"
[ "$TWIN_SIDE" = libcdev ] || exec sleep 600
SH
	run "$TOP/tools/cdev-twin-test" --timeout 15 --modules \
		"$TOP/examples/kernel/lkmpg/ko/kchar.ko" "$TOP/examples/kernel/lkmpg/.libs/kchar.so" \
		"$BATS_TEST_TMPDIR/differ.sh"
	printf '# %s\n' "${lines[@]}" >&3
	[ "$status" -eq 1 ]
	[[ "$output" == *"same    the same: I already told you 1 times: Hello world!"* ]]
	[[ "$output" == *"DIFFER  which side"*"kernel:  kernel"*"libcdev: libcdev"* ]]
	[[ "$output" == *"DIFFER  exit status"*"kernel:  none, still running after 15 s: killed"* ]]
	[[ "$output" == *"3 lines: 1 the same, 0 known differences, 2 differences"* ]]
	[[ "$output" == *"verdict: they DIFFER"* ]]
}
