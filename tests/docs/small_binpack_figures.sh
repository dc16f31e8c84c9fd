#!/usr/bin/env bash
# Every figure the docs quote about small.binpack is what the tool says of
# it now, read from the docs' own words and run again:
# - each `seebatch filter: N entries read ...` report in docs/training-data.md
#   (a code block: its rules, --explain when it says "by it alone") is the
#   tool's report, line for line;
# - "`--random-skip K` drops D of N entries (P%, seed S)" at -j 1, 2 and 3;
# - "`RULES` keeps K of small.binpack's N entries (P%) in C chains where the
#   input had C0, and writes B bytes from B0": the filter's counts, the
#   chains `seebatch stats` counts in both files, and both files' sizes;
# - and no other number of four digits or more stands in a paragraph of
#   README.md or docs/ that names small.binpack, unless it is one checked
#   here or the file's entries or bytes.
# Usage: small_binpack_figures.sh SEEBATCH_TOOL REPOSITORY     exit 77 without small.binpack
set -euo pipefail
tool=$1
root=$(cd "$2" && pwd)
data=$root/../shared/data/small.binpack
if [ ! -f "$data" ]; then
    echo "skip: $data is absent (a real Stockfish binpack, never committed): the figures cannot be checked"
    exit 77
fi
cd "$root"
doc=docs/training-data.md
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
checked=" "
checks() { for n in "$@"; do checked+="${n//,/} "; done; }  # numbers compared with the tool
report() { "$tool" filter "$@" --count-only "$data" 2>&1 > /dev/null; }  # the counts (stderr)
percent() { awk -v a="$1" -v b="$2" -v d="$3" 'BEGIN { printf "%.*f", d, 100 * a / b }'; }
flat=$(tr '\n' ' ' < "$doc" | tr -s ' ')

