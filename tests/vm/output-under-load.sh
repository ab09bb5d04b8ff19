#!/bin/bash
# The VM harness's output channel under load: while two busy loops hold the
# host's CPUs, a command in the VM writes 5000 numbered lines to stdout and
# 5000 to stderr, interleaved; vm-run must give back every line of each,
# exact and in order (the emulated UARTs it once used lost and mixed them).
set -euo pipefail
: "${top_srcdir:=.}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/output-load.XXXXXX")
busy=()
cleanup() {
	if ((${#busy[@]})); then kill "${busy[@]}" 2>/dev/null || true; fi
	rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

for _ in 1 2; do
	sh -c 'while :; do :; done' &
	busy+=($!)
done
n=5000
rc=0
"$top_srcdir/tests/vm/vm-run" -- sh -c \
	'i=0; while [ $i -lt '"$n"' ]; do echo "ok $i out"; echo "ok $i err" >&2; i=$((i+1)); done; exit 7' \
	> "$tmp/out" 2> "$tmp/err" || rc=$?
[ "$rc" = 7 ] || fail "the command's exit status 7 came back as $rc: $(tail -5 "$tmp/err")"
for s in out err; do
	seq 0 $((n - 1)) | sed "s/.*/ok & $s/" > "$tmp/want"
	cmp -s "$tmp/want" "$tmp/$s" ||
		fail "std$s differs from what the VM wrote: $(diff "$tmp/want" "$tmp/$s" | head -5)"
done
echo "vm-run: $n lines of stdout and of stderr, exact, under load"
