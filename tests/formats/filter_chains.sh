#!/usr/bin/env bash
# seebatch filter on games made here (make_training_games: random legal
# games, seeded, as a chained binpack and as the same entries in plain
# text; chains broken and chunks ended inside games). For each rule, and
# some sets of rules, at -j 1 and -j 2: the entries kept, read back as plain
# text, equal the blocks oracle_count keeps from the plain text, and the
# counts (with --explain) equal its counts. Rules on the move and the
# random ones drop entries in the middle of chains, so every entry after a
# dropped one has to start a new chain right; chunks that begin after a
# large score with a 0 need the chunk before for the placeholder rule.
# Needs nothing outside the repository.
# Usage: filter_chains.sh TOOL ORACLE_COUNT ROOT MAKE_TRAINING_GAMES
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
oracle=$2 maker=$4

# The later stages (SEEBATCH_TEST_SCALE below 1) play fewer games: 30 still
# have every feature below at least twice (3 en passant captures the least).
games=$(at_full_scale && echo 400 || echo 30)
made=$("$maker" 20261123 "$games" "$work/games.binpack" "$work/games.plain")
echo "made: $made"
# What the games must hold for the test to mean something: every feature
# a rule or a chain depends on, several chunks, chunks starting at a
# planted 0.
feature() { echo "$made" | awk -v k="$1" '{for (i = 1; i < NF; i++) if ($i == k) print $(i + 1)}'; }
for name in chunks captures checks promotions castlings en_passants value_nones zeros planted_boundaries \
    result_holds; do
    expect "the games have $name" "$([ "$(feature $name)" -ge 2 ] && echo yes)" "yes"
done

# No rule: the binpack read back is the plain text, byte for byte.
"$tool" filter "$work/games.binpack" --output-format plain > "$work/all.plain" 2> /dev/null
expect "binpack as plain = plain" "$(cmp "$work/all.plain" "$work/games.plain" && echo same)" "same"
# The plain text through the tool's binpack writer and back: the same text.
# Where a result does not flip between two plies (result_holds), the writer
# must start a new chain, since a chain negates the result at every ply.
"$tool" filter "$work/games.plain" --output-format binpack 2> /dev/null |
    "$tool" filter --output-format plain > "$work/again.plain" 2> /dev/null
expect "plain -> binpack -> plain = plain" "$(cmp "$work/again.plain" "$work/games.plain" && echo same)" "same"

