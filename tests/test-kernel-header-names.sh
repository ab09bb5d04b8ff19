#!/bin/sh
# No kernel header name falls through to the system's headers: each
# <linux/...> and <asm/...> name of an x86_64 kernel build
# (tools/kernel-headers.txt) that a driver includes resolves to the layer's
# header, to a placeholder that stops with one line, or to nothing at all,
# but never to the system's user-space header of the same name, which is not
# the kernel's (the C library's own, "uapi" in tools/kernel-scope.txt,
# aside). Each subsystem left out stops with exactly one line naming it.
set -eu
: "${CC:=cc}" "${top_srcdir:=.}" "${top_builddir:=.}"
layer=$(cd "$top_srcdir/include" && pwd)
placeholders=$(cd "$top_builddir/libcdev-kernel-placeholders" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
flags="-I$layer/libcdev-kernel -I$layer -I$placeholders -DKBUILD_MODNAME=\"t\" -DMODULE"
fail=0

# The C library's own kernel headers, which may be the system's.
awk '$1 !~ /^#/ && $2 == "uapi" { print $1 }' "$top_srcdir/tools/kernel-scope.txt" > "$tmp/uapi"
grep -E '^(linux|asm)/' "$top_srcdir/tools/kernel-headers.txt" > "$tmp/names"
sed 's/.*/#include <&>/' "$tmp/names" > "$tmp/all.c"
# -MG: a header nobody has is listed by name and the run goes on; -H: the
# file each include of all.c (depth 1) resolved to.
# shellcheck disable=SC2086
$CC -M -MG -H $flags "$tmp/all.c" > /dev/null 2> "$tmp/tree" || true
n=$(wc -l < "$tmp/names")
awk -v layer="$layer/" -v ph="$placeholders/" -v uapifile="$tmp/uapi" '
function glob2re(g) {
	gsub(/\./, "\\.", g); gsub(/\*/, ".*", g)
	return "^" g "$"
}
BEGIN { while ((getline p < uapifile) > 0) uapi[++nu] = glob2re(p) }
/^\. / {
	path = $2
	if (index(path, layer) == 1 || index(path, ph) == 1)
		next
	name = path
	sub("^/usr/include/([^/]*-linux-gnu/)?", "", name)
	for (i = 1; i <= nu; i++)
		if (name ~ uapi[i])
			next
	print "FAIL: <" name "> resolves to the system'"'"'s " path
	bad = 1
}
END { exit bad }' "$tmp/tree" || fail=1
resolved=$(grep -c '^\. ' "$tmp/tree" || true)
echo "kernel header names: $n, of which $resolved resolve (the layer's, a placeholder or the C library's)"

# One line per subsystem left out, naming it.
for h in linux/pci.h linux/usb.h net/sock.h linux/blkdev.h sound/core.h drm/drm_drv.h \
	linux/acpi.h linux/virtio.h linux/parport.h; do
	printf '#include <%s>\nint x;\n' "$h" > "$tmp/one.c"
	# shellcheck disable=SC2086
	if $CC $flags -c "$tmp/one.c" -o "$tmp/one.o" 2> "$tmp/err"; then
		echo "FAIL: <$h> compiled"
		fail=1
		continue
	fi
	if [ "$(grep -c ': error: ' "$tmp/err")" != 1 ] ||
		! grep -q "libcdev-kernel: .* is not available in user space (<$h>)" "$tmp/err"; then
		echo "FAIL: <$h> does not stop with one line naming its subsystem:"
		cat "$tmp/err"
		fail=1
	fi
done
# What of the buses the layer does not have yet says so (I2C multiplexers);
# what it has compiles.
printf '#include <linux/i2c-mux.h>\n' > "$tmp/one.c"
# shellcheck disable=SC2086
$CC $flags -c "$tmp/one.c" -o "$tmp/one.o" 2> "$tmp/err" || true
grep -q 'libcdev-kernel: I2C, SPI, GPIO and regmap are not available yet (<linux/i2c-mux.h>)' "$tmp/err" ||
	{ echo "FAIL: <linux/i2c-mux.h>: $(cat "$tmp/err")"; fail=1; }
printf '#include <linux/i2c.h>\nint x;\n' > "$tmp/one.c"
# shellcheck disable=SC2086
$CC $flags -c "$tmp/one.c" -o "$tmp/one.o" 2> "$tmp/err" ||
	{ echo "FAIL: <linux/i2c.h>: $(cat "$tmp/err")"; fail=1; }
exit $fail
