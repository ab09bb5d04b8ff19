#!/bin/sh
# Runs the bash completion tests of cdevctl on the host (direct backend);
# bats missing is a skip (77).
set -eu
: "${top_srcdir:=.}" "${top_builddir:=.}"
command -v bats > /dev/null || { echo "SKIP: no bats"; exit 77; }
TOOLS_BUILDDIR=$(cd "$top_builddir/tools" && pwd)
COMPLETION=$TOOLS_BUILDDIR/completion/cdevctl
TESTMOD=$(cd "$top_builddir/tests/tools/.libs" && pwd)/testmod.so
EXAMPLES_LIBDIR=$(cd "$top_builddir/examples/.libs" && pwd)
export TOOLS_BUILDDIR COMPLETION TESTMOD EXAMPLES_LIBDIR
exec bats --tap "$top_srcdir/tests/tools/completion.bats"
