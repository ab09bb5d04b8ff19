#!/bin/sh
# The FUSE backend's own tests (tests/fuse/fuse.bats), on the host: the choice
# of backend, mounting, unmounting and the clean-up after a killed driver.
# Needs root and /dev/fuse (the tests skip with the reason otherwise) and bats
# (exit 77, skipped, without it).
: "${top_srcdir:=.}"
command -v bats > /dev/null || { echo "SKIP: no bats"; exit 77; }
suite=$top_srcdir/tests/fuse/fuse.bats
# As root, in a mount namespace of its own with a /run/libcdev of its own:
# a driver of another suite run meanwhile (make -j) that mounts at the
# default place sweeps the stale mounts of killed drivers there, and took
# the one a test here left for its own driver to clear (the notice then
# went to the other driver's output; the test "the first start ... whichever
# driver it is" shows how).
if [ "$(id -u)" = 0 ] && unshare -m true 2> /dev/null; then
	mkdir -p /run/libcdev
	exec unshare -m --propagation private sh -c \
		'mount -t tmpfs -o mode=755 libcdev-fuse-suite /run/libcdev && exec bats --tap "$1"' \
		sh "$suite"
fi
exec bats --tap "$suite"
