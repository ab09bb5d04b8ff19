#!/usr/bin/env bats
# cdevctl's bash completion: the function `complete -p cdevctl` names, run
# by a bash (with bash-completion loaded when it is installed) on a few
# command lines, as bash runs it at a Tab.

setup() {
	export PATH=${TOOLS_BUILDDIR:?}:$PATH
	export LIBCDEV_RUNDIR=$BATS_TEST_TMPDIR/run
	export LIBCDEV_REGISTRY=$BATS_TEST_TMPDIR/regions
	export LIBCDEV_BACKEND=direct
	MODS=$BATS_TEST_TMPDIR/mods
	export LIBCDEV_MODULE_PATH=$MODS
	mkdir -p "$MODS"
	ln -s "${TESTMOD:?}" "$MODS/testmod.so"
	ln -s "${EXAMPLES_LIBDIR:?}/hello.so" "$MODS/hello.so"
	touch "$MODS/notes.txt"
	cd "$BATS_TEST_TMPDIR"
}

teardown() {
	for f in "$LIBCDEV_RUNDIR"/modules/*.pid; do
		[ -e "$f" ] && kill -9 "$(cut -d' ' -f1 "$f")" 2>/dev/null
	done
	return 0
}

# The candidates for command line $1 (the word under the cursor is its last;
# a trailing blank starts a new one), sorted, one per line.
candidates() {
	bash --norc --noprofile -c '
		if [ -r /usr/share/bash-completion/bash_completion ]; then
			. /usr/share/bash-completion/bash_completion
		fi
		. "$1"
		read -ra COMP_WORDS <<< "$2"
		[[ $2 == *" " ]] && COMP_WORDS+=("")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		COMP_LINE=$2
		COMP_POINT=${#2}
		fn=$(complete -p cdevctl | sed -n "s/.*-F \([^ ]*\) .*/\1/p")
		"$fn" cdevctl "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
		printf "%s\n" "${COMPREPLY[@]}" | sort -u' _ "${COMPLETION:?}" "$1"
}

@test "the subcommands, all of them and by prefix" {
	run candidates "cdevctl "
	for c in run insmod rmmod lsmod modprobe modules-load irq modinfo devices udev-test twin-test; do
		grep -qx "$c" <<< "$output"
	done
	run candidates "cdevctl mod"
	[ "$output" = "$(printf 'modinfo\nmodprobe\nmodules-load')" ]
}

@test "rmmod, irq and modprobe -r: the loaded modules, and none once removed" {
	cdevctl insmod "$MODS/testmod.so"
	run candidates "cdevctl irq "
	[ "$output" = "$(printf -- '--help\ntestmod')" ]
	run candidates "cdevctl irq testmod "
	[ -z "$output" ]
	run candidates "cdevctl rmmod "
	[ "$output" = "$(printf -- '--force\n--help\n-f\ntestmod')" ]
	run candidates "cdevctl rmmod -f te"
	[ "$output" = "testmod" ]
	run candidates "cdevctl modprobe -r "
	[ "$output" = "testmod" ]
	cdevctl rmmod testmod
	run candidates "cdevctl rmmod t"
	[ -z "$output" ]
}

@test "modprobe: module names of the search path; modinfo: names and files; insmod: files" {
	run candidates "cdevctl modprobe "
	grep -qx hello <<< "$output"
	grep -qx testmod <<< "$output"
	run candidates "cdevctl modprobe te"
	[ "$output" = "testmod" ]
	run candidates "cdevctl modinfo tes"
	[ "$output" = "testmod" ]
	run candidates "cdevctl modinfo mods/te"
	[ "$output" = "mods/testmod.so" ]
	run candidates "cdevctl insmod mods/"
	grep -qx mods/hello.so <<< "$output"
	grep -qx mods/testmod.so <<< "$output"
	run candidates "cdevctl insmod --backend "
	[ "$output" = "$(printf 'auto\ncuse\ndirect\nfuse')" ]
	run candidates "cdevctl modinfo -F li"
	[ "$output" = "license" ]
}

@test "parameters of the module being loaded, by name or by file" {
	run candidates "cdevctl modprobe hello "
	[ "$output" = "$(printf 'howmany=\nwhom=')" ]
	run candidates "cdevctl modprobe --foreground hello howmany=2 w"
	[ "$output" = "whom=" ]
	run candidates "cdevctl insmod mods/testmod.so n"
	[ "$output" = "num=" ]
	run candidates "cdevctl run --backend direct mods/testmod.so num=1 + mods/hello.so h"
	[ "$output" = "howmany=" ]
	run candidates "cdevctl insmod --device sensor.0 mods/testmod.so n"
	[ "$output" = "num=" ]
	run candidates "cdevctl run --dev"
	[ "$output" = "$(printf -- '--device\n--devices')" ]
}
