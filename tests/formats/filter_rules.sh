#!/usr/bin/env bash
# seebatch filter on hand-made entries, one per rule, and on damaged binpacks.
# Expected counts are worked out by hand from the positions below, and
# checked again by oracle_count. Usage: filter_rules.sh TOOL ORACLE_COUNT ROOT
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
oracle=$2

entry() { # entry FEN MOVE PLY: one plain block (scores and results made up)
    printf 'fen %s\nmove %s\nscore %d\nply %d\nresult %d\ne\n' "$1" "$2" $(( $3 * 7 - 50 )) "$3" $(( $3 % 3 - 1 ))
}
{
    entry '4k3/8/8/8/8/8/8/r3K3 w - - 0 5' e1e2 10            # in check, quiet move
    entry '4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 10' d1d5 20       # capture, SEE -900
    entry '4k3/8/8/3p4/8/8/8/3QK3 w - - 0 15' d1d5 30         # capture, SEE +100
    entry '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 20' e5d6 40        # en passant, SEE +100
    entry '4k3/1P6/8/8/8/8/8/4K3 w - - 0 25' b7b8q 50         # promotion
    entry '4k3/8/8/8/8/8/8/4K2R w K - 0 30' e1g1 60           # castling
    entry '4k3/8/8/8/8/8/8/4K3 w - - 0 35' e1d1 70            # nothing
} > "$work/hand.plain"

kept_moves() { # the moves of a plain stream, space-separated
    sed -n 's/^move //p' | tr '\n' ' '
}
run() { # run RULES...: the kept moves; the counts go to $work/counts
    "$tool" filter "$@" "$work/hand.plain" 2> "$work/counts" | kept_moves
}
expect "no rule keeps all" "$(run)" "e1e2 d1d5 d1d5 e5d6 b7b8q e1g1 e1d1 "
expect "in check" "$(run --skip-in-check)" "d1d5 d1d5 e5d6 b7b8q e1g1 e1d1 "
expect "capture" "$(run --skip-capture)" "e1e2 b7b8q e1g1 e1d1 "
expect "see >= 0" "$(run --skip-see-ge 0)" "e1e2 d1d5 b7b8q e1g1 e1d1 "
expect "see >= 101" "$(run --skip-see-ge 101)" "e1e2 d1d5 d1d5 e5d6 b7b8q e1g1 e1d1 "
expect "see >= -900" "$(run --skip-see-ge=-900)" "e1e2 b7b8q e1g1 e1d1 "
expect "see >= -899" "$(run --skip-see-ge -899)" "e1e2 d1d5 b7b8q e1g1 e1d1 "
expect "promotion" "$(run --skip-promotion)" "e1e2 d1d5 d1d5 e5d6 e1g1 e1d1 "
expect "castling" "$(run --skip-castling)" "e1e2 d1d5 d1d5 e5d6 b7b8q e1d1 "
expect "all rules" "$(run --skip-in-check --skip-capture --skip-promotion --skip-castling)" "e1d1 "
expect "counts per rule" "$(cat "$work/counts")" "seebatch filter: 7 entries read, 1 kept, 6 dropped
  --skip-in-check: 1 dropped
  --skip-capture: 3 dropped
  --skip-promotion: 1 dropped
  --skip-castling: 1 dropped"
run --skip-in-check --skip-see-ge 0 --skip-castling > /dev/null
expect "oracle agrees" "$(cat "$work/counts")" "$("$oracle" "$work/hand.plain" in-check see-ge=0 castling)"
# The stockfish preset scores en passant 0: still >= 0, dropped; >= 1 keeps it.
expect "stockfish preset" "$(run --preset stockfish --skip-see-ge 1)" "e1e2 d1d5 e5d6 b7b8q e1g1 e1d1 "

# Plain -> binpack -> plain is the same text; the binpack keeps it in 7 chains.
"$tool" filter "$work/hand.plain" --output-format binpack --output "$work/hand.binpack" 2> /dev/null
expect "plain to binpack" "$?" "0"
expect "binpack back to plain" "$("$tool" filter "$work/hand.binpack" --output-format plain 2>/dev/null)" "$(cat "$work/hand.plain")"
expect "binpack size: 7 stems" "$(wc -c < "$work/hand.binpack")" "$((8 + 7 * 34))"
"$tool" filter --input-format binpack --skip-capture < "$work/hand.binpack" 2>/dev/null | cmp -s - <(
    "$tool" filter --skip-capture "$work/hand.plain" --output-format binpack 2>/dev/null)
