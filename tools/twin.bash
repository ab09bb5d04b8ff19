# SPDX-License-Identifier: LGPL-2.1-or-later
# twin.bash - helpers for the test scripts of `cdevctl twin-test`, which runs
# one script twice: against a driver loaded as a kernel module and against
# the same source loaded by libcdev. A script sources this file:
#
#     source "$TWIN_LIB"
#
# and prints one line per assertion, "NAME: RESULT"; twin-test compares the
# lines of the two runs one by one. Set by twin-test for the script:
#   TWIN_SIDE     kernel or libcdev: which one this run drives
#   TWIN_MODULE   the module's name (obj-m's, with - made _)
#   TWIN_PROC     where the module's /proc entries are: /proc in the kernel,
#                 /dev/proc with libcdev (libcdev-kernel(7))
#   TWIN_SYS      where its attributes and debugfs files are: /sys in the
#                 kernel, /dev/sys with libcdev (libcdev-platform(7))
#   TWIN_DEVICES  the platform devices of twin-test --device, one a line
#   TWIN_TMP      an empty directory of this run's own
#   TWIN_KO, TWIN_SO, TWIN_CDEVCTL   the two modules and the cdevctl used
# The module is loaded before the script runs and unloaded after it.

# check NAME CMD...: run CMD and print "NAME: its output", the lines of the
# output joined by " | ", and "(exit N)" when its status is not 0. Standard
# error is not compared (messages differ between tools); it goes to the
# script's standard error.
check() {
	local name=$1 out status
	shift
	# Through a file, not $(...): one process less per check, which counts
	# where a fork is slow (a VM without KVM).
	"$@" > "$TWIN_TMP/.check"
	status=$?
	IFS= read -r -d '' out < "$TWIN_TMP/.check"
	while [[ $out == *$'\n' ]]; do out=${out%$'\n'}; done
	out=${out//$'\n'/ | }
	if [ "$status" -eq 0 ]; then
		echo "$name: $out"
	else
		echo "$name: $out (exit $status)"
	fi
}

# known NAME REASON: the check NAME may differ between the two runs, for
# REASON (a limit libcdev-kernel(7) lists). twin-test names and counts it
# instead of failing; print it on both runs, before the check.
known() {
	echo "known: $1: $2"
}

# twin_load [PARAM=VALUE...]: load the module again, with those parameters,
# the way this run's side loads it: insmod(8) or cdevctl insmod. The status is
# 0 or 1 as for insmod; the tools' messages go to standard error.
twin_load() {
	if [ "$TWIN_SIDE" = kernel ]; then
		insmod "$TWIN_KO" "$@" >&2 || return 1
	else
		local opts=() line
		while IFS= read -r line; do
			[ -z "$line" ] || opts+=(--device "$line")
		done <<< "$TWIN_DEVICES"
		"$TWIN_CDEVCTL" insmod "${opts[@]}" "$TWIN_SO" "$@" >&2 || return 1
	fi
}

# twin_irq N...: raise the IRQ lines of the described devices, in order, as
# their hardware would: the board module's irq parameter in the kernel
# (twin-board.ko), cdevctl irq with libcdev. The status is 1 if a line has no
# handler. A hard handler has run when the kernel's write returns, but
# cdevctl irq returns once the host took the raise: wait for what the handler
# does, not for the return.
twin_irq() {
	local n
	if [ "$TWIN_SIDE" = kernel ]; then
		for n in "$@"; do
			echo "$n" 2>/dev/null > /sys/module/twin_board/parameters/irq || {
				echo "twin_irq: no handler is requested for IRQ $n" >&2
				return 1
			}
		done
	else
		"$TWIN_CDEVCTL" irq "$TWIN_MODULE" "$@" >&2 || return 1
	fi
}

# twin_unload: rmmod(8) or cdevctl rmmod; 1 if the module is in use.
twin_unload() {
	if [ "$TWIN_SIDE" = kernel ]; then
		rmmod "$TWIN_MODULE" >&2 || return 1
	else
		"$TWIN_CDEVCTL" rmmod "$TWIN_MODULE" >&2 || return 1
	fi
}

# as UID CMD...: run CMD with that uid and gid, no supplementary groups.
as() {
	local uid=$1
	shift
	setpriv --reuid="$uid" --regid="$uid" --clear-groups "$@"
}

# twin_wait CMD...: run CMD every 0.1 s until it succeeds; 1 after 20 s.
twin_wait() {
	local i
	for i in $(seq 200); do
		"$@" && return 0
		sleep 0.1
	done
	return 1
}

# bg NAME CMD...: start CMD in the background, its output in
# $TWIN_TMP/NAME.out, its stdin a fifo that `bg_send NAME` writes to.
bg() {
	local name=$1 fd
	shift
	mkfifo "$TWIN_TMP/$name.in"
	rm -f "$TWIN_TMP/$name.pid"
	# A subshell waits for CMD and keeps its status, so that bg_result can
	# run in a subshell of its own (a check) and still report it.
	(
		"$@" < "$TWIN_TMP/$name.in" > "$TWIN_TMP/$name.out" 2>&1 &
		echo $! > "$TWIN_TMP/$name.pid"
		wait $!
		echo $? > "$TWIN_TMP/$name.status"
	) &
	twin_wait test -s "$TWIN_TMP/$name.pid"
	exec {fd}> "$TWIN_TMP/$name.in"
}

bg_pid() {
	cat "$TWIN_TMP/$1.pid"
}

bg_send() {
	echo go > "$TWIN_TMP/$1.in"
}

# bg_wait_line NAME TEXT: wait until NAME has printed the line TEXT.
bg_wait_line() {
	twin_wait grep -qx -- "$2" "$TWIN_TMP/$1.out"
}

# bg_wait_call NAME read|write|poll: wait until NAME sleeps in that system
# call (x86-64 numbers), so a wake-up or a signal finds it there.
bg_wait_call() {
	local nr
	case $2 in
	read) nr=0 ;;
	write) nr=1 ;;
	poll) nr=7 ;;
	*) echo "bg_wait_call: unknown call $2" >&2; return 1 ;;
	esac
	twin_wait _twin_in_call "$(bg_pid "$1")" "$nr"
}

_twin_in_call() {
	local n
	read -r n _ < "/proc/$1/syscall" 2>/dev/null && [ "$n" = "$2" ]
}

# bg_alive NAME: whether NAME still runs ("alive" or "gone", for a check).
bg_alive() {
	if kill -0 "$(bg_pid "$1")" 2>/dev/null; then echo alive; else echo gone; fi
}

# bg_result NAME: wait for NAME to end (20 s at most) and print its output;
# the status is NAME's, 124 if it did not end (it is killed then).
bg_result() {
	if ! twin_wait test -s "$TWIN_TMP/$1.status"; then
		kill -9 "$(bg_pid "$1")" 2>/dev/null
		cat "$TWIN_TMP/$1.out"
		return 124
	fi
	cat "$TWIN_TMP/$1.out"
	return "$(cat "$TWIN_TMP/$1.status")"
}
