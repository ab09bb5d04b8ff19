#!/bin/sh
# cdevctl twin-test's bad input, on the host: each case ends quickly with
# status 2 and a message that says what is wrong, before any VM starts.
# (The runs themselves, a hanging test among them, are in tests/twin/*.bats.)
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
src=$(cd "$top_srcdir" && pwd)
bld=$(cd "$top_builddir" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
twin=$bld/tools/cdevctl

# expect STATUS TEXT ARGS...: twin-test ARGS exits STATUS and says TEXT.
expect() {
	want=$1 text=$2
	shift 2
	"$twin" twin-test "$@" > "$tmp/out" 2>&1
	got=$?
	[ "$got" -eq "$want" ] || fail "twin-test $*: status $got, not $want: $(cat "$tmp/out")"
	grep -qF -- "$text" "$tmp/out" || fail "twin-test $*: no '$text' in: $(cat "$tmp/out")"
}

echo 'check "x" true' > "$tmp/test.sh"
expect 0 'Usage: cdevctl twin-test' --help
expect 2 'needs DRIVER_DIR and TEST_SCRIPT'
expect 2 'unknown option' --bogus a b
expect 2 "is not a positive number" --timeout 0 a b
expect 2 'is not a directory' "$tmp/none" "$tmp/test.sh"
mkdir "$tmp/nokbuild"
expect 2 'no Kbuild file in' "$tmp/nokbuild" "$tmp/test.sh"
mkdir "$tmp/empty"
echo '# nothing' > "$tmp/empty/Kbuild"
expect 2 'lists no obj-m module' "$tmp/empty" "$tmp/test.sh"
expect 2 'no test script' "$src/examples/kernel/lkmpg" "$tmp/none.sh"
expect 2 'is not a module parameter' "$src/examples/kernel/lkmpg" "$tmp/test.sh" --local
mkdir "$tmp/two"
printf 'obj-m += a.o\nobj-m += b.o\n' > "$tmp/two/Kbuild"
expect 2 'lists several modules' "$tmp/two" "$tmp/test.sh"
expect 2 "has no ';'" --device 'a irq=1;b' a b
expect 2 '--device needs --board' --device 'a irq=1' a b
expect 2 'no board module' --board "$tmp/none.ko" a b
expect 2 'no kernel build directory' --kernel-build "$tmp/none" "$src/examples/kernel/lkmpg" "$tmp/test.sh"

# Builds that fail, each with the end of its output: the kernel's (a syntax
# error), then libcdev's (a kernel function the compatible headers lack).
# Both need the kernel's headers (tools/install-deps.sh installs them).
kdir=$("$src/tests/twin/build-ko" --kdir) || fail "no kernel headers for the VM's kernel"
mkdir "$tmp/broken" "$tmp/kernelonly"
echo 'obj-m += broken.o' > "$tmp/broken/Kbuild"
printf '#include <linux/module.h>\nthis is not C;\nMODULE_LICENSE("GPL");\n' > "$tmp/broken/broken.c"
expect 2 'broken does not build as a kernel module' --vm --kernel-build "$kdir" "$tmp/broken" "$tmp/test.sh"
echo 'obj-m += kernelonly.o' > "$tmp/kernelonly/Kbuild"
# PCI: a part of the kernel libcdev has no reason to provide.
cat > "$tmp/kernelonly/kernelonly.c" <<'C'
#include <linux/module.h>
#include <linux/pci.h>
static int __init k_init(void) { return pci_dev_present(NULL) ? -ENODEV : 0; }
module_init(k_init);
MODULE_LICENSE("GPL");
C
expect 2 'kernelonly does not build against libcdev' --vm --kernel-build "$kdir" "$tmp/kernelonly" "$tmp/test.sh"
echo "twin-test bad input: ok"
