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

load host-helpers

teardown() {
	kill_hosts "$MODDIR"
	umount_test_mounts
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
	[ "$status" -eq 1 ]
	[[ "$output" == *"already loaded"* ]]
	! mounted "$BATS_TEST_TMPDIR/mnt2"
	"$CDEVCTL" rmmod testmod
	! mounted "$MNT"
}

# ---- 3. no descriptor of the caller's kept ----

@test "insmod: the host keeps none of the caller's descriptors, so a pipeline ends" {
	run timeout 20 sh -c '"$0" insmod "$1" 9>&1 | cat' "$CDEVCTL" "$MOD"
	[ "$status" -eq 0 ]
	pid=$(host_of testmod)
	# 0-2 (/dev/null and the log) and the host's own sockets, nothing else
	# kept: a file a thread has open for a moment (/proc, the registry) is
	# gone by the second look, and one closed since the listing is skipped.
	for fd in /proc/"$pid"/fd/*; do
		n=${fd##*/}
		target=$(readlink "$fd") || continue
		[ "$n" -gt 2 ] && [[ "$target" != socket:* ]] || continue
		sleep 0.5
		if [ "$(readlink "$fd" 2>/dev/null)" = "$target" ]; then
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

# ---- 4, 5. runtime files: no symlink followed, explicit modes, peer checked ----

@test "a symlink planted at NAME.pid is not followed: its target stays as it was" {
	mkdir -p "$MODDIR"
	echo precious > "$BATS_TEST_TMPDIR/target"
	ln -s "$BATS_TEST_TMPDIR/target" "$MODDIR/testmod.pid"
	"$CDEVCTL" insmod "$MOD"
	[ "$(cat "$BATS_TEST_TMPDIR/target")" = precious ]
	[ ! -L "$MODDIR/testmod.pid" ]
	"$CDEVCTL" rmmod testmod
}

@test "a modules directory that others can write to is refused" {
	mkdir -p "$MODDIR"
	chmod 0777 "$MODDIR"
	run "$CDEVCTL" insmod "$MOD"
	[ "$status" -eq 1 ]
	[[ "$output" == *"testmod: cannot register in $MODDIR: Operation not permitted"* ]]
	[ ! -e "$MODDIR/testmod.pid" ]
}

@test "under umask 000 the runtime files get their own modes, and another user cannot rmmod" {
	[ "$(id -u)" -eq 0 ] || skip "needs root"
	RUN=$(mktemp -d /tmp/libcdev-safety.XXXXXX)
	chmod 755 "$RUN"
	export LIBCDEV_RUNDIR=$RUN
	MODDIR=$RUN/modules
	(umask 000 && "$CDEVCTL" insmod "$MOD")
	[ "$(stat -c %a "$MODDIR")" = 755 ]
	[ "$(stat -c %a "$MODDIR/testmod.pid")" = 644 ]
	[ "$(stat -c %a "$MODDIR/testmod.sock")" = 666 ]
	pid=$(host_of testmod)
	run setpriv --reuid=nobody --regid=nogroup --clear-groups "$CDEVCTL" rmmod -f testmod
	[ "$status" -eq 1 ]
	[ "$output" = "cdevctl: rmmod: ERROR: permission denied: run as root" ]
	kill -0 "$pid"
	# Counting users is for everyone, as lsmod is.
	run setpriv --reuid=nobody --regid=nogroup --clear-groups "$CDEVCTL" lsmod
	[[ "${lines[1]}" =~ ^testmod\ +[0-9]+\ +0$ ]]
	"$CDEVCTL" rmmod testmod
	rm -rf "$RUN"
}

# ---- 7. no silent truncation ----

@test "a LIBCDEV_RUNDIR too long is refused with one line, not truncated" {
	long=$BATS_TEST_TMPDIR/$(printf 'd%.0s' $(seq 300))
	LIBCDEV_RUNDIR=$long run "$CDEVCTL" insmod "$MOD"
	[ "$status" -eq 1 ]
	[[ "$output" == "cdevctl: LIBCDEV_RUNDIR is too long ("*" bytes, at most 248)" ]]
	LIBCDEV_RUNDIR=$long run "$CDEVCTL" lsmod
	[ "$status" -eq 1 ]
	run ls "$BATS_TEST_TMPDIR"
	[[ "$output" != *ddd* ]]
}

