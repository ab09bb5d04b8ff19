#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Instructions per request, counted by valgrind's callgrind in the server:
# the FUSE backend (bench-drv --backend fuse) against the raw FUSE low-level
# server (bench-fuse-raw), on the host, with the same clients. Unlike times,
# these counts do not move with the machine's load or with an emulated CPU,
# so they show what the framework adds per request where the timed loads
# are too noisy to tell (under TCG a guest instruction costs a few
# nanoseconds, so a few hundred of them are a few per cent of a request).
# Both servers share libfuse's own receive, dispatch and reply code, and
# the CUSE backend runs the same request module as the FUSE backend.
#
# Prints per load: instructions per request of raw and of libcdev (whose
# reads clear_user(), as /dev/zero's driver), libcdev's difference and
# ratio; for reads also of the servers that copy their zeros first, as a
# driver with data of its own must (bench-fuse-raw --copy against
# bench-drv --copy: raw+copy, lib+copy) and their ratio. Needs valgrind,
# /dev/fuse and root (or fusermount3).
#
# Sizes (environment): BENCH_OPS   requests per load (20000; a fifth of
#                                  that is plenty: the counts are exact)
# BENCH_BUILDDIR is the directory with the programs (default: this
# script's); LIBTOOL runs the libtool-linked driver (default: ../libtool).
set -euo pipefail

case "${1:-}" in
-h|--help)
	sed -n '3,20s/^# \{0,1\}//p' "$0"
	exit 0
	;;
esac

B=${BENCH_BUILDDIR:-$(cd "$(dirname "$0")" && pwd)}
LIBTOOL=${LIBTOOL:-$B/../libtool}
OPS=${BENCH_OPS:-20000}
OPS=$((OPS / 5 > 100 ? OPS / 5 : 100))

for cmd in valgrind callgrind_control; do
	command -v "$cmd" >/dev/null || { echo "${0##*/}: needs $cmd (valgrind)" >&2; exit 1; }
done
if [ ! -c /dev/fuse ]; then
	echo "${0##*/}: no /dev/fuse here: the FUSE backend cannot be measured" >&2
	exit 1
fi

TMP=$(mktemp -d)
export LIBCDEV_REGISTRY=$TMP/regions
PIDS=()
# shellcheck source=bench/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
trap fuse_servers_cleanup EXIT
# Interrupted or killed: exit, so that the clean-up above runs.
trap 'exit 130' INT TERM HUP

ready_or_gone() { grep -qsx ready "$1" || ! kill -0 "$2" 2>/dev/null; } # OUTPUT PID

# serve NAME [--libtool] COMMAND...: start a server under callgrind; its pid
# in PIDS. --libtool for a program linked with the uninstalled library.
serve() {
	local name=$1 run=()
	shift
	[ "$1" != --libtool ] || { run=("$LIBTOOL" --mode=execute); shift; }
	mkdir -p "$TMP/$name"
	"${run[@]}" valgrind --tool=callgrind --callgrind-out-file="$TMP/$name.cg" "$@" \
		>"$TMP/$name.out" 2>"$TMP/$name.log" &
	PIDS+=($!)
	wait_for 120 ready_or_gone "$TMP/$name.out" "${PIDS[-1]}"
	kill -0 "${PIDS[-1]}" 2>/dev/null || { echo "${0##*/}: $name failed" >&2; return 1; }
}

# counted NAME PID: the instructions the server ran since its last dump.
counted() {
	local last
	callgrind_control -d "$2" >"$TMP/ctl.log" 2>&1 || { cat "$TMP/ctl.log" >&2; return 1; }
	# shellcheck disable=SC2012 # our own file names: NAME.cg.1, NAME.cg.2, ...
	last=$(ls -v "$TMP/$1".cg.* | tail -n 1)
	awk '/^(summary|totals):/ { print $2; exit }' "$last"
}

# per_request NAME PID FILE CLIENT-ARGS...: instructions per request of one load.
per_request() {
	local name=$1 pid=$2 file=$3 n
	shift 3
	counted "$name" "$pid" >/dev/null
	client "${@/DEV/$file}" >/dev/null
	n=$(counted "$name" "$pid")
	echo $((n / OPS))
}

serve raw "$B/bench-fuse-raw" --count 1 --prefix bench-raw "$TMP/raw"
RAWPID=${PIDS[-1]}
serve raw-copy "$B/bench-fuse-raw" --copy --count 1 --prefix bench-raw "$TMP/raw-copy"
COPYPID=${PIDS[-1]}
serve libcdev --libtool "$B/bench-drv" --backend fuse \
	--mountpoint "$TMP/libcdev" --count 1 --prefix bench-cdev
LIBPID=${PIDS[-1]}
serve libcdev-copy --libtool "$B/bench-drv" --copy --backend fuse \
	--mountpoint "$TMP/libcdev-copy" --count 1 --prefix bench-cdev
LIBCPID=${PIDS[-1]}

echo "libcdev instructions per request (callgrind, FUSE backend, host): $OPS requests per load"
FORMAT='%-14s %8s %8s %8s %8s %9s %9s %8s\n'
# shellcheck disable=SC2059 # the format is ours
printf "$FORMAT" load raw libcdev lib-raw lib/raw raw+copy lib+copy lib/copy
for l in "read 1" "write 1" "read 4096" "write 4096"; do
	read -r op size <<<"$l"
	set -- "$op" "$size"
	client "$1" "$TMP/raw/bench-raw0" "$2" 100 >/dev/null	# warm: threads, buffers
	client "$1" "$TMP/libcdev/bench-cdev0" "$2" 100 >/dev/null
	raw=$(per_request raw "$RAWPID" "$TMP/raw/bench-raw0" "$1" DEV "$2" "$OPS")
	lib=$(per_request libcdev "$LIBPID" "$TMP/libcdev/bench-cdev0" "$1" DEV "$2" "$OPS")
	copy=- lib_copy=- lib_by_copy=-
	if [ "$1" = read ]; then	# the servers that copy their zeros, as a driver with data must
		client "$1" "$TMP/raw-copy/bench-raw0" "$2" 100 >/dev/null
		client "$1" "$TMP/libcdev-copy/bench-cdev0" "$2" 100 >/dev/null
		copy=$(per_request raw-copy "$COPYPID" "$TMP/raw-copy/bench-raw0" "$1" DEV "$2" "$OPS")
		lib_copy=$(per_request libcdev-copy "$LIBCPID" "$TMP/libcdev-copy/bench-cdev0" \
			"$1" DEV "$2" "$OPS")
		lib_by_copy=$(ratio "$lib_copy" "$copy")
	fi
	# shellcheck disable=SC2059 # the format is ours
	printf "$FORMAT" "$1 $2 B" "$raw" "$lib" $((lib - raw)) "$(ratio "$lib" "$raw")" \
		"$copy" "$lib_copy" "$lib_by_copy"
done
