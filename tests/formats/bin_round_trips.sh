#!/usr/bin/env bash
# Stockfish's .bin (PackedSfenValue, 40 bytes an entry) through seebatch
# filter, on games made here (make_training_games: castlings, en passant,
# promotions, chains and chunks): the bytes the tool writes equal those of
# an independent packer written in Python from the format's description
# (bin_reference.py); the round trips plain -> bin -> plain and binpack ->
# bin -> binpack give the same bytes, binpack -> bin -> plain equals binpack
# -> plain, at -j 1 and -j 2; eval, check and stats read .bin as the same
# entries; a bad .bin (truncated, a board that does not decode, an
# inconsistent position, a bad move or result) stops at the fault with
# "FILE: byte B, entry E: why", exit 1, every entry before it written.
# Usage: bin_round_trips.sh TOOL ORACLE_COUNT ROOT MAKE_TRAINING_GAMES
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
maker=$4 reference=$(dirname "$0")/bin_reference.py
if ! command -v python3 > /dev/null; then
    echo "bin_round_trips: SKIP: python3 (for the independent packer) is absent"
    exit 77
fi
games=$(awk -v s="${SEEBATCH_TEST_SCALE:-1}" 'BEGIN {print (s >= 1) ? 120 : 40}')
made=$("$maker" 37 "$games" "$work/games.binpack" "$work/games.plain")
echo "made: $made"
feature() { echo "$made" | awk -v k="$1" '{for (i = 1; i < NF; i++) if ($i == k) print $(i + 1)}'; }
for name in castlings en_passants promotions chunks; do
    expect "the games have $name" "$([ "$(feature $name)" -ge 2 ] && echo yes)" "yes"
done
same() { cmp -s "$1" "$2" && echo same; }

# The tool's plain text of the games: what every plain below is compared with.
"$tool" filter "$work/games.binpack" --output-format plain --output "$work/games.tool.plain" 2> /dev/null
# binpack -> bin, at -j 1 and -j 2 (chunks on threads), and plain -> bin.
"$tool" filter "$work/games.binpack" --output "$work/from_binpack.bin" 2> /dev/null
expect "binpack -> bin: exit 0" "$?" "0"
"$tool" filter -j 2 "$work/games.binpack" --output "$work/from_binpack_j2.bin" 2> /dev/null
expect "binpack -> bin, -j 2: the same bytes" "$(same "$work/from_binpack.bin" "$work/from_binpack_j2.bin")" same
"$tool" filter "$work/games.tool.plain" --output "$work/from_plain.bin" 2> /dev/null
expect "plain -> bin: the same bytes as binpack -> bin" \
    "$(same "$work/from_plain.bin" "$work/from_binpack.bin")" same
entries=$(grep -c '^e$' "$work/games.tool.plain")
expect "bin: 40 bytes an entry" "$(stat -c %s "$work/from_binpack.bin")" "$((40 * entries))"
# The independent packer's bytes.
python3 "$reference" "$work/games.tool.plain" "$work/reference.bin"
expect "the bytes of the format's description (bin_reference.py)" \
    "$(same "$work/reference.bin" "$work/from_binpack.bin")" same

# Back: bin -> plain and bin -> binpack.
"$tool" filter "$work/from_binpack.bin" --output "$work/back.plain" 2> /dev/null
expect "plain -> bin -> plain: the same bytes" "$(same "$work/back.plain" "$work/games.tool.plain")" same
"$tool" filter "$work/games.tool.plain" --output "$work/plain_made.binpack" 2> /dev/null
"$tool" filter "$work/from_binpack.bin" --output "$work/back.binpack" 2> /dev/null
expect "binpack -> bin -> binpack: the bytes of the plain text's binpack" \
    "$(same "$work/back.binpack" "$work/plain_made.binpack")" same
"$tool" filter "$work/plain_made.binpack" --output "$work/again.bin" 2> /dev/null
"$tool" filter "$work/again.bin" --output "$work/again.binpack" 2> /dev/null
expect "binpack (Stockfish's chaining) -> bin -> binpack: the same bytes" \
    "$(same "$work/again.binpack" "$work/plain_made.binpack")" same
# By option, whatever the names; and from standard input.
"$tool" filter --input-format bin --output-format plain < "$work/from_binpack.bin" > "$work/stdin.plain" 2> /dev/null
expect "bin on standard input -> plain" "$(same "$work/stdin.plain" "$work/games.tool.plain")" same

# The other commands read the same entries (check, slow, on the first 2000).
head -c $((40 * 2000)) "$work/from_binpack.bin" > "$work/first.bin"
"$tool" filter "$work/first.bin" --output "$work/first.plain" 2> /dev/null
for command in "eval|games" "eval --all-captures|games" "stats|games" "check --no-oracle|first"; do
    IFS='|' read -r command data <<< "$command"
    plain=$work/games.tool.plain bin=$work/from_binpack.bin
    [ "$data" = first ] && plain=$work/first.plain bin=$work/first.bin
    "$tool" $command "$plain" 2> /dev/null | sed 's/(plain)/(FORMAT)/; s|^file: .*||' > "$work/plain.out"
    "$tool" $command "$bin" 2> /dev/null | sed 's/(bin)/(FORMAT)/; s|^file: .*||' > "$work/bin.out"
    expect "$command: .bin as the plain text" "$(same "$work/plain.out" "$work/bin.out")" same
