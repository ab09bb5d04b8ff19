#!/bin/sh
# Runs the host tests of cdevctl udev-test's arguments (no udevd, no kernel device).
set -eu
: "${top_srcdir:=.}" "${top_builddir:=.}"
TOOLS_BUILDDIR=$top_builddir/tools
export TOOLS_BUILDDIR
exec bats --tap "$top_srcdir/tests/tools/udev-test-args.bats"