expect "binpack from standard input, filtered like plain" "$?" "0"

# EPD lines: "FEN" (only the position's rules apply) or "FEN;move", kept as they are.
printf '%s\n' '4k3/8/8/8/8/8/8/r3K3 w - - 0 6' '4k3/8/8/3p4/8/8/8/3QK3 w - - 0 16;d1d5' \
    '4k3/8/8/3p4/8/8/8/3QK3 w - - 0 16' > "$work/hand.epd"
expect "epd" "$("$tool" filter --skip-in-check --skip-capture "$work/hand.epd" 2>/dev/null)" "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 16"
# Lines are judged one by one (the SEE rule on the board, not in lanes): a
# losing capture kept, a winning one dropped, as the plain entries are.
sed -n 's/^fen //p; s/^move //p' "$work/hand.plain" | paste -d';' - - > "$work/hand_lines.epd"
see_lines() { # see_lines THRESHOLD: the kept lines' moves
    "$tool" filter --skip-see-ge "$1" "$work/hand_lines.epd" 2>/dev/null | cut -d';' -f2 | tr '\n' ' '
}
expect "see >= 0, lines" "$(see_lines 0)" "e1e2 d1d5 b7b8q e1g1 e1d1 "
expect "see >= -899, lines" "$(see_lines -899)" "e1e2 d1d5 b7b8q e1g1 e1d1 "
expect "see >= 101, lines" "$(see_lines 101)" "e1e2 d1d5 d1d5 e5d6 b7b8q e1g1 e1d1 "
# Plain entries binpack cannot hold are refused, naming the line.
printf 'fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nmove e1d1\nscore 0\nply 20000\nresult 0\ne\n' > "$work/long.plain"
"$tool" filter "$work/long.plain" --output-format binpack > /dev/null 2> "$work/long.err"
expect "ply over 14 bits: exit" "$?" "1"
expect "ply over 14 bits: message" "$(head -1 "$work/long.err")" "seebatch filter: $work/long.plain: line 6, entry 1: ply 20000 does not fit in binpack (at most 16383)"
# One a binpack stem cannot hold (a castling right without its rook) is
# refused by the library's writer, naming it: exit 1, nothing kept (it was
# written as a stem that does not decode).
printf 'fen 4k3/8/8/8/8/8/8/4K3 w K - 0 1\nmove e1d1\nscore 0\nply 2\nresult 0\ne\n' > "$work/rights.plain"
"$tool" filter "$work/rights.plain" --output-format binpack --output "$work/rights.binpack" 2> "$work/rights.err"
expect "castling right without its rook: exit" "$?" "1"
expect "castling right without its rook: message" "$(head -1 "$work/rights.err")" "seebatch filter: $work/rights.plain: entry 1: binpack cannot store it (more than 32 pieces, castling rights without their rook, an en passant square no pawn can take on, or a ply above 16383)"
printf 'fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nmove e1e3\nscore 0\nply 2\nresult 0\ne\n' > "$work/illegal.plain"
"$tool" filter "$work/illegal.plain" > /dev/null 2> "$work/illegal.err"
expect "illegal plain move: exit" "$?" "1"
expect "illegal plain move: names the line" "$(head -1 "$work/illegal.err" | cut -d: -f1-3)" "seebatch filter: $work/illegal.plain: line 6, entry 1"

