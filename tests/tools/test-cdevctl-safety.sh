#!/bin/sh
# Runs the cdevctl safety tests on the host: what a host leaves behind and lets
# in. The FUSE cases need root and /dev/fuse (they skip with the reason
# otherwise); bats missing is a skip (77).
set -eu
: "${top_srcdir:=.}" "${top_builddir:=.}"
command -v bats > /dev/null || { echo "SKIP: no bats"; exit 77; }
TOOLS_BUILDDIR=$top_builddir/tools
TESTMOD=$(cd "$top_builddir/tests/tools/.libs" && pwd)/testmod.so
export TOOLS_BUILDDIR TESTMOD
exec bats --tap "$top_srcdir/tests/tools/cdevctl-safety.bats"
