#!/usr/bin/env bats
# Modules by name, as kmod knows them: cdevctl modprobe with the search path
# and modprobe.d's options and blacklist, modules-load with modules-load.d,
# modinfo by name with -F, -p and -0. The direct backend: no device needed.

setup() {
	CDEVCTL=${TOOLS_BUILDDIR:?}/cdevctl
	export LIBCDEV_RUNDIR=$BATS_TEST_TMPDIR/run
	export LIBCDEV_REGISTRY=$BATS_TEST_TMPDIR/regions
	export LIBCDEV_BACKEND=direct
	export LIBCDEV_CONFDIR=$BATS_TEST_TMPDIR/etc
	export LIBCDEV_MODULE_PATH=$BATS_TEST_TMPDIR/empty:$BATS_TEST_TMPDIR/mods
	mkdir -p "$BATS_TEST_TMPDIR/mods" "$LIBCDEV_CONFDIR/modprobe.d" "$LIBCDEV_CONFDIR/modules-load.d"
	ln -s "${TESTMOD:?}" "$BATS_TEST_TMPDIR/mods/testmod.so"
	ln -s "${EXAMPLES_LIBDIR:?}/hello.so" "$BATS_TEST_TMPDIR/mods/hello.so"
}

teardown() {
	for f in "$LIBCDEV_RUNDIR"/modules/*.pid; do
		[ -e "$f" ] && kill -9 "$(cut -d' ' -f1 "$f")" 2>/dev/null
	done
	return 0
}

# Serve module $1 with modprobe --foreground and the rest of the arguments;
# its output in $BATS_TEST_TMPDIR/out once it is loaded, then stop it.
probe_foreground() {
	"$CDEVCTL" modprobe --foreground "$@" > "$BATS_TEST_TMPDIR/out" 2>&1 &
	local pid=$!
	for _ in $(seq 100); do grep -q loaded "$BATS_TEST_TMPDIR/out" && break; sleep 0.05; done
	kill -TERM "$pid"
	wait "$pid"
}

@test "modprobe NAME finds NAME.so in the search path; loaded twice is no error; -r removes it" {
	run "$CDEVCTL" modprobe testmod
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	"$CDEVCTL" lsmod | grep -q '^testmod '
	run "$CDEVCTL" modprobe testmod
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	run "$CDEVCTL" modprobe -r testmod
	[ "$status" -eq 0 ]
	[ ! -e "$LIBCDEV_RUNDIR/modules/testmod.pid" ]
	run "$CDEVCTL" modprobe -r testmod
	[ "$status" -eq 1 ]
	[ "$output" = "cdevctl: modprobe: FATAL: Module testmod is not in kernel." ]
}

@test "modprobe applies modprobe.d's options; the command line's values win" {
	printf '# options for the tests\noptions testmod num=7 word=conf\noptions hello whom=x\n' \
		> "$LIBCDEV_CONFDIR/modprobe.d/a.conf"
	echo 'options testmod flag list=1,2' > "$LIBCDEV_CONFDIR/modprobe.d/b.conf"
	probe_foreground testmod word=cli
	grep -q "init num=7 .* flag=1 word=cli nlist=2 list=1,2,0" "$BATS_TEST_TMPDIR/out"
}

@test "modprobe refuses a blacklisted name and says where it is blacklisted" {
	printf 'options testmod num=2\nblacklist testmod\n' > "$LIBCDEV_CONFDIR/modprobe.d/deny.conf"
	run "$CDEVCTL" modprobe testmod
	[ "$status" -eq 1 ]
	[ "$output" = "cdevctl: modprobe: FATAL: Module testmod is blacklisted ($LIBCDEV_CONFDIR/modprobe.d/deny.conf:2)" ]
	[ ! -e "$LIBCDEV_RUNDIR/modules/testmod.pid" ]
}

@test "modprobe.d: a bad line is reported with file:line and the rest still applies" {
	printf 'options testmod num=4\nfrobnicate testmod\noptions testmod\nblacklist\n' \
		> "$LIBCDEV_CONFDIR/modprobe.d/a.conf"
	echo 'options testmod unum=9' > "$LIBCDEV_CONFDIR/modprobe.d/b.conf"
	probe_foreground testmod
	grep -qx "cdevctl: $LIBCDEV_CONFDIR/modprobe.d/a.conf:2: ignoring bad line starting with 'frobnicate'" "$BATS_TEST_TMPDIR/out"
	grep -qx "cdevctl: $LIBCDEV_CONFDIR/modprobe.d/a.conf:3: ignoring bad line starting with 'options'" "$BATS_TEST_TMPDIR/out"
	grep -qx "cdevctl: $LIBCDEV_CONFDIR/modprobe.d/a.conf:4: ignoring bad line starting with 'blacklist'" "$BATS_TEST_TMPDIR/out"
	grep -q "init num=4 unum=9 " "$BATS_TEST_TMPDIR/out"
}

@test "modprobe of an unknown name: kmod's words and status" {
	run "$CDEVCTL" modprobe nosuch
	[ "$status" -eq 1 ]
	# The variable's directories, then the installed one.
	[[ "$output" == "cdevctl: modprobe: FATAL: Module nosuch not found in directory $LIBCDEV_MODULE_PATH:/"* ]]
	run "$CDEVCTL" modprobe ../mods/testmod
	[ "$status" -eq 1 ]
	[[ "$output" == *"FATAL: Module ../mods/testmod not found"* ]]
	run "$CDEVCTL" modprobe
	[ "$status" -eq 2 ]
	run "$CDEVCTL" modprobe --help
	[ "$status" -eq 0 ]
	[[ "$output" == "usage: cdevctl modprobe "* ]]
}

@test "modules-load starts the unit of every listed module; bad lines reported, the rest still start" {
	mkdir "$BATS_TEST_TMPDIR/bin"
	printf '#!/bin/sh\necho "$*" >> "%s"\n' "$BATS_TEST_TMPDIR/systemctl.log" > "$BATS_TEST_TMPDIR/bin/systemctl"
	chmod +x "$BATS_TEST_TMPDIR/bin/systemctl"
	printf 'testmod\n# a comment\n\nbad/name\nnosuch\n' > "$LIBCDEV_CONFDIR/modules-load.d/a.conf"
	printf '; another comment\n  hello  \n' > "$LIBCDEV_CONFDIR/modules-load.d/b.conf"
	echo 'bogus' > "$LIBCDEV_CONFDIR/modules-load.d/c.notconf"
	PATH=$BATS_TEST_TMPDIR/bin:$PATH run "$CDEVCTL" modules-load
	echo "$output"
	[ "$status" -eq 1 ]
	[ "$(cat "$BATS_TEST_TMPDIR/systemctl.log")" = "start --no-block libcdev@testmod.service libcdev@hello.service" ]
	[[ "$output" == *"cdevctl: $LIBCDEV_CONFDIR/modules-load.d/a.conf:4: 'bad/name' is not a module name"* ]]
	[[ "$output" == *"cdevctl: $LIBCDEV_CONFDIR/modules-load.d/a.conf:5: Module nosuch not found in directory"* ]]
	[ "$(grep -c 'modules-load.d' <<< "$output")" -eq 2 ]
	# All good lines: status 0; nothing listed: systemctl is not run.
	printf 'testmod\n' > "$LIBCDEV_CONFDIR/modules-load.d/a.conf"
	rm "$BATS_TEST_TMPDIR/systemctl.log" "$LIBCDEV_CONFDIR/modules-load.d/b.conf"
	PATH=$BATS_TEST_TMPDIR/bin:$PATH run "$CDEVCTL" modules-load
	[ "$status" -eq 0 ]
	[ "$(cat "$BATS_TEST_TMPDIR/systemctl.log")" = "start --no-block libcdev@testmod.service" ]
	rm "$BATS_TEST_TMPDIR/systemctl.log" "$LIBCDEV_CONFDIR/modules-load.d/a.conf"
	PATH=$BATS_TEST_TMPDIR/bin:$PATH run "$CDEVCTL" modules-load
	[ "$status" -eq 0 ]
	[ ! -e "$BATS_TEST_TMPDIR/systemctl.log" ]
}

@test "modinfo by name and by file: the same fields" {
	run "$CDEVCTL" modinfo testmod
	[ "$status" -eq 0 ]
	by_name=$output
	run "$CDEVCTL" modinfo "$BATS_TEST_TMPDIR/mods/testmod.so"
	[ "$status" -eq 0 ]
	[ "$output" = "$by_name" ]
	[[ "$output" == "filename:       $BATS_TEST_TMPDIR/mods/testmod.so"* ]]
	[[ "$output" == *"parm:           num:an int (int)"* ]]
	run "$CDEVCTL" modinfo nosuch
	[ "$status" -eq 1 ]
	[ "$output" = "cdevctl: modinfo: ERROR: Module nosuch not found." ]
	run "$CDEVCTL" modinfo /bin/sh
	[ "$status" -eq 1 ]
	[[ "$output" == *"not a libcdev module"* ]]
	# A missing file: kmod's status too; the other modules named are still shown.
	run "$CDEVCTL" modinfo -F license "$BATS_TEST_TMPDIR/mods/nosuch.so" testmod
	[ "$status" -eq 1 ]
	[[ "$output" == *"nosuch.so: No such file or directory"* ]]
	[ "${lines[-1]}" = "GPL" ]
}

@test "modinfo -F FIELD, -p and -0 as kmod's" {
	run "$CDEVCTL" modinfo -F license testmod
	[ "$status" -eq 0 ]
	[ "$output" = "GPL" ]
	run "$CDEVCTL" modinfo --field=author testmod
	[ "$output" = "libcdev tests" ]
	run "$CDEVCTL" modinfo -F filename testmod
	[ "$output" = "$BATS_TEST_TMPDIR/mods/testmod.so" ]
	run "$CDEVCTL" modinfo -F nosuchfield testmod
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	run "$CDEVCTL" modinfo -p testmod
	[ "$status" -eq 0 ]
	grep -qx 'num:an int (int)' <<< "$output"
	grep -qx 'list:up to three ints (array of int)' <<< "$output"
	grep -qx 'ulnum: (ulong)' <<< "$output"
	[ "$(wc -l <<< "$output")" -eq 11 ]
	run "$CDEVCTL" modinfo -F parm testmod
	[ "$output" = "$("$CDEVCTL" modinfo -p testmod)" ]
	# -0: each value ends with NUL, none with a newline.
	[ "$("$CDEVCTL" modinfo -0 -F license testmod | od -An -c | tr -d ' ')" = 'GPL\0' ]
	[ "$("$CDEVCTL" modinfo -0 -p testmod | tr '\0' '\n')" = "$("$CDEVCTL" modinfo -p testmod)" ]
	[ "$("$CDEVCTL" modinfo -0 -p testmod | tr -cd '\n' | wc -c)" -eq 0 ]
	[ "$("$CDEVCTL" modinfo -0 testmod | tr -cd '\0' | wc -c)" -eq "$("$CDEVCTL" modinfo testmod | wc -l)" ]
	run "$CDEVCTL" modinfo --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"-F, --field FIELD"* ]]
}
