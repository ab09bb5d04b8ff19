#!/bin/sh
# cdev-kbuild on the host: the kernel-style examples build from their Kbuild
# files into modules cdevctl reads, KBUILD_MODNAME is the module's name, a
# kernel symbol the layer lacks stops the build at compile time, and clean
# removes what the build made. The libcdev-kernel.pc used points at the
# build tree.
set -eu
: "${top_srcdir:=.}" "${top_builddir:=.}"
src=$(cd "$top_srcdir" && pwd)
bld=$(cd "$top_builddir" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

mkdir "$tmp/pc"
cat > "$tmp/pc/libcdev-kernel.pc" <<PC
Name: libcdev-kernel
Description: the build tree's
Version: 0
Libs: -L$bld/libcdev/.libs -lcdev -pthread
Cflags: -I$src/include/libcdev-kernel -I$src/include $(sed -n 's/^Cflags: -I[^ ]* //p' "$bld/libcdev/libcdev-kernel.pc")
PC
export PKG_CONFIG_PATH="$tmp/pc"
# kbuild's warnings (libcdev-kernel.pc), made errors: the examples build clean.
export CFLAGS="-Werror"
kbuild=$src/tools/cdev-kbuild

"$kbuild" --help | grep -q '^Usage: cdev-kbuild' || fail "--help"

cp -r "$src/examples/kernel/lkmpg" "$src/examples/kernel/scull" "$tmp/"
"$kbuild" -C "$tmp/lkmpg" > "$tmp/out" || fail "building lkmpg: $(cat "$tmp/out")"
[ -f "$tmp/lkmpg/kchar.so" ] || fail "no kchar.so"
"$kbuild" -C "$tmp/scull" > "$tmp/out" || fail "building scull"
"$bld/tools/cdevctl" modinfo "$tmp/scull/kscull.so" | grep -q '^parm: *quantum:' ||
	fail "modinfo kscull.so shows no quantum parameter"

# Several objects, a dash in the name: KBUILD_MODNAME has it as _, as kbuild.
mkdir "$tmp/multi"
cat > "$tmp/multi/Kbuild" <<'KB'
obj-m := two-part.o
two-part-objs := a.o \
	b.o
KB
printf '#include <linux/module.h>\nint b_value(void);\nstatic int __init a_init(void) { pr_info("%%s %%d\\n", KBUILD_MODNAME, b_value()); return 0; }\nmodule_init(a_init);\nMODULE_LICENSE("GPL");\n' > "$tmp/multi/a.c"
printf '#include <linux/module.h>\nint b_value(void);\nint b_value(void) { return 42; }\n' > "$tmp/multi/b.c"
"$kbuild" -C "$tmp/multi" > "$tmp/out" || fail "building two objects: $(cat "$tmp/out")"
strings "$tmp/multi/two-part.so" | grep -qx 'two_part' || fail "KBUILD_MODNAME of two-part is not two_part"

# A kernel function the layer does not have: a compile error, not a load error.
mkdir "$tmp/missing"
echo 'obj-m += missing.o' > "$tmp/missing/Kbuild"
printf '#include <linux/module.h>\nstatic int __init m_init(void) { return no_such_kernel_function(); }\nmodule_init(m_init);\n' > "$tmp/missing/missing.c"
if "$kbuild" -C "$tmp/missing" > "$tmp/out" 2>&1; then
	fail "a missing kernel symbol built"
fi
grep -q 'implicit declaration' "$tmp/out" || fail "no implicit-declaration error: $(cat "$tmp/out")"
[ ! -e "$tmp/missing/missing.so" ] || fail "missing.so was made"

"$kbuild" -C "$tmp/lkmpg" clean
[ ! -e "$tmp/lkmpg/kchar.so" ] && [ ! -e "$tmp/lkmpg/kchar.o" ] || fail "clean left files"
[ -f "$tmp/lkmpg/kchar.c" ] || fail "clean removed a source"
echo "cdev-kbuild: examples, several objects, a missing symbol and clean behave"
