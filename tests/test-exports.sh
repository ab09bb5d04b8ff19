#!/bin/sh
# The shared library exports exactly the symbols of its version script, each
# in a version node of it, and nothing else leaks out of -fvisibility=hidden.
set -eu
: "${top_srcdir:=.}" "${top_builddir:=.}"
lib="$top_builddir/libcdev/.libs/libcdev.so"
[ -f "$lib" ] || { echo "FAIL: $lib not built"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed -n 's/^[[:space:]]*\([A-Za-z_][A-Za-z0-9_]*\);$/\1/p' "$top_srcdir/libcdev/libcdev.sym" | sort > "$tmp/want"
nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVW]$/ && $3 != "LIBCDEV_0" { print $3 }' |
	sed 's/@.*//' | sort > "$tmp/have"
if ! diff -u "$tmp/want" "$tmp/have"; then
	echo "FAIL: exported symbols differ from libcdev.sym (- missing, + unexpected)"
	exit 1
fi
echo "exports: $(wc -l < "$tmp/have") symbols, all in libcdev.sym"