# eval on training data: SEE of each entry's move (classic values), or of
# every capture of its position.
values() { sed 's/.*;//' | tr '\n' ' '; }
expect "eval plain" "$("$tool" eval "$work/hand.plain" | values)" "0 -900 100 100 0 0 0 "
expect "eval binpack" "$("$tool" eval --input-format binpack < "$work/hand.binpack" | values)" "0 -900 100 100 0 0 0 "
expect "eval binpack --promotions" "$("$tool" eval --promotions "$work/hand.binpack" | values)" "0 -900 100 100 900 0 0 "
expect "eval --all-captures" "$("$tool" eval --all-captures "$work/hand.plain" | cut -d';' -f2- | tr '\n' ' ')" "d1d5;-900 d1d5;100 e5d6;100 b7b8q;0 b7b8r;0 b7b8b;0 b7b8n;0 "
expect "eval record" "$("$tool" eval "$work/hand.binpack" | sed -n 3p)" "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 15;d1d5;100"

usage() { "$tool" filter "$@" < /dev/null > /dev/null 2>&1; echo $?; }

# nnue-pytorch's loader rules at their edges, worked out by hand.
block() { # block FEN MOVE SCORE PLY RESULT: one plain block
    printf 'fen %s\nmove %s\nscore %d\nply %d\nresult %d\ne\n' "$@"
}
kings='4k3/8/8/8/8/8/8/4K3'
{
    block "$kings w - - 0 6" e1d1 101 10 1      # 1: large (above 100)
    block "$kings b - - 0 6" e8d8 0 11 -1       # 2: 0, ply up, not drawn, after 101: placeholder
    block "$kings w - - 0 7" e1f1 0 12 1        # 3: still after 101 (2 was skipped): placeholder
    block "$kings b - - 0 7" e8d8 32002 13 -1   # 4: VALUE_NONE, leaves the last score alone
    block "$kings w - - 0 8" e1d1 0 14 1        # 5: still after 101: placeholder
    block "$kings w - - 0 8" e1f1 0 14 1        # 6: ply not above 14: kept, and 0 is now the last score
    block "$kings b - - 0 8" e8d8 0 15 -1       # 7: after 0: kept
    block "$kings w - - 0 9" e1d1 -100 16 1     # 8: -100 is not large
    block "$kings b - - 0 9" e8d8 0 17 -1       # 9: after -100: kept
    block "$kings w - - 0 10" e1d1 -101 18 1    # 10: large
    block "$kings b - - 0 10" e8d8 0 19 0       # 11: a draw: kept (and the last score is 0)
    block "$kings w - - 0 11" e1d1 500 20 1     # 12: large
    block "$kings w - - 0 2" e1f1 0 3 1         # 13: a new game, ply down: kept
} > "$work/loader.plain"
run_loader() { "$tool" filter "$@" "$work/loader.plain" 2> "$work/counts" | sed -n 's/^ply //p' | tr '\n' ' '; }
# Kept: 1, 4 (VALUE_NONE), 6 to 13; dropped: 2, 3 and 5.
expect "placeholder" "$(run_loader --skip-placeholder)" "10 13 14 15 16 17 18 19 20 3 "
expect "value none" "$(run_loader --skip-value-none)" "10 11 12 14 14 15 16 17 18 19 20 3 "
expect "early ply 14" "$(run_loader --skip-early-ply 14)" "15 16 17 18 19 20 "
expect "early ply 0" "$(run_loader --skip-early-ply 0)" "10 11 12 13 14 14 15 16 17 18 19 20 3 "
# Early ply 11 drops 1, 2 and 13; 2 is also a placeholder, 1 and 13 alone.
expect "loader counts" "$(run_loader --skip-placeholder --skip-value-none --skip-early-ply 11 --explain >/dev/null; cat "$work/counts")" "seebatch filter: 13 entries read, 7 kept, 6 dropped
  --skip-value-none: 1 dropped, 1 by it alone
  --skip-placeholder: 3 dropped, 2 by it alone
  --skip-early-ply 11: 3 dropped, 2 by it alone"
expect "oracle agrees on the placeholder rule" "$(cat "$work/counts")" \
    "$("$oracle" "$work/loader.plain" placeholder value-none early-ply=11 explain)"
