#!/usr/bin/env bash
# Instructions the engine's own program ran, from a callgrind output file
# (positions "line", event Ir: callgrind's defaults): the self cost of every
# function in the object whose name ends in OBJECT, but for what prints
# (functions named Stockfish::UCI::* or operator<<).
#
# Why not the file's summary: Stockfish prints "info depth N currmove ..."
# once its search has run 3 seconds, so how many lines a run under valgrind
# prints depends on the machine's load: 78 to 1,606 lines at bench depth 8,
# about 2,700 instructions each in libc and libstdc++ (formatting, locking,
# writing). Over 585,216 see_ge calls that moved the per-call figure by up to
# 8 instructions between two runs of the same build. The program's own
# instructions outside its printing stay within a few thousand.
# Usage: own_instructions.sh CALLGRIND.OUT OBJECT
# Prints the count.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 CALLGRIND.OUT OBJECT" >&2; exit 2; }
awk -v object="$2" '
    # ob=, cob=, fn= and cfn= name an object or function as "(id) name" the
    # first time, "(id)" after.
    function named(text, table,    id) {
        id = text
        sub(/^\(/, "", id); sub(/\).*/, "", id)
        if (text ~ /^\([0-9]+\) /) { sub(/^\([0-9]+\) /, "", text); table[id] = text }
        return id
    }
    function counted() {
        name = functions[fn]
        return substr(objects[ob], length(objects[ob]) - length(object) + 1) == object &&
               name !~ /^Stockfish::UCI::/ && name !~ /operator<</
    }
    /^ob=/  { ob = named(substr($0, 4), objects); next }
    /^cob=/ { named(substr($0, 5), objects); next }
    /^fn=/  { fn = named(substr($0, 4), functions); next }
    /^cfn=/ { named(substr($0, 5), functions); next }
    /^calls=/ { getline; next } # the calls cost, inclusive: not this function own
    /^[0-9+*-]/ { if (counted()) total += $NF }
    END { printf "%d\n", total }' "$1"
