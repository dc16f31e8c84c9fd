#!/usr/bin/env bash
# What a new user types: --option=value, arguments in the wrong place, and
# what the tool says back (one message style, file errors naming the path,
# singular and plural, the limits in the help). Expected texts are what the
# tool is meant to say, written here, not copied from earlier output.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

printf '%s;e1e5\n' "$trace1" > "$work/one.fen"

# --option=value is the same as --option value, for every subcommand.
expect "eval --format=csv" "$("$tool" eval --format=csv "$work/one.fen" 2>&1)" "$("$tool" eval --format csv "$work/one.fen")"
expect "eval --preset=stockfish" "$("$tool" eval --preset=stockfish "$work/one.fen" 2>&1)" \
    "$("$tool" eval --preset stockfish "$work/one.fen")"
expect "eval --values= --threads=" "$("$tool" eval --values=1,2,3,4,5 --threads=2 "$work/one.fen" 2>&1)" \
    "$trace1;e1e5;1"
expect "gen --count= --seed=" "$("$tool" gen --count=3 --seed=7 2>&1)" "$("$tool" gen --count 3 --seed 7)"
expect "perft --depth=2" "$("$tool" perft --depth=2 2>&1)" "400"
expect "check --preset=" "$("$tool" check --no-oracle --preset=classic "$work/one.fen" 2>&1 | head -n 1)" \
    "checked 1 position, 1 move, 1 configuration"
"$tool" eval --format=xml < /dev/null 2>/dev/null; expect "--format=xml rejected" "$?" "2"
expect "a flag given a value" "$("$tool" eval --pins=yes "$work/one.fen" 2>&1)" \
    'seebatch eval: --pins takes no value, but was given "yes" (see seebatch eval --help)'

# Misplaced arguments are named, not read as something else.
expect "perft 2" "$("$tool" perft 2 2>&1)" \
    'seebatch perft: "2" is not a FEN; the depth is given as --depth 2 (see seebatch perft --help)'
"$tool" perft 2 > /dev/null 2>&1; expect "perft 2 exit" "$?" "2"
expect "gen 5" "$("$tool" gen 5 2>&1)" \
    'seebatch gen: "5" is not an option; the number of positions is given as --count 5 (see seebatch gen --help)'
expect "option before the command" "$("$tool" --pins eval 2>&1)" \
    'seebatch: options go after the command (seebatch COMMAND --pins ...); "--pins" is not a command (see seebatch --help)'
expect "perft unknown option" "$("$tool" perft --dpeth 2 2>&1)" \
    'seebatch perft: unknown option "--dpeth" (see seebatch perft --help)'

# One style: every message of a subcommand starts "seebatch SUBCOMMAND: ".
{
    "$tool" eval --bogus < /dev/null
    "$tool" eval --preset nonsense < /dev/null
    "$tool" eval --values 1,2 < /dev/null
    "$tool" eval -j 257 < /dev/null
    "$tool" eval --format < /dev/null
    "$tool" eval "$work/missing.fen"
    "$tool" eval "$work"
    SEEBATCH_BACKEND=bogus "$tool" eval < /dev/null
} 2> "$work/eval.err" > /dev/null
expect "eval messages" "$(grep -vc '^seebatch eval: ' "$work/eval.err")" "0"
expect "eval message count" "$(wc -l < "$work/eval.err" | tr -d ' ')" "8"
{
    "$tool" check --threads 999 < /dev/null
    "$tool" check --preset x < /dev/null
    "$tool" gen --count x
    "$tool" gen --seed -1
    "$tool" perft --depth 99
    "$tool" perft "8/8/8 w"
} 2> "$work/other.err" > /dev/null
expect "check, gen, perft messages" "$(grep -vEc '^seebatch (check|gen|perft): ' "$work/other.err")" "0"

# File errors name the path, whatever went wrong.
expect "directory" "$("$tool" eval "$work" 2>&1 > /dev/null)" "seebatch eval: cannot read $work: Is a directory"
expect "missing file" "$("$tool" check "$work/missing.fen" 2>&1 > /dev/null)" \
    "seebatch check: cannot open $work/missing.fen: No such file or directory"

