#!/bin/sh
# cdev-kbuild on the host: the kernel-style examples build from their Kbuild
# files into modules cdevctl reads, KBUILD_MODNAME is the module's name, a
# kernel symbol the layer lacks stops the build at compile time, clean
# removes what the build made, and `check` gives each kind of verdict and
# the ranking of what is missing, as text and as JSON; a symbol one module
# exports resolves for another checked with it. The libcdev-kernel.pc used is
# the build tree's.
set -eu
: "${top_srcdir:=.}" "${top_builddir:=.}"
src=$(cd "$top_srcdir" && pwd)
bld=$(cd "$top_builddir" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

[ -f "$bld/libcdev/uninstalled/libcdev-kernel.pc" ] || fail "no build-tree libcdev-kernel.pc (make first)"
export PKG_CONFIG_PATH="$bld/libcdev/uninstalled"
# kbuild's warnings (libcdev-kernel.pc), made errors: the examples build clean.
export CFLAGS="-Werror"
kbuild=$src/tools/cdev-kbuild

"$kbuild" --help | grep -q '^Usage: cdev-kbuild' || fail "--help"

cp -r "$src/examples/kernel/lkmpg" "$src/examples/kernel/scull" "$tmp/"
# The copies must be writable: a distribution's tree (make distcheck) is read-only.
chmod -R u+w "$tmp"
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

# ---- check ----
mkdir "$tmp/drv"
cat > "$tmp/drv/Makefile" <<'KB'
obj-$(CONFIG_GOOD) += good.o
obj-m += two.o
two-y := two-a.o two-b.o
obj-$(CONFIG_X) += nohdr.o nohdr2.o pcidrv.o armdrv.o unres.o warn.o undecl.o
KB
good='#include <linux/module.h>\nstatic int __init g_init(void) { return 0; }\nmodule_init(g_init);\nMODULE_LICENSE("GPL");\n'
printf "$good" > "$tmp/drv/good.c"
printf "$good" | sed 's/g_init/a_init/g' > "$tmp/drv/two-a.c"
printf '#include <linux/kernel.h>\nint two_b(void);\nint two_b(void) { return 1; }\n' > "$tmp/drv/two-b.c"
printf '#include <linux/module.h>\n#include <linux/no_such_header.h>\n' > "$tmp/drv/nohdr.c"
printf '#include <linux/no_such_header.h>\n' > "$tmp/drv/nohdr2.c"
printf '#include <linux/module.h>\n#include <linux/pci.h>\n' > "$tmp/drv/pcidrv.c"
printf '#include <linux/module.h>\n#include <asm/mach-types.h>\n' > "$tmp/drv/armdrv.c"
printf '#include <linux/module.h>\nint no_such_export(void);\nint u(void);\nint u(void) { return no_such_export(); }\n' > "$tmp/drv/unres.c"
printf '#include <linux/module.h>\nint w(void);\nint w(void) { int unused; return 0; }\n' > "$tmp/drv/warn.c"
printf '#include <linux/module.h>\nint d(void);\nint d(void) { return no_such_kernel_call(1); }\n' > "$tmp/drv/undecl.c"
rc=0
CFLAGS= "$kbuild" check "$tmp/drv" > "$tmp/out" 2>&1 || rc=$?
[ $rc = 1 ] || fail "check of files that are not all ok exited $rc: $(cat "$tmp/out")"
expect() {
	grep -qxF "$tmp/drv/$1" "$tmp/out" || fail "no line '$1' in: $(cat "$tmp/out")"
}
expect "good.c: ok"
expect "two-a.c: ok"
expect "two-b.c: ok"
expect "nohdr.c: missing header <linux/no_such_header.h>"
expect "pcidrv.c: out of scope: PCI (<linux/pci.h>)"
expect "armdrv.c: out of scope: an architecture other than x86 (<asm/mach-types.h>)"
expect "unres.c: unresolved symbol no_such_export"
expect "undecl.c: undeclared no_such_kernel_call"
grep -q "^$tmp/drv/warn.c: warning: .*unused" "$tmp/out" || fail "no warning verdict: $(cat "$tmp/out")"
grep -Eq '^ +2  header +<linux/no_such_header.h>$' "$tmp/out" ||
	fail "the ranking does not count the header twice: $(cat "$tmp/out")"
grep -Eq '^total +10 +2 +8 +3 ' "$tmp/out" || fail "wrong totals: $(grep '^total' "$tmp/out")"

# A header reached by climbing out of the driver's folder is named as the
# tree names it: "../../sound/soc/x.h" is sound's, out of scope.
mkdir -p "$tmp/tree/drivers/misc"
printf '#include <linux/module.h>\n#include "../../sound/soc/dai.h"\n' > "$tmp/tree/drivers/misc/climb.c"
CFLAGS= "$kbuild" check "$tmp/tree/drivers/misc/climb.c" > "$tmp/out" 2>&1
grep -qxF "$tmp/tree/drivers/misc/climb.c: out of scope: sound (<../../sound/soc/dai.h>)" "$tmp/out" ||
	fail "a climbing include of a sound header: $(cat "$tmp/out")"

# One file alone, all ok: exit 0. JSON: the same verdicts.
CFLAGS= "$kbuild" check "$tmp/drv/good.c" > "$tmp/out" || fail "check of a good file failed"
# A file named without its directory, from the directory it is in.
(cd "$tmp/drv" && CFLAGS= "$kbuild" check good.c) > "$tmp/out" 2>&1 ||
	fail "check of good.c in its own directory failed: $(cat "$tmp/out")"
grep -q '^\./good\.c: ok$' "$tmp/out" || fail "good.c checked alone: $(cat "$tmp/out")"
CFLAGS= "$kbuild" check --json "$tmp/drv" > "$tmp/json" || true
jq -e '.files | length == 10' "$tmp/json" >/dev/null || fail "JSON files: $(cat "$tmp/json")"
jq -e '.files[] | select(.file | endswith("/pcidrv.c")) | .verdict == "out of scope"' \
	"$tmp/json" >/dev/null || fail "JSON verdict of pcidrv.c"
jq -e '.missing[] | select(.name == "<linux/no_such_header.h>") | .files == 2' \
	"$tmp/json" >/dev/null || fail "JSON ranking"
# A symbol another module of the check exports resolves, as modpost lets it;
# checked alone, the user of the export lacks it.
mkdir "$tmp/exp" "$tmp/use"
printf '#include <linux/module.h>\nint lib_value(void);\nint lib_value(void) { return 7; }\nEXPORT_SYMBOL(lib_value);\nMODULE_LICENSE("GPL");\n' > "$tmp/exp/libmod.c"
printf '#include <linux/module.h>\nint lib_value(void);\nstatic int __init u_init(void) { return lib_value() - 7; }\nmodule_init(u_init);\nMODULE_LICENSE("GPL");\n' > "$tmp/use/usermod.c"
CFLAGS= "$kbuild" check "$tmp/exp" "$tmp/use" > "$tmp/out" || fail "an exported symbol did not resolve: $(cat "$tmp/out")"
grep -qxF "$tmp/use/usermod.c: ok" "$tmp/out" || fail "usermod.c not ok: $(cat "$tmp/out")"
if CFLAGS= "$kbuild" check "$tmp/use" > "$tmp/out"; then fail "usermod.c alone linked"; fi
grep -qxF "$tmp/use/usermod.c: unresolved symbol lib_value" "$tmp/out" ||
	fail "usermod.c alone: $(cat "$tmp/out")"

if "$kbuild" check "$tmp/no-such-dir" 2> "$tmp/err"; then fail "check of a missing path passed"; fi
grep -q 'no such file' "$tmp/err" || fail "no message for a missing path: $(cat "$tmp/err")"
echo "cdev-kbuild: build, clean and check OK"