# ---- 9. smaller ones ----

@test "a number parameter must be the whole value: no leading space, no empty array element" {
	# insmod, not run: a value wrongly accepted must not leave the test serving.
	run "$CDEVCTL" insmod "$MOD" "num= 3"
	[ "$status" -eq 1 ]
	[ "$output" = "cdevctl: insmod: testmod: invalid value for parameter 'num': ' 3'" ]
	run "$CDEVCTL" insmod "$MOD" "unum=	7"
	[ "$status" -eq 1 ]
	[[ "$output" == *"invalid value for parameter 'unum'"* ]]
	run "$CDEVCTL" insmod "$MOD" list=1,,2
	[ "$status" -eq 1 ]
	[[ "$output" == *"invalid value for parameter 'list'"* ]]
	run "$CDEVCTL" insmod "$MOD" list=1,
	[ "$status" -eq 1 ]
	[[ "$output" == *"invalid value for parameter 'list'"* ]]
}

@test "a killed host that is still a zombie is not 'already loaded'" {
	# The host's parent execs a program that never reaps it.
	sh -c '"$0" run "$1" > /dev/null 2>&1 & exec sleep 30' "$CDEVCTL" "$MOD" &
	parent=$!
	for i in $(seq 100); do [ -e "$MODDIR/testmod.pid" ] && break; sleep 0.05; done
	pid=$(host_of testmod)
	kill -9 "$pid"
	for i in $(seq 100); do grep -q '^State:.Z' /proc/"$pid"/status && break; sleep 0.05; done
	grep -q '^State:.Z' /proc/"$pid"/status
	run "$CDEVCTL" lsmod
	[ "${#lines[@]}" -eq 1 ]
	run "$CDEVCTL" insmod "$MOD"
	kill "$parent"
	[ "$status" -eq 0 ]
	"$CDEVCTL" rmmod testmod
}

# ---- 10. --mountpoint ----

@test "run and insmod --mountpoint DIR: the FUSE backend mounts there, with the variable's checks" {
	need_fuse
	MNT=$BATS_TEST_TMPDIR/opt-mnt
	"$CDEVCTL" insmod --backend fuse --mountpoint "$MNT" "$MOD"
	mounted "$MNT"
	"$CDEVCTL" rmmod testmod
	! mounted "$MNT"
	touch "$BATS_TEST_TMPDIR/file"
	run "$CDEVCTL" run --backend fuse --mountpoint "$BATS_TEST_TMPDIR/file" "$MOD"
	[ "$status" -eq 1 ]
	opt_output=$output
	LIBCDEV_FUSE_MOUNTPOINT=$BATS_TEST_TMPDIR/file run "$CDEVCTL" run --backend fuse "$MOD"
	[ "$status" -eq 1 ]
	[ "$output" = "$opt_output" ]
	[[ "$output" == *"cdevctl: backend fuse: Not a directory"* ]]
	run "$CDEVCTL" insmod --help
	[[ "$output" == *"--mountpoint DIR"* ]]
}

# ---- crash recovery ----

@test "kill -9 of a FUSE host: the next insmod clears the stale mount, reclaims the registry, loads at once" {
	need_fuse
	MNT=$BATS_TEST_TMPDIR/crash-mnt
	"$CDEVCTL" insmod --backend fuse --mountpoint "$MNT" "$MOD"
	pid=$(host_of testmod)
	grep -q " $pid " "$LIBCDEV_REGISTRY"
	kill -9 "$pid"
	for i in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
	# The dead host's mount answers ENOTCONN until someone clears it.
	run stat "$MNT"
	[[ "$output" == *"Transport endpoint is not connected"* ]]
	run "$CDEVCTL" lsmod
	[ "${#lines[@]}" -eq 1 ]
	"$CDEVCTL" insmod --backend fuse --mountpoint "$MNT" "$MOD"
	new=$(host_of testmod)
	[ "$new" != "$pid" ]
	stat "$MNT" > /dev/null
	! grep -q " $pid " "$LIBCDEV_REGISTRY"
	[ "$(awk -v d="$MNT" '$2 == d' /proc/mounts | wc -l)" -eq 1 ]
	"$CDEVCTL" rmmod testmod
	! mounted "$MNT"
}
