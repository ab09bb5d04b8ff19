#!/bin/sh
# The shared library exports exactly the symbols of its version script, each
# in its node, and nothing else leaks out of -fvisibility=hidden. The names
# of the first release (LIBCDEV_0) that the library renamed are aliases of
# their libcdev_ twins (LIBCDEV_1), at the same address; <libcdev/names.h>
# and libcdev-aliases.ld are what tools/gen-names.sh makes of libcdev.sym.
set -eu
: "${top_srcdir:=.}" "${top_builddir:=.}"
lib="$top_builddir/libcdev/.libs/libcdev.so"
sym="$top_srcdir/libcdev/libcdev.sym"
[ -f "$lib" ] || { echo "FAIL: $lib not built"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# "name version" of every name in the script, and of every defined export.
awk '/^LIBCDEV_[0-9]+ \{/ { node = $1 }
	/^[[:space:]]*[A-Za-z_][A-Za-z0-9_]*;$/ { sub(/^[[:space:]]*/, ""); sub(/;$/, ""); print $0, node }' \
	"$sym" | sort > "$tmp/want"
nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVW]$/ { print $3 }' |
	sed -n 's/^\([^@]*\)@@*\(.*\)$/\1 \2/p' | sort > "$tmp/have"
if ! diff -u "$tmp/want" "$tmp/have"; then
	echo "FAIL: exported symbols or their versions differ from libcdev.sym (- missing, + unexpected)"
	fail=1
fi

# Generated files up to date with the script.
for f in names:include/libcdev/names.h aliases:libcdev/libcdev-aliases.ld; do
	top_srcdir="$top_srcdir" "$top_srcdir/tools/gen-names.sh" "${f%%:*}" > "$tmp/gen"
	if ! diff -u "$top_srcdir/${f#*:}" "$tmp/gen"; then
		echo "FAIL: ${f#*:} is not what tools/gen-names.sh ${f%%:*} makes (+ expected)"
		fail=1
	fi
done

# Every renamed LIBCDEV_0 name: at its twin's address, the twin in LIBCDEV_1.
readelf --dyn-syms -W "$lib" | awk '$7 != "UND" && $8 ~ /@/ { print $8, $2 }' |
	sed 's/@@*/ /' | sort > "$tmp/addr"	# name version address
top_srcdir="$top_srcdir" "$top_srcdir/tools/gen-names.sh" pairs > "$tmp/pairs"
while read -r old new kind; do
	a=$(awk -v n="$old" '$1 == n && $2 == "LIBCDEV_0" { print $3 }' "$tmp/addr")
	b=$(awk -v n="$new" '$1 == n && $2 == "LIBCDEV_1" { print $3 }' "$tmp/addr")
	if [ -z "$a" ] || [ -z "$b" ] || [ "$a" != "$b" ]; then
		echo "FAIL: $old@LIBCDEV_0 (${a:-none}) is not $new@LIBCDEV_1 (${b:-none})"
		fail=1
	fi
done < "$tmp/pairs"

# names.h maps exactly the kernel's names of LIBCDEV_0, and those added
# since (gen-names.sh later), each to libcdev_NAME.
{ awk '$3 == "kernel" && $2 == "libcdev_" $1 { print $1, $2 }' "$tmp/pairs"
  top_srcdir="$top_srcdir" "$top_srcdir/tools/gen-names.sh" later; } | sort > "$tmp/kernel"
sed -n 's/^#define \([A-Za-z_][A-Za-z0-9_]*\)[[:space:]]\{1,\}\(libcdev_[A-Za-z0-9_]*\)$/\1 \2/p' \
	"$top_srcdir/include/libcdev/names.h" | sort > "$tmp/macros"
if ! diff -u "$tmp/kernel" "$tmp/macros"; then
	echo "FAIL: names.h does not map exactly the kernel's names of libcdev.sym (- missing, + unexpected)"
	fail=1
fi

# -Bsymbolic-functions: the library's calls to its own functions are bound
# inside it, with no relocation a program's function of the name could take.
readelf --dyn-syms -W "$lib" | awk '$4 == "FUNC" && $7 != "UND" { sub(/@.*/, "", $8); print $8 }' |
	sort -u > "$tmp/funcs"
readelf -rW "$lib" | awk '$3 ~ /JUMP_SLOT|GLOB_DAT/ && NF >= 5 { sub(/@.*/, "", $5); print $5 }' |
	sort -u > "$tmp/relocs"
comm -12 "$tmp/funcs" "$tmp/relocs" > "$tmp/unbound"
if [ -s "$tmp/unbound" ]; then
	echo "FAIL: calls of the library to its own functions go through relocations" \
		"(linked without -Bsymbolic-functions?): $(head -5 "$tmp/unbound" | tr '\n' ' ')"
	fail=1
fi

[ $fail = 0 ] || exit 1
echo "exports: $(wc -l < "$tmp/have") symbols, all in libcdev.sym;" \
	"$(wc -l < "$tmp/pairs") old names aliased, $(wc -l < "$tmp/macros") in names.h"
