#!/bin/bash
# Smoke test of the VM harness: in the VM, /dev/cuse exists, a libfuse3 CUSE
# server (cuse-smoke.c) creates /dev/vmsmoke with the requested major:minor,
# reads work, sysfs shows the device, and systemd-udevd applies rules to it.
# Run from the build directory (the cache, default ./vm-cache, must be
# visible inside the VM, i.e. not under /tmp).  Exits non-zero on any failure.
set -euo pipefail

major=120 minor=7   # 120-127: "local/experimental use", free in the VM

if [[ ${1:-} != --inside ]]; then
    here=$(cd "$(dirname "$0")" && pwd -P)
    cache=${VM_CACHE:-vm-cache}
    mkdir -p "$cache"
    cache=$(cd "$cache" && pwd -P)
    # shellcheck disable=SC2046  # pkg-config output is meant to be split
    gcc -Wall -Wextra -Werror -O2 -o "$cache/cuse-smoke" "$here/cuse-smoke.c" \
        $(pkg-config --cflags --libs fuse3)
    exec "$here/vm-run" --cache "$cache" -- bash "$here/smoke.sh" --inside "$cache/cuse-smoke"
fi

# ------------------------------------------------------------ in the VM ----
server=$2
fail() { echo "smoke: FAIL: $*" >&2; exit 1; }
ok() { echo "smoke: ok: $*"; }
wait_for() {   # wait_for TEST-ARGS...: poll up to 30 s (TCG is slow)
    local i
    for ((i = 0; i < 300; i++)); do test "$@" && return 0; sleep 0.1; done
    return 1
}

[[ $(id -u) == 0 ]] || fail "not root"
[[ -c /dev/cuse ]] || fail "/dev/cuse missing"
ok "$(ls -l /dev/cuse)"
[[ -x $server ]] || fail "$server not visible in the VM (cache under /tmp?)"

# udevd first, with a rule for our device, so the add event goes through it.
mkdir -p /run/udev/rules.d
echo 'KERNEL=="vmsmoke", SUBSYSTEM=="cuse", MODE="0666", SYMLINK+="vmsmoke-link"' \
    >/run/udev/rules.d/50-vmsmoke.rules
/lib/systemd/systemd-udevd --daemon || fail "systemd-udevd --daemon"
ok "systemd-udevd started"

"$server" -f -M "$major" -m "$minor" -n vmsmoke &
pid=$!
wait_for -c /dev/vmsmoke || fail "/dev/vmsmoke did not appear"
udevadm settle --timeout=60 || fail "udevadm settle"
ok "udevadm settle"

got=$(cat /dev/vmsmoke) || fail "cat /dev/vmsmoke"
[[ $got == hello ]] || fail "read '$got', expected 'hello'"
ok "cat /dev/vmsmoke -> $got"
dev=$(cat /sys/class/cuse/vmsmoke/dev)
[[ $dev == "$major:$minor" ]] || fail "/sys/class/cuse/vmsmoke/dev is $dev"
[[ $(stat -c %Hr:%Lr /dev/vmsmoke) == "$major:$minor" ]] || fail "/dev/vmsmoke has the wrong numbers"
ok "/sys/class/cuse/vmsmoke/dev = $dev"
[[ $(stat -c %a /dev/vmsmoke) == 666 ]] || fail "udev rule MODE not applied: $(ls -l /dev/vmsmoke)"
[[ $(readlink /dev/vmsmoke-link) == vmsmoke ]] || fail "udev rule SYMLINK not applied"
udevadm info --query=property --name=/dev/vmsmoke | grep -qx SUBSYSTEM=cuse ||
    fail "udevadm info: no SUBSYSTEM=cuse"
ok "udev rule applied (mode 666, /dev/vmsmoke-link), SUBSYSTEM=cuse"

kill "$pid"
wait "$pid" || true
wait_for ! -e /dev/vmsmoke || fail "/dev/vmsmoke still there after the server exited"
ok "server stopped, /dev/vmsmoke gone"
echo "smoke: PASS"
