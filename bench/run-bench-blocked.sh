#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Many callers blocked in read(2), on the host through the FUSE backend (the
# request threads are the same code as through CUSE): examples/pipe served
# by cdevctl run, BENCH_BLOCKED callers (threads of bench-blocked) blocked
# on one node, then the same spread over 100 nodes. For each: every caller
# must block (a driver thread each, none refused), an unrelated node must
# answer meanwhile, each must wake with its byte, and the memory the driver
# process gave per blocked caller is printed, and the kernel's stacks for
# the threads on both sides.
#
# Sizes (environment): BENCH_BLOCKED callers (10000)
# BENCH_BUILDDIR is the build tree's bench directory (default: this script's).
set -euo pipefail

case "${1:-}" in
-h|--help)
	sed -n '3,12s/^# \{0,1\}//p' "$0"
	exit 0
	;;
esac

B=${BENCH_BUILDDIR:-$(cd "$(dirname "$0")" && pwd)}
TOP=$(cd "$B/.." && pwd)
N=${BENCH_BLOCKED:-10000}
if [ ! -c /dev/fuse ]; then
	echo "${0##*/}: no /dev/fuse here: the FUSE backend cannot be measured" >&2
	exit 1
fi

TMP=$(mktemp -d)
export LIBCDEV_REGISTRY=$TMP/regions
DRV=
CLIENT=
PIDS=()
# shellcheck source=bench/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
# The driver and the client still running, the mount, TMP (bench-lib.sh).
trap 'PIDS=($CLIENT $DRV); fuse_servers_cleanup' EXIT
# Interrupted or killed: exit, so that the clean-up above runs.
trap 'exit 130' INT TERM HUP
threads() { ls "/proc/$DRV/task" | wc -l; }
threads_at_least() { [ "$(threads)" -ge "$1" ]; }
rss_kib() { awk '/^VmRSS/ { print $2 }' "/proc/$DRV/status"; }
kernel_stacks_kib() { awk '/^KernelStack/ { print $2 }' /proc/meminfo; }
line_in() { grep -qx "$2" "$1" 2>/dev/null; } # FILE LINE
loaded() { grep -q '^cdevctl: pipe loaded' "$TMP/drv.out" || ! kill -0 "$DRV" 2>/dev/null; }

# start_driver: examples/pipe with 101 pipes, anew for each load (the
# threads and memory of the one before are gone).
start_driver() {
	mkdir -p "$TMP/nodes"
	"$TOP/tools/cdevctl" run --backend fuse --mountpoint "$TMP/nodes" \
		"$TOP/examples/.libs/pipe.so" count=101 > "$TMP/drv.out" 2>&1 &
	DRV=$! # libtool's wrapper script of the build tree execs the program: one pid
	wait_for 60 loaded
	kill -0 "$DRV" 2>/dev/null || { echo "${0##*/}: the driver did not load:" >&2; cat "$TMP/drv.out" >&2; return 1; }
}

stop_driver() {
	kill "$DRV"
	wait "$DRV" || { echo "${0##*/}: the driver failed at exit:" >&2; cat "$TMP/drv.out" >&2; return 1; }
	DRV=
}

# blocked LABEL NODES: N callers on NODES pipes (pipe0, or pipe0..NODES-1).
blocked() {
	local label=$1 nodes=$2 base rss0 stacks0 pattern=$TMP/nodes/pipe0
	[ "$nodes" -eq 1 ] || pattern=$TMP/nodes/pipe%d
	start_driver
	base=$(threads) rss0=$(rss_kib) stacks0=$(kernel_stacks_kib)
	mkfifo "$TMP/go"
	"$B/bench-blocked" "$N" "$pattern" "$nodes" < "$TMP/go" > "$TMP/client.out" &
	CLIENT=$!
	exec {go}> "$TMP/go"
	wait_for 600 line_in "$TMP/client.out" "opened $N"
	# Each caller in the driver's read, on a thread of its own.
	wait_for 600 threads_at_least $((base + N))
	grep -q 'fail EAGAIN' "$TMP/drv.out" && { echo "${0##*/}: callers refused:" >&2; cat "$TMP/drv.out" >&2; return 1; }
	echo "$label: $N callers blocked," \
		"$(((($(rss_kib) - rss0) * 1024 / N + 1023) / 1024)) KiB of the driver's memory each," \
		"and $(((($(kernel_stacks_kib) - stacks0) * 1024 / N + 1023) / 1024)) KiB of kernel stacks" \
		"(the driver's thread and the caller's)"
	# An unrelated node answers meanwhile.
	echo hello > "$TMP/nodes/pipe$((nodes))"
	[ "$(head -c 6 "$TMP/nodes/pipe$((nodes))")" = hello ] ||
		{ echo "${0##*/}: pipe$nodes did not answer" >&2; return 1; }
	echo go >&"$go"
	exec {go}>&-
	wait "$CLIENT"
	CLIENT=
	echo "$label: $(tail -1 "$TMP/client.out")"
	rm -f "$TMP/go"
	stop_driver
}

echo "blocked callers: $N, FUSE backend, $(nproc) CPUs"
blocked "one node" 1
blocked "100 nodes" 100
