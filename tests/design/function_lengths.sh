#!/usr/bin/env bash
# The bar `one-design` (issue 36), part one: no function and no macro in
# lib/ or programs/ longer than 60 lines. The tree is clang-formatted, so a
# function's body runs from a "{" alone at the start of a line to the next
# "}" there, and its head from the first line at the start of a line after
# the code before it; a macro runs from its #define over its continued lines,
# and holds no `return` (a macro that returns hides its caller's exits).
# Usage: function_lengths.sh ROOT [LIMIT]   (prints each offender; exit 1 if any)
set -u
root=$1 limit=${2:-60}
cd "$root" || exit 2
find lib programs -name '*.[ch]' | sort | xargs awk -v limit="$limit" '
    FNR == 1 { head = 0; in_body = 0; in_macro = 0 }
    in_macro { returns(); if ($0 !~ /\\$/) { report(macro_start, FNR, macro); in_macro = 0 }; next }
    /^#[ \t]*define/ { macro = $2; sub(/\(.*/, "", macro); returns() }
    /^#[ \t]*define/ && /\\$/ { in_macro = 1; macro_start = FNR; next }
    in_body { if ($0 ~ /^}/) { report(head, FNR, name); in_body = 0; head = 0 }; next }
    /^\{/ { in_body = 1; next }
    /^[A-Za-z_]/ && !head { head = FNR; name = $0; sub(/\(.*/, "", name); n = split(name, w, /[ *]+/); name = w[n] }
    /;[ \t]*$/ || /^$/ || /^[ \t]*(\/\*|\*)/ || /^#/ { if (!in_body) head = 0 }
    function returns() {
        if ($0 ~ /(^|[^A-Za-z_])return([^A-Za-z_]|$)/) {
            printf "%s:%d: the macro %s returns\n", FILENAME, FNR, macro
            bad = 1
        }
    }
    function report(first, last, what) {
        if (last - first + 1 > limit) {
            printf "%s:%d: %s is %d lines long (the bar is %d)\n", FILENAME, first, what, last - first + 1, limit
            bad = 1
        }
    }
    END { exit bad }' || exit 1
