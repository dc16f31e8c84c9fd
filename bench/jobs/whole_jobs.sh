#!/usr/bin/env bash
# Whole jobs of the tool by callgrind's instruction count, this build beside
# another (a commit's build): every subcommand that reads a file (eval on
# FEN lines, "FEN;move" lines, EPD records, binpack, plain and bin; filter on
# binpack, plain and EPD lines; convert; stats on the three formats; check
# on lines and on a binpack), one thread, each job's total ("Collected") and
# its ratio to the other's, and the instructions an entry (or line). The
# outputs of the two tools are compared byte for byte first. Instruction
# counts do not move with the machine's load, so a shared machine measures
# them as well as an idle one.
# Inputs, made from small.binpack (../shared/data, next to the repository;
# not committed): its first 20,000 positions as FEN lines, as "FEN;move"
# lines and as EPD records; its first 50,000 entries as .plain and .bin;
# small.binpack whole (434,921 entries) and as .plain and .bin.
# Usage: bench/jobs/whole_jobs.sh BASE_TOOL [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
base=${1:?usage: whole_jobs.sh BASE_TOOL [BUILD_DIR]}
build=$(cd "${2:-$root/build}" && pwd)
tool=$build/seebatch
data=$root/../shared/data/small.binpack
[ -f "$data" ] || { echo "whole_jobs.sh: $data is absent" >&2; exit 77; }
command -v valgrind > /dev/null || { echo "whole_jobs.sh: valgrind is absent" >&2; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$base" convert "$data" "$work/small.plain" 2> /dev/null
"$base" convert "$data" "$work/small.bin" 2> /dev/null
head -n 300000 "$work/small.plain" > "$work/part.plain"
"$base" convert "$work/part.plain" "$work/part.bin" 2> /dev/null
# (head ends the pipes early: no pipefail there)
(set +o pipefail
 sed -n 's/^fen //p' "$work/part.plain" | head -n 20000 > "$work/fens.txt"
 paste -d';' <(sed -n 's/^fen //p' "$work/part.plain") <(sed -n 's/^move //p' "$work/part.plain") |
     head -n 20000 > "$work/fenmoves.txt")
awk '{ n++; printf "%s %s %s %s hmvc %s; fmvn %s; id \"p%d\";\n", $1, $2, $3, $4, $5, $6, n }' \
    "$work/fens.txt" > "$work/records.epd"
cd "$work"

# job NAME ENTRIES ARGUMENTS...: both tools' outputs compared, then each
# counted by callgrind.
job() {
    local name=$1 entries=$2 f
    shift 2
    rm -f out.binpack out.plain out.epd
    "$base" "$@" > base.out 2> base.err || true
    for f in out.binpack out.plain out.epd; do [ ! -f "$f" ] || mv "$f" "base.$f"; done
    "$tool" "$@" > this.out 2> this.err || true
    cmp -s base.out this.out || { echo "whole_jobs.sh: $name: the outputs differ" >&2; exit 1; }
    for f in out.binpack out.plain out.epd; do
        [ ! -f "base.$f" ] || cmp -s "$f" "base.$f" ||
            { echo "whole_jobs.sh: $name: $f differs" >&2; exit 1; }
    done
    rm -f base.out.* out.binpack out.plain out.epd
    local counts=() t
    for t in "$base" "$tool"; do
        valgrind --tool=callgrind --callgrind-out-file=cg.out "$t" "$@" > /dev/null 2> cg.err || true
        counts+=("$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' cg.err)")
    done
    awk -v name="$name" -v n="$entries" -v before="${counts[0]}" -v after="${counts[1]}" 'BEGIN {
        printf "%-44s %15.0f %15.0f %+7.2f%%  %8.1f -> %8.1f\n", name, before, after,
               100 * (after - before) / before, before / n, after / n }'
}

entries=$("$base" stats "$data" | sed -n 's/^entries: //p')
echo "CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc) CPUs"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "base: $base"
echo "this: $tool"
printf "%-44s %15s %15s %8s  %s\n" job base this change "instructions an entry (line)"
job "eval fens.txt" 20000 eval -j 1 fens.txt
job "eval fenmoves.txt" 20000 eval -j 1 fenmoves.txt
job "eval records.epd" 20000 eval -j 1 records.epd
job "eval small.binpack" "$entries" eval -j 1 "$data"
job "eval part.plain" 50000 eval -j 1 part.plain
job "eval part.bin" 50000 eval -j 1 part.bin
job "filter rules small.binpack -> binpack" "$entries" filter -j 1 --skip-capture --skip-see-ge 0 "$data" --output out.binpack
job "filter no rule small.binpack -> binpack" "$entries" filter -j 1 "$data" --output out.binpack
job "filter --count-only small.binpack" "$entries" filter -j 1 --count-only "$data"
job "filter rules part.plain -> plain" 50000 filter -j 1 --skip-capture --skip-see-ge 0 part.plain --output out.plain
job "filter rules fenmoves.txt -> epd" 20000 filter -j 1 --skip-capture fenmoves.txt --output out.epd
job "convert small.binpack -> plain" "$entries" convert "$data" out.plain
job "stats small.binpack" "$entries" stats "$data"
job "stats small.plain" "$entries" stats small.plain
job "stats small.bin" "$entries" stats small.bin
head -n 2000 fens.txt > fens2000.txt
job "check --no-oracle fens2000.txt" 2000 check -j 1 --no-oracle fens2000.txt
