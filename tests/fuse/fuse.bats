#!/usr/bin/env bats
# The FUSE backend's own behaviour, on the host (no VM): the automatic choice
# of backend, the mount point and its clean-up after SIGTERM and SIGKILL, the
# files' attributes, and a driver run by a user other than root. The device
# behaviour itself is tests/cuse/cuse.bats, which tests/fuse/device-suite.sh
# runs against this backend. Run by tests/fuse/fuse-suite.sh, as root.

load ../cuse/helpers

setup() {
	LIBCDEV_TEST_BACKEND=fuse cuse_setup
	unset LIBCDEV_FUSE_MOUNTPOINT LIBCDEV_CUSE_DEVICE LIBCDEV_LOG
	OPEN_DIR=
}

teardown() {
	cuse_teardown
	# Default mount points are outside the test's directory.
	for m in $(cat "$BATS_TEST_TMPDIR/default-mounts" 2>/dev/null); do
		umount -l "$m" 2>/dev/null || true
		rmdir "$m" 2>/dev/null || true
	done
	if [ -n "$OPEN_DIR" ]; then
		for m in $(fuse_mounts_below "$OPEN_DIR"); do
			umount -l "$m" 2>/dev/null || true
		done
		rm -rf "$OPEN_DIR"
	fi
}

# A directory that other users can enter (the test's own is root's, mode 0700).
open_dir_setup() {
	OPEN_DIR=$(mktemp -d /tmp/libcdev-fuse-test.XXXXXX)
	chmod 755 "$OPEN_DIR"
}

# Run as nobody: fusermount3 mounts for it, as for any user where FUSE allows.
as_nobody() {
	setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"
}

driver_out() {
	cat "$BATS_TEST_TMPDIR/driver.out"
}

# The mount point the driver reported on its "backend" line.
driver_location() {
	sed -n 's/^backend [a-z]* //p' "$BATS_TEST_TMPDIR/driver.out"
}

# start_driver with the default mount point, remembered for the teardown.
start_default_driver() {
	DRV_ARGS=(--backend fuse)
	start_driver "$@"
	driver_location >> "$BATS_TEST_TMPDIR/default-mounts"
}

@test "auto chooses FUSE where /dev/cuse cannot be opened, and says why in one line" {
	export LIBCDEV_CUSE_DEVICE=/nonexistent
	DRV_ARGS=(--backend auto --mountpoint "$NODE_DIR")
	start_driver
	[ "$(grep -c '^libcdev:' "$BATS_TEST_TMPDIR/driver.out")" -eq 1 ]
	grep -qx "libcdev: /nonexistent: No such file or directory; using the FUSE backend at $NODE_DIR" \
		"$BATS_TEST_TMPDIR/driver.out"
	grep -qx "backend fuse $NODE_DIR" "$BATS_TEST_TMPDIR/driver.out"
	printf 'auto' > "$NODES/mem"
	[ "$(cat "$NODES/mem")" = auto ]
}

@test "auto chooses CUSE where the CUSE device can be opened, and says so" {
	# /dev/null stands in for /dev/cuse: it opens, which is all the choice looks at.
	export LIBCDEV_CUSE_DEVICE=/dev/null
	run "$DRV" --backend auto --select-only
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "libcdev: /dev/null can be opened; using the CUSE backend (nodes in /dev)" ]
	[ "${lines[1]}" = "backend cuse /dev" ]
	[ "${#lines[@]}" -eq 2 ]
}

