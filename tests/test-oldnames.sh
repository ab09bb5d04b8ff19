#!/bin/sh
# test-oldnames binds to the names of the first release (LIBCDEV_0), now
# aliases of the libcdev_ symbols, and they still work.
set -eu
: "${top_builddir:=.}"
prog="$top_builddir/tests/test-oldnames"
[ -x "$prog" ] || { echo "FAIL: $prog not built"; exit 1; }
for name in down up sema_init complete printk system_wq __wait_deadline kobject_refcount; do
	if ! readelf --dyn-syms -W "$prog" | grep -q " $name@LIBCDEV_0\b"; then
		echo "FAIL: test-oldnames does not bind $name@LIBCDEV_0"
		readelf --dyn-syms -W "$prog" | grep "@LIBCDEV" >&2 || true
		exit 1
	fi
done
exec "$prog"