# Simple eval (P208 N781 B825 R1276 Q2538, for the side to move): kings
# alone 0; a white pawn 208; a white rook against a black queen -1262 with
# white to move, +1262 with black to move.
{
    block "$kings w - - 0 6" e1d1 0 10 0
    block '4k3/8/8/8/8/8/P7/4K3 w - - 0 6' e1d1 0 10 0
    block '3qk3/8/8/8/8/8/8/R3K3 w - - 0 6' e1f1 0 10 0
    block '3qk3/8/8/8/8/8/8/R3K3 b - - 0 6' e8f7 0 11 0
} > "$work/material.plain"
material() { "$tool" filter --skip-simple-eval "$1" "$work/material.plain" 2>/dev/null | grep -c '^e$'; }
expect "simple eval 0 drops nothing" "$(material 0)" "4"
expect "simple eval 1 drops |0|" "$(material 1)" "3"
expect "simple eval 208 keeps |208|" "$(material 208)" "3"
expect "simple eval 209 drops |208|" "$(material 209)" "2"
expect "simple eval 1262 keeps |-1262| and |1262|" "$(material 1262)" "2"
expect "simple eval 1263 drops both" "$(material 1263)" "0"
# nnue-pytorch's "filtered": in check or a piece on the destination, so en
# passant is not dropped (--skip-capture drops it).
expect "filtered" "$(run --skip-filtered)" "e5d6 b7b8q e1g1 e1d1 "
expect "filtered on EPD: in check, or a capture" "$("$tool" filter --skip-filtered "$work/hand.epd" 2>/dev/null)" "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 16"
# The random rules are worked out against the oracle in filter_chains.sh;
# here: the same seed, the same entries; seed and N in the counts.
"$tool" filter --random-skip 1 --seed 42 "$work/loader.plain" > /dev/null 2> "$work/counts"
expect "random counts name N and the seed" "$(sed -n 2p "$work/counts" | cut -d: -f1)" "  --random-skip 1 (seed 42)"
expect "random: the oracle agrees" "$(cat "$work/counts")" "$("$oracle" "$work/loader.plain" random=1 seed=42)"

