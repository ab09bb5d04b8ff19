#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# corpus-load.sh CDEVCTL DIR [DEVICES] - in the test VM, as root: load each
# module DIR/NAME.so with `cdevctl insmod` and remove it with `cdevctl rmmod`,
# under LIBCDEV_STRICT=1, and print one line per module:
#   NAME: loaded and removed
#   NAME: no hardware (its init says so: ...)   -- counts as clean: -ENODEV
#         or -ENXIO after a message of the module's own
#   NAME: init failed: ...
#   NAME: loaded; permanent (...)  -- counts as clean: a module without
#         an exit function, which the kernel refuses to remove too
#   NAME: rmmod failed: ...
# then "load: N of M clean". DEVICES (tools/corpus-devices.txt) gives the
# platform device each platform driver is loaded with ("NAME LINE"), and
# the parameters a module cannot load without ("NAME params P=V..."); the
# modules DIR/modules.dep says one needs are loaded into its host first.
# Each stays loaded CORPUS_HOLD seconds (default 2) before its removal, so
# that what it defers to a timer or a work (a sample's first allocation a
# second after loading) has run, whatever the machine's speed: the result
# does not depend on how fast the removal follows.
set -u
hold=${CORPUS_HOLD:-2}
cdevctl=${1:?usage: corpus-load.sh CDEVCTL DIR [DEVICES]}
dir=${2:?usage: corpus-load.sh CDEVCTL DIR [DEVICES]}
devices=${3:-}
export LIBCDEV_STRICT=1
clean=0 total=0
for so in "$dir"/*.so; do
	[ -f "$so" ] || continue
	name=$(basename "$so" .so | tr - _)
	total=$((total + 1))
	line= params=
	if [ -n "$devices" ]; then
		line=$(awk -v n="$name" '$1 == n && $2 != "params" { sub(/^[^ \t]+[ \t]+/, ""); print }' "$devices")
		params=$(awk -v n="$name" '$1 == n && $2 == "params" { $1 = $2 = ""; print }' "$devices")
	fi
	# The modules whose exports it uses (cdev-kbuild's modules.dep) go
	# into its host first, as modprobe loads them.
	deps=$(sed -n "s|^$(basename "$so"):||p" "$dir/modules.dep" 2> /dev/null)
	set --
	for d in $deps; do set -- "$@" "$dir/$d" +; done
	set -- "$@" "$so"
	# shellcheck disable=SC2086 # parameters are words: NAME=VALUE each
	set -- "$@" $params
	if [ -n "$line" ]; then
		out=$(timeout 60 "$cdevctl" insmod --device "$line" "$@" 2>&1)
	else
		out=$(timeout 60 "$cdevctl" insmod "$@" 2>&1)
	fi
	rc=$?
	if [ $rc -ne 0 ]; then
		msg=$(printf '%s\n' "$out" | tail -n 3 | tr '\n' ' ')
		# A driver that finds no device fails with -ENODEV (or -ENXIO),
		# as on a machine without that hardware, and counts if its own
		# init says so: run in the foreground, it printed a line of its
		# own (the library's note on an unbacked port is not one).
		said=
		case $out in
		*"No such device"*) # ENXIO's "No such device or address" too
			said=$(timeout 60 "$cdevctl" run ${line:+--device} ${line:+"$line"} "$@" 2>&1 >/dev/null |
				grep "^$name: " | grep -v 'port I/O: no device has ports' | tail -n 1) ;;
		esac
		if [ -n "$said" ]; then
			echo "$name: no hardware (its init says so: $said)"
			clean=$((clean + 1))
		else
			echo "$name: init failed: $msg"
		fi
		continue
	fi
	sleep "$hold"
	if out=$(timeout 60 "$cdevctl" rmmod "$name" 2>&1); then
		echo "$name: loaded and removed${deps:+ (with$deps)}"
		clean=$((clean + 1))
	elif printf '%s' "$out" | grep -q 'it has no exit function'; then
		# As in the kernel, whose delete_module(2) refuses it: a clean load.
		echo "$name: loaded; permanent (no exit function), removed by force"
		clean=$((clean + 1))
		"$cdevctl" rmmod -f "$name" > /dev/null 2>&1
	else
		echo "$name: rmmod failed: $(printf '%s\n' "$out" | tail -n 3 | tr '\n' ' ')"
		"$cdevctl" rmmod -f "$name" > /dev/null 2>&1
	fi
	for d in $deps; do "$cdevctl" rmmod "$(basename "$d" .so | tr - _)" > /dev/null 2>&1; done
done
echo "load: $clean of $total clean"
