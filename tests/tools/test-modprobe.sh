#!/bin/sh
# Runs the tests of modules by name on the host, with the direct backend:
# cdevctl modprobe, modules-load and modinfo; bats missing is a skip (77).
set -eu
: "${top_srcdir:=.}" "${top_builddir:=.}"
command -v bats > /dev/null || { echo "SKIP: no bats"; exit 77; }
TOOLS_BUILDDIR=$(cd "$top_builddir/tools" && pwd)
TESTMOD=$(cd "$top_builddir/tests/tools/.libs" && pwd)/testmod.so
EXAMPLES_LIBDIR=$(cd "$top_builddir/examples/.libs" && pwd)
export TOOLS_BUILDDIR TESTMOD EXAMPLES_LIBDIR
exec bats --tap "$top_srcdir/tests/tools/modprobe.bats"
