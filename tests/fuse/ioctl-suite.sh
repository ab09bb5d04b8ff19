#!/bin/sh
# The ioctl device suite (tests/cuse/ioctl.bats) on the host against the FUSE
# backend: the kernel restricts ioctls on FUSE files to what _IOC describes,
# so only the FUSE case runs here (the others say why they are skipped).
# Needs root and /dev/fuse (skipped with the reason otherwise) and bats
# (exit 77, skipped, without it).
: "${top_srcdir:=.}"
command -v bats > /dev/null || { echo "SKIP: no bats"; exit 77; }
LIBCDEV_TEST_BACKEND=fuse
export LIBCDEV_TEST_BACKEND
exec bats --tap "$top_srcdir/tests/cuse/ioctl.bats"
