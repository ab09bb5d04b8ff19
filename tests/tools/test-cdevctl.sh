#!/bin/sh
# Runs the cdevctl tests on the host (they need no kernel device).
set -eu
: "${top_srcdir:=.}" "${top_builddir:=.}"
TOOLS_BUILDDIR=$top_builddir/tools
TESTMOD=$(cd "$top_builddir/tests/tools/.libs" && pwd)/testmod.so
KLEAKMOD=$(cd "$top_builddir/tests/tools/.libs" && pwd)/kleak.so
KPERMMOD=$(cd "$top_builddir/tests/tools/.libs" && pwd)/kperm.so
export TOOLS_BUILDDIR TESTMOD KLEAKMOD KPERMMOD
exec bats --tap "$top_srcdir/tests/tools/cdevctl-host.bats"
