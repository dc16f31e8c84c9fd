#!/usr/bin/env bash
# Calls to one function and the instructions they cost, inclusive, from a
# callgrind output file (positions "line", event Ir: callgrind's defaults).
# Usage: calls_of.sh CALLGRIND.OUT NAME-PREFIX
#   NAME-PREFIX  the start of the function's full name, e.g.
#                'Stockfish::Position::see_ge(' (the parenthesis keeps
#                see_ge_stockfish out); ending in '$', the whole name
#                ('SEE$': SEE, not SEE_berserk)
# Prints "N calls, I instructions, I/N per call"; exits 1 if none was called.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 CALLGRIND.OUT NAME-PREFIX" >&2; exit 2; }
awk -v target="$2" '
    BEGIN { exact = target ~ /\$$/; name = substr(target, 1, length(target) - exact) }
    # fn= and cfn= name a function as "(id) name" the first time, "(id)" after.
    function function_id(text,    id) {
        id = text
        sub(/^\(/, "", id); sub(/\).*/, "", id)
        if (text ~ /^\([0-9]+\) /) { sub(/^\([0-9]+\) /, "", text); names[id] = text }
        return id
    }
    /^fn=/  { function_id(substr($0, 4)) }
    /^cfn=/ { callee = function_id(substr($0, 5)) }
    /^calls=/ {
        split(substr($0, 7), count, " ")
        getline  # the cost of the calls, inclusive: position, then Ir
        if (exact ? names[callee] == name : index(names[callee], target) == 1) {
            calls += count[1]; cost += $NF
        }
    }
    END {
        if (calls == 0) { print "no call to " target " (inlined?)"; exit 1 }
        printf "%d calls, %d instructions, %.1f per call\n", calls, cost, cost / calls
    }' "$1"
