#!/bin/bash
# make install keeps to its prefix: a private prefix gets the systemd units and
# the bash completion under it, never in the system's directories; only
# --prefix=/usr (systemd's own prefix) uses systemd's unit directory.
#
# 1. configure decides the directories: run it with --prefix=/usr and read
#    what it chose.
# 2. The build tree (configured for its prefix P, /usr/local by default)
#    installs with DESTDIR=D: every file must land under D/P; a file
#    elsewhere under D is one the install put outside its prefix.
set -euo pipefail
: "${top_srcdir:?run from make check}" "${top_builddir:?run from make check}"
top_srcdir=$(cd "$top_srcdir" && pwd)
top_builddir=$(cd "$top_builddir" && pwd)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/install-prefix.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
n=0

check() {
	local what=$1 got=$2 want=$3
	n=$((n + 1))
	if [[ $got == "$want" ]]; then
		echo "ok $n - $what"
	else
		echo "not ok $n - $what: got '$got', want '$want'"
		fails=$((fails + 1))
	fi
}

# The directory configure wrote into the Makefile for VARIABLE.
configured() {
	sed -n "s/^$2 = //p" "$1/Makefile"
}

# configure, alone in a scratch copy of what it reads (the source tree may be
# configured in place, which a second configure of it refuses).
run_configure() {
	local dir=$1 prefix=$2 f
	for f in configure Makefile.in config.h.in libcdev/libcdev.pc.in \
		 libcdev/libcdev-kernel.pc.in build-aux; do
		mkdir -p "$dir/$(dirname "$f")"
		cp -R "$top_srcdir/$f" "$dir/$f"
	done
	mkdir -p "$dir/libcdev/fs" && touch "$dir/libcdev/fs/char_dev.c"	# AC_CONFIG_SRCDIR
	chmod -R u+w "$dir"	# distcheck's sources are read-only
	(cd "$dir" && ./configure -q --prefix="$prefix" --disable-manpages \
		--disable-tests --disable-vm-tests >/dev/null)
}

echo "1..4"
# A prefix other than systemd's is the build tree's own case (configured with
# the default /usr/local, below) and distcheck's.
if [[ $(pkg-config --variable=prefix systemd) == /usr ]]; then
	run_configure "$tmp/system" /usr
	check "--prefix=/usr uses systemd's unit directory" \
		"$(configured "$tmp/system" systemdsystemunitdir)" \
		"$(pkg-config --variable=systemdsystemunitdir systemd)"
else
	n=1
	echo "ok 1 # SKIP systemd's prefix is not /usr here"
fi

# The build tree's own install, relocated: only when it was configured with
# directories under its prefix (the default); a tree configured for /usr
# would rightly install the units into the system.
if [[ $(configured "$top_builddir" systemdsystemunitdir) != '${prefix}'* ]]; then
	echo "ok 2 # SKIP the build tree installs its units outside its prefix (configured so)"
	echo "ok 3 # SKIP as above"
	echo "ok 4 # SKIP as above"
	exit $((fails > 0))
fi
prefix=$(configured "$top_builddir" prefix)
make -s -C "$top_builddir" install DESTDIR="$tmp/d" >"$tmp/install.log" 2>&1 ||
	{ cat "$tmp/install.log"; echo "not ok 2 - make install failed"; exit 1; }
n=$((n + 1))
echo "ok $n - make install DESTDIR=D"
outside=$(cd "$tmp/d" && find . \( -type f -o -type l \) ! -path ".$prefix/*" | head -5)
check "make install writes nothing outside its prefix $prefix" "$outside" ""
found=0
[[ -f $tmp/d$prefix/lib/systemd/system/libcdev@.service &&
   -f $tmp/d$prefix/share/bash-completion/completions/cdevctl ]] && found=1
check "the units and the completion are installed under $prefix" "$found" 1
exit $((fails > 0))
