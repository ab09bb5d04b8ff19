#!/bin/sh
# Installs what libcdev needs to build, test and build its man pages, on
# Debian 12 or later, as root. The VM-based tests also need a kernel image,
# which tests/vm/vm-run downloads itself on first use.
set -eu
if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: run as root (apt-get install)" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends \
	build-essential autoconf automake autoconf-archive libtool pkgconf \
	libcmocka-dev scdoc libfuse3-dev fuse3 libudev-dev \
	clang valgrind bats jq \
	qemu-system-x86 busybox-static cpio kmod udev
