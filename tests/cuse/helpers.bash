# Helpers for the device tests: start the test driver and clients as real
# background processes and wait for what they print, with bounded waits.
#
# The same tests run against either backend, chosen by LIBCDEV_TEST_BACKEND:
#   cuse  (the default) in the VM, as root: the nodes are in NODE_DIR=/dev;
#   fuse  on the host, as root: the nodes are files in NODE_DIR, a mount
#         point below the test's temporary directory.
# DRV_ARGS selects the backend for the driver (DRV_PREFIX, a command that
# runs it, such as setpriv); NODES is the driver's directory of nodes,
# NODE_DIR/libcdev-test.

source "$(dirname "${BASH_SOURCE[0]}")/../common.bash"

cuse_setup() {
	BUILD=${TESTS_BUILDDIR:-$BATS_TEST_DIRNAME}
	DRV=$BUILD/cuse-testdrv
	CLIENT=$BUILD/cdev-client
	export LIBCDEV_REGISTRY=$BATS_TEST_TMPDIR/regions
	DRV_PID=
	DRV_PREFIX=()
	BACKEND=${LIBCDEV_TEST_BACKEND:-cuse}
	case $BACKEND in
	cuse)
		NODE_DIR=/dev
		DRV_ARGS=(--backend cuse)
		[ -e /dev/cuse ] || { echo "no /dev/cuse: these tests run in the VM" >&2; return 1; }
		;;
	fuse)
		NODE_DIR=$BATS_TEST_TMPDIR/mnt
		DRV_ARGS=(--backend fuse --mountpoint "$NODE_DIR")
		fuse_usable || skip "$FUSE_UNUSABLE"
		;;
	*)
		echo "LIBCDEV_TEST_BACKEND must be cuse or fuse" >&2
		return 1
		;;
	esac
	NODES=$NODE_DIR/libcdev-test
}

cuse_teardown() {
	local status=0
	kill_clients
	# A driver that hangs at SIGTERM fails the test.
	if [ -n "$DRV_PID" ] && kill -0 "$DRV_PID" 2>/dev/null; then
		stop_server "$DRV_PID" || [ $? -ne 124 ] || status=1
	fi
	sanitizer_clean "$BATS_TEST_TMPDIR/driver.out" || status=1
	# A driver killed with SIGKILL leaves its FUSE mount: bats could not remove the directory.
	for m in $(fuse_mounts_below "$BATS_TEST_TMPDIR"); do
		umount -l "$m" 2>/dev/null || fusermount3 -u -z "$m" 2>/dev/null || true
	done
	return $status
}

# The device suite needs what the VM gives it: root, and here /dev/fuse.
fuse_usable() {
	FUSE_UNUSABLE=
	if [ "$(id -u)" != 0 ]; then
		FUSE_UNUSABLE="the device tests run as root (as in the VM)"
	elif [ ! -c /dev/fuse ]; then
		FUSE_UNUSABLE="no /dev/fuse on this machine"
	fi
	[ -z "$FUSE_UNUSABLE" ]
}

on_cuse() {
	[ "$BACKEND" = cuse ]
}

# Skip a test that needs CUSE, saying why it cannot work on the FUSE backend.
cuse_only() {
	on_cuse || skip "FUSE backend: $1"
}

# FUSE mounts at or below DIR, deepest first (read from the kernel's table).
fuse_mounts_below() {
	awk -v d="$1" '$3 ~ /^fuse/ && (index($2, d "/") == 1 || $2 == d) { print $2 }' /proc/self/mounts | sort -r
}

is_mounted() {
	[ -n "$(awk -v d="$1" '$2 == d' /proc/self/mounts)" ]
}

# A node as the backend makes it: a character device in /dev, a regular file on FUSE.
is_node() {
	if on_cuse; then [ -c "$1" ]; else [ -f "$1" ]; fi
}

start_driver() {
	local line
	"${DRV_PREFIX[@]}" "$DRV" "${DRV_ARGS[@]}" "$@" > "$BATS_TEST_TMPDIR/driver.out" 2>&1 &
	DRV_PID=$!
	for i in $(seq 300); do
		line=$(grep -m1 '^ready ' "$BATS_TEST_TMPDIR/driver.out" 2>/dev/null) && break
		kill -0 "$DRV_PID" 2>/dev/null || { cat "$BATS_TEST_TMPDIR/driver.out" >&2; return 1; }
		sleep 0.1
	done
	[ -n "$line" ] || { echo "driver not ready" >&2; return 1; }
	line=${line#ready }
	MAJ=${line%%:*}
	MIN=${line#*:}
}

# The device number of a node: its st_rdev in /dev; on FUSE, the file's xattr user.libcdev.dev.
node_majmin() {
	if on_cuse; then
		chrdev_majmin "$1"
	else
		"$CLIENT" devnum "$1"
	fi
}
