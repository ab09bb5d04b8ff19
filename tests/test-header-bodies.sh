#!/bin/sh
# No installed header carries an implementation: a function defined in a
# header (a static inline) has a body of at most $MAX_LINES lines; anything
# longer belongs in the library, exported, as the kernel keeps its code in
# .c files. An offender is printed as HEADER:FUNCTION:LINES.
#
# The headers are what include/ holds (make install copies exactly that), or
# the files given as arguments. Macros are not looked at.
set -eu
: "${top_srcdir:=.}" "${MAX_LINES:=15}"
if [ $# -eq 0 ]; then
	set -- $(find "$top_srcdir/include" -name '*.h' | LC_ALL=C sort)
fi
[ $# -gt 0 ] || { echo "FAIL: no headers found below $top_srcdir/include"; exit 1; }

# A brace counter: comments, string and character literals and preprocessor
# lines are blanked first, so only the code's own braces count. At depth 0, a
# "{" whose head (the text since the last ";" or "}") ends in ")" opens a
# function body; the function's name is the identifier before the head's last
# parenthesised group (its parameters), once attributes are dropped. A body's
# length is the count of lines between its braces.
awk -v max="$MAX_LINES" '
function strip(s) {
	while (match(s, /__attribute__[ \t]*\(\([^()]*(\([^()]*\)[^()]*)*\)\)/))
		s = substr(s, 1, RSTART - 1) " " substr(s, RSTART + RLENGTH)
	gsub(/__printf[ \t]*\([^)]*\)/, " ", s)
	gsub(/__scanf[ \t]*\([^)]*\)/, " ", s)
	return s
}
function fname(head,	s, i, d, c) {
	# The identifier before the last parenthesised group of the head: the parameters.
	s = strip(head)
	sub(/[ \t]+$/, "", s)
	d = 0
	for (i = length(s); i > 0; i--) {
		c = substr(s, i, 1)
		if (c == ")")
			d++
		else if (c == "(" && --d == 0)
			break
	}
	s = substr(s, 1, i - 1)
	if (match(s, /[A-Za-z_][A-Za-z0-9_]*[ \t]*$/)) {
		s = substr(s, RSTART)
		sub(/[ \t]+$/, "", s)
		return s
	}
	return "?"
}
FNR == 1 { incomment = 0; cont = 0; depth = 0; head = ""; infn = 0 }
{
	line = $0
	# A preprocessor line and its continuations: not code of a function.
	if (cont || line ~ /^[ \t]*#/) {
		cont = (line ~ /\\$/)
		next
	}
	out = ""
	while (line != "") {
		if (incomment) {
			if ((i = index(line, "*/")) == 0) { line = ""; break }
			line = substr(line, i + 2)
			incomment = 0
			continue
		}
		if (match(line, /\/\*|\/\/|"|\047/) == 0) { out = out line; break }
		out = out substr(line, 1, RSTART - 1)
		tok = substr(line, RSTART, RLENGTH)
		line = substr(line, RSTART + RLENGTH)
		if (tok == "//") { line = ""; break }
		if (tok == "/*") { incomment = 1; out = out " "; continue }
		# A literal: skip to its unescaped end.
		while (line != "") {
			c = substr(line, 1, 1)
			line = substr(line, 2)
			if (c == "\\") { line = substr(line, 2); continue }
			if (c == tok) break
		}
		out = out tok tok
	}
	n = length(out)
	for (i = 1; i <= n; i++) {
		c = substr(out, i, 1)
		if (c == "{") {
			if (depth == 0) {
				h = head
				gsub(/[ \t\n]+$/, "", h)
				if (strip(h) ~ /\)[ \t]*$/ && h !~ /=/) {
					infn = 1
					fn = fname(h)
					start = FNR
				}
			}
			depth++
		} else if (c == "}") {
			if (depth > 0)
				depth--
			if (depth == 0) {
				if (infn && FNR - start - 1 > max) {
					printf "%s:%s:%d\n", FILENAME, fn, FNR - start - 1
					bad++
				}
				infn = 0
				head = ""
			}
		} else if (depth == 0) {
			if (c == ";")
				head = ""
			else
				head = head c
		}
	}
	if (depth == 0)
		head = head " "
}
END { exit bad ? 1 : 0 }
' "$@" && status=0 || status=$?
if [ "$status" -ne 0 ]; then
	echo "FAIL: function bodies of more than $MAX_LINES lines in installed headers (above)"
	exit 1
fi
echo "header bodies: $# headers, no function body over $MAX_LINES lines"
