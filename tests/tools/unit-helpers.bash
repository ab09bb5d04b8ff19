# Helpers of the suites that run libcdev@.service's command line (service.bats
# on the host with the FUSE backend, service-cuse.bats in the VM with CUSE):
# the units with this build's paths, the command line as systemd would run
# it, and the checks of the unit's call filters on a strace(1) of the host.
# Needs TOOLS_BUILDDIR, TESTS_TOOLS_BUILDDIR, EXAMPLES_LIBDIR, UNITS_SRCDIR.

unit_setup() {
	# shellcheck disable=SC2034 # for the suites
	CDEVCTL=${TOOLS_BUILDDIR:?}/cdevctl
	# shellcheck disable=SC2034
	LISTEN=${TESTS_TOOLS_BUILDDIR:?}/notify-listen
	export LIBCDEV_RUNDIR=$BATS_TEST_TMPDIR/run
	export LIBCDEV_REGISTRY=$BATS_TEST_TMPDIR/regions
	export LIBCDEV_FUSE_MOUNTPOINT=$BATS_TEST_TMPDIR/mnt
	unset LIBCDEV_BACKEND LIBCDEV_LOG
	# The unit loads by name: this build's examples, a configuration of the test's.
	export LIBCDEV_MODULE_PATH=${EXAMPLES_LIBDIR:?}
	export LIBCDEV_CONFDIR=$BATS_TEST_TMPDIR/etc
	mkdir -p "$LIBCDEV_CONFDIR/modprobe.d"
	UNITS=$BATS_TEST_TMPDIR/units
	mkdir -p "$UNITS"
	# The units with this build's paths: its cdevctl, its example modules.
	for f in "${UNITS_SRCDIR:?}"/*.in; do
		sed -e "s|@bindir@|$TOOLS_BUILDDIR|g" -e "s|@pkglibdir@|$EXAMPLES_LIBDIR|g" \
			-e "s|@sysconfdir@|$BATS_TEST_TMPDIR|g" "$f" > "$UNITS/$(basename "$f" .in)"
	done
}

# The unit's ExecStart= for instance $1, as words.
exec_start() {
	sed -n 's/^ExecStart=//p' "$UNITS/libcdev@.service" | sed "s/%i/$1/g"
}

# The command line of libcdev@$1.service under the unit's NoNewPrivileges= and
# CapabilityBoundingSet=, which setpriv applies as systemd would.
unit_command() {
	grep -qx 'NoNewPrivileges=yes' "$UNITS/libcdev@.service"
	grep -qx 'CapabilityBoundingSet=CAP_SYS_ADMIN' "$UNITS/libcdev@.service"
	# shellcheck disable=SC2046
	echo setpriv --no-new-privs --bounding-set=-all,+sys_admin -- $(exec_start "$1")
}

# No line of standard input (or file $2) matches $1: a failing status, which
# a bare `! grep` in a bats test is not.
no_match() {
	! grep -q "$@"
}

# Wait for line $2 in file $1.
wait_line() {
	for _ in $(seq 200); do grep -q "$2" "$1" && return 0; sleep 0.05; done
	cat "$1" >&2
	return 1
}

# strace(1) of the unit's command line for instance $1 into file $2, the
# rest of the arguments strace's own. A sanitizer build's leak check at exit
# ptraces the threads (not the host's own doing, and impossible under
# strace): it is off for the traced host.
traced_unit_command() {
	local instance=$1 trace=$2
	shift 2
	# shellcheck disable=SC2046
	echo env "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -qq -o "$trace" "$@" -- $(unit_command "$instance")
}

# The syscalls of the systemd-analyze filter sets named in $@, one per line.
filter_set_calls() {
	for set in "$@"; do
		systemd-analyze syscall-filter --no-pager "$set" > "$BATS_TEST_TMPDIR/set" ||
			{ echo "no filter set $set" >&2; return 1; }
		sed -n 's/^ *\([a-z0-9_]*\)$/\1/p' "$BATS_TEST_TMPDIR/set"
	done
}

# The unit's call filters, with the denied calls in $BATS_TEST_TMPDIR/denied.
unit_filters() {
	unit=$UNITS/libcdev@.service
	for opt in LockPersonality MemoryDenyWriteExecute RestrictNamespaces RestrictRealtime RestrictSUIDSGID; do
		grep -qx "$opt=yes" "$unit"
	done
	grep -qx 'SystemCallArchitectures=native' "$unit"
	read -ra denied_sets <<< "$(sed -n 's/^SystemCallFilter=~//p' "$unit")"
	[ "${#denied_sets[@]}" -ge 1 ]
	filter_set_calls "${denied_sets[@]}" | sort -u > "$BATS_TEST_TMPDIR/denied"
	[ "$(wc -l < "$BATS_TEST_TMPDIR/denied")" -ge 20 ]
}

# The serving host $1 as the filters leave it: no mapping writable and
# executable (MemoryDenyWriteExecute), the default personality
# (LockPersonality), no thread under a real-time policy, SCHED_FIFO 1,
# SCHED_RR 2 or SCHED_DEADLINE 6 (RestrictRealtime).
check_host_state() {
	local pid=$1 stat policy
	no_match -E '^[0-9a-f-]+ .wx' /proc/"$pid"/maps
	[ "$(cat /proc/"$pid"/personality)" = 00000000 ]
	for stat in /proc/"$pid"/task/*/stat; do
		policy=$(sed 's/.*) //' "$stat" 2> /dev/null | cut -d' ' -f39)
		# A thread that ended since the listing has no policy to check.
		[[ -n $policy || -e $stat ]] || continue
		[[ $policy =~ ^[035]$ ]] || { echo "$stat: policy $policy" >&2; return 1; }
	done
}