# Each report in a code block, and the rules it shows.
awk '/^ *seebatch filter: [0-9]+ entries read/ { n++; inside = 1; match($0, /^ */); indent = RLENGTH }
     /^ *```/ { inside = 0 }
     inside { print substr($0, indent + 1) > (dir "/report" n) }' dir="$work" "$doc"
reports=("$work"/report*)
[ -e "${reports[0]}" ] || fail "$doc shows no \`seebatch filter: N entries read\` report"
for quoted in "${reports[@]}"; do
    [ -e "$quoted" ] || continue
    rules=$(sed -n 's/^ *\(--[a-z0-9-]*\( [^:(]*\)\{0,1\}\): .*/\1/p' "$quoted" | tr '\n' ' ')
    explain=$(grep -q 'by it alone' "$quoted" && echo --explain || true)
    # shellcheck disable=SC2086 # the rules are words
    report $rules $explain > "$work/now"
    if cmp -s "$quoted" "$work/now"; then
        echo "ok: filter $rules$explain: $(head -1 "$quoted")"
        checks $(grep -oE '[0-9]+' "$quoted")
    else
        diff "$quoted" "$work/now" || true
        fail "$doc's report of \`filter $rules$explain\` is not the tool's (above: doc <, tool >)"
    fi
done

# "`--random-skip K` drops D of N entries (P%, seed S)", at -j 1, 2 and 3.
sentence=$(grep -oE '`--random-skip [0-9]+` drops [0-9,]+ of [0-9,]+ entries \([0-9.]+%, seed [0-9]+\)' <<< "$flat" || true)
[ -n "$sentence" ] || fail "$doc no longer quotes \`--random-skip K\` drops D of N entries (P%, seed S)"
while read -r rule k _ dropped _ total _ said_percent _ seed; do
    [ -n "$rule" ] || continue
    k=${k%\`} seed=${seed%)} said_percent=${said_percent#(} said_percent=${said_percent%\%,}
    before=$failures
    for j in 1 2 3; do
        line=$(report --random-skip "$k" --seed "$seed" -j "$j" | sed -n 1p)
        read -r _ _ read_now _ _ _ _ dropped_now _ <<< "$line"
        [ "$read_now" = "${total//,/}" ] && [ "$dropped_now" = "${dropped//,/}" ] ||
            fail "$doc: --random-skip $k --seed $seed drops $dropped of $total, the tool at -j $j: $line"
    done
    digits=${said_percent#*.}; [ "$digits" = "$said_percent" ] && digits=0 || digits=${#digits}
    [ "$(percent "${dropped//,/}" "${total//,/}" "$digits")" = "$said_percent" ] ||
        fail "$doc: $dropped of $total is not $said_percent%"
    checks "$dropped" "$total"
    [ "$failures" = "$before" ] &&
        echo "ok: --random-skip $k --seed $seed drops $dropped of $total ($said_percent%) at -j 1, 2, 3"
done <<< "$sentence"

# "`RULES` keeps K of small.binpack's N entries (P%) in C chains where the
# input had C0, and writes B bytes from B0".
pattern='`[^`]*` keeps [0-9,]+ of small\.binpack.s [0-9,]+ entries \([0-9]+%\) in [0-9,]+ chains where the input had [0-9,]+, and writes [0-9,]+ bytes from [0-9,]+'
sentence=$(grep -oE "$pattern" <<< "$flat" || true)
[ -n "$sentence" ] || fail "$doc no longer quotes \`RULES\` keeps K of small.binpack's N entries ... chains ... bytes"
if [ -n "$sentence" ]; then
    rules=$(cut -d'`' -f2 <<< "$sentence")
    read -r kept total said_percent chains input_chains bytes input_bytes <<< "$(
        cut -d'`' -f3 <<< "$sentence" | grep -oE '[0-9][0-9,]*%?' | tr -d ',%' | tr '\n' ' ')"
    # shellcheck disable=SC2086 # the rules are words
    "$tool" filter $rules "$data" --output "$work/kept.binpack" 2> "$work/counts"
    read -r _ _ read_now _ _ kept_now _ < "$work/counts"
    chains_of() { "$tool" stats "$1" | sed -n 's/^chains: //p'; }
    [ "$read_now $kept_now" = "$total $kept" ] ||
        fail "$doc: \`$rules\` keeps $kept of $total; the tool: $(head -1 "$work/counts")"
    [ "$(percent "$kept" "$total" 0)" = "$said_percent" ] || fail "$doc: $kept of $total is not $said_percent%"
    [ "$(chains_of "$work/kept.binpack")" = "$chains" ] ||
        fail "$doc: $chains chains kept; seebatch stats counts $(chains_of "$work/kept.binpack")"
    [ "$(chains_of "$data")" = "$input_chains" ] ||
        fail "$doc: the input had $input_chains chains; seebatch stats counts $(chains_of "$data")"
    [ "$(wc -c < "$work/kept.binpack")" = "$bytes" ] ||
        fail "$doc: \`$rules\` writes $bytes bytes; the tool wrote $(wc -c < "$work/kept.binpack")"
    [ "$(wc -c < "$data")" = "$input_bytes" ] || fail "$doc: small.binpack has $input_bytes bytes; it has $(wc -c < "$data")"
    checks "$kept" "$total" "$chains" "$input_chains" "$bytes" "$input_bytes"
    [ "$failures" = 0 ] && echo "ok: $rules keeps $kept of $total ($said_percent%) in $chains chains (from $input_chains), $bytes bytes from $input_bytes"
fi

# Any other number of four digits or more beside small.binpack (in its
# paragraph, list item or table row): unchecked.
checks "$("$tool" stats "$data" | sed -n 's/^entries: //p')" "$(wc -c < "$data")"
for file in README.md docs/*.md; do
    # A paragraph, a list item or a table row apart.
    awk '/^ *([-|#]|[0-9]+\.) / { print "" } { print }' "$file" |
        awk 'BEGIN { RS = "" } /small\.binpack/ { gsub(/\n/, " "); print }' |
        grep -oE '\b[0-9]{1,3}(,[0-9]{3})+\b|\b[0-9]{4,}\b' | tr -d , | sort -u > "$work/numbers" || true
    while read -r number; do
        case $checked in
            *" $number "*) ;;
            *) fail "$file quotes $number beside small.binpack, and this test does not check it" ;;
        esac
    done < "$work/numbers"
done

[ "$failures" -eq 0 ] || exit 1
echo "every figure the docs quote about small.binpack is the tool's"
