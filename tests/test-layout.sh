#!/bin/sh
# The tree keeps the shape README's "Layout" describes:
# - include/ is exactly what make install puts in $(includedir) (the build's
#   lists, passed in INSTALLED_HEADERS, against the files under include/);
# - a private header of libcdev/ is included only from its own folder
#   (libcdev/fs, libcdev/kernel, libcdev/drivers/base, ...), except
#   core/core.h, which every folder of the library shares, and
#   backend/backend.h, the seam between the core and the backends;
# - the backends include of the library nothing but backend/backend.h;
# - tools, examples, bench and fuzz include no header of the library but
#   the installed ones;
# - no source file of the library is longer than 600 lines (the function
#   bodies of installed headers are test-header-bodies.sh's).
set -u
: "${top_srcdir:=.}"
cd "$top_srcdir" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() {
	echo "FAIL: $*"
	fail=1
}

# ---- include/ against the install lists ----
if [ -z "${INSTALLED_HEADERS:-}" ]; then
	bad "INSTALLED_HEADERS is not set (run through make check)"
else
	printf '%s\n' $INSTALLED_HEADERS | LC_ALL=C sort > "$tmp/installed"
	find include -name '*.h' | LC_ALL=C sort > "$tmp/tree"
	if ! diff -u "$tmp/installed" "$tmp/tree"; then
		bad "include/ and the installed header lists differ (- installed only, + in include/ only)"
	fi
	echo "installed headers: $(wc -l < "$tmp/installed"), all under include/"
fi

# The folder whose private header @1 (a path below libcdev/) is.
folder_of() {
	case $1 in
	drivers/*/*) echo "${1%/*}" ;;
	*/*) echo "${1%%/*}" ;;
	*) echo . ;;
	esac
}

# ---- private headers of the library, by includer ----
includes() {
	sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$1"
}
n=0
for src in $(find libcdev cuse-backend fuse-backend fuse-common tools examples bench fuzz \
		-name '*.[ch]' | LC_ALL=C sort); do
	for inc in $(includes "$src"); do
		n=$((n + 1))
		dir=${src%/*}
		# A header beside the includer, of its own folder.
		[ -f "$dir/$inc" ] && case $dir in libcdev/*) ;; *) continue ;; esac
		case $src in
		libcdev/*)
			[ -f "libcdev/$inc" ] || [ -f "$dir/$inc" ] ||
				{ bad "$src: \"$inc\" is not a header of libcdev/"; continue; }
			case $inc in core/core.h | backend/backend.h) continue ;; esac
			[ -f "libcdev/$inc" ] || continue
			mine=$(folder_of "${src#libcdev/}")
			theirs=$(folder_of "$inc")
			case $mine/ in
			"$theirs"/*) ;;
			*) bad "$src includes \"$inc\", private to libcdev/$theirs/" ;;
			esac
			;;
		cuse-backend/* | fuse-backend/*)
			case $inc in
			backend/backend.h | fuse-common/*.h) ;;
			*) bad "$src includes \"$inc\": a backend sees the library through backend/backend.h" ;;
			esac
			;;
		fuse-common/*)
			[ "$inc" = backend/backend.h ] ||
				bad "$src includes \"$inc\": the FUSE protocol code sees the library through backend/backend.h"
			;;
		*)
			case $inc in
			libcdev/* | cuse-backend/* | fuse-backend/* | fuse-common/* | core/* | backend/* | \
			fs/* | kernel/* | drivers/* | lib/*)
				bad "$src includes \"$inc\": outside the library, only its installed headers" ;;
			esac
			;;
		esac
	done
done
echo "quoted includes checked: $n"

# ---- sizes ----
for f in $(find libcdev cuse-backend fuse-backend fuse-common -name '*.[ch]'); do
	lines=$(wc -l < "$f")
	[ "$lines" -le 600 ] || bad "$f has $lines lines (at most 600)"
done
exit $fail
