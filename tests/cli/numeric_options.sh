#!/usr/bin/env bash
# Every numeric option of the tool rejects what is not a plain whole number
# in its range (negative, empty, past either end, too big for any integer,
# trailing or leading text, a sign, hex, exponent or fraction) with exit
# status 2, nothing on standard output and a message naming the option; and
# accepts both ends of its range.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

stalemate='k7/8/1QK5/8/8/8/8/8 b - - 0 1'   # no legal move: perft is 0 at any depth
not_numbers=("" "five" "5x" "5 " " 5" "+5" "0x10" "1e3" "5.0" "99999999999999999999"
             "-99999999999999999999")

rejects() { # rejects NAME OPTION-AS-NAMED COMMAND...: exit 2, no output, option named
    "${@:3}" < /dev/null > "$work/out" 2> "$work/err"
    expect "$1: exit" "$?" "2"
    expect "$1: no output" "$(wc -c < "$work/out" | tr -d ' ')" "0"
    expect "$1: names $2" "$(grep -c -F -- "$2" "$work/err")" "1"
}

check_option() { # check_option SUBCOMMAND OPTION MINIMUM MAXIMUM+1 [FIXED ARGUMENTS...]
    local sub=$1 option=$2 minimum=$3 past_maximum=$4
    local bad=("${not_numbers[@]}" "-1" "$past_maximum")
    [ "$minimum" -gt 0 ] && bad+=("$((minimum - 1))")
    for value in "${bad[@]}"; do
        rejects "$sub $option \"$value\"" "$option" "$tool" "$sub" "${@:5}" "$option" "$value"
    done
    rejects "$sub $option with no value" "$option" "$tool" "$sub" "${@:5}" "$option"
}

check_option eval --threads 0 257
check_option eval -j 0 257
check_option check --threads 0 257
check_option check -j 0 257 --no-oracle
check_option gen --count 0 1000000000001
check_option gen --seed 0 9223372036854775808 --count 1
check_option perft --depth 0 11 "$stalemate"

# -jN, the value joined to the option.
for value in "257" "-1" "5x" "+5" " 5"; do
    rejects "eval -j$value" "-j" "$tool" eval "-j$value"
done

# --values: five whole numbers 0..4000000.
for value in "" "-1,325,325,500,1000" "100,325,325,500,4000001" "100,325,325,500,1000x" \
    "100,325,325,500" "100,325,325,500,1000,1" "100,,325,500,1000" "99999999999999999999,1,1,1,1" \
    "100, 325,325,500,1000" "+100,325,325,500,1000" "100,325,325,500,1e3"; do
    rejects "eval --values \"$value\"" "--values" "$tool" eval --values "$value"
    rejects "check --values \"$value\"" "--values" "$tool" check --values "$value"
done

# Both ends of every range are accepted.
printf '%s;e1e5\n' "$trace1" > "$work/one.fen"
for threads in 0 256; do  # 0: every core this process may run on
    expect "eval -j $threads" "$("$tool" eval -j "$threads" "$work/one.fen")" "$trace1;e1e5;100"
    expect "eval -j$threads" "$("$tool" eval "-j$threads" "$work/one.fen")" "$trace1;e1e5;100"
    "$tool" check --no-oracle --threads "$threads" "$work/one.fen" > /dev/null
    expect "check --threads $threads" "$?" "0"
done
expect "--values at both ends" "$("$tool" eval --values 0,4000000,0,4000000,0 "$work/one.fen")" \
    "$trace1;e1e5;0"
expect "gen --count 0" "$("$tool" gen --count 0 | wc -l | tr -d ' ')" "0"
# (timeout: where SIGPIPE is ignored, gen would go on writing to the closed pipe)
expect "gen --count at its maximum" \
    "$(timeout 20 "$tool" gen --count 1000000000000 | head -n 1 | wc -l | tr -d ' ')" "1"
"$tool" gen --count 1 --seed 0 > /dev/null; expect "gen --seed 0" "$?" "0"
"$tool" gen --count 1 --seed 9223372036854775807 > /dev/null
expect "gen --seed at its maximum" "$?" "0"
expect "perft --depth 0" "$("$tool" perft --depth 0)" "1"
expect "perft --depth 10" "$("$tool" perft --depth 10 "$stalemate")" "0"

finish numeric_options