# strace file $1 of the host, which made a call matching $2 while serving
# (that the trace is of a host that served): none of the calls the unit's
# filters deny, from the host's exec on (setpriv's calls before it are not
# the host's).
check_call_filters() {
	local trace=$1 ht=$BATS_TEST_TMPDIR/host.trace start used_denied
	start=$(grep -n 'execve(".*/cdevctl", ' "$trace" | tail -n 1 | cut -d: -f1)
	[ -n "$start" ]
	tail -n +"$start" "$trace" > "$ht"
	grep -qE "^[0-9]+ +$2" "$ht" || { echo "no call matching '$2' in the trace" >&2; return 1; }
	sed -nE 's/^[0-9]+ +(<\.\.\. )?([a-z0-9_]+)[( ].*/\2/p' "$ht" | sort -u > "$BATS_TEST_TMPDIR/used"
	# SystemCallFilter=~...: no call of the sets it denies.
	used_denied=$(comm -12 "$BATS_TEST_TMPDIR/used" "$BATS_TEST_TMPDIR/denied")
	[ -z "$used_denied" ] || { echo "denied calls made: $used_denied" >&2; return 1; }
	# RestrictNamespaces: no new namespace, none joined.
	no_match -E '^[0-9]+ +(unshare|setns)\(|CLONE_NEW' "$ht"
	# RestrictRealtime: no real-time policy asked for.
	no_match -E '^[0-9]+ +sched_set(scheduler|attr|param)\(.*SCHED_(FIFO|RR|DEADLINE)' "$ht"
	# LockPersonality: the personality only read (0xffffffff), never changed.
	no_match -E '^[0-9]+ +personality\((0x[0-9a-e]|[0-9])' "$ht"
	# MemoryDenyWriteExecute: no mapping made writable and executable, none made executable later.
	no_match -E '^[0-9]+ +(mmap|mprotect|pkey_mprotect)\(.*PROT_WRITE\|PROT_EXEC' "$ht"
	no_match -E '^[0-9]+ +(mprotect|pkey_mprotect)\(.*PROT_EXEC' "$ht"
	# RestrictSUIDSGID: no file made set-user-ID or set-group-ID.
	no_match -E '^[0-9]+ +(chmod|fchmod|fchmodat|fchmodat2|mkdir|mkdirat|mknod|mknodat|open|openat|creat)\(.*S_IS[UG]ID' "$ht"
	# SystemCallArchitectures=native: strace says when a process changes ABI.
	no_match 'runs in .* mode' "$trace"
}
