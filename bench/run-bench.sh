#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The benchmark proper: run as root in a kernel with CUSE (make bench runs it
# in the test VM). Starts the raw baseline servers (bench-raw) and the libcdev
# driver (bench-drv), runs every load against both and against the kernel's
# /dev/zero and /dev/null, alternating which goes first, and prints one table
# of medians with the ratio libcdev/raw (time: below 1 is faster than raw).
# Reads are also run against raw servers that copy their zeros before they
# answer (bench-raw --copy), as the driver's read must: lib/copy is then the
# framework's cost alone.
#
# Sizes (environment): BENCH_MIB   MiB moved per throughput load (64)
#                      BENCH_OPS   calls per latency load (20000)
#                      BENCH_REPEAT runs of each load, the median counts (3)
#                      BENCH_NODES nodes of the scale load (256)
#                      BENCH_PROCS client counts of the concurrency loads ("1 2 4 8")
#                      BENCH_GROUPS processes at once of the group loads ("2 4 8")
#                      BENCH_REGIONS regions held in the allocator load ("10 1000 10000")
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
NODES=${BENCH_NODES:-256}
PROCS=${BENCH_PROCS:-"1 2 4 8"}
GROUP_SIZES=${BENCH_GROUPS:-"2 4 8"}
REGIONS=${BENCH_REGIONS:-"10 1000 10000"}

# The region registry is a file: on a tmpfs, as /run is on a real system.
TMP=$(mktemp -d -p "$( [ -d /dev/shm ] && echo /dev/shm || echo /tmp)")
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

# now, wait_for, median, client, row, load: shared with run-bench-fuse.sh.
# shellcheck source=bench/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
# shellcheck disable=SC2086 # the lists are numbers, split at spaces
MAXP=$(largest 1 $PROCS) # the most clients of the concurrency loads
# shellcheck disable=SC2086
NODES_EACH=$(largest "$MAXP" $GROUP_SIZES) # the nodes (files) each server has: one a client

nodes_exist() { # PREFIX COUNT
	local i
	for ((i = 0; i < $2; i++)); do [ -c "/dev/$1$i" ] || return 1; done
}

# start_raw PREFIX COUNT [MAJOR]: one raw server per node, as libfuse serves
# one node a process; with MAJOR their numbers are MAJOR:0 and up; with
# RAW_COPY set, servers that copy what they read (--copy).
start_raw() {
	local i devnum=() copy=()
	[ -z "${RAW_COPY:-}" ] || copy=(--copy)
	for ((i = 0; i < $2; i++)); do
		[ -n "${3:-}" ] && devnum=(--devnum "$3:$i")
		"$B/bench-raw" "${devnum[@]}" "${copy[@]}" "$1$i" &
		PIDS+=($!)
	done
	wait_for 600 nodes_exist "$1" "$2"
}

# start_drv PREFIX COUNT [--copy]: one libcdev process for all nodes; waits for "ready".
start_drv() {
	"$B/bench-drv" --count "$2" --prefix "$1" "${@:3}" > "$TMP/drv-$1.out" &
	PIDS+=($!)
	wait_for 600 grep -qx ready "$TMP/drv-$1.out"
}

echo "libcdev benchmark: $(uname -r), $(nproc) CPUs; ${MIB} MiB per throughput load," \
	"${OPS} calls per latency load, median of ${REPEAT}"
start_raw bench-raw "$NODES_EACH"
RAW_COPY=1 start_raw bench-rawc "$NODES_EACH"
start_drv bench-cdev "$NODES_EACH"
start_drv bench-cdevc "$NODES_EACH" --copy
# Warm-up, not measured: the first calls into each server are slower (under
# TCG, the code is translated on first use), which would count against the
# one that goes first.
client read /dev/bench-raw0 1 $((OPS / 4 + 1)) > /dev/null
client read /dev/bench-rawc0 1 $((OPS / 4 + 1)) > /dev/null
client read /dev/bench-cdev0 1 $((OPS / 4 + 1)) > /dev/null
client read /dev/bench-cdevc0 1 $((OPS / 4 + 1)) > /dev/null
header
# One client: the client and the servers on one CPU (bench-lib.sh, pin).
pin 0

