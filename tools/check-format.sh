#!/bin/sh
# The C sources are formatted as .clang-format says (the kernel's style):
# lists each file clang-format would change, with the first lines of the
# change, and fails if there is one. Format a file with: clang-format -i FILE
# Run from a git checkout (it formats what git tracks); CI runs it.
set -eu
cd "$(dirname "$0")/.."
: "${CLANG_FORMAT:=clang-format}"
if ! command -v "$CLANG_FORMAT" >/dev/null 2>&1; then
	echo "check-format: $CLANG_FORMAT not found (apt-get install clang-format)" >&2
	exit 2
fi
files=$(git ls-files '*.c' '*.h')
bad=0 n=0
for f in $files; do
	n=$((n + 1))
	if ! "$CLANG_FORMAT" "$f" | diff -u "$f" - > /tmp/check-format.$$ 2>&1; then
		echo "not formatted: $f"
		sed -n '3,12p' /tmp/check-format.$$
		bad=$((bad + 1))
	fi
done
rm -f /tmp/check-format.$$
echo "check-format: $n files, $bad not formatted ($("$CLANG_FORMAT" --version | head -n 1))"
[ "$bad" -eq 0 ]
