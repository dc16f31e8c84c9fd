#!/usr/bin/env bash
# seebatch filter on small.binpack, a real 1 MB binpack from Stockfish's
# training pipeline (434,921 entries) kept next to the repository, in
# ../shared/data: not the project's to commit. Exit 77 (a skip) without it.
# Usage: filter_small_binpack.sh TOOL ORACLE_COUNT ROOT
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
oracle=$2
data=$3/../shared/data/small.binpack
if [ ! -f "$data" ]; then
    echo "filter_small_binpack: SKIP: $data is absent: $(cat "$(dirname "${BASH_SOURCE[0]}")/../support/small_binpack_where.txt")"
    exit 77
fi

# The sanitizer stages (SEEBATCH_TEST_SCALE below 1) skip the slow parts that
# read the whole file as plain text again, and check threads on less data.
full=$(at_full_scale && echo 1 || echo 0)

# No rule: the same bytes; to plain and back: the same bytes.
"$tool" filter "$data" --output "$work/same.binpack" 2> "$work/none.err"
expect "no rule: same bytes" "$(cmp "$data" "$work/same.binpack" && echo same)" "same"
expect "no rule: counts" "$(cat "$work/none.err")" "seebatch filter: 434921 entries read, 434921 kept, 0 dropped"
"$tool" filter "$data" --output-format plain --output "$work/all.plain" 2> /dev/null
expect "plain entries" "$(grep -c '^e$' "$work/all.plain")" "434921"
# Games (issue 37): runs of entries whose ply rises and whose result from
# white's view stays, counted here from the plain text, and by stats from
# the binpack, whose one chunk is decoded in blocks of 512 entries.
games=$(awk '/^fen / {white = ($3 == "w")} /^ply / {ply = $2} /^result / {result = white ? $2 : -$2}
    /^e$/ {if (n == 0 || ply <= last_ply || result != last_result) games++; n++; last_ply = ply; last_result = result}
    END {print games}' "$work/all.plain")
expect "games, counted from the plain text" "$games" "4283"
expect "stats: games" "$("$tool" stats "$data" | sed -n 's/^games: //p')" "$games"
expect "stats -j 2: games" "$("$tool" stats -j 2 "$data" | sed -n 's/^games: //p')" "$games"
if [ "$full" = 1 ]; then
    "$tool" filter "$work/all.plain" --output-format binpack --output "$work/back.binpack" 2> /dev/null
    expect "binpack -> plain -> binpack: same bytes" "$(cmp "$data" "$work/back.binpack" && echo same)" "same"
fi

# Stockfish's .bin (issue 37): binpack -> bin -> binpack gives the same
# bytes, binpack -> bin -> plain equals binpack -> plain, and the bytes are
# those of the independent packer (bin_reference.py) from the plain text.
"$tool" filter "$data" --output "$work/small.bin" 2> /dev/null
expect ".bin: 40 bytes an entry" "$(stat -c %s "$work/small.bin")" "$((40 * 434921))"
"$tool" filter "$work/small.bin" --output "$work/from_bin.binpack" 2> /dev/null
expect "binpack -> bin -> binpack: same bytes" "$(cmp "$data" "$work/from_bin.binpack" && echo same)" "same"
if [ "$full" = 1 ]; then
    "$tool" filter "$work/small.bin" --output "$work/from_bin.plain" 2> /dev/null
    expect "binpack -> bin -> plain = binpack -> plain" \
        "$(cmp "$work/all.plain" "$work/from_bin.plain" && echo same)" "same"
    if command -v python3 > /dev/null; then
        python3 "$(dirname "$0")/bin_reference.py" "$work/all.plain" "$work/reference.bin"
        expect ".bin: the independent packer's bytes" \
            "$(cmp "$work/small.bin" "$work/reference.bin" && echo same)" "same"
    fi
fi

# The counts against the oracle's slow count of the plain text.
check_counts() { # check_counts "TOOL RULES" "ORACLE RULES"
    "$tool" filter $1 "$data" --count-only 2> "$work/tool.counts"
    expect "counts of $1" "$(cat "$work/tool.counts")" "$("$oracle" "$work/all.plain" $2)"
}
check_counts "--skip-see-ge 0 --skip-in-check" "see-ge=0 in-check"
if [ "$full" = 1 ]; then
    check_counts "--skip-capture --skip-promotion --skip-castling" "capture promotion castling"
    check_counts "--skip-see-ge -200" "see-ge=-200"
fi

# nnue-pytorch's loader rules and the random ones, each counted, also alone.
trainer_rules="--skip-value-none --skip-placeholder --skip-early-ply 16 --skip-filtered --skip-simple-eval 200"
trainer_words="value-none placeholder early-ply=16 filtered simple-eval=200"
check_counts "$trainer_rules --explain" "$trainer_words explain"
if [ "$full" = 1 ]; then
    check_counts "--random-skip 3 --wld-skip --seed 11 --explain" "random=3 wld seed=11 explain"
    # 5 copies, 5 chunks: the placeholder rule's memory crosses every chunk
    # boundary as if read in one go, at -j 1 and -j 2 alike.
    for i in $(seq 5); do cat "$data"; done > "$work/five.binpack"
    "$oracle" "$work/all.plain" $trainer_words random=1 wld seed=4 explain repeat=5 > "$work/five.oracle"
    for j in 1 2; do
        "$tool" filter $trainer_rules --random-skip 1 --wld-skip --seed 4 --explain -j $j "$work/five.binpack" \
            --output "$work/five$j.binpack" 2> "$work/five$j.counts"
        expect "5 chunks, -j $j: counts" "$(cat "$work/five$j.counts")" "$(cat "$work/five.oracle")"
    done
    expect "5 chunks: -j 2 = -j 1" "$(cmp "$work/five1.binpack" "$work/five2.binpack" && echo same)" "same"
    rm -f "$work"/five*.binpack
fi

# Filtering the binpack re-chains: its plain text equals filtering the plain text.
"$tool" filter --skip-see-ge 0 --skip-in-check "$data" --output "$work/kept.binpack" 2> /dev/null
"$tool" filter "$work/kept.binpack" --output-format plain 2> /dev/null > "$work/kept.plain"
if [ "$full" = 1 ]; then
    "$tool" filter --skip-see-ge 0 --skip-in-check "$work/all.plain" 2> /dev/null > "$work/kept2.plain"
    expect "filtered binpack = filtered plain" "$(cmp "$work/kept.plain" "$work/kept2.plain" && echo same)" "same"
fi
expect "kept entries" "$(grep -c '^e$' "$work/kept.plain")" "336440"

# Rules of the board alone (check and the move) are judged in brief, the
# decoder testing check and capture as it goes; one more rule that reads
# the pieces and drops nothing (--skip-simple-eval 0) sends the same rules
# through whole entries: the same bytes and the same counts at -j 1 and 2
# (the later stages: each set of rules at one of them, in turn).
turn=0
for rules in "--skip-see-ge 0 --skip-in-check" "--skip-capture --skip-promotion --skip-castling" \
    "--skip-filtered --skip-see-ge -100"; do
    counts="1 2"
    [ "$full" = 1 ] || counts=$((1 + turn++ % 2))
    for j in $counts; do
        "$tool" filter $rules -j $j "$data" --output "$work/brief.binpack" 2> "$work/brief.err"
        "$tool" filter $rules --skip-simple-eval 0 -j $j "$data" --output "$work/whole.binpack" \
            2> "$work/whole.err"
        expect "$rules -j $j: in brief = whole" \
            "$(cmp "$work/brief.binpack" "$work/whole.binpack" && echo same)" "same"
        expect "$rules -j $j: counts in brief = whole" "$(cat "$work/brief.err")" \
            "$(grep -v -- '--skip-simple-eval' "$work/whole.err")"
    done
done

# Threads: three chunks, output the same at -j 1, 2 and 3. The sanitizer
# stages use three chunks of 20,000 entries, the Release build three copies.
if [ "$full" = 1 ]; then
    cat "$data" "$data" "$data" > "$work/three.binpack"
else
    head -n 120000 "$work/all.plain" | "$tool" filter --input-format plain --output-format binpack \
        > "$work/part.binpack" 2> /dev/null
    cat "$work/part.binpack" "$work/part.binpack" "$work/part.binpack" > "$work/three.binpack"
fi
for j in 1 2 3; do
    "$tool" filter --skip-see-ge 0 --skip-in-check -j $j "$work/three.binpack" > "$work/j$j.binpack" 2> "$work/j$j.err"
done
expect "-j 2 = -j 1" "$(cmp "$work/j1.binpack" "$work/j2.binpack" && echo same)" "same"
expect "-j 3 = -j 1" "$(cmp "$work/j1.binpack" "$work/j3.binpack" && echo same)" "same"
expect "-j 3 counts = -j 1 counts" "$(cat "$work/j3.err")" "$(cat "$work/j1.err")"
[ "$full" = 1 ] && expect "-j 3 counts" "$(head -1 "$work/j3.err")" \
    "seebatch filter: 1304763 entries read, 1009320 kept, 295443 dropped"

# eval reads binpack and plain alike, at any -j.
"$tool" eval "$data" > "$work/eval1.txt"
expect "eval: one record per entry" "$(wc -l < "$work/eval1.txt")" "434921"
if [ "$full" = 1 ]; then
    "$tool" eval -j 2 "$work/three.binpack" | head -n 434921 > "$work/eval2.txt"
    expect "eval -j 2 = -j 1" "$(cmp "$work/eval1.txt" "$work/eval2.txt" && echo same)" "same"
    "$tool" eval "$work/all.plain" > "$work/eval3.txt"
    expect "eval plain = binpack" "$(cmp "$work/eval1.txt" "$work/eval3.txt" && echo same)" "same"
else
    "$tool" eval -j 2 "$work/three.binpack" > "$work/eval2.txt"
    "$tool" eval -j 1 "$work/three.binpack" > "$work/eval3.txt"
    expect "eval -j 2 = -j 1" "$(cmp "$work/eval2.txt" "$work/eval3.txt" && echo same)" "same"
fi

# Cut inside the second chunk: the first chunk and the second's whole entries are written.
cat "$data" "$data" | head -c $((1048745 + 500000)) > "$work/cut.binpack"
"$tool" filter "$work/cut.binpack" -j 2 --output-format plain > "$work/cut.plain" 2> "$work/cut.err"
expect "cut: exit" "$?" "1"
written=$(grep -c '^e$' "$work/cut.plain")
expect "cut: error names the next entry" \
    "$(grep -c "^seebatch filter: $work/cut.binpack: byte [0-9]*, entry $((written + 1)): the file ends 499992 bytes into a chunk" "$work/cut.err")" "1"
expect "cut: entries before it, in order" "$(cat "$work/all.plain" "$work/all.plain" | head -n $((written * 6)) | cmp - "$work/cut.plain" >/dev/null 2>&1; echo $?)" "0"
# A flipped movetext bit: a fault or other entries, never a crash.
{ head -c 600000 "$data"; printf '\377'; tail -c +600002 "$data"; } > "$work/flip.binpack"
"$tool" filter "$work/flip.binpack" --count-only 2> /dev/null
status=$?
expect "flipped byte: no crash" "$([ $status -le 1 ] && echo ok)" "ok"
# Damaged input in brief and whole: the same bytes before the fault, the
# same message and exit status.
for damaged in cut flip; do
    "$tool" filter --skip-see-ge 0 --skip-in-check -j 2 "$work/$damaged.binpack" \
        > "$work/brief.binpack" 2> "$work/brief.err"
    brief_status=$?
    "$tool" filter --skip-see-ge 0 --skip-in-check --skip-simple-eval 0 -j 2 "$work/$damaged.binpack" \
        > "$work/whole.binpack" 2> "$work/whole.err"
    whole_status=$?
    expect "$damaged: in brief = whole" \
        "$(cmp "$work/brief.binpack" "$work/whole.binpack" && echo same) $brief_status" "same $whole_status"
    expect "$damaged: messages in brief = whole" "$(cat "$work/brief.err")" \
        "$(grep -v -- '--skip-simple-eval' "$work/whole.err")"
done
finish filter_small_binpack
