#!/bin/sh
# Runs the service tests on the host: the units checked by systemd-analyze,
# and the module host's readiness as systemd sees it (sd_notify), with the
# FUSE backend. Needs root and /dev/fuse for the readiness cases (they skip
# with the reason otherwise); bats missing is a skip (77).
set -eu
: "${top_srcdir:=.}" "${top_builddir:=.}"
command -v bats > /dev/null || { echo "SKIP: no bats"; exit 77; }
TOOLS_BUILDDIR=$(cd "$top_builddir/tools" && pwd)
TESTS_TOOLS_BUILDDIR=$(cd "$top_builddir/tests/tools" && pwd)
TESTMOD=$TESTS_TOOLS_BUILDDIR/.libs/testmod.so
EXAMPLES_LIBDIR=$(cd "$top_builddir/examples/.libs" && pwd)
UNITS_SRCDIR=$(cd "$top_srcdir/units" && pwd)
export TOOLS_BUILDDIR TESTS_TOOLS_BUILDDIR TESTMOD EXAMPLES_LIBDIR UNITS_SRCDIR
exec bats --tap "$top_srcdir/tests/tools/service.bats"
