#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# gen-placeholders.sh HEADERS SCOPE LAYER OUT CC - make the placeholder
# headers of libcdev-kernel in OUT: for each kernel header name of HEADERS
# (tools/kernel-headers.txt) that the layer (the directory LAYER) does not
# have, and that either belongs to a subsystem SCOPE (tools/kernel-scope.txt)
# leaves out or does not have yet, or has a namesake among the system's
# headers of compiler CC.
# Each placeholder stops the compilation with one line that says which and
# why, so that a driver never goes on with the system's user-space header
# of the same name and fails far from the cause.
set -eu
[ $# -eq 5 ] || { echo "usage: gen-placeholders.sh HEADERS SCOPE LAYER OUT CC" >&2; exit 2; }
headers=$1 scope=$2 layer=$3 out=$4 cc=$5

# The system's include directories of CC, from its search list.
sysdirs=$(LC_ALL=C $cc -xc -E -v /dev/null 2>&1 >/dev/null |
	sed -n '/^#include <...> search starts here:/,/^End of search list/{s/^ //p}' | tr '\n' ' ')

rm -rf "$out.tmp"
mkdir -p "$out.tmp"
awk -v scopefile="$scope" -v layer="$layer" -v out="$out.tmp" -v sysdirs="$sysdirs" '
function glob2re(g) {
	gsub(/\./, "\\.", g); gsub(/\?/, ".", g); gsub(/\*/, ".*", g)
	return "^" g "$"
}
function exists(f,   line, r) {
	r = (getline line < f)
	close(f)
	return r >= 0
}
function on_system(h,   i) {
	for (i = 1; i <= nsys; i++)
		if (exists(sys[i] "/" h))
			return 1
	return 0
}
# The index of the first scope line whose pattern header @h matches, or 0.
function scope_line(h,   i) {
	for (i = 1; i <= np; i++)
		if (h ~ pat[i])
			return i
	return 0
}
function emit(h, text,   f, d) {
	f = out "/" h
	d = f
	sub("/[^/]*$", "", d)
	if (!(d in made)) {
		system("mkdir -p \047" d "\047")
		made[d] = 1
	}
	print "/* Made by tools/gen-placeholders.sh: see libcdev-kernel(7). */" > f
	print "#error \"libcdev-kernel: " text "; see libcdev-kernel(7)\"" > f
	close(f)
	n++
}
BEGIN {
	while ((getline line < scopefile) > 0) {
		if (line ~ /^[ \t]*(#|$)/)
			continue
		split(line, w, /[ \t]+/)
		pat[++np] = glob2re(w[1])
		kind[np] = w[2]
		sub(/^[^ \t]+[ \t]+[^ \t]+[ \t]*/, "", line)
		what[np] = line
	}
	nsys = split(sysdirs, sys, " ")
}
{
	if (exists(layer "/" $0))
		next
	i = scope_line($0)
	if (kind[i] == "uapi")
		next
	if (kind[i] == "out")
		emit($0, what[i] " is not available in user space (<" $0 ">)")
	else if (kind[i] == "later")
		emit($0, what[i] " are not available yet (<" $0 ">)")
	else if (on_system($0))
		emit($0, "<" $0 "> is not provided yet (the system has a user-space header of that name, not the kernel'"'"'s)")
}
END { print n + 0 }' "$headers"
rm -rf "$out"
mv "$out.tmp" "$out"
