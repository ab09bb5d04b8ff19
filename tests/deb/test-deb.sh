#!/bin/bash
# The Debian packages, built, checked and used as a user gets them:
#
#   tests/deb/test-deb.sh SRCDIR DIST_TARBALL
#
# builds the binary packages from the release tarball with its debian/
# directory (dpkg-buildpackage -us -uc -b), runs lintian (no error allowed),
# checks that no maintainer script starts or enables a unit, installs them,
# and then, from the installed paths only: verifies the units
# (systemd-analyze verify, man pages included) and the bash completion,
# loads an example by name with cdevctl modprobe and reads its node, runs
# libcdev@hello.service's command line under a NOTIFY_SOCKET listener and
# reads the node at READY=1; removes and purges the packages, and checks
# that no file of theirs, nor systemd state of their units, is left. Needs
# root (it installs packages); exits 77 when it cannot run here. The FUSE
# backend stands in for CUSE where /dev/cuse is missing.
set -euo pipefail

srcdir=$(cd "${1:?SRCDIR}" && pwd)
tarball=$(cd "$(dirname "${2:?DIST_TARBALL}")" && pwd)/$(basename "$2")
packages=(libcdev2 libcdev-dev cdevctl libcdev-examples)

skip() { echo "SKIP: $*"; exit 77; }
[ "$(id -u)" -eq 0 ] || skip "installs packages: needs root"
for tool in dpkg-buildpackage lintian dh cc; do
	command -v "$tool" > /dev/null || skip "no $tool"
done
[ -c /dev/fuse ] || [ -c /dev/cuse ] || skip "neither /dev/cuse nor /dev/fuse"
for p in "${packages[@]}"; do
	if dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q ' installed$'; then
		skip "$p is installed already; the test would replace it"
	fi
done

