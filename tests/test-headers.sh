#!/bin/sh
# Every public header compiles on its own as strict C99 and C11 with -pedantic
# -Werror, so drivers can include any of them first, in any language mode.
set -eu
: "${CC:=cc}" "${top_srcdir:=.}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
# The list is what include/libcdev/ holds: exactly what make install puts in
# $(includedir)/libcdev, so the two cannot disagree.
for h in "$top_srcdir"/include/libcdev/*.h; do
	name=$(basename "$h")
	# The typedef: a header of macros only (names.h) leaves no empty unit.
	printf '#include <libcdev/%s>\ntypedef int test_headers_unit;\n' "$name" > "$tmp/t.c"
	for std in c99 c11 gnu11; do
		if ! $CC -std=$std -pedantic -Wall -Wextra -Werror -I"$top_srcdir/include" \
			-c "$tmp/t.c" -o "$tmp/t.o"; then
			echo "FAIL: <libcdev/$name> with -std=$std"
			fail=1
		fi
	done
done
exit $fail
