#!/bin/bash
# tests/vm/device-tests.vm names what went wrong in a VM: a suite whose
# output lost a result, or that never ran, comes out as failed cases naming
# the suite, with the plan's count still right. The VMs are stood in for by
# a runner that runs the command on the host (VM_RUN) and, as told, loses a
# line of the first suite's output or runs nothing at all. Each VM is given
# its share of the host's CPUs.
set -euo pipefail
: "${top_srcdir:?run from make check}"
top_srcdir=$(cd "$top_srcdir" && pwd)
command -v bats >/dev/null || { echo "SKIP: no bats"; exit 77; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/device-tests-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/suites"
printf '@test "a1" { true; }\n@test "a2" { true; }\n@test "a3" { true; }\n' > "$tmp/suites/a.bats"
printf '@test "b1" { true; }\n' > "$tmp/suites/b.bats"

# The runner: MODE=lose drops the second result of suite 1 (the largest);
# MODE=none runs nothing, as a VM that did not boot.
cat > "$tmp/runner" <<'RUNNER'
#!/bin/bash
[[ $1 == -- ]] && shift
echo "$VM_SMP" > "smp.$VM_INDEX"
[[ $MODE == none ]] && exit 99
"$@"
status=$?
queue=$3
[[ $MODE == lose && -f $queue/1.tap ]] && sed -i '/^ok 2 /d' "$queue/1.tap"
# MODE=garble: a result's name mixed with another line's characters, and a
# line that is not TAP, as the emulated UARTs once gave.
[[ $MODE == garble && -f $queue/1.tap ]] && sed -i 's/^ok 2 a2$/ok 2 ao 3 2/; $a oecerln,o 60' "$queue/1.tap"
exit $status
RUNNER
chmod +x "$tmp/runner"

# The suites as make check names them: relative to the source tree.
a=$(realpath --relative-to="$top_srcdir" "$tmp/suites/a.bats")
b=$(realpath --relative-to="$top_srcdir" "$tmp/suites/b.bats")
fails=0
# run MODE: device-tests.vm's output and status with the stand-in runner.
run() {
	rm -f "$tmp"/smp.*
	(cd "$tmp" && MODE=$1 VM_RUN="$tmp/runner" VM_SHARDS=${SHARDS:-1} top_srcdir=$top_srcdir \
		VM_SUITES="$a $b" \
		bash "$top_srcdir/tests/vm/device-tests.vm" > "$tmp/out" 2>&1) && echo 0 || echo $?
}
expect() {
	if grep -qxF -- "$2" "$tmp/out"; then
		echo "ok - $1"
	else
		echo "not ok - $1: no line '$2' in:"; sed 's/^/    /' "$tmp/out"
		fails=$((fails + 1))
	fi
}

[[ $(run ok) == 0 ]] || { echo "not ok - all pass: status not 0"; fails=$((fails + 1)); }
expect "all pass: the plan counts every case" "1..4"
expect "all pass: numbered on across suites" "ok 4 b1"

cpus=$(nproc)
half=$((cpus / 2 > 0 ? cpus / 2 : 1))
one=$(cat "$tmp/smp.0")
two=$( (SHARDS=2 run ok >/dev/null; cat "$tmp/smp.0" "$tmp/smp.1") | tr '\n' ' ')
if [[ $one == "$cpus" && $two == "$half $half " ]]; then
	echo "ok - each VM gets its share of the $cpus CPUs"
else
	echo "not ok - CPUs: one VM given $one (want $cpus), two VMs given $two(want $half each)"
	fails=$((fails + 1))
fi

[[ $(run lose) != 0 ]] || { echo "not ok - lost line: status 0"; fails=$((fails + 1)); }
expect "lost line: the plan is the cases'" "1..4"
expect "lost line: a failure names the suite" \
	"not ok 3 - $a gave 2 results for 3 cases (output lost or garbled)"
expect "lost line: the next suite follows, numbered on" "ok 4 b1"

[[ $(run none) != 0 ]] || { echo "not ok - no VM: status 0"; fails=$((fails + 1)); }
expect "no VM: every case fails, the first naming its suite" \
	"not ok 1 - $a never ran (its VM ended first)"
expect "no VM: the other suite too" \
	"not ok 4 - $b never ran (its VM ended first)"
# tests/vm/suites-under-load.sh, with the same stand-in runner and no busy
# loops: it names what is wrong in a run.
under_load() {
	(cd "$tmp" && MODE=$1 VM_RUN="$tmp/runner" VM_SHARDS=1 top_srcdir=$top_srcdir \
		LOAD_SUITES="$a $b" LOAD_RUNS=1 LOAD_BUSY=0 \
		bash "$top_srcdir/tests/vm/suites-under-load.sh" > "$tmp/out" 2>&1) && echo 0 || echo $?
}
[[ $(under_load ok) == 0 ]] || { echo "not ok - under load, all pass: status not 0"; fails=$((fails + 1)); }
expect "under load, all pass" "ok 1 - run 1: all 4 cases, each once, exact, passed under load"
[[ $(under_load garble) != 0 ]] || { echo "not ok - under load, garbled: status 0"; fails=$((fails + 1)); }
expect "under load, garbled: the line that is not TAP" "# not TAP: oecerln,o 60"
expect "under load, garbled: the case that lost its name" "# missing: a2"
expect "under load, garbled: what came instead" "# unexpected (doubled or renamed): ao 3 2"
[[ $(under_load lose) != 0 ]] || { echo "not ok - under load, lost: status 0"; fails=$((fails + 1)); }
expect "under load, lost: the case" "# missing: a2"
exit $((fails > 0))
