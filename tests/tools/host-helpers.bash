# Helpers of the host suites that start module hosts (load with `load host-helpers`).

# Kill what a failing case left running: the hosts of the pid files in $1.
kill_hosts() {
	local f
	for f in "$1"/*.pid; do
		[ -e "$f" ] && kill -9 "$(cut -d' ' -f1 "$f")" 2>/dev/null
	done
	return 0
}

# And what it left mounted below its directory.
umount_test_mounts() {
	awk -v d="$BATS_TEST_TMPDIR/" 'index($2, d) == 1 { print $2 }' /proc/mounts |
		while read -r m; do umount -l "$m"; done
	return 0
}

need_fuse() {
	[ "$(id -u)" -eq 0 ] || skip "needs root"
	[ -c /dev/fuse ] || skip "no /dev/fuse"
}
