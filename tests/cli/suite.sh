#!/usr/bin/env bash
# seebatch suite: the same options and seed write the same bytes; another
# seed other moves; every value is eval's of the same move under the same
# rules; every move kind and every flag of what an exchange holds has its
# share; the count is kept; bad options are usage errors.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

"$tool" suite > "$work/a" && "$tool" suite > "$work/b"
expect "two runs, byte for byte" "$(cmp "$work/a" "$work/b" && echo same)" "same"
expect "1000 by default" "$(wc -l < "$work/a" | tr -d ' ')" "1000"
"$tool" suite --seed 7 > "$work/c"
expect "another seed, other moves" "$(cmp -s "$work/a" "$work/c" || echo differ)" "differ"

# Each value is eval's (the reference) of the move, under each set of rules.
for rules in "" "--preset stockfish" "--values 100,300,300,500,900 --pins --promotions=move" \
    "--stop-when-ahead --promotions"; do
    # shellcheck disable=SC2086
    "$tool" suite --count 300 --seed 3 $rules > "$work/suite"
    cut -d';' -f1,2 "$work/suite" > "$work/moves"
    # shellcheck disable=SC2086
    "$tool" eval $rules "$work/moves" > "$work/eval"
    expect "values of eval, rules \"$rules\"" "$(cmp "$work/suite" "$work/eval" && echo same)" "same"
done

# EPD: the same moves and values; every class has its share (1000 / 20).
"$tool" suite --format epd > "$work/epd"
expect "EPD twice" "$("$tool" suite --format epd | cmp - "$work/epd" && echo same)" "same"
expect "EPD moves and values" \
    "$(sed -E 's/.* uci ([a-h1-8qrbn]+); see (-?[0-9]+);.*/\1;\2/' "$work/epd")" \
    "$(cut -d';' -f2,3 "$work/a")"
for flag in xray pinned promotion en_passant king early_stop; do
    held=$(grep -c "holds \"[^\"]*$flag" "$work/epd")
    expect "$flag held by 50 or more" "$([ "$held" -ge 50 ] && echo yes)" "yes"
done
castles=$(grep -cE 'uci e[18][gc][18]; see 0;' "$work/epd")
expect "castling, 50 or more" "$([ "$castles" -ge 50 ] && echo yes)" "yes"
promotions=$(grep -cE 'uci [a-h][1-8][a-h][1-8][qrbn];' "$work/epd")
expect "promotions, 50 or more" "$([ "$promotions" -ge 50 ] && echo yes)" "yes"
expect "EPD read back by eval" "$("$tool" eval "$work/epd" > /dev/null 2>&1; echo $?)" "0"

expect "--count 5" "$("$tool" suite --count 5 | wc -l | tr -d ' ')" "5"
"$tool" suite --format csv > /dev/null 2> "$work/err"
expect "--format csv exit" "$?" "2"
expect "--format csv message" "$(cat "$work/err")" \
    'seebatch suite: --format takes lines or epd, not "csv" (see seebatch suite --help)'
"$tool" suite --count 0 > /dev/null 2>&1
expect "--count 0 exit" "$?" "2"
"$tool" suite some.fen > /dev/null 2>&1
expect "a file exit" "$?" "2"
expect "help" "$("$tool" suite --help | head -n 1)" \
    "usage: seebatch suite [config options] [--count N] [--format lines|epd] [--seed S]"

finish "cli suite"
