#!/usr/bin/env bats
# cdevctl as a careless and as a hostile user would try it, on the host: what
# a module host leaves behind (mounts, descriptors, files) and what it lets in
# (symlinks, other users, bad values). Each case is the regression test of a
# defect that was found; the FUSE cases need root and /dev/fuse.

setup() {
	CDEVCTL=${TOOLS_BUILDDIR:?}/cdevctl
	MOD=${TESTMOD:?}
	export LIBCDEV_RUNDIR=$BATS_TEST_TMPDIR/run
	export LIBCDEV_REGISTRY=$BATS_TEST_TMPDIR/regions
	export LIBCDEV_BACKEND=direct
	unset LIBCDEV_LOG LIBCDEV_FUSE_MOUNTPOINT
	MODDIR=$LIBCDEV_RUNDIR/modules
}

teardown() {
	for f in "$MODDIR"/*.pid; do
		[ -e "$f" ] && kill -9 "$(cut -d' ' -f1 "$f")" 2>/dev/null
	done
	# What a failing case left mounted below its directory.
	awk -v d="$BATS_TEST_TMPDIR/" 'index($2, d) == 1 { print $2 }' /proc/mounts |
		while read -r m; do umount -l "$m"; done
	return 0
}

need_fuse() {
	[ "$(id -u)" -eq 0 ] || skip "needs root"
	[ -c /dev/fuse ] || skip "no /dev/fuse"
}

# Whether something is mounted at $1 (ENOTCONN mounts included).
mounted() {
	awk -v d="$1" '$2 == d { found = 1 } END { exit !found }' /proc/mounts
}

host_of() {
	cut -d' ' -f1 "$MODDIR/$1.pid"
}

# ---- 1. nothing left mounted ----

@test "insmod --backend fuse: rmmod, rmmod -f and every failed insmod leave no mount" {
	need_fuse
	export LIBCDEV_BACKEND=fuse
	MNT=$BATS_TEST_TMPDIR/mnt
	export LIBCDEV_FUSE_MOUNTPOINT=$MNT
	"$CDEVCTL" insmod "$MOD"
	mounted "$MNT"
	"$CDEVCTL" rmmod testmod
	! mounted "$MNT"
	"$CDEVCTL" insmod "$MOD" hold=1
	mounted "$MNT"
	"$CDEVCTL" rmmod -f testmod
	! mounted "$MNT"
	run "$CDEVCTL" insmod "$MOD" bogus=1
	[ "$status" -eq 1 ]
	! mounted "$MNT"
	run "$CDEVCTL" insmod "$MOD" fail=5
	[ "$status" -eq 1 ]
	! mounted "$MNT"
	run "$CDEVCTL" insmod /bin/true
	[ "$status" -eq 1 ]
	! mounted "$MNT"
	"$CDEVCTL" insmod "$MOD"
	export LIBCDEV_FUSE_MOUNTPOINT=$BATS_TEST_TMPDIR/mnt2
	run "$CDEVCTL" insmod "$MOD"
	[ "$status" -eq 1 ] && [[ "$output" == *"already loaded"* ]]
	! mounted "$BATS_TEST_TMPDIR/mnt2"
	"$CDEVCTL" rmmod testmod
	! mounted "$MNT"
}

# ---- 3. no descriptor of the caller's kept ----

@test "insmod: the host keeps none of the caller's descriptors, so a pipeline ends" {
	run timeout 20 sh -c '"$0" insmod "$1" 9>&1 | cat' "$CDEVCTL" "$MOD"
	[ "$status" -eq 0 ]
	pid=$(host_of testmod)
	# 0-2 (/dev/null and the log) and the host's own sockets, nothing else.
	for fd in /proc/"$pid"/fd/*; do
		n=${fd##*/}
		target=$(readlink "$fd")
		if [ "$n" -gt 2 ] && [[ "$target" != socket:* ]]; then
			echo "stray descriptor $n -> $target"
			false
		fi
	done
	"$CDEVCTL" rmmod testmod
}

# ---- 8. no log left per attempt ----

@test "insmod: its log goes with the host, after a failure too, and logs of dead hosts are swept" {
	mkdir -p "$MODDIR"
	echo old > "$MODDIR/insmod-2147483646.log"
	"$CDEVCTL" insmod "$MOD"
	pid=$(host_of testmod)
	[ -e "$MODDIR/insmod-$pid.log" ]
	[ ! -e "$MODDIR/insmod-2147483646.log" ]
	"$CDEVCTL" rmmod testmod
	run "$CDEVCTL" insmod "$MOD" fail=5
	[ "$status" -eq 1 ]
	run "$CDEVCTL" insmod "$MOD" bogus=1
	[ "$status" -eq 1 ]
	run ls "$MODDIR"
	[[ "$output" != *insmod-* ]]
}
