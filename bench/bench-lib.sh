# SPDX-License-Identifier: LGPL-2.1-or-later
# shellcheck shell=bash
# The helpers the benchmark scripts share (run-bench.sh in the test VM,
# run-bench-fuse.sh on the host): sourced, not run. They use B, the directory
# with the programs, and REPEAT, the runs of each load; the rows printed so
# far are kept in ROWS, and each load's ratio in RATIO[LABEL].

ROWS=()
declare -A RATIO

now() { date +%s.%N; }

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

# shellcheck disable=SC2034 # RATIO is read by the scripts' targets
row() { # LABEL KERNEL RAW LIBCDEV
	local ratio
	ratio=$(awk -v a="$4" -v b="$3" 'BEGIN { printf "%.2f", a / b }')
	RATIO[$1]=$ratio
	ROWS+=("$(printf '%-34s %10s %10s %10s %8s' "$1" "$2" "$3" "$4" "$ratio")")
	echo "${ROWS[-1]}"
}

# header: the table's first line.
header() {
	ROWS+=("$(printf '%-34s %10s %10s %10s %8s' "load (seconds, median)" kernel raw libcdev lib/raw)")
	echo "${ROWS[-1]}"
}

# load LABEL KERNEL-DEV RAW-DEV CDEV-DEV CLIENT-ARGS...: medians of REPEAT runs each;
# DEV in CLIENT-ARGS is the device; KERNEL-DEV "-" for none.
load() {
	local label=$1 kdev=$2 rdev=$3 cdev=$4 r k=() a=() c=()
	shift 4
	for ((r = 0; r < REPEAT; r++)); do
		if ((r % 2 == 0)); then
			a+=("$(client "${@/DEV/$rdev}")")
			c+=("$(client "${@/DEV/$cdev}")")
		else
			c+=("$(client "${@/DEV/$cdev}")")
			a+=("$(client "${@/DEV/$rdev}")")
		fi
		if [ "$kdev" != - ]; then
			k+=("$(client "${@/DEV/$kdev}")")
		fi
	done
	row "$label" "$( [ "$kdev" != - ] && printf '%s\n' "${k[@]}" | median || echo -)" \
		"$(printf '%s\n' "${a[@]}" | median)" "$(printf '%s\n' "${c[@]}" | median)"
}

# target TEXT LIMIT LABEL...: each load's ratio against LIMIT (a time ratio:
# at most LIMIT is met), printed with the figures measured.
target() {
	local text=$1 limit=$2 label ok=met figures=""
	shift 2
	for label in "$@"; do
		figures+="${figures:+, }$label ${RATIO[$label]}"
		awk -v r="${RATIO[$label]}" -v l="$limit" 'BEGIN { exit !(r <= l) }' || ok=MISSED
	done
	echo "  $text: $figures: $ok"
}