# nnue-pytorch's soft early-ply schedule (--soft-early-skip N): an entry
# of ply p < N is dropped with probability 1 - K(p), K the line through
# (0, .1) (6, .15) (10, .25) (18, .75) (N, 1), its first segment holding p.
# Worked out by hand: N = 20 keeps ply 0 at .1, 3 at .125, 8 at .2, 14 at
# .5, 19 at .875; N = 12 keeps ply 11 at .3125 (on the segment from 10 to
# 18: the point (12, 1) is never reached), N = 5 ply 4 at .1333. 4,000
# distinct entries a ply (their scores differ, so their draws do): the
# share dropped within five standard deviations of 1 - K; ply N and above
# never.
awk 'BEGIN {
    for (p = 0; p <= 21; p++) for (i = 0; i < 4000; i++)
        printf "fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nmove e1d1\nscore %d\nply %d\nresult %d\ne\n", i - 2000, p, i % 3 - 1
}' > "$work/plies.plain"
soft_shares() { # soft_shares N SEED: "ply dropped" for each ply
    "$tool" filter --soft-early-skip "$1" --seed "$2" "$work/plies.plain" 2> /dev/null |
        awk '/^ply / {kept[$2]++} END {for (p = 0; p <= 21; p++) print p, 4000 - kept[p]}'
}
within() { # within DROPPED KEEP: yes when DROPPED of 4000 is within 5 sd of 4000 (1 - KEEP)
    awk -v d="$1" -v k="$2" 'BEGIN {m = 4000 * (1 - k); sd = sqrt(4000 * k * (1 - k));
        print (d >= m - 5 * sd - 0.5 && d <= m + 5 * sd + 0.5) ? "yes" : d " of 4000, expected " m}'
}
soft_shares 20 7 > "$work/soft20"
for pair in 0:0.1 3:0.125 6:0.15 8:0.2 10:0.25 14:0.5 18:0.75 19:0.875 20:1 21:1; do
    ply=${pair%:*} keep=${pair#*:}
    expect "soft early 20, ply $ply keeps $keep" "$(within "$(awk -v p="$ply" '$1 == p {print $2}' "$work/soft20")" "$keep")" "yes"
done
soft_shares 12 8 > "$work/soft12"
expect "soft early 12, ply 11 keeps .3125" "$(within "$(awk '$1 == 11 {print $2}' "$work/soft12")" 0.3125)" "yes"
expect "soft early 12, ply 12 kept" "$(awk '$1 == 12 {print $2}' "$work/soft12")" "0"
soft_shares 5 9 > "$work/soft5"
expect "soft early 5, ply 4 keeps .1333" "$(within "$(awk '$1 == 4 {print $2}' "$work/soft5")" 0.133333)" "yes"
expect "soft early 5, ply 5 kept" "$(awk '$1 == 5 {print $2}' "$work/soft5")" "0"
expect "soft early: the oracle agrees entry by entry" \
    "$("$tool" filter --soft-early-skip 20 --seed 7 --explain "$work/plies.plain" 2>&1 >/dev/null)" \
    "$("$oracle" "$work/plies.plain" soft-early=20 seed=7 explain)"
expect "soft early 0: refused" "$(usage --soft-early-skip 0 "$work/hand.plain")" "2"
expect "soft early on EPD: refused" "$(usage --soft-early-skip 5 "$work/hand.epd")" "2"

# nnue-pytorch's piece-count filter (--piece-count-skip): kept with chance
# a * target(pc) / seen(pc), its target a spline through 0, .4, 1, 1, .75
# at 0, 8, 16, 24, 32 pieces, a set so the piece count most above its
# target is kept 2.5% of the time. By hand: target(2) = .140625 * .4 +
# .15625 * .4 - .046875 * .5 = .0953125 (Hermite, t = 1/4), target(16) = 1.
# Kings alone (2 pieces) and a 16-piece position, 20,000 each, alternating:
# seen equally, so the kings are kept 2.5% of the time and the 16 pieces
# 1 / .0953125 = 10.49 times as often. Every entry differs (its score), so
# each has a draw of its own: 20,000 draws, not a few thousand repeated.
awk 'BEGIN {
    for (i = 0; i < 20000; i++) {
        printf "fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nmove e1d1\nscore %d\nply %d\nresult 0\ne\n", i - 10000, i % 100 + 20
        printf "fen r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R w KQkq - 0 1\nmove a2a3\nscore %d\nply %d\nresult 0\ne\n", i - 10000, i % 100 + 20
    }
}' > "$work/pieces.plain"
"$tool" filter --piece-count-skip --seed 5 "$work/pieces.plain" 2> "$work/counts" > "$work/kept.plain"
kings=$(grep -c '^fen 4k3/' "$work/kept.plain")
sixteen=$(grep -c '^fen r1bqkb1r/' "$work/kept.plain")
expect "piece count: kings kept 2.5%" "$(awk -v k="$kings" 'BEGIN {print (k > 400 && k < 620) ? "yes" : k " of 20000"}')" "yes"
expect "piece count: 16 pieces kept 10.49 times as often" \
    "$(awk -v k="$kings" -v s="$sixteen" 'BEGIN {r = s / k; print (r > 8.8 && r < 12.6) ? "yes" : r}')" "yes"
expect "piece count: the oracle agrees entry by entry" "$(cat "$work/counts")" \
    "$("$oracle" "$work/pieces.plain" piece-count seed=5)"
# More than 32 pieces: always dropped, as nnue-pytorch skips them.
block 'rnbqkbnr/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPP1/RNBQKBNR w - - 0 1' h1h2 0 10 0 > "$work/crowded.plain"
for seed in 1 2 3; do
    expect "47 pieces dropped, seed $seed" "$("$tool" filter --piece-count-skip --seed $seed "$work/crowded.plain" 2>/dev/null | grep -c '^e$')" "0"
done
# It ends the predicate: it sees only what the other rules keep, so every
# entry it drops it drops alone.
"$tool" filter --piece-count-skip --skip-capture --skip-in-check --explain "$work/hand.plain" > /dev/null 2> "$work/counts"
pair=$(sed -n 's/.*--piece-count-skip (seed 0): \([0-9]*\) dropped, \([0-9]*\) by it alone/\1 \2/p' "$work/counts")
expect "piece count: some dropped" "$([ "${pair% *}" -gt 0 ] && echo some)" "some"
expect "piece count: all by it alone" "${pair#* }" "${pair% *}"
expect "piece count on EPD: taken" "$(usage --piece-count-skip "$work/hand.epd")" "0"

