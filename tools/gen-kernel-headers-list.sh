#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# gen-kernel-headers-list.sh SRC - print the header names an x86_64 kernel
# build of the Linux tree SRC resolves: <linux/...>, <net/...> and the other
# folders of include/, the uapi headers under the same names, and <asm/...>
# from x86's headers and asm-generic. One name per line, sorted.
set -eu
src=${1:?usage: gen-kernel-headers-list.sh LINUX-SOURCE-DIR}
[ -d "$src/include/linux" ] && [ -d "$src/arch/x86/include/asm" ] ||
	{ echo "gen-kernel-headers-list.sh: $src is not a Linux source tree" >&2; exit 1; }
names_under() {
	[ -d "$1" ] && (cd "$1" && find . -name '*.h' | sed 's|^\./||')
	return 0
}
{
	for d in "$src"/include/*/; do
		d=${d%/}
		case ${d##*/} in uapi|asm-generic) continue ;; esac
		names_under "$d" | sed "s|^|${d##*/}/|"
	done
	names_under "$src/include/uapi"
	names_under "$src/include" | sed -n 's|^uapi/|uapi/|p'
	names_under "$src/arch/x86/include/asm" | sed 's|^|asm/|'
	names_under "$src/arch/x86/include/uapi/asm" | sed 's|^|asm/|'
	names_under "$src/include/asm-generic" | sed 's|^|asm/|'
	names_under "$src/include/asm-generic" | sed 's|^|asm-generic/|'
} | LC_ALL=C sort -u