@test "--backend fuse forces FUSE where CUSE would work, without a word" {
	export LIBCDEV_CUSE_DEVICE=/dev/null
	start_driver
	[ "$(driver_out)" = "backend fuse $NODE_DIR
ready $MAJ:$MIN" ]
}

@test "the default mount point is /run/libcdev/fuse/PID; SIGTERM unmounts and removes it" {
	start_default_driver
	[ "$(driver_location)" = "/run/libcdev/fuse/$DRV_PID" ]
	is_mounted "/run/libcdev/fuse/$DRV_PID"
	is_node "/run/libcdev/fuse/$DRV_PID/libcdev-test/mem"
	stop_server "$DRV_PID"
	! is_mounted "/run/libcdev/fuse/$DRV_PID"
	[ ! -e "/run/libcdev/fuse/$DRV_PID" ]
}

@test "LIBCDEV_FUSE_MOUNTPOINT chooses the mount point, made with its parents" {
	export LIBCDEV_FUSE_MOUNTPOINT=$BATS_TEST_TMPDIR/a/b/mnt
	DRV_ARGS=(--backend fuse)
	start_driver
	[ "$(driver_location)" = "$LIBCDEV_FUSE_MOUNTPOINT" ]
	is_node "$LIBCDEV_FUSE_MOUNTPOINT/libcdev-test/pipe"
	stop_server "$DRV_PID"
	! is_mounted "$LIBCDEV_FUSE_MOUNTPOINT"
	# The mount point it made goes; the parents stay.
	[ ! -e "$LIBCDEV_FUSE_MOUNTPOINT" ]
	[ -d "$BATS_TEST_TMPDIR/a/b" ]
}

@test "a mount point that existed before stays after SIGTERM, unmounted" {
	mkdir "$NODE_DIR"
	start_driver
	is_mounted "$NODE_DIR"
	stop_server "$DRV_PID"
	! is_mounted "$NODE_DIR"
	[ -d "$NODE_DIR" ]
}

@test "kill -9 leaves a stale mount; the next start clears it and mounts anew" {
	start_driver
	kill -9 "$DRV_PID"
	wait "$DRV_PID" || true
	run stat "$NODE_DIR"
	[ "$status" -ne 0 ]
	[[ "$output" == *"Transport endpoint is not connected"* ]]
	is_mounted "$NODE_DIR"
	start_driver
	grep -qx "libcdev: fuse: removed the stale mount at $NODE_DIR" "$BATS_TEST_TMPDIR/driver.out"
	[ "$(fuse_mounts_below "$NODE_DIR" | wc -l)" -eq 1 ]
	printf 'again' > "$NODES/mem"
	[ "$(cat "$NODES/mem")" = again ]
}

@test "a start with the default mount point clears those of drivers killed before" {
	start_default_driver
	old=$(driver_location)
	kill -9 "$DRV_PID"
	wait "$DRV_PID" || true
	run stat "$old"
	[[ "$output" == *"Transport endpoint is not connected"* ]]
	start_default_driver
	grep -qx "libcdev: fuse: removed the stale mount at $old" "$BATS_TEST_TMPDIR/driver.out"
	! is_mounted "$old"
	[ ! -e "$old" ]
}

@test "the first start at the default place after a kill -9 clears the stale mount, whichever driver it is" {
	local other
	start_default_driver
	old=$(driver_location)
	kill -9 "$DRV_PID"
	wait "$DRV_PID" || true
	# Another driver mounting at the default place, as another suite's may.
	start_default_driver
	other=$DRV_PID
	mv "$BATS_TEST_TMPDIR/driver.out" "$BATS_TEST_TMPDIR/other.out"
	grep -qx "libcdev: fuse: removed the stale mount at $old" "$BATS_TEST_TMPDIR/other.out"
	! is_mounted "$old"
	# The next start finds nothing left to clear.
	start_default_driver
	! grep -q "stale mount" "$BATS_TEST_TMPDIR/driver.out"
	stop_server "$other"
}

@test "a mount point in use by another driver makes the backend fail EBUSY" {
	start_driver
	run "$DRV" --backend fuse --mountpoint "$NODE_DIR" --prefix other
	[ "$status" -eq 1 ]
	[[ "$output" == *"libcdev: fuse: $NODE_DIR is a mount point already"* ]]
	[[ "$output" == *"cuse-testdrv: fuse backend: Device or resource busy"* ]]
	# The first driver is unharmed.
	printf 'still here' > "$NODES/mem"
	[ "$(cat "$NODES/mem")" = "still here" ]
}

@test "the files are regular, 0600, of the driver's user; chmod works as on /dev" {
	command -v setpriv > /dev/null || skip "no setpriv to open a file as another user"
	open_dir_setup
	NODE_DIR=$OPEN_DIR/mnt NODES=$OPEN_DIR/mnt/libcdev-test
	DRV_ARGS=(--backend fuse --mountpoint "$NODE_DIR")
	start_driver
	[ "$(stat -c '%F %a %u %g %s' "$NODES/mem")" = "regular empty file 600 0 0 0" ]
	[ "$(stat -c '%F %a' "$NODES")" = "directory 755" ]
	printf 'for all' > "$NODES/mem"
	# As for a /dev node of mode 0600: root only.
	run as_nobody cat "$NODES/mem"
	[ "$status" -ne 0 ]
	[[ "$output" == *"Permission denied"* ]]
	chmod 0666 "$NODES/mem"
	[ "$(stat -c %a "$NODES/mem")" = 666 ]
	run as_nobody cat "$NODES/mem"
	[ "$status" -eq 0 ]
	[ "$output" = "for all" ]
	chown nobody "$NODES/pipe"
	[ "$(stat -c %U "$NODES/pipe")" = nobody ]
}

@test "the device number of a file is its xattr user.libcdev.dev" {
	start_driver
	[ "$("$CLIENT" devnum "$NODES/mem")" = "$MAJ:$MIN" ]
	[ "$("$CLIENT" devnum "$NODES/pipe")" = "$MAJ:$((MIN + 1))" ]
	run "$CLIENT" devnum "$NODES"
	[ "$status" -eq 1 ]
	[ "$output" = ENODATA ]
}

@test "a name with '/' makes directories, which go with their last file" {
	start_driver --mem-name solo/deep/mem
	is_node "$NODE_DIR/solo/deep/mem"
	[ "$(ls "$NODE_DIR" | tr '\n' ' ')" = "libcdev-test solo " ]
	kill -USR1 "$DRV_PID"
	wait_line driver deleted
	[ ! -e "$NODE_DIR/solo" ]
	[ "$(ls "$NODE_DIR")" = "libcdev-test" ]
}

@test "no file of the mount is made, removed or renamed by hand" {
	start_driver
	run touch "$NODES/new"
	[ "$status" -ne 0 ]
	[[ "$output" == *"Operation not permitted"* ]]
	run mkdir "$NODES/dir"
	[ "$status" -ne 0 ]
	[[ "$output" == *"Operation not permitted"* ]]
	run rm -f "$NODES/mem"
	[ "$status" -ne 0 ]
	[[ "$output" == *"Operation not permitted"* ]]
	run mv "$NODES/mem" "$NODES/moved"
	[ "$status" -ne 0 ]
	[[ "$output" == *"Operation not permitted"* ]]
	is_node "$NODES/mem"
	[ ! -e "$NODES/new" ]
}

# ---- a user other than root ----

user_setup() {
	command -v setpriv > /dev/null || skip "no setpriv to run a driver as another user"
	command -v fusermount3 > /dev/null || skip "no fusermount3: users cannot mount FUSE"
	[ -u "$(command -v fusermount3)" ] || skip "fusermount3 is not setuid: users cannot mount FUSE"
	as_nobody test -x "$DRV" -a -r "$DRV" ||
		skip "the build tree is not readable by nobody"
	open_dir_setup
	USER_DIR=$OPEN_DIR
	chown nobody:nogroup "$USER_DIR"
	# The default region registry is root's: a user has one of their own.
	export LIBCDEV_REGISTRY=$USER_DIR/regions
}

@test "a user other than root runs a driver on FUSE; the mount is that user's" {
	user_setup
	DRV_PREFIX=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
	DRV_ARGS=(--backend auto --mountpoint "$USER_DIR/mnt")
	start_driver
	grep -qx "backend fuse $USER_DIR/mnt" "$BATS_TEST_TMPDIR/driver.out"
	[ "$(as_nobody stat -c '%U %a' "$USER_DIR/mnt/libcdev-test/mem")" = "nobody 600" ]
	as_nobody sh -c 'printf "from nobody" > "$1"' sh "$USER_DIR/mnt/libcdev-test/mem"
	[ "$(as_nobody cat "$USER_DIR/mnt/libcdev-test/mem")" = "from nobody" ]
	# The driver reaches the caller's memory beyond the ioctl's own bytes: same user.
	[ "$(as_nobody "$CLIENT" ioctl "$USER_DIR/mnt/libcdev-test/mem" nested quiet)" = "QUIET 5" ]
	run as_nobody sh -c 'echo $$; exec "$1" ioctl "$2" whoami' sh "$CLIENT" "$USER_DIR/mnt/libcdev-test/mem"
	[ "${lines[1]}" = "${lines[0]} $(id -u nobody) $(id -g nobody)" ]
	# Without user_allow_other in /etc/fuse.conf, no one else enters the mount, root included.
	run cat "$USER_DIR/mnt/libcdev-test/mem"
	[ "$status" -ne 0 ]
	[[ "$output" == *"Permission denied"* ]]
	stop_server "$DRV_PID"
	! is_mounted "$USER_DIR/mnt"
	[ ! -e "$USER_DIR/mnt" ]
}

@test "a user's default mount point is below XDG_RUNTIME_DIR" {
	user_setup
	as_nobody mkdir -m 700 "$USER_DIR/xdg"
	run as_nobody env XDG_RUNTIME_DIR="$USER_DIR/xdg" "$DRV" --backend fuse --select-only
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" =~ ^"backend fuse $USER_DIR/xdg/libcdev/fuse/"[0-9]+$ ]]
	# It unmounted at exit.
	[ -z "$(fuse_mounts_below "$USER_DIR")" ]
}