# seebatch stats counts what make_training_games says it wrote (its report
# of each file made once, each count read from it).
"$tool" stats "$work/games.binpack" > "$work/games.binpack.stats"
"$tool" stats "$work/games.plain" > "$work/games.plain.stats"
stat() { sed -n "s/^$1: //p" "$2.stats"; }
for file in games.binpack games.plain; do
    for pair in "entries entries" "games games" "captures captures" "checks checks" \
        "promotions promotions" "castlings castlings" "en passant en_passants" \
        "score 32002 (VALUE_NONE) value_nones" "score 0 zeros" "games won by white white_wins" \
        "games drawn game_draws" "games won by black black_wins" \
        "entries whose side to move won wins" "entries whose side to move drew draws" \
        "entries whose side to move lost losses"; do
        name=${pair% *}
        expect "stats $file: $name" "$(stat "$name" "$work/$file")" "$(feature "${pair##* }")"
    done
done
expect "stats: chunks" "$(stat chunks "$work/games.binpack")" "$(feature chunks)"
expect "stats: chains" "$(stat chains "$work/games.binpack")" "$(feature chains)"
expect "stats -j 3 = -j 1" "$("$tool" stats -j 3 "$work/games.binpack")" "$(cat "$work/games.binpack.stats")"

# check TOOL_RULES ORACLE_RULES: binpack -> filter -> binpack -> plain, at
# -j 1 and 2, and plain -> filter -> plain, against the oracle.
check() {
    "$oracle" "$work/games.plain" $2 explain keep="$work/oracle.plain" > "$work/oracle.counts"
    for j in 1 2; do
        "$tool" filter $1 --explain -j $j "$work/games.binpack" --output "$work/kept.binpack" \
            2> "$work/tool.counts"
        expect "$1, -j $j: counts" "$(cat "$work/tool.counts")" "$(cat "$work/oracle.counts")"
        "$tool" filter "$work/kept.binpack" --output-format plain > "$work/kept.plain" 2> /dev/null
        expect "$1, -j $j: entries kept" \
            "$(cmp "$work/kept.plain" "$work/oracle.plain" && echo same)" "same"
    done
    "$tool" filter $1 --explain "$work/games.plain" > "$work/kept.plain" 2> "$work/tool.counts"
    expect "$1, plain: counts" "$(cat "$work/tool.counts")" "$(cat "$work/oracle.counts")"
    expect "$1, plain: entries kept" "$(cmp "$work/kept.plain" "$work/oracle.plain" && echo same)" "same"
}
check "--skip-in-check" "in-check"
check "--skip-capture" "capture"
check "--skip-see-ge 0" "see-ge=0"
check "--skip-promotion" "promotion"
check "--skip-castling" "castling"
check "--skip-value-none" "value-none"
check "--skip-placeholder" "placeholder"
check "--skip-early-ply 12" "early-ply=12"
check "--skip-filtered" "filtered"
check "--skip-simple-eval 300" "simple-eval=300"
check "--random-skip 1 --seed 5" "random=1 seed=5"
check "--random-skip 9 --seed 77" "random=9 seed=77"
check "--wld-skip --seed 3" "wld seed=3"
check "--skip-placeholder --skip-value-none --skip-early-ply 8 --skip-filtered --skip-simple-eval 100" \
    "placeholder value-none early-ply=8 filtered simple-eval=100"
check "--skip-placeholder --random-skip 2 --wld-skip --seed 12" "placeholder random=2 wld seed=12"
check "--skip-capture --skip-in-check --skip-promotion --skip-castling --skip-see-ge -100" \
    "capture in-check promotion castling see-ge=-100"
# nnue-pytorch's last two rules; the piece-count one follows every entry
# that reaches it in file order, across chunks, at any -j; then the
# loader's default predicate (filtered, wld_filtered, soft early 20, the
# piece counts, and the 32002 and placeholder skips it always makes).
check "--soft-early-skip 20 --seed 5" "soft-early=20 seed=5"
check "--soft-early-skip 40 --seed 6" "soft-early=40 seed=6"
check "--piece-count-skip --seed 3" "piece-count seed=3"
check "--piece-count-skip --skip-value-none --skip-placeholder --skip-filtered --wld-skip --soft-early-skip 20 --seed 13" \
    "piece-count value-none placeholder filtered wld soft-early=20 seed=13"

# The random rules: the same seed gives the same bytes at any -j; another
# seed gives others; the share dropped is near N/(N+1).
"$tool" filter --random-skip 3 --wld-skip --seed 8 -j 1 "$work/games.binpack" > "$work/r1" 2> /dev/null
"$tool" filter --random-skip 3 --wld-skip --seed 8 -j 3 "$work/games.binpack" > "$work/r3" 2> /dev/null
"$tool" filter --random-skip 3 --wld-skip --seed 9 -j 1 "$work/games.binpack" > "$work/r9" 2> /dev/null
expect "random: -j 3 = -j 1" "$(cmp "$work/r1" "$work/r3" && echo same)" "same"
expect "random: another seed, other entries" "$(cmp -s "$work/r1" "$work/r9" || echo differ)" "differ"
"$tool" filter --random-skip 3 --count-only "$work/games.binpack" 2> "$work/share"
expect "random: about 3/4 dropped" "$(awk '/random-skip/ {d = $5} /entries read/ {n = $3}
    END {share = d / n; print (share > 0.72 && share < 0.78) ? "yes" : share}' "$work/share")" "yes"
finish filter_chains
