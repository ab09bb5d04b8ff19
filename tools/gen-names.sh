#!/bin/sh
# The library's names under its own prefix, from the LIBCDEV_0 node of
# libcdev/libcdev.sym (the names of the first release, which never change):
#
#   gen-names.sh names    include/libcdev/names.h: #define NAME libcdev_NAME
#                         for every kernel name
#   gen-names.sh aliases  libcdev/libcdev-aliases.ld: the old name of every
#                         renamed symbol as an alias of its new one
#   gen-names.sh pairs    "old new" lines, "old new kernel" for the kernel's
#                         names, for the tests
#   gen-names.sh later    "name libcdev_name" for the kernel's names added
#                         after the first release (mapped, not aliased)
#
# The library defines every kernel name as libcdev_NAME (a program's own
# down() can then not take over the library's or a driver's); drivers keep
# writing down(), which the macro maps. Names that are libcdev's own keep
# theirs (libcdev_*, __libcdev_*, cdev_direct_*); the few unprefixed names
# that are not kernel API were renamed in the source instead of mapped by a
# macro, and are listed below.
set -eu
: "${top_srcdir:=$(dirname "$0")/..}"
sym="$top_srcdir/libcdev/libcdev.sym"

pairs() {
	sed -n '/^LIBCDEV_0 {/,/^}/s/^[[:space:]]*\([A-Za-z_][A-Za-z0-9_]*\);$/\1/p' "$sym" |
	while read -r name; do
		case $name in
		libcdev_* | __libcdev_* | cdev_direct_*)
			;;
		# The wait_event() helpers and a test aid: libcdev's, not the kernel's.
		__wait_*)
			echo "$name libcdev_wait_${name#__wait_}" ;;
		kobject_refcount)
			echo "$name libcdev_$name" ;;
		*)
			echo "$name libcdev_$name kernel" ;;
		esac
	done
}

# Kernel names added after the first release: the section of libcdev.sym
# that the comment "under the kernel's names" opens, up to the next comment.
# They exist only prefixed (no alias: nothing was built against them).
later_kernel_names() {
	sed -n "/under the kernel's names/,/^[[:space:]]*\/\*.*own/s/^[[:space:]]*libcdev_\([A-Za-z0-9_]*\);\$/\1/p" "$sym"
}

case ${1:-} in
pairs)
	pairs
	;;
later)
	later_kernel_names | awk '{ print $1, "libcdev_" $1 }'
	;;
names)
	cat <<'EOF'
/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - the kernel's names of the library's functions and objects.
 *
 * The library defines them as libcdev_NAME, so that a program which has a
 * down() or a schedule() of its own takes over neither the library's calls
 * nor its drivers' (see libcdev(7), "Names"). Driver code keeps the kernel's
 * names: each is a macro for the prefixed one, object-like so that a call,
 * a function pointer (.llseek = noop_llseek) and an object (system_wq) all
 * map. A file that needs one of these names for its own thing can #undef it.
 *
 * Made by tools/gen-names.sh from libcdev/libcdev.sym; do not edit.
 */
#ifndef LIBCDEV_NAMES_H
#define LIBCDEV_NAMES_H

/* One column of names, as gen-names.sh aligns them. */
/* clang-format off */
EOF
	{ pairs; later_kernel_names | awk '{ print $1, "libcdev_" $1, "kernel" }'; } |
	LC_ALL=C sort | awk '$3 == "kernel" {
		tabs = "\t"
		for (w = 8 + length($1); w < 40; w += 8 - w % 8)
			tabs = tabs "\t"
		printf "#define %s%s%s\n", $1, tabs, $2
	}'
	printf '/* clang-format on */\n\n#endif\n'
	;;
aliases)
	cat <<'EOF'
/*
 * libcdev - the names of the first release (version LIBCDEV_0 in
 * libcdev.sym) as aliases of the prefixed symbols that now implement them,
 * so that drivers and programs built before keep loading and running.
 * Linked into libcdev.so only, as an input file of assignments.
 *
 * An alias has the address and type of its symbol but no size. Modules are
 * built -fPIC and reach the objects (system_wq, param_ops_int, ...) through
 * the GOT, at that address. A program built before without -fPIC (PIE or
 * not) that has such an object copied into itself by a copy relocation
 * would get nothing copied: the dynamic linker warns "different size" and
 * the program must be relinked. No function is affected.
 *
 * Made by tools/gen-names.sh from libcdev/libcdev.sym; do not edit.
 */
EOF
	pairs | awk '{ printf "%s = %s;\n", $1, $2 }'
	;;
*)
	echo "usage: $0 names|aliases|pairs|later" >&2
	exit 2
	;;
esac
