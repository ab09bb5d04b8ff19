#!/bin/sh
# Every header of the kernel-compatible include directory (libcdev-kernel(7))
# compiles on its own and all of them together, as GNU C11 with the warnings
# of a kernel build turned into errors, under $CC and, when installed, the
# other one of gcc and clang. A driver's first include may be any of them.
set -eu
: "${CC:=cc}" "${top_srcdir:=.}"
inc="$top_srcdir/include/libcdev-kernel"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
compilers=$CC
for other in gcc clang; do
	case " $compilers " in *" $other "*) continue ;; esac
	command -v "$other" >/dev/null 2>&1 && compilers="$compilers $other"
done
# -Wextra, and what kbuild adds beyond it (libcdev-kernel.pc has exactly kbuild's).
flags="-std=gnu11 -Wall -Wextra -Werror -Werror=implicit-function-declaration -Wno-unused-function"
flags="$flags -Wundef -Wvla -Wstrict-prototypes -Wframe-larger-than=2048 -Werror=date-time"
# CONFIG_CC_IMPLICIT_FALLTHROUGH: only the attribute (fallthrough) counts.
fallthrough() {
	if $1 -dM -E - < /dev/null | grep -q __clang__; then
		echo -Wimplicit-fallthrough
	else
		echo -Wimplicit-fallthrough=5
	fi
}
fail=0 n=0
headers=$(cd "$inc" && find . -name '*.h' | sed 's|^\./||' | LC_ALL=C sort)
: > "$tmp/all.c"
for h in $headers; do
	printf '#include <%s>\n' "$h" > "$tmp/one.c"
	printf '#include <%s>\n' "$h" >> "$tmp/all.c"
	for cc in $compilers; do
		if ! $cc $flags $(fallthrough "$cc") -DKBUILD_MODNAME='"t"' -I"$inc" -I"$top_srcdir/include" \
			-c "$tmp/one.c" -o "$tmp/one.o"; then
			echo "FAIL: <$h> alone with $cc"
			fail=1
		fi
	done
	n=$((n + 1))
done
for cc in $compilers; do
	if ! $cc $flags $(fallthrough "$cc") -DKBUILD_MODNAME='"t"' -I"$inc" -I"$top_srcdir/include" -c "$tmp/all.c" -o "$tmp/all.o"; then
		echo "FAIL: all headers together with $cc"
		fail=1
	fi
done
[ $fail = 0 ] && echo "kernel headers: $n, each alone and all together, with: $compilers"
exit $fail
