#!/bin/sh
# Runs the host tests of the benchmark's client (bench/bench-client): plain files and /dev/null.
set -eu
: "${top_srcdir:=.}" "${top_builddir:=.}"
BENCH_BUILDDIR=$top_builddir/bench
export BENCH_BUILDDIR
exec bats --tap "$top_srcdir/tests/tools/bench-client.bats"
