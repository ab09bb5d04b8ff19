#!/usr/bin/env bats
# EXPORT_SYMBOL between the modules of one host (direct backend): ksym_b
# links to ksym_a's exported ksym_add() when both are loaded by one
# `cdevctl run ksym-a.so + ksym-b.so`; both define a global ksym_helper() that
# stays each one's own; ksym_c needs ksym_a's unexported ksym_helper() and
# does not load, nor does ksym_d (not GPL) need its EXPORT_SYMBOL_GPL()
# ksym_twice(); unloading goes in reverse order, and ksym_a cannot go first.

setup() {
	CDEVCTL=${TOOLS_BUILDDIR:?}/cdevctl
	A=${KSYM_DIR:?}/ksym-a.so B=$KSYM_DIR/ksym-b.so C=$KSYM_DIR/ksym-c.so D=$KSYM_DIR/ksym-d.so
	E=$KSYM_DIR/ksym-e.so
	export LIBCDEV_RUNDIR=$BATS_TEST_TMPDIR/run
	export LIBCDEV_REGISTRY=$BATS_TEST_TMPDIR/regions
	export LIBCDEV_BACKEND=direct
	OUT=$BATS_TEST_TMPDIR/out
}

teardown() {
	for f in "$LIBCDEV_RUNDIR"/modules/*.pid; do
		[ -e "$f" ] && kill -9 "$(cut -d' ' -f1 "$f")" 2>/dev/null
	done
	return 0
}

# Start `cdevctl run ARGS` in the background; wait until NAME says it is loaded.
run_bg() {
	local name=$1
	shift
	"$CDEVCTL" run "$@" > "$OUT" 2>&1 &
	pid=$!
	for _ in $(seq 100); do grep -q "$name loaded" "$OUT" && return 0; sleep 0.05; done
	cat "$OUT"
	return 1
}

@test "a module links to an exported symbol; same-named globals stay each module's own" {
	run_bg ksym_b "$A" + "$B"
	grep -q "ksym_a: init helper=100" "$OUT"
	# ksym_add is ksym_a's (1 + its helper's 100); ksym_helper is ksym_b's own.
	grep -q "ksym_b: init add(1)=101 helper=200 twice(21)=42" "$OUT"
	kill -TERM "$pid"
	wait "$pid"
	# Reverse order, and ksym_a's own helper is still its own after ksym_b came.
	[ "$(grep -n 'ksym_b: exit' "$OUT" | cut -d: -f1)" -lt \
	  "$(grep -n 'ksym_a: exit helper=100' "$OUT" | cut -d: -f1)" ]
	[ ! -e "$LIBCDEV_RUNDIR/modules/ksym_a.pid" ]
	[ ! -e "$LIBCDEV_RUNDIR/modules/ksym_b.pid" ]
}

@test "lsmod shows the user; rmmod of the used module is refused, even forced; reverse order works" {
	run_bg ksym_b "$A" + "$B"
	run "$CDEVCTL" lsmod
	[[ "$output" =~ ksym_a\ +[0-9]+\ +1\ ksym_b ]]
	[[ "$output" =~ ksym_b\ +[0-9]+\ +0 ]]
	run "$CDEVCTL" rmmod ksym_a
	[ "$status" -eq 1 ]
	[ "$output" = "cdevctl: rmmod: ERROR: Module ksym_a is in use by: ksym_b" ]
	run "$CDEVCTL" rmmod -f ksym_a
	[ "$status" -eq 1 ]
	[ "$output" = "cdevctl: rmmod: ERROR: Module ksym_a is in use by: ksym_b" ]
	! grep -q "ksym_a: exit" "$OUT"
	run "$CDEVCTL" rmmod ksym_b
	[ "$status" -eq 0 ]
	grep -q "ksym_b: exit" "$OUT"
	# ksym_b is gone, its host serves ksym_a on.
	[ ! -e "$LIBCDEV_RUNDIR/modules/ksym_b.pid" ] && kill -0 "$pid"
	run "$CDEVCTL" lsmod
	[[ "$output" =~ ksym_a\ +[0-9]+\ +0$ ]]
	[[ "$output" != *ksym_b* ]]
	run "$CDEVCTL" rmmod ksym_a
	[ "$status" -eq 0 ]
	# The last module gone, the host has ended when rmmod returns.
	! kill -0 "$pid" 2>/dev/null
	grep -q "ksym_a: exit helper=100" "$OUT"
}

@test "a module whose symbol no module exports does not load, and says which" {
	run "$CDEVCTL" run "$B"
	[ "$status" -eq 1 ]
	# The first of the two it needs from ksym_a, in its symbol table's order.
	[[ "$output" =~ "cdevctl: could not insert module $B: Unknown symbol ksym_"(add|twice) ]]
	[ ! -e "$LIBCDEV_RUNDIR/modules/ksym_b.pid" ]
}

@test "a name a module defines but does not export is unknown to the others; nothing stays loaded" {
	run "$CDEVCTL" run "$A" + "$C"
	[ "$status" -eq 1 ]
	[[ "$output" == *"cdevctl: could not insert module $C: Unknown symbol ksym_helper"* ]]
	# All or nothing: ksym_a, loaded before, is unloaded again.
	[[ "$output" == *"ksym_a: exit helper=100"* ]]
	[[ "$output" != *"ksym_c: init"* ]]
	[ ! -e "$LIBCDEV_RUNDIR/modules/ksym_a.pid" ]
}

@test "EXPORT_SYMBOL_GPL: unknown to a module not under the GPL" {
	run "$CDEVCTL" run "$A" + "$D"
	[ "$status" -eq 1 ]
	[[ "$output" == *"ksym_d: Unknown symbol ksym_twice (ksym_a exports it to GPL modules only)"* ]]
	[[ "$output" == *"cdevctl: could not insert module $D: Unknown symbol ksym_twice"* ]]
	[[ "$output" != *"ksym_d: init"* ]]
}

@test "insmod loads a stack in the background; the modules' parameters follow each one" {
	run "$CDEVCTL" insmod "$A" + "$B" bogus=1
	[ "$status" -eq 1 ]
	[ "$output" = "cdevctl: insmod: ksym_b: unknown parameter 'bogus'" ]
	[ ! -e "$LIBCDEV_RUNDIR/modules/ksym_a.pid" ]
	run "$CDEVCTL" insmod "$A" + "$B"
	[ "$status" -eq 0 ]
	run "$CDEVCTL" lsmod
	[[ "$output" =~ ksym_a\ +[0-9]+\ +1\ ksym_b ]]
	"$CDEVCTL" rmmod ksym_b
	"$CDEVCTL" rmmod ksym_a
	[ ! -e "$LIBCDEV_RUNDIR/modules/ksym_a.pid" ]
}

@test "usage: '+' must be followed by a module" {
	run "$CDEVCTL" run "$A" +
	[ "$status" -eq 2 ]
	[[ "$output" == *"'+' must be followed by a module"* ]]
	run "$CDEVCTL" insmod "$A" + + "$B"
	[ "$status" -eq 2 ]
}

@test "a module without module_init() loads, as the kernel's library modules do, and unloads" {
	"$CDEVCTL" insmod "$E"
	run "$CDEVCTL" lsmod
	[[ "$output" =~ ksym_e\ +[0-9]+\ +0 ]]
	"$CDEVCTL" rmmod ksym_e
	run "$CDEVCTL" lsmod
	[[ "$output" != *ksym_e* ]]
}
