#!/usr/bin/env bats
# examples/memdev.c served by `cdevctl run` in the VM: a family of memory
# devices on one major, data in linked blocks, truncation, and the block-size
# ioctls with their capability check. Its llseek, which CUSE cannot reach, is
# tested through the direct backend in tests/test-memdev.c.

load helpers

setup() {
	ex_setup
}

teardown() {
	ex_teardown
}

# without CAP_SYS_ADMIN, as root: neither in the bounding nor the inheritable set
no_sys_admin() {
	setpriv --inh-caps=-sys_admin --bounding-set=-sys_admin "$@"
}

@test "memdev: count nodes on one dynamic major, minors 0 to count-1" {
	start_module memdev count=3
	majmin=$(chrdev_majmin /dev/memdev0)
	maj=${majmin%%:*}
	[ "$majmin" = "$maj:0" ]
	[ "$(chrdev_majmin /dev/memdev1)" = "$maj:1" ]
	[ "$(chrdev_majmin /dev/memdev2)" = "$maj:2" ]
	[ ! -e /dev/memdev3 ]
	grep -q "^$maj 0 3 $MOD_PID .* memdev\$" "$LIBCDEV_REGISTRY"
	grep -qx "memdev: 3 devices on major $maj, blocks of 4000 bytes" "$BATS_TEST_TMPDIR/module.out"
}

@test "memdev: major=240 registers that major" {
	start_module memdev major=240 count=2
	[ "$(chrdev_majmin /dev/memdev0)" = "240:0" ]
	[ "$(chrdev_majmin /dev/memdev1)" = "240:1" ]
	grep -q "^240 0 2 $MOD_PID " "$LIBCDEV_REGISTRY"
}

@test "memdev: data round trip; write-only open truncates, read-write keeps, append appends" {
	start_module memdev
	printf 'hello, kernel' > /dev/memdev0
	[ "$(cat /dev/memdev0)" = "hello, kernel" ]
	printf 'hi' > /dev/memdev0
	[ "$(cat /dev/memdev0)" = "hi" ]
	printf 'ya' >> /dev/memdev0
	[ "$(cat /dev/memdev0)" = "hiya" ]
	exec {fd}<>/dev/memdev0
	exec {fd}>&-
	[ "$(cat /dev/memdev0)" = "hiya" ]
	# The devices are independent.
	[ -z "$(cat /dev/memdev1)" ]
	run "$CLIENT" open /dev/memdev0 w
	[ "$status" -eq 0 ]
	[ -z "$(cat /dev/memdev0)" ]
}

@test "memdev: data is kept in linked blocks of block_size; a read stops at a block's end" {
	start_module memdev block_size=16
	seq 1000 > /dev/memdev0
	cmp <(seq 1000) /dev/memdev0
	[ "$(wc -c < /dev/memdev0)" -eq 3893 ]
	run "$CLIENT" ioctl /dev/memdev0 blocks
	[ "$status" -eq 0 ]
	[ "$output" = 244 ]		# 3893 bytes in blocks of 16
	run "$CLIENT" ioctl /dev/memdev0 devblock
	[ "$output" = 16 ]
	# One read(2) of 100 bytes returns the 16 of the first block.
	run "$CLIENT" read /dev/memdev0 100
	[ "${lines[1]}" = "read 16 1.2.3.4.5.6.7.8." ]
	# A bigger file through dd, both ways.
	head -c 100000 /dev/urandom > "$BATS_TEST_TMPDIR/data"
	dd if="$BATS_TEST_TMPDIR/data" of=/dev/memdev1 bs=4096 status=none
	cmp "$BATS_TEST_TMPDIR/data" /dev/memdev1
	run "$CLIENT" ioctl /dev/memdev1 blocks
	[ "$output" = 6250 ]
}

@test "memdev: block-size ioctls carry an integer every way: Set Tell Get Query eXchange sHift" {
	start_module memdev
	run "$CLIENT" ioctl /dev/memdev0 query
	[ "$status" -eq 0 ]
	[ "$output" = 4000 ]
	run "$CLIENT" ioctl /dev/memdev0 get
	[ "$output" = 4000 ]
	run "$CLIENT" ioctl /dev/memdev0 set 64
	[ "$status" -eq 0 ]
	[ "$output" = ok ]
	run "$CLIENT" ioctl /dev/memdev0 get
	[ "$output" = 64 ]
	run "$CLIENT" ioctl /dev/memdev1 tell 128
	[ "$output" = ok ]
	run "$CLIENT" ioctl /dev/memdev0 query
	[ "$output" = 128 ]
	run "$CLIENT" ioctl /dev/memdev0 xchg 256	# prints the old value
	[ "$status" -eq 0 ]
	[ "$output" = 128 ]
	run "$CLIENT" ioctl /dev/memdev0 shift 512	# the old value is the result
	[ "$status" -eq 0 ]
	[ "$output" = 256 ]
	run "$CLIENT" ioctl /dev/memdev0 query
	[ "$output" = 512 ]
	run "$CLIENT" ioctl /dev/memdev0 reset
	[ "$output" = ok ]
	run "$CLIENT" ioctl /dev/memdev0 query
	[ "$output" = 4000 ]
}