# A bad SEEBATCH_BACKEND stops every subcommand, those that compute no SEE
# too (the settings rule: tests/cli/settings.sh).
SEEBATCH_BACKEND=bogus "$tool" gen --count 2 > /dev/null 2>&1; expect "gen rejects it" "$?" "2"
SEEBATCH_BACKEND=bogus "$tool" eval < /dev/null 2>/dev/null; expect "eval rejects it" "$?" "2"

# Singular and plural in the summary of check.
expect "check, one of each" "$("$tool" check --no-oracle --values 100,300,300,500,900 "$work/one.fen" | head -n 1)" \
    "checked 1 position, 1 move, 1 configuration"
"$tool" gen --count 2 > "$work/two.fen"
expect "check, many" "$("$tool" check "$work/two.fen" | grep -c '^checked 2 positions, [0-9]* moves, 25 configurations$')" "1"

# The limit on moves per line is in the help of both subcommands reading lines.
expect "eval help says 512 moves" "$("$tool" eval --help | grep -c 'at most 512 moves')" "1"
expect "check help says 512 moves" "$("$tool" check --help | grep -c 'at most$')$("$tool" check --help | grep -c '^512 moves')" "11"

# Nothing is taken silently (issue 29): --version takes no argument; help
# takes a command's name and gives that command's help.
expect "--version extra" "$("$tool" --version extra 2>&1 > /dev/null; echo "exit $?")" \
    'seebatch: --version takes nothing after it, but was given "extra" (see seebatch --help)
exit 2'
expect "help COMMAND" "$("$tool" help stats)" "$("$tool" stats --help)"
expect "--help COMMAND" "$("$tool" --help filter)" "$("$tool" filter --help)"
expect "help of no command" "$("$tool" help nothing 2>&1; echo "exit $?")" \
    'seebatch: "nothing" is not a command (the commands: eval, check, gen, perft, filter, stats, convert, interleave, suite, time) (see seebatch --help)
exit 2'
expect "help of a command and more" "$("$tool" help eval more 2>&1; echo "exit $?")" \
    'seebatch: help takes at most a command'"'"'s name, not also "more" (see seebatch --help)
exit 2'
# An option that ends the command line is told it needs a value, not `not ""`.
expect "perft --depth with no value" "$("$tool" perft --depth 2>&1; echo "exit $?")" \
    'seebatch perft: --depth needs a value, a whole number 0..10
exit 2'
for arguments in "gen --count" "eval -j" "eval --max-errors" "filter --seed" "filter --skip-early-ply" \
    "eval --preset" "check --values"; do
    message=$("$tool" $arguments < /dev/null 2>&1)
    expect "$arguments with no value: exit 2" "$?" "2"
    expect "$arguments with no value: said so" "$(grep -c "^seebatch ${arguments%% *}: ${arguments#* } needs a value" <<< "$message")" "1"
    expect "$arguments with no value: no empty quotes" "$(grep -c '""' <<< "$message")" "0"
done
# --no-oracle's help claims no more than was measured (1.1-1.5x).
expect "--no-oracle help: no several times" "$("$tool" check --help | grep -c 'several times')" "0"
# The top-level help lists every command, filter with every kind of rule.
for command in eval check gen perft filter stats convert interleave time; do
    expect "--help lists $command" "$("$tool" --help | grep -c "^  $command ")" "1"
done
expect "--help: filter's rules" "$("$tool" --help | grep -A2 '^  filter' | tr -s ' \n' ' ')" \
    " filter drop training entries (binpack, plain, EPD) by rule: check, capture, SEE, promotion, castling, and nnue-pytorch's loader rules (score, ply, material, seeded random draws); write the rest, count per rule "
# eval's help says what it answers: a move of either side whose piece stands
# on the from-square (issue 29: it said "of the mover", and answered black's
# moves with white to move). Values worked out by hand: e7e5 takes nothing,
# d5e4 (black's pawn takes white's, white to move) wins a pawn.
expect "eval help: either side's piece" "$("$tool" eval --help | grep -c 'nor played by the side to move')" "1"
expect "a move of the side not to move" \
    "$(printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;e7e5' '4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1;d5e4' | "$tool" eval | cut -d';' -f2-)" \
    "e7e5;0
d5e4;100"

finish "cli arguments"
