#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# corpus-survey.sh - run `cdev-kbuild check` over the kernel's own drivers:
# every module source of samples/ and of the top level of drivers/char and
# drivers/misc in Debian's linux-source-6.1, unpacked once into a cache.
# The samples' user-space programs and BPF objects (userprogs, hostprogs,
# tprogs: not module code) are counted apart and not checked.
set -eu

usage() {
	cat <<USAGE
Usage: corpus-survey.sh [--smoke] [--json] [--kbuild PATH] [--load VM-RUN CDEVCTL]
       corpus-survey.sh --unpack

Unpack the corpus from /usr/src/linux-source-6.1.tar.xz (the Debian package
linux-source-6.1; fetched with apt-get download when it is not installed)
into \$CORPUS_CACHE (default \${XDG_CACHE_HOME:-\$HOME/.cache}/libcdev-corpus)
and run cdev-kbuild check on it. --smoke checks a few folders only. --load
then loads and removes each module that builds, in the test VM (VM-RUN, the
build tree's tests/vm/vm-run) with CDEVCTL under LIBCDEV_STRICT=1
(tools/corpus-load.sh). --unpack only unpacks it and prints where (for the
tests that build the kernel's own drivers).
USAGE
}

smoke='' json='' kbuild=cdev-kbuild vmrun='' cdevctl='' unpack=''
tools=$(cd "$(dirname "$0")" && pwd)
while [ $# -gt 0 ]; do
	case $1 in
	--smoke) smoke=1; shift ;;
	--unpack) unpack=1; shift ;;
	--json) json=--json; shift ;;
	--kbuild) [ $# -ge 2 ] || { usage >&2; exit 2; }; kbuild=$2; shift 2 ;;
	--load) [ $# -ge 3 ] || { usage >&2; exit 2; }; vmrun=$2 cdevctl=$3; shift 3 ;;
	-h | --help) usage; exit 0 ;;
	*) echo "corpus-survey.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
	esac
done

cache=${CORPUS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/libcdev-corpus}
tree=$cache/linux-source-6.1
parts="linux-source-6.1/samples linux-source-6.1/drivers/char linux-source-6.1/drivers/misc"

# The tarball of the installed package, or one fetched into the cache.
tarball() {
	if [ -r /usr/src/linux-source-6.1.tar.xz ]; then
		echo /usr/src/linux-source-6.1.tar.xz
		return
	fi
	if [ ! -r "$cache/linux-source-6.1.tar.xz" ]; then
		echo "corpus-survey: fetching the package linux-source-6.1" >&2
		(cd "$cache" && apt-get download linux-source-6.1 >&2 &&
			dpkg-deb --fsys-tarfile linux-source-6.1_*.deb |
			tar -xO ./usr/src/linux-source-6.1.tar.xz > linux-source-6.1.tar.xz.part &&
			mv linux-source-6.1.tar.xz.part linux-source-6.1.tar.xz &&
			rm -f linux-source-6.1_*.deb)
	fi
	echo "$cache/linux-source-6.1.tar.xz"
}

mkdir -p "$cache"
if [ ! -f "$tree/.unpacked" ]; then
	rm -rf "$tree"
	# shellcheck disable=SC2086 # a list of paths
	tar -xJf "$(tarball)" -C "$cache" $parts
	touch "$tree/.unpacked"
fi
if [ -n "$unpack" ]; then
	echo "$tree"
	exit 0
fi
cd "$tree"

if [ -n "$smoke" ]; then
	dirs="samples/kfifo samples/kobject drivers/char"
else
	# Every folder of samples/ whose Makefile lists module objects.
	dirs=$(grep -l '^[[:space:]]*obj-' $(find samples -name Makefile) | xargs -n 1 dirname |
		LC_ALL=C sort)
	dirs="$dirs drivers/char drivers/misc"
fi

if [ -z "$json" ]; then
	echo "corpus: Debian's linux-source-6.1 in $tree"
	all=$(find samples -name '*.c' | wc -l)
	echo "samples/: $all .c files; those no Makefile builds as module code (user-space"
	echo "programs and BPF objects: userprogs, hostprogs, tprogs) are not checked."
	echo
fi
# The built modules, in a directory of this run's own: another survey
# running meanwhile (the CI smoke beside a full run) has its own.
out=$(mktemp)
keep=$(mktemp -d "$cache/modules.XXXXXX")
trap 'rm -f "$out"; rm -rf "$keep"' EXIT
trap 'exit 130' INT TERM HUP
rc=0
# shellcheck disable=SC2086
"$kbuild" check $json --keep "$keep" $dirs > "$out" || rc=$?
cat "$out"
# 1 is "some file is not ok": a survey's result, not a failure of the survey.
[ $rc -le 1 ] || exit $rc
[ -z "$json" ] || exit 0
total=$(awk '$1 == "total" { print $4, $5 }' "$out")
[ -n "$total" ] || { echo "corpus-survey: the report has no total" >&2; exit 1; }
[ -z "$smoke" ] || exit 0
# The targets of the survey (README, "Kernel drivers, measured").
set -- $total
met=0
echo
awk -v ins="$1" -v ok="$2" 'BEGIN {
	printf "target: >= 90%% of the in-scope files build unchanged: %s (%d of %d, %.1f%%)\n",
		(ok * 10 >= ins * 9 ? "met" : "not met"), ok, ins, ins ? 100 * ok / ins : 0
	exit !(ok * 10 >= ins * 9)
}' || met=1
[ -n "$vmrun" ] || exit $met
# In the VM: each module that builds, loaded and removed.
echo
"$vmrun" --timeout 1800 -- sh "$tools/corpus-load.sh" "$cdevctl" "$keep" \
	"$tools/corpus-devices.txt" > "$out" || { cat "$out"; exit 1; }
cat "$out"
sed -n 's/^load: \([0-9]*\) of \([0-9]*\) clean$/\1 \2/p' "$out" | awk '{
	printf "target: >= 80%% of those load and unload cleanly: %s (%d of %d, %.1f%%)\n",
		($1 * 10 >= $2 * 8 && $2 ? "met" : "not met"), $1, $2, $2 ? 100 * $1 / $2 : 0
	exit !($1 * 10 >= $2 * 8 && $2)
}' || met=1
exit $met
