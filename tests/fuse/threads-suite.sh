#!/bin/sh
# The bounded request threads (tests/fuse/threads.bats), on the host against
# the FUSE backend. Needs root and /dev/fuse (the tests skip with the reason
# otherwise) and bats (exit 77, skipped, without it).
: "${top_srcdir:=.}"
command -v bats > /dev/null || { echo "SKIP: no bats"; exit 77; }
exec bats --tap "$top_srcdir/tests/fuse/threads.bats"