@test "memdev: bad block sizes are EINVAL, unknown commands ENOTTY, bad pointers EFAULT" {
	start_module memdev
	run "$CLIENT" ioctl /dev/memdev0 set 0
	[ "$status" -eq 1 ]
	[ "$output" = EINVAL ]
	run "$CLIENT" ioctl /dev/memdev0 tell -5
	[ "$output" = EINVAL ]
	run "$CLIENT" ioctl /dev/memdev0 shift 2000000
	[ "$output" = EINVAL ]
	run "$CLIENT" ioctl /dev/memdev0 badmagic
	[ "$status" -eq 1 ]
	[ "$output" = ENOTTY ]
	run "$CLIENT" ioctl /dev/memdev0 badnr
	[ "$output" = ENOTTY ]
	run "$CLIENT" ioctl /dev/memdev0 get-bad
	[ "$status" -eq 1 ]
	[ "$output" = EFAULT ]
	run "$CLIENT" ioctl /dev/memdev0 query
	[ "$output" = 4000 ]
	kill -0 "$MOD_PID"
}

@test "memdev: a new block size applies to a device from its next truncation" {
	start_module memdev block_size=4
	printf '0123456789' > /dev/memdev0
	run "$CLIENT" ioctl /dev/memdev0 tell 10
	[ "$output" = ok ]
	run "$CLIENT" ioctl /dev/memdev0 blocks
	[ "$output" = 3 ]
	printf '0123456789' > /dev/memdev0
	run "$CLIENT" ioctl /dev/memdev0 blocks
	[ "$output" = 1 ]
	run "$CLIENT" ioctl /dev/memdev0 devblock
	[ "$output" = 10 ]
	run "$CLIENT" ioctl /dev/memdev1 devblock
	[ "$output" = 4 ]
}

@test "memdev: the privileged ioctls fail EPERM without CAP_SYS_ADMIN; reading needs none" {
	start_module memdev
	for cmd in "set 64" "tell 64" "xchg 64" "shift 64" reset; do
		run no_sys_admin "$CLIENT" ioctl /dev/memdev0 $cmd
		[ "$status" -eq 1 ]
		[ "$output" = EPERM ]
	done
	run no_sys_admin "$CLIENT" ioctl /dev/memdev0 query
	[ "$status" -eq 0 ]
	[ "$output" = 4000 ]
	run no_sys_admin "$CLIENT" ioctl /dev/memdev0 get
	[ "$output" = 4000 ]
	# Another user, allowed to open the node, has no capabilities at all.
	chmod 666 /dev/memdev0
	run as 1001 "$CLIENT" ioctl /dev/memdev0 tell 64
	[ "$status" -eq 1 ]
	[ "$output" = EPERM ]
	run as 1001 "$CLIENT" ioctl /dev/memdev0 query
	[ "$output" = 4000 ]
	# Root with its capabilities may.
	run "$CLIENT" ioctl /dev/memdev0 tell 64
	[ "$status" -eq 0 ]
	[ "$output" = ok ]
}

@test "memdev: lseek on a CUSE node never reaches the driver's llseek (documented)" {
	start_module memdev
	printf 'abcdef' > /dev/memdev0
	# The kernel answers lseek itself with 0; the next read goes on at libcdev's f_pos 3.
	run "$CLIENT" seek /dev/memdev0
	[ "$status" -eq 0 ]
	[ "$output" = "abc 0 def" ]
}

@test "memdev: SIGTERM runs module_exit: every node and the region go, exit status 0" {
	start_module memdev count=2
	printf 'x' > /dev/memdev1
	stop_module
	wait_gone /dev/memdev0
	wait_gone /dev/memdev1
	run ! grep -q " memdev\$" "$LIBCDEV_REGISTRY"
}

@test "memdev: bad parameters make the load fail with nothing left" {
	for p in count=0 count=257 block_size=0 block_size=2000000 major=-1 major=512; do
		run "$CDEVCTL" run "$MODDIR/memdev.so" "$p"
		[ "$status" -ne 0 ]
		[[ "$output" == *"Invalid argument"* ]]
	done
	# A major the kernel owns: the region is free in libcdev's registry, the kernel refuses.
	run "$CDEVCTL" run "$MODDIR/memdev.so" major=1
	[ "$status" -ne 0 ]
	[ ! -e /dev/memdev0 ]
	run ! grep -q " memdev\$" "$LIBCDEV_REGISTRY"
}
