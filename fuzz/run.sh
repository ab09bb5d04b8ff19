#!/bin/sh
# Build the libFuzzer targets with clang and run each over its seed corpus.
#
#   fuzz/run.sh [--time SECONDS] [TARGET ...]
#
# Targets: modinfo-elf params regions registry dispatch (default: all). Each runs for
# SECONDS (default 10) from fuzz/corpus/TARGET plus what earlier runs found
# (in the build directory's fuzz-out/found/TARGET); a crash stops the run with
# the input saved as fuzz-out/found/crash-* and exit status 1. Needs clang with
# libFuzzer; exits 77 (skipped) without it. Run from the build directory;
# `make fuzz-smoke` (CI, seconds) and `make fuzz` (long) call it.
set -eu
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
: "${FUZZ_CC:=clang}"
time=10
if [ "${1:-}" = --time ]; then
	time=$2
	shift 2
fi
targets=${*:-modinfo-elf params regions registry dispatch}

out=$top_builddir/fuzz-out
mkdir -p "$out"
probe=$out/probe.c
echo 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }' > "$probe"
if ! $FUZZ_CC -fsanitize=fuzzer "$probe" -o "$out/probe" 2> /dev/null; then
	echo "SKIP: $FUZZ_CC cannot build libFuzzer targets"
	exit 77
fi

flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
cppflags="-I$top_srcdir/include -I$top_srcdir/libcdev -I$top_srcdir -I$top_builddir -include $top_builddir/config.h $(pkg-config --cflags fuse3 libudev)"
libs="$(pkg-config --libs fuse3 libudev) -ldl -lpthread"
# The library as configured: with libgpiod when the build found it (config.h says).
if grep -q '^#define HAVE_LIBGPIOD 1' "$top_builddir/config.h"; then
	cppflags="$cppflags $(pkg-config --cflags libgpiod)"
	libs="$libs $(pkg-config --libs libgpiod)"
fi
lib_sources=$(cd "$top_srcdir" && find libcdev -name "*.c"; ls fuse-common/*.c cuse-backend/*.c fuse-backend/*.c)

build() {
	name=$1
	shift
	# shellcheck disable=SC2086 # word splitting of the flag lists is meant
	$FUZZ_CC $flags $cppflags "$top_srcdir/fuzz/fuzz-$name.c" "$@" -o "$out/fuzz-$name" $libs
}

status=0
for t in $targets; do
	case $t in
	modinfo-elf) build "$t" "$top_srcdir/libcdev/kernel/module/elf.c" ;;
	dispatch) build "$t" "$top_srcdir/tests/testdrv.c" $(for s in $lib_sources; do echo "$top_srcdir/$s"; done) ;;
	*) build "$t" $(for s in $lib_sources; do echo "$top_srcdir/$s"; done) ;;
	esac
	mkdir -p "$out/found/$t"
	echo "fuzz-$t: $time s"
	if ! ASAN_OPTIONS=detect_leaks=1 "$out/fuzz-$t" -max_total_time="$time" -timeout=10 \
		-print_final_stats=1 -artifact_prefix="$out/found/" \
		"$out/found/$t" "$top_srcdir/fuzz/corpus/$t" > "$out/fuzz-$t.log" 2>&1; then
		tail -40 "$out/fuzz-$t.log"
		echo "FAIL: fuzz-$t (input saved in $out/found/)"
		status=1
		continue
	fi
	grep -E '^stat::number_of_executed_units|^stat::new_units_added' "$out/fuzz-$t.log" |
		sed "s/^/fuzz-$t: /"
done
exit $status
