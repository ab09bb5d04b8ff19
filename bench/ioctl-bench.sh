#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The ioctl benchmark: run as root in a kernel with CUSE (make bench-ioctl
# runs it in the test VM). Starts the libcdev driver (ioctl-drv) and the raw
# libfuse baseline (ioctl-raw, retry protocol), runs BENCH_OPS calls of a
# 64-byte in+out ioctl against each, BENCH_REPEAT times alternating which goes
# first, the client and both servers on CPU 0 alone (as run-bench.sh's
# single-client loads), and prints the medians and the ratio libcdev/raw
# (below 1: faster).
#
# Environment: BENCH_OPS (2000), BENCH_REPEAT (5), BENCH_BUILDDIR (the
# directory with the programs; default: this script's).
set -euo pipefail

case "${1:-}" in
-h|--help)
	sed -n '3,12s/^# \{0,1\}//p' "$0"
	exit 0
	;;
esac

B=${BENCH_BUILDDIR:-$(cd "$(dirname "$0")" && pwd)}
OPS=${BENCH_OPS:-2000}
REPEAT=${BENCH_REPEAT:-5}
TMP=$(mktemp -d)
export LIBCDEV_REGISTRY=$TMP/regions
PIDS=()
cleanup() {
	for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$TMP"
}
trap cleanup EXIT
# Interrupted or killed: exit, so that the clean-up above runs.
trap 'exit 130' INT TERM HUP

wait_node() {
	local _
	for _ in $(seq 300); do
		[ -c "$1" ] && return 0
		sleep 0.1
	done
	echo "ioctl-bench: $1 did not appear" >&2
	return 1
}

# free_major, median, pin and pinned: shared with run-bench.sh.
# shellcheck source=bench/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"

"$B/ioctl-drv" > "$TMP/drv.out" 2>&1 &
PIDS+=($!)
# The baseline's number: outside the dynamic ranges, where the driver's is
# and where the raw servers of run-bench.sh, still running, took theirs.
"$B/ioctl-raw" "$(free_major)" 0 > "$TMP/raw.out" 2>&1 &
PIDS+=($!)
wait_node /dev/bench-ioctl/libcdev
wait_node /dev/bench-ioctl/raw
pin 0

: > "$TMP/libcdev"
: > "$TMP/raw"
for ((r = 0; r < REPEAT; r++)); do
	if ((r % 2)); then order="raw libcdev"; else order="libcdev raw"; fi
	for w in $order; do
		pinned "$B/ioctl-bench" "/dev/bench-ioctl/$w" "$OPS" >> "$TMP/$w"
	done
done
lib=$(median < "$TMP/libcdev")
raw=$(median < "$TMP/raw")
printf '%-44s %12s %12s %8s\n' load "libcdev ns" "raw ns" ratio
printf '%-44s %12s %12s %8s\n' "ioctl 64 B in+out ($OPS calls, median of $REPEAT)" \
	"$lib" "$raw" "$(awk -v a="$lib" -v b="$raw" 'BEGIN { printf "%.2f", a / b }')"