# Usage errors: exit 2, nothing read.
expect "early ply negative" "$(usage --skip-early-ply -1 "$work/hand.plain")" "2"
expect "simple eval too large" "$(usage --skip-simple-eval 65537 "$work/hand.plain")" "2"
# Simple eval has 16 bits, |eval| <= 32768: a bound of 32768 or more would
# drop every entry (issue 29), so 32767 is the largest taken.
expect "simple eval 32768: refused, with the range" \
    "$("$tool" filter --skip-simple-eval 32768 "$work/hand.plain" 2>&1 >/dev/null)" \
    "seebatch filter: --skip-simple-eval needs a whole number 0..32767, not \"32768\" (see seebatch filter --help)"
expect "simple eval 32767 taken" "$(material 32767)" "0"
# --seed seeds the random rules; without one it would change nothing.
expect "seed without a random rule" \
    "$("$tool" filter --seed 4 --skip-capture "$work/hand.plain" 2>&1 >/dev/null)" \
    "seebatch filter: --seed seeds --random-skip and --wld-skip, and also --soft-early-skip and --piece-count-skip; none of them is given (see seebatch filter --help)"
expect "seed with --wld-skip" "$(usage --wld-skip --seed 4 "$work/loader.plain")" "0"
expect "random skip not a number" "$(usage --random-skip x "$work/hand.plain")" "2"
expect "seed negative" "$(usage --seed -1 "$work/hand.plain")" "2"
expect "seed missing" "$(usage "$work/hand.plain" --seed)" "2"
expect "EPD has no scores" "$(usage --skip-placeholder "$work/hand.epd")" "2"
expect "EPD has no plies" "$("$tool" filter --skip-early-ply 3 "$work/hand.epd" 2>&1 >/dev/null)" \
    "seebatch filter: --skip-value-none, --skip-placeholder, --skip-early-ply, --wld-skip and --soft-early-skip read scores, plies and results, which EPD lines ($work/hand.epd) lack (see seebatch filter --help)"
usage() { "$tool" filter "$@" < /dev/null > /dev/null 2>&1; echo $?; }
expect "unknown option" "$(usage --skip-everything "$work/hand.plain")" "2"
expect "threshold not a number" "$(usage --skip-see-ge x "$work/hand.plain")" "2"
expect "threshold missing" "$(usage "$work/hand.plain" --skip-see-ge)" "2"
expect "epd output" "$(usage --output-format=epd "$work/hand.plain")" "2"
expect "unknown input format" "$(usage --input-format pgn)" "2"
# Standard input of no known format is read as EPD lines (here none).
expect "standard input, nothing in it" "$("$tool" filter --skip-capture < /dev/null 2>&1 | head -1)" \
    "seebatch filter: 0 entries read, 0 kept, 0 dropped"
expect "missing file" "$(usage "$work/absent.binpack")" "2"

