#!/usr/bin/env bash
# seebatch time reads every input check reads, through the one reader
# (issue 81): FEN lines, EPD records, UCI position lines, training data
# (plain, binpack), standard input; each gives the positions the same FENs
# give (the table's first line counts them and their captures, eval's count
# of captures the reference); a bad line is named as check names it
# ("seebatch time: FILE: line N: ...") and nothing is timed; a position no
# game reaches is refused unless --allow-impossible; --input-format is obeyed.
# The test SEE is tests/engine_see/small_see.c's plug-in; no time is asserted.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
small_see_plugin time_inputs
quick=(--rounds 1 --sample-seconds 0.001)

counted() { # counted FILE... [OPTIONS]: time's "N positions, M captures", or its exit status
    local out status
    out=$("$tool" time --see-plugin "$plugin" "${quick[@]}" "$@" 2> "$work/err")
    status=$?
    [ "$status" -eq 0 ] || { echo "exit $status"; return; }
    sed -n '1s/^seebatch time: \([0-9,]* positions, [0-9,]* captures\);.*/\1/p' <<< "$out" |
        sed 's/\([0-9]\),\([0-9]\)/\1\2/g'
}

"$tool" gen --count 200 --seed 5 > "$work/p.fen"
"$tool" eval "$work/p.fen" > "$work/captures.txt"
captures=$(wc -l < "$work/captures.txt" | tr -d ' ')
with_capture=$(cut -d';' -f1 "$work/captures.txt" | sort -u | wc -l | tr -d ' ')
fen_counts=$(counted "$work/p.fen")
expect "FEN: every capture of every position with one (eval's)" \
    "$fen_counts" "$with_capture positions, $captures captures"

awk '{ printf "%s %s %s %s bm Nf3; id \"pos %d\"; hmvc %d; fmvn %d;\n", $1, $2, $3, $4, NR, $5, $6 }' \
    "$work/p.fen" > "$work/p.epd"
expect "EPD: the FEN's" "$(counted "$work/p.epd")" "$fen_counts"
sed 's/^/position fen /' "$work/p.fen" > "$work/p.uci"
expect "UCI position lines: the FEN's" "$(counted "$work/p.uci")" "$fen_counts"
expect "standard input: the FEN's" "$(counted - < "$work/p.fen")" "$fen_counts"
# After 1. e4 d5 white has one capture, exd5.
echo "position startpos moves e2e4 d7d5" > "$work/opening.uci"
expect "a UCI position after its moves" "$(counted "$work/opening.uci")" "1 positions, 1 captures"

# Training data: an entry a capture of the FENs (plain_of), as plain and as
# binpack, gives the positions of its entries' FENs, one a line.
plain_of "$work/p.fen" > "$work/p.plain"
"$tool" convert --output-format binpack "$work/p.plain" "$work/p.binpack" 2> /dev/null
cut -d';' -f1 "$work/captures.txt" > "$work/entries.fen"
entry_counts=$(counted "$work/entries.fen")
expect "plain: its entries' positions" "$(counted "$work/p.plain")" "$entry_counts"
expect "binpack: its entries' positions" "$(counted "$work/p.binpack")" "$entry_counts"
expect "binpack: an entry a position" "${entry_counts%% *}" "$captures"
expect "--input-format lines on plain: its lines refused" \
    "$(counted --input-format lines "$work/p.plain")" "exit 1"
expect "--input-format plain on plain" "$(counted --input-format plain "$work/p.plain")" \
    "$entry_counts"
expect "--input-format nonsense" "$(counted --input-format nonsense "$work/p.fen")" "exit 2"

# A bad line: named with its file and line, nothing timed.
printf '%s\nnot a fen\n' "$trace1" > "$work/bad.fen"
"$tool" time --see-plugin "$plugin" "${quick[@]}" "$work/bad.fen" > "$work/out" 2> "$work/err"
expect "a bad line: exit" "$?" "1"
expect "a bad line: named as check names it" \
    "$(grep -c "^seebatch time: $work/bad.fen: line 2: " "$work/err")" "1"
expect "a bad line: nothing timed" "$(wc -c < "$work/out" | tr -d ' ')" "0"
"$tool" check --see-plugin "$plugin" "$work/bad.fen" > /dev/null 2> "$work/check.err"
expect "a bad line: check's words" "$(sed 's/^seebatch time: //' "$work/err")" \
    "$(sed 's/^seebatch check: //' "$work/check.err")"

# Kings side by side: no game's position, read with --allow-impossible.
echo "8/8/8/8/8/8/1p6/Kk6 w - - 0 1" > "$work/impossible.fen"
expect "an impossible position: refused" "$(counted "$work/impossible.fen")" "exit 1"
expect "an impossible position: --allow-impossible" \
    "$(counted --allow-impossible "$work/impossible.fen")" "1 positions, 1 captures"
finish time_inputs
