#!/bin/sh
# Chips on I2C, SPI and GPIO (tests/fuse/buses.bats), on the host against
# the FUSE backend. Needs root and /dev/fuse (the tests skip with the reason
# otherwise), bats (exit 77, skipped, without it) and the corpus
# (tools/corpus-survey.sh --unpack).
: "${top_srcdir:=.}" "${top_builddir:=.}"
command -v bats > /dev/null || { echo "SKIP: no bats"; exit 77; }
TOP=$(cd "$top_builddir" && pwd)
top_srcdir=$(cd "$top_srcdir" && pwd)
export TOP top_srcdir
exec bats --tap "$top_srcdir/tests/fuse/buses.bats"