# Damaged files: an error naming the byte and the entry and what was left
# unread, every entry before it written (to standard output).
bad() { # bad NAME: filter $work/NAME.binpack to plain; prints exit status, entries written, error
    "$tool" filter --input-format binpack "$work/$1.binpack" --output-format plain \
        > "$work/$1.out" 2> "$work/$1.err"
    echo "$? $(grep -c '^e$' "$work/$1.out") $(grep -v '^ \|entries read' "$work/$1.err")"
}
# unread NAME BYTE: what a fault at BYTE of $work/NAME.binpack left unread, the
# file from it on (issue 83).
unread() {
    local whole
    whole=$(wc -c < "$work/$1.binpack" | tr -d ' ')
    echo "; not read: $((whole - $2)) of the file's $whole bytes"
}
size=$(wc -c < "$work/hand.binpack")
head -c $((size - 3)) "$work/hand.binpack" > "$work/cut.binpack"
expect "truncated" "$(bad cut)" "1 6 seebatch filter: $work/cut.binpack: byte $((8 + 6 * 34)), entry 7: the file ends $((size - 11)) bytes into a chunk whose header (at byte 0) claims $((size - 8)) bytes$(unread cut $((8 + 6 * 34)))"
{ cat "$work/hand.binpack"; printf 'JUNKJUNK'; } > "$work/junk.binpack"
expect "junk after the last chunk" "$(bad junk)" "1 7 seebatch filter: $work/junk.binpack: byte $size, entry 8: no chunk header (\"BINP\") where a chunk should start$(unread junk "$size")"
{ printf 'BINP\377\377\377\377'; tail -c +9 "$work/hand.binpack"; } > "$work/huge.binpack"
expect "chunk size over the limit" "$(bad huge)" "1 0 seebatch filter: $work/huge.binpack: byte 0, entry 1: the chunk header claims 4294967295 bytes, more than the 104857600-byte limit$(unread huge 0)"
{ head -c 36 "$work/hand.binpack"; printf '\377'; tail -c +38 "$work/hand.binpack"; } > "$work/stem.binpack"
expect "impossible result" "$(bad stem)" "1 0 seebatch filter: $work/stem.binpack: byte 8, entry 1: the game result field is -2$(unread stem 8)"
{ head -c $((8 + 34 * 3 + 25)) "$work/hand.binpack"; printf '\000'; tail -c +$((8 + 34 * 3 + 27)) "$work/hand.binpack"; } > "$work/move.binpack"
expect "impossible move" "$(bad move | sed 's/here: .*/here:/')" "1 3 seebatch filter: $work/move.binpack: byte $((8 + 34 * 3)), entry 4: the move e5a1 is impossible here:"

# Stems that are no chess position (issue 20: a flipped bit in small.binpack
# gave entries with no black king). One byte of a stem's piece nibbles is
# changed; the run must end there, naming the stem's byte and entry.
patch() { # patch NAME OFFSET OLD NEW: hand.binpack with byte OFFSET changed from OLD to NEW
    expect "$1: the byte patched is the one meant" \
        "$(od -An -tx1 -j "$2" -N1 "$work/hand.binpack" | tr -d ' ')" "$3"
    { head -c "$2" "$work/hand.binpack"; printf "\\x$4"; tail -c +$(($2 + 2)) "$work/hand.binpack"; } \
        > "$work/$1.binpack"
}
# Entry 7 (4k3/8/8/8/8/8/8/4K3): nibbles e1 = white king (a), e8 = black king (b).
patch no_king $((8 + 34 * 6 + 8)) ba 9a
expect "stem without a king" "$(bad no_king)" "1 6 seebatch filter: $work/no_king.binpack: byte $((8 + 34 * 6)), entry 7: the stem is no chess position: black has 0 kings$(unread no_king $((8 + 34 * 6)))"
# Entry 1 (4k3/8/8/8/8/8/8/r3K3): a1 = black rook (7) becomes a black pawn (1).
patch pawn_a1 $((8 + 8)) a7 a1
expect "stem with a pawn on a back rank" "$(bad pawn_a1)" "1 0 seebatch filter: $work/pawn_a1.binpack: byte 8, entry 1: the stem is no chess position: a pawn on a1, a back rank$(unread pawn_a1 8)"
# Entry 1 again: the black king's nibble (b) becomes "black king, black to
# move" (f), so white, who just moved, stands in check from the rook on a1.
patch check $((8 + 9)) 0b 0f
expect "stem with the side that moved in check" "$(bad check)" "1 0 seebatch filter: $work/check.binpack: byte 8, entry 1: the stem is no chess position: white, who just moved, is in check$(unread check 8)"
# The same end for eval and for two threads, nothing after the fault written.
"$tool" eval -j 2 "$work/no_king.binpack" > "$work/no_king.eval" 2> "$work/no_king.eval_err"
expect "eval, damaged stem: exit" "$?" "1"
expect "eval, damaged stem: the entries before it" "$(wc -l < "$work/no_king.eval" | tr -d ' ')" "6"
expect "eval, damaged stem: message" "$(cat "$work/no_king.eval_err")" "seebatch eval: $work/no_king.binpack: byte $((8 + 34 * 6)), entry 7: the stem is no chess position: black has 0 kings$(unread no_king $((8 + 34 * 6)))"
finish filter_rules
