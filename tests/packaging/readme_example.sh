#!/usr/bin/env bash
# The README's "library in 30 lines" is a complete program: taken from
# README.md as printed, compiled against this build's library with warnings
# as errors, run, and its output holds the line the README's comment shows
# (d3e5 -225), then the threshold test's line.
# Usage: readme_example.sh README.md CC INCLUDE_DIR LIBSEEBATCH.a SANITIZERS
# Exit 77 (skip) in a sanitizer build (the library needs the sanitizer's
# runtime there; the plain builds run it).
set -euo pipefail
readme=$1 cc=$2 include=$3 library=$4 sanitize=${5:-}
fail() { echo "FAIL: $*"; exit 1; }
source "$(dirname "$0")/../docs/readme_text.sh"
if [ -n "$sanitize" ]; then
    echo "skip: a sanitizer build ($sanitize); the README's example is compiled in plain builds"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The first C block after the heading, as printed.
readme_block "$readme" "The library in 30 lines" c > "$work/example.c"
[ -s "$work/example.c" ] || fail "README.md has no C block under \"The library in 30 lines\""
lines=$(wc -l < "$work/example.c")
[ "$lines" -le 30 ] || fail "the example is $lines lines, not 30"
"$cc" -std=c11 -Wall -Wextra -Werror -I"$include" -o "$work/example" "$work/example.c" "$library" \
    -lpthread -lm || fail "the README's example does not compile"
program=$work/example
[ -e "$program.exe" ] && program=$program.exe # Windows compilers add it
# SEEBATCH_EMULATOR: a cross build's emulator (qemu, wine), from CMake. A
# Windows program's printf ends its lines "\r\n" (text mode): read as lines.
${SEEBATCH_EMULATOR:-} "$program" > "$work/text" || fail "the README's example exited $?"
tr -d '\r' < "$work/text" > "$work/out"
cat "$work/out"
documented=$(sed -n 's|.*printf.*/\* \([a-h][1-8][a-h][1-8] -*[0-9]*\) \*/.*|\1|p' "$work/example.c")
[ -n "$documented" ] || fail "the example no longer shows a line of its output in a comment"
grep -qx -- "$documented" "$work/out" || fail "the example does not print \"$documented\" as its comment says"
[ "$(tail -1 "$work/out")" = "d3e5 loses material" ] || fail "the threshold test's line: $(tail -1 "$work/out")"
echo "README example: ok"
