#!/bin/sh
# Installs what libcdev needs to build, test and build its man pages, on
# Debian 12 or later, as root. The VM-based tests also need a kernel image,
# which tests/vm/vm-run downloads itself on first use, and the headers of that
# kernel, to build the kernel-style examples as real modules (make ko).
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
	clang clang-format valgrind bats jq libsystemd-dev systemd bash-completion \
	debhelper dpkg-dev lintian strace i2c-tools libgpiod-dev \
	qemu-system-x86 busybox-static cpio kmod udev
# The headers of the kernel vm-run fetches: the ABI linux-image-amd64 names.
abi=$(apt-cache depends linux-image-amd64 |
	sed -n 's/^ *|\{0,1\}Depends: linux-image-\(.*\)-amd64$/\1/p' | head -n 1)
if [ -z "$abi" ]; then
	echo "install-deps: 'apt-cache depends linux-image-amd64' names no kernel ABI" >&2
	exit 1
fi
apt-get install -y -qq --no-install-recommends "linux-headers-$abi-amd64"
# The corpus of make corpus-survey: the kernel's own drivers, from Debian 12's
# kernel source package (tools/corpus-survey.sh unpacks what it needs).
apt-get install -y -qq --no-install-recommends linux-source-6.1
