#!/bin/sh
# debian/libcdev2.symbols names exactly the symbols of libcdev/libcdev.sym,
# each in its version node: a symbol exported without a line there would
# give dependent packages too old a minimum version of libcdev2.
set -eu
: "${top_srcdir:=.}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk '/^LIBCDEV_[0-9]+ \{/ { node = $1 }
	/^[[:space:]]*[A-Za-z_][A-Za-z0-9_]*;$/ { sub(/^[[:space:]]*/, ""); sub(/;$/, ""); print $0 "@" node }' \
	"$top_srcdir/libcdev/libcdev.sym" | LC_ALL=C sort > "$tmp/want"
sed -n 's/^ \([^ ]*\) .*/\1/p' "$top_srcdir/debian/libcdev2.symbols" | grep -v '^LIBCDEV_[0-9]*@' |
	LC_ALL=C sort > "$tmp/have"
if ! diff -u "$tmp/want" "$tmp/have"; then
	echo "FAIL: debian/libcdev2.symbols differs from libcdev.sym (- missing there, + not exported)."
	echo "A new symbol goes in as ' NAME@NODE VERSION', VERSION the first release with it."
	exit 1
fi
echo "symbols: $(wc -l < "$tmp/have"), as libcdev.sym exports them"