work=$(mktemp -d /tmp/libcdev-deb.XXXXXX)
host=""
cleanup() {
	[ -n "$host" ] && kill -9 "$host" 2>/dev/null
	awk -v d="$work/" 'index($2, d) == 1 { print $2 }' /proc/mounts |
		while read -r m; do umount -l "$m"; done
	dpkg --purge "${packages[@]}" > /dev/null 2>&1 || true
	rm -rf "$work"
}
trap cleanup EXIT
step() { echo "=== $*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

step "build the packages"
tar -xf "$tarball" -C "$work"
src=$(echo "$work"/libcdev-*/)
( cd "$src" && DEB_BUILD_OPTIONS="nocheck noddebs parallel=$(nproc)" \
	dpkg-buildpackage -us -uc -b > "$work/build.log" 2>&1 ) ||
	{ tail -n 60 "$work/build.log"; fail "dpkg-buildpackage"; }
# debhelper 13 autoreconfigures the source (dh-autoreconf) before configuring it.
grep -q '^[[:space:]]*dh_autoreconf' "$work/build.log" || fail "dh_autoreconf did not run"
debs=()
for p in "${packages[@]}"; do
	debs+=("$(echo "$work/${p}_"*.deb)")
	[ -f "${debs[-1]}" ] || fail "no package $p"
done

step "lintian"
lintian --fail-on error --suppress-tags-from-file /dev/null "$work"/*.changes ||
	fail "lintian reports errors"

# The lines of maintainer script $1 that start a unit, or enable one other
# than again what the user had enabled (an installed unit that was-enabled;
# on a first installation was-enabled is true, debian-installed false);
# a failing status when there is none.
starts_or_enables() {
	awk '/debian-installed/ { installed = NR }
		/was-enabled/ && installed && NR - installed <= 5 { guard = NR }
		/deb-systemd-invoke[[:space:]]+(--user[[:space:]]+)?(start|restart|reload|\$)/ ||
		/systemctl[^|;&]*[[:space:]](start|restart|enable|reenable)[[:space:]]/ ||
		(/deb-systemd-helper[[:space:]]+(--user[[:space:]]+)?(enable|reenable)/ && !(guard && NR - guard <= 3)) {
			print FILENAME ":" NR ": " $0; found = 1
		}
		END { exit !found }' "$1"
}

step "maintainer scripts start nothing"
# dh_installsystemd --no-enable --no-start: daemon-reload, state bookkeeping,
# try-restart of what is running on upgrade and stop on removal are fine;
# enabling, or starting a unit that is not running, is not.
for deb in "${debs[@]}"; do
	ctl=$work/control/$(basename "$deb" .deb)
	mkdir -p "$ctl"
	dpkg-deb -e "$deb" "$ctl"
	for script in "$ctl"/preinst "$ctl"/postinst "$ctl"/prerm "$ctl"/postrm; do
		[ -f "$script" ] || continue
		starts_or_enables "$script" &&
			fail "$(basename "$ctl")'s $(basename "$script") starts or enables a unit"
		grep -n 'systemd' "$script" | sed "s|^|$(basename "$ctl")/$(basename "$script"):|" || true
	done
done

step "install"
dpkg -i "${debs[@]}" > /dev/null || fail "dpkg -i"
# What the packages own, to check against after the purge.
owned=$(dpkg -L "${packages[@]}" | sort -u)
# Nothing was enabled: no unit is wanted by anything.
if find /etc/systemd/system -name 'libcdev*' 2>/dev/null | grep -q .; then
	fail "a unit was enabled on installation"
fi

# From here on, only what the packages installed.
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
unset LIBCDEV_MODULE_PATH LIBCDEV_CONFDIR LIBCDEV_BACKEND
export LIBCDEV_RUNDIR=$work/run LIBCDEV_REGISTRY=$work/regions
export LIBCDEV_FUSE_MOUNTPOINT=$work/mnt
[ -c /dev/cuse ] && node_dir=/dev || node_dir=$LIBCDEV_FUSE_MOUNTPOINT

step "the installed units"
unit=$(pkg-config --variable=systemdsystemunitdir systemd)/libcdev@.service
[ -f "$unit" ] || fail "$unit is missing"
systemd-analyze verify "${unit%@.service}@hello.service" \
	"$(dirname "$unit")/libcdev-modules-load.service" || fail "systemd-analyze verify"

step "the installed man pages, by the names of the commands, units and files"
for page in cdevctl libcdev.service libcdev@.service libcdev-modules-load.service \
	libcdev-modprobe.d libcdev-modules-load.d; do
	man -w "$page" > /dev/null || fail "no man page $page"
done

step "the installed completion, where bash-completion looks for it"
completion=$(pkg-config --variable=completionsdir bash-completion)/cdevctl
[ -f "$completion" ] || fail "$completion is missing"
bash --norc --noprofile -c '. "$1" && complete -p cdevctl' _ "$completion" | grep -q ' cdevctl$' ||
	fail "$completion defines no completion for cdevctl"

step "modprobe hello from the installed module directory"
cdevctl modinfo -F description hello | grep -q '^Hello world' || fail "modinfo hello"
cdevctl modprobe hello whom=package || fail "modprobe hello"
[ "$(cat "$node_dir/hello")" = "Hello, package" ] || fail "reading $node_dir/hello"
cdevctl lsmod | grep -q '^hello ' || fail "lsmod"
cdevctl modprobe -r hello || fail "modprobe -r hello"

step "the unit's command line, with a readiness listener"
cc -O1 -o "$work/notify-listen" "$srcdir/tests/tools/notify-listen.c"
: > "$work/listen.out"
# shellcheck disable=SC2046
"$work/notify-listen" "$work/notify" "$node_dir/hello" -- \
	$(sed -n 's/^ExecStart=//p' "$unit" | sed 's/%i/hello/g') > "$work/listen.out" &
listener=$!
for _ in $(seq 300); do grep -q '^msg: READY=1$' "$work/listen.out" && break; sleep 0.1; done
grep -qx 'read: ok Hello, world' "$work/listen.out" || { cat "$work/listen.out"; fail "no node at READY=1"; }
host=$(sed -n 's/^pid //p' "$work/listen.out")
kill -TERM "$host"
wait "$listener"
host=""
grep -qx 'msg: STOPPING=1' "$work/listen.out" || fail "no STOPPING=1"
grep -qx 'exit 0' "$work/listen.out" || { cat "$work/listen.out"; fail "the host's exit"; }

step "remove and purge"
dpkg --remove "${packages[@]}" > /dev/null || fail "dpkg --remove"
# Those with something left to purge (maintainer scripts, conffiles); the
# others are gone already.
mapfile -t purge < <(dpkg-query -W -f '${Package} ${Status}\n' "${packages[@]}" 2>/dev/null |
	awk '$NF == "config-files" { print $1 }')
[ "${#purge[@]}" -eq 0 ] || dpkg --purge "${purge[@]}" > /dev/null || fail "dpkg --purge"
left=$(while read -r f; do [ -e "$f" ] && [ ! -d "$f" ] && echo "$f"; done <<< "$owned" || true)
[ -z "$left" ] || { echo "$left"; fail "files of the packages left after purge"; }
for p in "${packages[@]}"; do
	dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null | grep -q ' installed$' &&
		fail "$p is still known to dpkg"
done
# Nor the state deb-systemd-helper keeps for the units, nor an enablement link.
left=$(find /var/lib/systemd/deb-systemd-helper-enabled /var/lib/systemd/deb-systemd-helper-masked \
	/etc/systemd/system -name '*libcdev*' 2>/dev/null || true)
[ -z "$left" ] || { echo "$left"; fail "systemd state of the units left after purge"; }
echo "PASS: packages built, lintian-clean, installed, used, purged"
