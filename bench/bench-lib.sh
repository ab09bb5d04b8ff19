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

largest() { # N...: the largest of the numbers
	local n max=$1
	for n; do ((n > max)) && max=$n; done
	echo "$max"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# pin CPU: from now on the servers in PIDS (each of their threads, and the
# threads they start) and the client run on CPU alone; pin "" lets them run
# anywhere again. Where the scheduler wakes a server (on the client's CPU or
# another) changes a request's time a lot, and a server's threads keep their
# place for whole runs (unpinned, a host run's 1-byte writes gave lib/raw
# 1.76, and 1.00 minutes later): pinned, every server's request is the same
# two switches on one CPU.
pin() {
	local pid cpus=${1:-0-$(($(nproc) - 1))}
	for pid in "${PIDS[@]}"; do taskset -a -p -c "$cpus" "$pid" > /dev/null; done
	PIN=$1
}

# pinned COMMAND...: run COMMAND on the CPU of the last pin, if any.
pinned() {
	if [ -n "${PIN:-}" ]; then
		taskset -c "$PIN" "$@"
	else
		"$@"
	fi
}

client() { pinned "$B/bench-client" "$@"; }

FORMAT='%-34s %10s %10s %10s %8s %10s %10s %8s'

# shellcheck disable=SC2034 # RATIO and RATIO_COPY are read by the scripts' targets
row_ratios() { # LABEL KERNEL RAW LIBCDEV LIB/RAW [RAW-COPYING LIBCDEV-COPYING LIB/COPY]
	RATIO[$1]=$5
	[ -z "${8:-}" ] || RATIO_COPY[$1]=$8
	# shellcheck disable=SC2059 # the format is ours
	ROWS+=("$(printf "$FORMAT" "$1" "$2" "$3" "$4" "$5" "${6:--}" "${7:--}" "${8:--}")")
	echo "${ROWS[-1]}"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

row() { # LABEL KERNEL RAW LIBCDEV: lib/raw the ratio of the two times
	row_ratios "$@" "$(ratio "$4" "$3")"
}

# header: the table's first line.
header() {
	# shellcheck disable=SC2059 # the format is ours
	ROWS+=("$(printf "$FORMAT" "load (seconds, median)" kernel raw libcdev lib/raw raw+copy \
		lib+copy lib/copy)")
	echo "${ROWS[-1]}"
}

# load LABEL KERNEL-DEV RAW-DEV CDEV-DEV CLIENT-ARGS...: REPEAT runs of
# bench-client with every server's device at once, which it takes in turn,
# call by call (DEV in CLIENT-ARGS is the list), and of the kernel's device
# alone (KERNEL-DEV, "-" for none). With RCDEV and LCDEV set (reads), also
# the servers that copy their zeros: the raw one (raw+copy) and the driver
# with copy_to_user() (lib+copy), in the order raw, raw+copy, libcdev,
# lib+copy: each plain server's call comes after a copying server's of the
# other kind, each copying server's after its plain twin's, so neither of
# raw and libcdev has a place the other has not. The row: each device's
# median time, and lib/raw (lib/copy) the median of the runs' ratios.
load() {
	local label=$1 kdev=$2 rdev=$3 cdev=$4 r j out roles=(t_raw t_lib) devs times
	local -a t_raw=() t_lib=() t_rc=() t_lc=() t_kernel=() r_lib_raw=() r_lib_copy=()
	shift 4
	devs=("$rdev" "$cdev")
	[ -z "${RCDEV:-}" ] || { roles=(t_raw t_rc t_lib t_lc); devs=("$rdev" "$RCDEV" "$cdev" "$LCDEV"); }
	for ((r = 0; r < REPEAT; r++)); do
		out=$(client "${@/DEV/$(IFS=,; echo "${devs[*]}")}")
		mapfile -t times <<<"$out"
		for j in "${!roles[@]}"; do append "${roles[j]}" "${times[j]}"; done
		r_lib_raw+=("$(ratio "${t_lib[-1]}" "${t_raw[-1]}")")
		[ -z "${RCDEV:-}" ] || r_lib_copy+=("$(ratio "${t_lc[-1]}" "${t_rc[-1]}")")
		[ "$kdev" = - ] || t_kernel+=("$(client "${@/DEV/$kdev}")")
	done
	row_ratios "$label" "$(median_of t_kernel)" "$(median_of t_raw)" "$(median_of t_lib)" \
		"$(printf '%.2f' "$(median_of r_lib_raw)")" "$(median_of t_rc)" "$(median_of t_lc)" \
		"${RCDEV:+$(printf '%.2f' "$(median_of r_lib_copy)")}"
}

append() { local -n to=$1; to+=("$2"); } # ARRAY VALUE

median_of() { # ARRAY: its median, or - when it is empty
	local -n values=$1
	if ((${#values[@]})); then printf '%s\n' "${values[@]}" | median; else echo -; fi
}

# env_load RCDEV=DEV LCDEV=DEV LOAD-ARGS...: load, with the copying servers.
env_load() {
	local "${@:1:2}"
	load "${@:3}"
}

# group_load LABEL RAW-DEV CDEV-DEV CLIENT-ARGS...: REPEAT runs of a group
# of independent client processes (bench-client --wall: they start at once,
# with requests in flight on one server together, which the interleaved
# loads never have), timed as the group's wall time, on the raw server and
# on libcdev's, which goes first changing every run. The row: the medians,
# and lib/raw the median of the runs' ratios.
group_load() {
	local label=$1 rdev=$2 cdev=$3 r
	local -a t_raw=() t_lib=() r_lib_raw=()
	shift 3
	for ((r = 0; r < REPEAT; r++)); do
		if ((r % 2)); then
			t_lib+=("$(client --wall "${@/DEV/$cdev}")")
			t_raw+=("$(client --wall "${@/DEV/$rdev}")")
		else
			t_raw+=("$(client --wall "${@/DEV/$rdev}")")
			t_lib+=("$(client --wall "${@/DEV/$cdev}")")
		fi
		r_lib_raw+=("$(ratio "${t_lib[-1]}" "${t_raw[-1]}")")
	done
	row_ratios "$label" - "$(median_of t_raw)" "$(median_of t_lib)" \
		"$(printf '%.2f' "$(median_of r_lib_raw)")"
}

# group_loads UNIT RAW-PATTERN CDEV-PATTERN: the group loads, GROUP_SIZES (N
# processes at once) reading 64 KiB, on one UNIT (the patterns' 0) and on a
# UNIT each (%d); MIB in all, whatever N.
group_loads() {
	local unit=$1 raw=$2 cdev=$3 p
	for p in $GROUP_SIZES; do
		group_load "$p at once, one $unit, 64 KiB" "${raw/\%d/0}" "${cdev/\%d/0}" \
			--procs "$p" read DEV 65536 $((MIB * 1024 / 64 / p))
		group_load "$p at once, own ${unit}s, 64 KiB" "$raw" "$cdev" \
			--procs "$p" read DEV 65536 $((MIB * 1024 / 64 / p))
	done
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

# group_targets UNIT: the group loads' target: each group's wall time at
# most raw's.
group_targets() {
	local p labels=()
	for p in $GROUP_SIZES; do
		labels+=("$p at once, one $1, 64 KiB" "$p at once, own ${1}s, 64 KiB")
	done
	target "groups of client processes at once, wall time at most raw's" 1.00 "${labels[@]}"
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
