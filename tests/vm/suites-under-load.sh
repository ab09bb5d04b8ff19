#!/bin/bash
# The device suites through the VM harness while two busy loops hold the
# host's CPUs, LOAD_RUNS times (default 3): every run must report every test
# case of LOAD_SUITES with its exact name, once, and pass. A line that is not
# TAP (characters of several lines mixed, as the emulated UARTs once gave)
# or a case missing, doubled or renamed fails the run and is named.
#
# make check runs it on one small suite (the CI smoke); make
# check-harness-load runs it on all the device suites (VM_TESTS).
set -euo pipefail
: "${top_srcdir:?run from make check}"
suites=${LOAD_SUITES:-tests/examples/hello.bats}
runs=${LOAD_RUNS:-3}
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "suites-under-load: LOAD_RUNS must be a count" >&2; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/suites-load.XXXXXX")
busy=()
cleanup() {
	if ((${#busy[@]})); then kill "${busy[@]}" 2>/dev/null || true; fi
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# The names the suites' files give their cases, one per line, sorted.
for s in $suites; do
	sed -n 's/^@test "\([^"]*\)" {.*/\1/p' "$top_srcdir/$s"
done | LC_ALL=C sort > "$tmp/want"
[[ -s $tmp/want ]] || { echo "suites-under-load: no test cases in: $suites" >&2; exit 99; }

# Bounded by the run's own end, and by time should the script be killed hard.
# LOAD_BUSY: how many (tests/vm/test-device-tests.sh checks the checks with 0).
for ((b = 0; b < ${LOAD_BUSY:-2}; b++)); do
	timeout 7200 sh -c 'while :; do :; done' &
	busy+=($!)
done

# Print what is wrong with one run's TAP stream ($1), or nothing.
check_run() {
	local tap=$1
	grep -vE '^(1\.\.[0-9]+|(not )?ok [0-9]+ .*|#.*)$' "$tap" | sed 's/^/not TAP: /' | head -5
	grep -E '^not ok [0-9]+ ' "$tap" | sed 's/^/failed: /' | head -5
	sed -nE 's/^(not )?ok [0-9]+ (.*)$/\2/p' "$tap" | sed 's/ # skip.*$//' |
		LC_ALL=C sort > "$tmp/got"
	diff "$tmp/want" "$tmp/got" | sed -n 's/^< /missing: /p; s/^> /unexpected (doubled or renamed): /p' |
		head -5
	return 0
}

fails=0
cases=$(wc -l < "$tmp/want")
for ((r = 1; r <= runs; r++)); do
	rc=0
	VM_SUITES=$suites bash "$top_srcdir/tests/vm/device-tests.vm" > "$tmp/tap" 2> "$tmp/err" || rc=$?
	wrong=$(check_run "$tmp/tap")
	((rc == 0)) || wrong+=${wrong:+$'\n'}"the harness exited $rc: $(tail -3 "$tmp/err")"
	if [[ -n $wrong ]]; then
		echo "not ok $r - run $r of $cases cases under load"
		sed 's/^/# /' <<< "$wrong"
		fails=$((fails + 1))
	else
		echo "ok $r - run $r: all $cases cases, each once, exact, passed under load"
	fi
done
echo "1..$runs"
((fails == 0))
