#!/bin/bash
# The behaviour of examples/kernel/i2csensor/ki2csensor.c, an I2C chip
# driver, against the kernel's i2c-stub chip at 0x39 (loaded and filled by
# tests/twin/twin.bats): in the kernel the driver binds to the device
# new_device makes, with libcdev to the one cdev-twin-test --device 'i2c:N
# 0x39 ki2csensor bus=/dev/i2c-N' describes, through the same /dev/i2c-N.
# The same lines are expected from both; each side leaves the chip's
# registers as it found them.
source "$TWIN_LIB"
TOP=$(cd "${TESTS_BUILDDIR:?}/../.." && pwd)
CLIENT=$TOP/tests/examples/client
for d in /sys/bus/i2c/devices/i2c-*; do
	[ "$(cat "$d/name")" = "SMBus stub driver" ] && N=${d##*-}
done
ATTR=$TWIN_SYS/bus/i2c/devices/$N-0039
chip() {
	i2cget -f -y "$N" 0x39 "$1"
}
if [ "$TWIN_SIDE" = kernel ]; then
	echo ki2csensor 0x39 > "/sys/bus/i2c/devices/i2c-$N/new_device"
fi

# probe(): the chip enabled, the misc device, the attributes of .dev_groups.
check "probe: the misc device" stat -c '%n: %F, mode %a' /dev/ki2csensor
known "the misc device's major" "major 10 is the kernel's own misc driver's: libcdev's misc devices have a dynamic major then (libcdev-kernel(7))"
check "the misc device's major" stat -c '%t' /dev/ki2csensor
check "probe: the attributes" sh -c 'cd "$0" && ls -d enable events threshold value' "$ATTR"
check "probe set CTRL.EN on the chip" chip 0x01
check "the level: DATA_H:DATA_L" cat /dev/ki2csensor
check "value: the same, from the chip" cat "$ATTR/value"
check "enable" cat "$ATTR/enable"

# Writes through the regmap reach the chip; the cache serves the threshold.
check "enable: store() 0" sh -c 'echo 0 > "$0" && cat "$0"' "$ATTR/enable"
check "CTRL.EN cleared on the chip" chip 0x01
check "threshold: store() 66" sh -c 'echo 66 > "$0" && cat "$0"' "$ATTR/threshold"
check "THRESH on the chip" chip 0x05
check "threshold: store() refuses 300" "$CLIENT" write "$ATTR/threshold" 300 w
check "the chip's new level" sh -c 'i2cset -f -y "$0" 0x39 0x04 0x02 && cat "$1"' "$N" "$ATTR/value"
check "value is volatile: read again" cat /dev/ki2csensor
check "no interrupt: no events" cat "$ATTR/events"

# As found: the kernel's device goes (remove() clears CTRL), the registers back.
if [ "$TWIN_SIDE" = kernel ]; then
	echo 0x39 > "/sys/bus/i2c/devices/i2c-$N/delete_device"
fi
i2cset -f -y "$N" 0x39 0x01 0x00
i2cset -f -y "$N" 0x39 0x04 0x01
i2cset -f -y "$N" 0x39 0x05 0x00