# The reads also of the copying servers: raw+copy and lib+copy.
C1=(RCDEV=/dev/bench-rawc0 LCDEV=/dev/bench-cdevc0)
CN=(RCDEV=/dev/bench-rawc%d LCDEV=/dev/bench-cdevc%d)

env_load "${C1[@]}" "read 1 B x $OPS" /dev/zero /dev/bench-raw0 /dev/bench-cdev0 read DEV 1 "$OPS"
load "write 1 B x $OPS" /dev/null /dev/bench-raw0 /dev/bench-cdev0 write DEV 1 "$OPS"
env_load "${C1[@]}" "open+read 1 B+close x $((OPS / 4))" /dev/zero /dev/bench-raw0 \
	/dev/bench-cdev0 open DEV 1 $((OPS / 4))
for kib in 4 64 128; do
	n=$((MIB * 1024 / kib))
	env_load "${C1[@]}" "read ${MIB} MiB in ${kib} KiB" /dev/zero /dev/bench-raw0 \
		/dev/bench-cdev0 read DEV $((kib * 1024)) "$n"
	load "write ${MIB} MiB in ${kib} KiB" /dev/null /dev/bench-raw0 /dev/bench-cdev0 \
		write DEV $((kib * 1024)) "$n"
done
# Many clients: on every CPU.
pin ""
for p in $PROCS; do
	n=$((MIB * 1024 / 64 / p))
	env_load "${C1[@]}" "$p clients, one node, 64 KiB reads" /dev/zero /dev/bench-raw0 \
		/dev/bench-cdev0 --procs "$p" read DEV 65536 "$n"
	env_load "${CN[@]}" "$p clients, own nodes, 64 KiB reads" - /dev/bench-raw%d \
		/dev/bench-cdev%d --procs "$p" read DEV 65536 "$n"
done
# Groups of client processes at once, on one server at a time (bench-lib.sh).
group_loads node /dev/bench-raw%d /dev/bench-cdev%d

# Scale: until NODES nodes are live, once per run, raw first then libcdev.
SCALE_MAJOR=$(free_major)
raw_t=() drv_t=()
for ((r = 0; r < REPEAT; r++)); do
	saved=("${PIDS[@]}")
	t0=$(now); start_raw "bench-sr$r-" "$NODES" "$SCALE_MAJOR"; t1=$(now)
	raw_t+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')")
	for pid in "${PIDS[@]:${#saved[@]}}"; do kill "$pid"; wait "$pid" 2>/dev/null || true; done
	PIDS=("${saved[@]}")
	t0=$(now); start_drv "bench-sc$r-" "$NODES"; t1=$(now)
	drv_t+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')")
	kill "${PIDS[-1]}"; wait "${PIDS[-1]}" 2>/dev/null || true
	unset 'PIDS[-1]'
done
row "$NODES nodes live" - "$(printf '%s\n' "${raw_t[@]}" | median)" \
	"$(printf '%s\n' "${drv_t[@]}" | median)"

echo
echo "region allocator, microseconds per alloc+unregister with N regions held:"
# shellcheck disable=SC2086
"$B/bench-regions" --ops $((OPS / 20 > 10 ? OPS / 20 : 10)) $REGIONS | tee "$TMP/allocator"
awk 'NR == 1 { n = $1; a = $2 } { m = $1; b = $2 } END { printf "cost at %s / cost at %s: %.2f\n", m, n, b / a }' \
	"$TMP/allocator"
RATIO[allocator]=$(awk 'NR == 1 { a = $2 } { b = $2 } END { printf "%.2f", b / a }' "$TMP/allocator")

max_regions=$(awk 'END { print $1 }' "$TMP/allocator")
min_regions=$(awk 'NR == 1 { print $1 }' "$TMP/allocator")
echo
echo "targets (ratios of times, libcdev/raw):"
request_targets node
group_targets node
target "$NODES nodes live, at most 1.2x raw's time" 1.20 "$NODES nodes live"
target "allocator with $max_regions regions, at most 3x its cost with $min_regions" 3.00 allocator
copy_targets node

# The ioctl load (bench/ioctl-bench.sh): its own servers, the same medians.
echo
BENCH_BUILDDIR=$B BENCH_OPS=$((OPS / 10 > 100 ? OPS / 10 : 100)) BENCH_REPEAT=$REPEAT \
	"$(dirname "$0")/ioctl-bench.sh"
