#!/bin/sh
# The FUSE backend's own tests (tests/fuse/fuse.bats), on the host: the choice
# of backend, mounting, unmounting and the clean-up after a killed driver.
# Needs root and /dev/fuse (the tests skip with the reason otherwise) and bats
# (exit 77, skipped, without it).
: "${top_srcdir:=.}"
command -v bats > /dev/null || { echo "SKIP: no bats"; exit 77; }
exec bats --tap "$top_srcdir/tests/fuse/fuse.bats"