done
# A rule on .bin input: the entries the rule keeps from the plain text.
"$tool" filter --skip-capture --skip-in-check "$work/from_binpack.bin" --output-format plain \
    > "$work/rule_bin.plain" 2> "$work/rule_bin.err"
"$tool" filter --skip-capture --skip-in-check "$work/games.tool.plain" > "$work/rule_plain.plain" \
    2> "$work/rule_plain.err"
expect "a rule on .bin: the plain text's entries" "$(same "$work/rule_bin.plain" "$work/rule_plain.plain")" same
expect "a rule on .bin: the plain text's counts" "$(cat "$work/rule_bin.err")" "$(cat "$work/rule_plain.err")"

# Bad .bin input: the run stops at the fault, naming byte and entry and what
# it left unread (the file from the fault on, its whole entries counted:
# issue 83); the entries before it are written (to standard output: an
# --output file is not written by a run that fails).
head -c $((40 * 5)) "$work/from_binpack.bin" > "$work/five.bin"
"$tool" filter "$work/five.bin" --output-format plain > "$work/five.plain" 2> /dev/null
bad_bin() { # bad_bin NAME FILE EXPECTED-MESSAGE: five good entries, then the fault
    local err size entries
    err=$("$tool" filter "$2" --output-format plain --output - 2>&1 > "$work/prefix.plain")
    expect "$1: exit 1" "$?" "1"
    size=$(wc -c < "$2" | tr -d ' ')
    entries=$(( (size - 200) / 40 ))
    case $entries in 0) entries="" ;; 1) entries=" (1 entry)" ;; *) entries=" ($entries entries)" ;; esac
    expect "$1: the message" "$(head -1 <<< "$err")" \
        "seebatch filter: $2: $3; not read: $((size - 200)) of the file's $size bytes$entries"
    expect "$1: the entries before it written" "$(same "$work/prefix.plain" "$work/five.plain")" same
}
{ cat "$work/five.bin"; head -c 57 "$work/from_binpack.bin" | tail -c 17; } > "$work/truncated.bin"
bad_bin "truncated" "$work/truncated.bin" "byte 200, entry 6: truncated: the file ends 17 bytes into a 40-byte entry"
# Entries built by the independent packer, then spoilt at one field. In the
# start position, c8's bishop is coded from bit 23 (1 side + 12 kings + two
# pieces of 5 bits); bits 24-31 all set make its code 1111, no piece's.
one() { python3 "$reference" --entry "$@" "$work/one.bin" && cat "$work/one.bin"; }
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
{ cat "$work/five.bin"; one "$start" e2e4 10 0 0 | head -c 3; printf '\377'; one "$start" e2e4 10 0 0 | tail -c 36; } \
    > "$work/no_code.bin"
bad_bin "a board that does not decode" "$work/no_code.bin" \
    "byte 200, entry 6: the board does not decode: no piece has the code at bit 23 (square 58)"
{ cat "$work/five.bin"; one "P3k3/8/8/8/8/8/8/4K3 w - - 0 1" e1e2 0 0 0; } > "$work/back_rank.bin"
bad_bin "a pawn on a back rank" "$work/back_rank.bin" \
    "byte 200, entry 6: an inconsistent position: a pawn on a back rank"
{ cat "$work/five.bin"; one "4k3/8/8/8/8/8/8/4K3 w K - 0 1" e1e2 0 0 0; } > "$work/castling.bin"
bad_bin "a castling right without its rook" "$work/castling.bin" \
    "byte 200, entry 6: an inconsistent position: castling right K without its king and rook in place"
{ cat "$work/five.bin"; one "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1" e1e2 0 0 0; } > "$work/black_in_check.bin"
bad_bin "the side that moved in check" "$work/black_in_check.bin" \
    "byte 200, entry 6: an inconsistent position: black, who just moved, is in check"
{ cat "$work/five.bin"; one "$start" e3e4 10 0 0; } > "$work/no_piece.bin"
bad_bin "a move of no piece" "$work/no_piece.bin" \
    "byte 200, entry 6: the move e3e4 is impossible here: no piece of the side to move on its square"
{ cat "$work/five.bin"; one "$start" e2e4 10 0 0 | head -c 38; printf '\005\000'; } > "$work/result.bin"
bad_bin "a result of 5" "$work/result.bin" "byte 200, entry 6: the game result field is 5"
# eval stops at the fault too, its records before it written.
"$tool" eval "$work/truncated.bin" > "$work/eval.out" 2> /dev/null
expect "eval, truncated .bin: exit 1" "$?" "1"
expect "eval, truncated .bin: the five entries' records" "$(wc -l < "$work/eval.out" | tr -d ' ')" "5"

finish bin_round_trips
