#!/bin/sh
# The device suite that runs against CUSE in the VM (tests/cuse/cuse.bats), run
# here on the host against the FUSE backend: the same tests and programs, with
# the nodes as files in a FUSE mount. Needs root and /dev/fuse (the tests skip
# with the reason otherwise) and bats (exit 77, skipped, without it).
: "${top_srcdir:=.}"
command -v bats > /dev/null || { echo "SKIP: no bats"; exit 77; }
LIBCDEV_TEST_BACKEND=fuse
export LIBCDEV_TEST_BACKEND
exec bats --tap "$top_srcdir/tests/cuse/cuse.bats"
