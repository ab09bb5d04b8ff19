#!/bin/sh
# `pkg-config --cflags libcdev-kernel` gives the warnings kbuild gives: the
# same file (kbuild-warnings.c) built as a kernel module by kbuild, against
# the installed kernel headers, and with the flags of the build tree's
# libcdev-kernel.pc warns on the same lines with the same options, no more
# and no fewer. The file is first checked to trigger, under a plain -Wall,
# the warnings kbuild turns off, so that their absence means something.
# Needs a kernel build directory (linux-headers-*, tools/install-deps.sh);
# KDIR names one.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}" "${CC:=cc}"
src=$(cd "$top_srcdir" && pwd)
bld=$(cd "$top_builddir" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }

kdir=${KDIR:-}
[ -n "$kdir" ] || kdir=$("$src/tests/twin/build-ko" --kdir 2>/dev/null) || kdir=
[ -f "$kdir/Makefile" ] || kdir=/lib/modules/$(uname -r)/build
if [ ! -f "$kdir/Makefile" ]; then
	for d in /usr/src/linux-headers-*-amd64; do
		[ -f "$d/Makefile" ] && kdir=$d
	done
fi
[ -f "$kdir/Makefile" ] || skip "no kernel build directory (install linux-headers-*-amd64, as tools/install-deps.sh does, or set KDIR)"

# kbuild picks its warnings for the compiler the kernel was configured with,
# configure ours for $CC: the two must be one family to compare.
conf=$kdir/include/config/auto.conf
if grep -q '^CONFIG_CC_IS_CLANG=y' "$conf" 2>/dev/null; then kcc=clang; else kcc=gcc; fi
if $CC -dM -E - < /dev/null | grep -q __clang__; then cc=clang; else cc=gcc; fi
[ "$kcc" = "$cc" ] || skip "the kernel in $kdir was built with $kcc, libcdev is configured for $cc ($CC)"

# "LINE OPTION" for each warning of kbuild-warnings.c in the compiler output $1.
warnings() {
	sed -n 's/^.*kbuild-warnings\.c:\([0-9]*\):[0-9]*: warning: .*\[\(-W[^],]*\)[],].*$/\1 \2/p' "$1" |
		sort -u
}

# The kernel's build.
mkdir "$tmp/ko"
cp "$src/tests/tools/kbuild-warnings.c" "$tmp/ko/"
echo 'obj-m += kbuild-warnings.o' > "$tmp/ko/Kbuild"
make -C "$kdir" M="$tmp/ko" W= modules > "$tmp/ko.log" 2>&1 ||
	fail "kbuild in $kdir: $(tail -20 "$tmp/ko.log")"
warnings "$tmp/ko.log" > "$tmp/ko.w"

# libcdev's, with the build tree's libcdev-kernel.pc (its headers in the source tree).
mkdir "$tmp/pc"
cat > "$tmp/pc/libcdev-kernel.pc" <<PC
Name: libcdev-kernel
Description: the build tree's
Version: 0
Cflags: -I$src/include/libcdev-kernel -I$src/include $(sed -n 's/^Cflags: -I[^ ]* //p' "$bld/libcdev/libcdev-kernel.pc")
PC
cflags=$(PKG_CONFIG_PATH=$tmp/pc pkg-config --cflags libcdev-kernel) || fail "pkg-config"
cd "$tmp" || exit 1
cp "$src/tests/tools/kbuild-warnings.c" .
# shellcheck disable=SC2086 # the flags are words
$CC $cflags -O2 -fPIC -DMODULE -DKBUILD_MODNAME='"kbuild_warnings"' \
	-c kbuild-warnings.c -o so.o > so.log 2>&1 || fail "libcdev's build: $(cat so.log)"
warnings so.log > so.w
# Nothing from libcdev's own headers.
if grep 'warning:' so.log | grep -v '^kbuild-warnings\.c:' > headers.txt; then
	fail "libcdev's headers warn: $(cat headers.txt)"
fi
# shellcheck disable=SC2086
$CC -I"$src/include/libcdev-kernel" -I"$src/include" -std=gnu11 -Wall -O2 -fPIC -DMODULE \
	-DKBUILD_MODNAME='"kbuild_warnings"' -c kbuild-warnings.c -o plain.o > plain.log 2>&1 ||
	fail "the plain -Wall build: $(cat plain.log)"
warnings plain.log > plain.w

# The cases are what they say: some warn on both sides, and a plain -Wall
# gives some that kbuild turns off.
for w in -Wundef -Wunused-variable -Wvla -Wframe-larger-than= -Wimplicit-fallthrough=; do
	grep -q -- " $w\$" ko.w || fail "kbuild gave no $w: $(cat ko.w)"
done
if [ "$cc" = gcc ]; then
	for w in -Wformat-truncation= -Warray-bounds -Wunused-but-set-variable -Wpointer-sign; do
		grep -q -- " $w\$" plain.w || fail "a plain -Wall gave no $w: the case does not test it"
	done
fi
diff -u ko.w so.w > diff.txt || fail "the warnings differ (- kbuild, + libcdev-kernel):
$(cat diff.txt)"
echo "kbuild and libcdev-kernel: the same $(wc -l < ko.w) warnings, of $kdir"
