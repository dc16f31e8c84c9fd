#!/usr/bin/env bash
# seebatch interleave (issue 56): binpack chunks mixed at random, in
# proportion to what each input has left. Every entry is kept exactly once
# (the counts, and the entries as sorted plain text); a seed gives the same
# bytes every time, another seed other bytes; each input's chunks keep
# their order; a damaged input writes nothing and is named; "-" writes to
# standard output. Made from small.binpack (../shared/data next to the
# repository): exit 77 without it.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
small_binpack interleave

# Three binpacks of 10, 7 and 5 chunks of 1000 entries (convert ends a
# chunk at the end of each input).
"$tool" convert "$data" "$work/all.plain" 2> /dev/null
head -n 132000 "$work/all.plain" | split -a 2 -l 6000 - "$work/p."
pieces=("$work"/p.*)
"$tool" convert "${pieces[@]:0:10}" "$work/A.binpack" 2> /dev/null
"$tool" convert "${pieces[@]:10:7}" "$work/B.binpack" 2> /dev/null
"$tool" convert "${pieces[@]:17:5}" "$work/C.binpack" 2> /dev/null
inputs=("$work/A.binpack" "$work/B.binpack" "$work/C.binpack")
# One entry a line, sorted: the multiset of entries.
entries() { "$tool" convert "$@" - --output-format plain 2> /dev/null | paste -d'|' - - - - - - | sort; }
entries "${inputs[@]}" > "$work/inputs.sorted"

"$tool" interleave "${inputs[@]}" --output "$work/m1.binpack" --seed 1 2> "$work/err"
expect "exit 0" "$?" "0"
expect "says what it did" "$(cat "$work/err")" "seebatch interleave: 22 chunks from 3 files"
expect "every chunk" "$("$tool" stats "$work/m1.binpack" | grep -E '^(entries|chunks):')" \
    "entries: 22000
chunks: 22"
expect "the same bytes, chunks moved" "$(wc -c < "$work/m1.binpack")" \
    "$(cat "${inputs[@]}" | wc -c)"
entries "$work/m1.binpack" > "$work/m1.sorted"
expect "every entry exactly once (sorted plain text)" \
    "$(cmp "$work/inputs.sorted" "$work/m1.sorted" && echo same)" "same"
expect "the entries interleaved, not concatenated" \
    "$("$tool" convert "$work/m1.binpack" - --output-format plain 2> /dev/null | cmp -s - <(cat "$work"/p.* | head -n 132000) || echo moved)" \
    "moved"
# Each input's chunks in their order: the first entry of each chunk of A
# (its piece's first entry, one line of six joined) comes in A's order.
firsts=$(for p in "${pieces[@]:0:10}"; do head -n 6 "$p" | paste -d'|' - - - - - -; done)
expect "an input's chunks keep their order" \
    "$("$tool" convert "$work/m1.binpack" - --output-format plain 2> /dev/null | paste -d'|' - - - - - - | grep -xF "$firsts")" \
    "$firsts"

"$tool" interleave "${inputs[@]}" --output "$work/m1again.binpack" --seed 1 2> /dev/null
expect "reproducible for a seed" "$(cmp "$work/m1.binpack" "$work/m1again.binpack" && echo same)" "same"
"$tool" interleave "${inputs[@]}" --output "$work/m2.binpack" --seed 2 2> /dev/null
expect "another seed, another order" \
    "$(cmp -s "$work/m1.binpack" "$work/m2.binpack" || echo differ)" "differ"
entries "$work/m2.binpack" > "$work/m2.sorted"
expect "another seed, the same entries" "$(cmp "$work/inputs.sorted" "$work/m2.sorted" && echo same)" \
    "same"
"$tool" interleave "${inputs[@]}" --output "$work/m0.binpack" 2> /dev/null
expect "the default seed is 0" \
    "$("$tool" interleave "${inputs[@]}" --seed 0 --output - 2> /dev/null | cmp - "$work/m0.binpack" && echo same)" \
    "same"
expect "--output -: standard output" \
    "$("$tool" interleave "${inputs[@]}" --seed 1 --output - 2> /dev/null | cmp - "$work/m1.binpack" && echo same)" \
    "same"

# A damaged input, at any place: named with the byte, nothing written.
size=$(stat -c %s "$work/B.binpack")
head -c $((size / 2)) "$work/B.binpack" > "$work/cut.binpack"
"$tool" interleave "$work/A.binpack" "$work/cut.binpack" --output "$work/no.binpack" 2> "$work/err"
expect "cut input: exit 1" "$?" "1"
expect "cut input: named, with byte and chunk" \
    "$(grep -c "^seebatch interleave: $work/cut.binpack: byte [0-9]*, chunk 4: the file ends inside the chunk" "$work/err")" "1"
expect "cut input: nothing written" "$([ -e "$work/no.binpack" ] || echo none)" "none"
"$tool" interleave "$work/all.plain" "$work/A.binpack" --output "$work/no.binpack" 2> "$work/err"
expect "not a binpack: exit 1" "$?" "1"
expect "not a binpack: named" \
    "$(grep -c "^seebatch interleave: $work/all.plain: byte 0, chunk 1: no chunk header" "$work/err")" "1"
expect "not a binpack: nothing written" "$([ -e "$work/no.binpack" ] || echo none)" "none"
"$tool" interleave - --output "$work/no.binpack" < "$work/A.binpack" 2> "$work/err"
expect "standard input: refused" "$?" "2"
"$tool" interleave "$work/A.binpack" 2> "$work/err"
expect "no --output: refused" "$(grep -c 'no --output' "$work/err")" "1"
if [ -w /dev/full ]; then
    "$tool" interleave "${inputs[@]}" --output - > /dev/full 2> "$work/err"
    expect "a full standard output: exit 3" "$?" "3"
    expect "a full standard output: named" "$(grep -c 'cannot write standard output' "$work/err")" "1"
else
    not_here "/dev/full" "no /dev/full"
fi
finish interleave
