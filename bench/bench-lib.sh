# SPDX-License-Identifier: LGPL-2.1-or-later
# shellcheck shell=bash
# The helpers the benchmark scripts share (run-bench.sh in the test VM,
# run-bench-fuse.sh on the host): sourced, not run. They use B, the directory
# with the programs, and REPEAT, the runs of each load; the rows printed so
# far are kept in ROWS, and each load's ratio in RATIO[LABEL].

ROWS=()
declare -A RATIO RATIO_COPY

now() { date +%s.%N; }

# fuse_servers_cleanup: the host scripts' exit. Stop the servers in PIDS,
# detach the mounts in TMP that a server killed hard could not unmount,
# and remove TMP.
fuse_servers_cleanup() {
	local m
	for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
	wait 2>/dev/null || true
	for m in "$TMP"/*/; do
		m=${m%/}
		if mountpoint -q "$m" 2>/dev/null; then
			fusermount3 -u -z "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
		fi
	done
	rm -rf --one-file-system "$TMP"
}

# wait_for SECONDS COMMAND...: poll until COMMAND succeeds.
wait_for() {
	local end=$(($(date +%s) + $1))
	shift
	until "$@"; do
		[ "$(date +%s)" -lt "$end" ] || { echo "${0##*/}: timed out: $*" >&2; return 1; }
		sleep 0.02
	done
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

client() { "$B/bench-client" "$@"; }

FORMAT='%-34s %10s %10s %10s %8s %10s %10s %8s'

# shellcheck disable=SC2034 # RATIO and RATIO_COPY are read by the scripts' targets
row() { # LABEL KERNEL RAW LIBCDEV [RAW-COPYING LIBCDEV-COPYING]
	local ratio ratio_copy=-
	ratio=$(awk -v a="$4" -v b="$3" 'BEGIN { printf "%.2f", a / b }')
	RATIO[$1]=$ratio
	if [ -n "${5:-}" ]; then
		ratio_copy=$(awk -v a="$6" -v b="$5" 'BEGIN { printf "%.2f", a / b }')
		RATIO_COPY[$1]=$ratio_copy
	fi
	# shellcheck disable=SC2059 # the format is ours
	ROWS+=("$(printf "$FORMAT" "$1" "$2" "$3" "$4" "$ratio" "${5:--}" "${6:--}" "$ratio_copy")")
	echo "${ROWS[-1]}"
}

# header: the table's first line.
header() {
	# shellcheck disable=SC2059 # the format is ours
	ROWS+=("$(printf "$FORMAT" "load (seconds, median)" kernel raw libcdev lib/raw raw+copy \
		lib+copy lib/copy)")
	echo "${ROWS[-1]}"
}

# load LABEL KERNEL-DEV RAW-DEV CDEV-DEV CLIENT-ARGS...: medians of REPEAT runs each;
# DEV in CLIENT-ARGS is the device; KERNEL-DEV "-" for none. With RCDEV and
# LCDEV set (reads), also the servers that copy their zeros: the raw one
# (raw+copy) and the driver with copy_to_user() (lib+copy).
load() {
	local label=$1 kdev=$2 rdev=$3 cdev=$4 r k=() a=() c=() rc=() lc=() devs
	shift 4
	for ((r = 0; r < REPEAT; r++)); do
		devs=("$rdev" "${RCDEV:-}" "$cdev" "${LCDEV:-}")
		((r % 2 == 0)) || devs=("$cdev" "${LCDEV:-}" "$rdev" "${RCDEV:-}")
		for d in "${devs[@]}"; do
			[ -n "$d" ] || continue
			t=$(client "${@/DEV/$d}")
			case $d in
			"$rdev") a+=("$t") ;;
			"$cdev") c+=("$t") ;;
			"${RCDEV:-}") rc+=("$t") ;;
			*) lc+=("$t") ;;
			esac
		done
		if [ "$kdev" != - ]; then
			k+=("$(client "${@/DEV/$kdev}")")
		fi
	done
	row "$label" "$( [ "$kdev" != - ] && printf '%s\n' "${k[@]}" | median || echo -)" \
		"$(printf '%s\n' "${a[@]}" | median)" "$(printf '%s\n' "${c[@]}" | median)" \
		"$( [ -n "${RCDEV:-}" ] && printf '%s\n' "${rc[@]}" | median)" \
		"$( [ -n "${LCDEV:-}" ] && printf '%s\n' "${lc[@]}" | median)"
}

# env_load RCDEV=DEV LCDEV=DEV LOAD-ARGS...: load, with the copying servers.
env_load() {
	local "${@:1:2}"
	load "${@:3}"
}

# target TEXT LIMIT LABEL...: each load's ratio against LIMIT (a time ratio:
# at most LIMIT is met), printed with the figures measured. With
# TARGET_COPY=1, a read's ratio is against raw+copy where it was measured.
target() {
	local text=$1 limit=$2 label ok=met figures="" ratio
	shift 2
	for label in "$@"; do
		ratio=${RATIO[$label]}
		[ -z "${TARGET_COPY:-}" ] || ratio=${RATIO_COPY[$label]:-$ratio}
		figures+="${figures:+, }$label $ratio"
		awk -v r="$ratio" -v l="$limit" 'BEGIN { exit !(r <= l) }' || ok=MISSED
	done
	echo "  $text: $figures: $ok"
}

# request_targets UNIT: the targets of the request loads, whose concurrency
# loads are on one UNIT (node, file) and on own UNITs (uses OPS, MIB, MAXP).
request_targets() {
	target "1-byte and 4 KiB requests, time at most 1.05x raw" 1.05 \
		"read 1 B x $OPS" "write 1 B x $OPS" "read ${MIB} MiB in 4 KiB" "write ${MIB} MiB in 4 KiB"
	target "64 and 128 KiB requests, throughput at least raw's" 1.00 \
		"read ${MIB} MiB in 64 KiB" "write ${MIB} MiB in 64 KiB" \
		"read ${MIB} MiB in 128 KiB" "write ${MIB} MiB in 128 KiB"
	target "$MAXP clients, aggregate throughput at least raw's" 1.00 \
		"$MAXP clients, one $1, 64 KiB reads" "$MAXP clients, own ${1}s, 64 KiB reads"
}

# copy_targets UNIT: the same, reads of the copying servers: lib+copy against raw+copy.
copy_targets() {
	echo "with data to copy (reads: the driver's copy_to_user() against raw+copy's memcpy()):"
	TARGET_COPY=1 request_targets "$1"
}

# free_major: a major no driver of the kernel holds, outside the dynamic
# ranges (CUSE servers without a number of their own take dynamic ones).
free_major() {
	local m
	for ((m = 300; m < 384; m++)); do
		awk -v m="$m" '/^Character/ { c = 1 } /^Block/ { c = 0 } c && $1 == m { f = 1 } END { exit !f }' \
			/proc/devices || { echo "$m"; return; }
	done
	echo "${0##*/}: no free major in 300..383" >&2
	return 1
}
