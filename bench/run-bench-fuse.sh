#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The FUSE backend's benchmark: run on the host, which needs /dev/fuse (and
# root, or fusermount3, to mount). Mounts the raw baseline (bench-fuse-raw, a
# FUSE file system on libfuse alone) and the libcdev driver through its FUSE
# backend (bench-drv --backend fuse), each in a directory of its own, runs
# every load against both and against the kernel's /dev/zero and /dev/null,
# alternating which goes first, and prints one table of medians with the
# ratio libcdev/raw (time: below 1 is faster than raw); reads also against a
# raw server that copies its zeros (--copy), as in run-bench.sh. Then one line of the
# direct backend's dispatch cost per call (bench-direct, BENCH_OPS * 50 calls).
#
# Sizes (environment): BENCH_MIB   MiB moved per throughput load (64)
#                      BENCH_OPS   calls per latency load (20000)
#                      BENCH_REPEAT runs of each load, the median counts (3)
#                      BENCH_PROCS client counts of the concurrency loads ("1 2 4 8")
#                      BENCH_GROUPS processes at once of the group loads ("2 4 8")
# BENCH_BUILDDIR is the directory with the programs (default: this script's).
set -euo pipefail

case "${1:-}" in
-h|--help)
	sed -n '3,18s/^# \{0,1\}//p' "$0"
	exit 0
	;;
esac

B=${BENCH_BUILDDIR:-$(cd "$(dirname "$0")" && pwd)}
MIB=${BENCH_MIB:-64}
OPS=${BENCH_OPS:-20000}
REPEAT=${BENCH_REPEAT:-3}
PROCS=${BENCH_PROCS:-"1 2 4 8"}
GROUP_SIZES=${BENCH_GROUPS:-"2 4 8"}

if [ ! -c /dev/fuse ]; then
	echo "${0##*/}: no /dev/fuse here: the FUSE backend cannot be measured" >&2
	exit 1
fi

TMP=$(mktemp -d)
export LIBCDEV_REGISTRY=$TMP/regions
RAW=$TMP/raw
RAWC=$TMP/raw-copy
LIB=$TMP/libcdev
LIBC=$TMP/libcdev-copy
PIDS=()
# now, wait_for, median, client, row, load, fuse_servers_cleanup: shared
# with run-bench.sh and run-bench-instr.sh.
# shellcheck source=bench/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
# shellcheck disable=SC2086 # the lists are numbers, split at spaces
MAXP=$(largest 1 $PROCS) # the most clients of the concurrency loads
# shellcheck disable=SC2086
NODES_EACH=$(largest "$MAXP" $GROUP_SIZES) # the nodes (files) each server has: one a client
trap fuse_servers_cleanup EXIT
# Interrupted or killed: exit, so that the clean-up above runs.
trap 'exit 130' INT TERM HUP

files_exist() { # DIR PREFIX COUNT
	local i
	for ((i = 0; i < $3; i++)); do [ -f "$1/$2$i" ] || return 1; done
}

ready_or_gone() { grep -qx ready "$1" || ! kill -0 "$2" 2>/dev/null; } # OUTPUT PID

# start SERVER-OUTPUT DIR PREFIX COMMAND...: start a server, wait for its files.
start() {
	local out=$1 dir=$2 prefix=$3
	shift 3
	mkdir -p "$dir"
	"$@" > "$out" &
	PIDS+=($!)
	wait_for 60 ready_or_gone "$out" "${PIDS[-1]}"
	kill -0 "${PIDS[-1]}" 2>/dev/null || { echo "${0##*/}: $1 failed" >&2; return 1; }
	wait_for 60 files_exist "$dir" "$prefix" "$NODES_EACH"
}

echo "libcdev FUSE backend benchmark: $(uname -r), $(nproc) CPUs; ${MIB} MiB per throughput load," \
	"${OPS} calls per latency load, median of ${REPEAT}"
start "$TMP/raw.out" "$RAW" bench-raw "$B/bench-fuse-raw" --count "$NODES_EACH" --prefix bench-raw "$RAW"
start "$TMP/raw-copy.out" "$RAWC" bench-raw "$B/bench-fuse-raw" --copy --count "$NODES_EACH" \
	--prefix bench-raw "$RAWC"
start "$TMP/drv.out" "$LIB" bench-cdev "$B/bench-drv" --backend fuse --mountpoint "$LIB" \
	--count "$NODES_EACH" --prefix bench-cdev
start "$TMP/drv-copy.out" "$LIBC" bench-cdev "$B/bench-drv" --copy --backend fuse \
	--mountpoint "$LIBC" --count "$NODES_EACH" --prefix bench-cdev
header
# One client: the client and the servers on one CPU (bench-lib.sh, pin).
pin 0

# The reads also of the copying servers: raw+copy and lib+copy.
C1=("RCDEV=$RAWC/bench-raw0" "LCDEV=$LIBC/bench-cdev0")
CN=("RCDEV=$RAWC/bench-raw%d" "LCDEV=$LIBC/bench-cdev%d")

env_load "${C1[@]}" "read 1 B x $OPS" /dev/zero "$RAW/bench-raw0" "$LIB/bench-cdev0" \
	read DEV 1 "$OPS"
load "write 1 B x $OPS" /dev/null "$RAW/bench-raw0" "$LIB/bench-cdev0" write DEV 1 "$OPS"
env_load "${C1[@]}" "open+read 1 B+close x $((OPS / 4))" /dev/zero "$RAW/bench-raw0" \
	"$LIB/bench-cdev0" open DEV 1 $((OPS / 4))
for kib in 4 64 128; do
	n=$((MIB * 1024 / kib))
	env_load "${C1[@]}" "read ${MIB} MiB in ${kib} KiB" /dev/zero "$RAW/bench-raw0" \
		"$LIB/bench-cdev0" read DEV $((kib * 1024)) "$n"
	load "write ${MIB} MiB in ${kib} KiB" /dev/null "$RAW/bench-raw0" "$LIB/bench-cdev0" \
		write DEV $((kib * 1024)) "$n"
done
# Many clients: on every CPU.
pin ""
for p in $PROCS; do
	n=$((MIB * 1024 / 64 / p))
	env_load "${C1[@]}" "$p clients, one file, 64 KiB reads" /dev/zero "$RAW/bench-raw0" \
		"$LIB/bench-cdev0" --procs "$p" read DEV 65536 "$n"
	env_load "${CN[@]}" "$p clients, own files, 64 KiB reads" - "$RAW/bench-raw%d" \
		"$LIB/bench-cdev%d" --procs "$p" read DEV 65536 "$n"
done
# Groups of client processes at once, on one server at a time (bench-lib.sh).
group_loads file "$RAW/bench-raw%d" "$LIB/bench-cdev%d"

echo
echo "targets (ratios of times, libcdev/raw):"
request_targets file
group_targets file
copy_targets file

# The direct backend: no kernel at all, the dispatcher against a plain call.
echo
"$B/bench-direct" --calls $((OPS * 50)) --repeat "$REPEAT"
