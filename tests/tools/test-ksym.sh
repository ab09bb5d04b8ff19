#!/bin/sh
# EXPORT_SYMBOL between the modules of one host, on the host (direct backend).
set -eu
: "${top_srcdir:=.}" "${top_builddir:=.}"
TOOLS_BUILDDIR=$top_builddir/tools
KSYM_DIR=$(cd "$top_builddir/tests/tools/.libs" && pwd)
export TOOLS_BUILDDIR KSYM_DIR
exec bats --tap "$top_srcdir/tests/tools/ksym.bats"
