#!/bin/sh
# make distcheck as a user who is not root, so that its install, uninstall
# and checks prove they need no privilege: a file written outside the
# private prefix (a systemd unit, a completion) is then a permission error
# instead of a silent write into the system's directories.
#
# Run from a configured build tree. As root it copies the distribution's
# files (make distdir) into a scratch directory owned by DISTCHECK_USER
# (default: nobody), configures them there and runs make distcheck as that
# user; as any other user it runs make distcheck in place. Arguments go to
# make (e.g. -j2). The scratch directory is removed on every exit.
set -eu

if [ "$(id -u)" -ne 0 ]; then
	exec make distcheck "$@"
fi

user=${DISTCHECK_USER:-nobody}
if ! id -u "$user" >/dev/null 2>&1; then
	echo "distcheck-as-user: no user '$user' (set DISTCHECK_USER)" >&2
	exit 1
fi
if [ "$(id -u "$user")" -eq 0 ]; then
	echo "distcheck-as-user: '$user' is root; name a user who is not" >&2
	exit 1
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/distcheck.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT TERM HUP

make -s distdir distdir="$scratch/src" >/dev/null
chown -R "$user" "$scratch"
chmod 700 "$scratch"

# The user's own HOME and caches: nobody's home does not exist.
runuser -u "$user" -- env HOME="$scratch" XDG_CACHE_HOME="$scratch/cache" \
	TMPDIR="$scratch" sh -c 'cd "$1/src" && shift && ./configure -q && make "$@" distcheck' \
	sh "$scratch" "$@"
