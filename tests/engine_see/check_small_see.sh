#!/usr/bin/env bash
# seebatch check on small_see (tests/engine_see/small_see.c), a plain SEE of
# its own, through both ways in: bug-free, its rules are found from its
# answers alone as the ones it was given, and nothing differs (the embedded
# real positions, text and JSON); with each of the eight classic bugs
# planted, checked under the rules it was given on a suite of real
# captures that holds every move kind and exchange flag, it differs and
# every difference is explained by the bug's class and holds the exchange
# flag the bug needs, the exchanges its examples show end in the
# reference's value and the engine's, and its regression lines, read back
# and asked again of the buggy and the bug-free small_see, get the got and
# the expected they say; answers no SEE gives (never reading the board,
# always 1, always 0, a coin) fail the check (exit 1) with their reason,
# through both ways, rules found or given; a failing SEE ends the check with
# exit 4 and no report.
# Usage: check_small_see.sh TOOL SMALL_SEE_COMMAND SMALL_SEE_PLUGIN SMALL_SEE_PLUGIN_NO_SEE_VALUE
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
small_see=$2 plugin=$3 thresholds_plugin=$4
rules="--values 100,300,300,500,900 --pins --promotions=move"
if ! command -v python3 > /dev/null; then
    echo "check_small_see: SKIP: python3 reads the JSON reports"
    exit 77
fi

engine() { # engine lines|plugin WORDS: the options that reach small_see WORDS
    if [ "$1" = lines ]; then
        printf '%s\0%s' --see-command "$small_see${2:+ $2}"
    else
        printf '%s\0%s' --see-plugin "$plugin${2:+ $2}"
    fi
}
check() { # check lines|plugin WORDS OPTIONS...: the report; its exit status in $work/status
    local way=$1 words=$2
    shift 2
    local options=()
    while IFS= read -r -d '' option; do options+=("$option"); done < <(engine "$way" "$words"; printf '\0')
    "$tool" check "${options[@]}" "$@" 2> "$work/stderr"
    echo $? > "$work/status"
}
field() { # field EXPRESSION: of the JSON report on standard input, in Python
    python3 -c "import json, sys; d = json.load(sys.stdin); print($1)"
}

# Every move kind and exchange flag, 2,000 real captures under the rules.
# shellcheck disable=SC2086
"$tool" suite --count 2000 $rules | cut -d';' -f1,2 > "$work/suite"

# The stages that run a tenth of the cases (SEEBATCH_TEST_SCALE, under wine
# among them) check the bug-free SEE on the suite, not on every position.
positions=("" 109311)
[ "${SEEBATCH_TEST_SCALE:-1}" = 1 ] || positions=("$work/suite" 2000)
for way in lines plugin; do
    check "$way" "" ${positions[0]:+"${positions[0]}"} > "$work/report"
    expect "$way: bug-free, exit" "$(cat "$work/status")" "0"
    expect "$way: its rules found" "$(grep '^rules:' "$work/report" | sed 's/ (found.*//')" \
        "rules: $rules"
    expect "$way: no difference" "$(grep '^differences:' "$work/report")" "differences: none"
    expect "$way: every position" "$(grep -c ": ${positions[1]} positions" "$work/report")" "1"
    # shellcheck disable=SC2086
    check "$way" "" $rules --format json "$work/suite" > "$work/json"
    expect "$way: JSON, exit" "$(cat "$work/status")" "0"
    expect "$way: JSON" "$(field 'd["rules"], d["rules_given"], d["differences"]["moves"], d["positions"]' < "$work/json")" \
        "$rules True 0 2000"
done

bug_class() { # the explanation every difference of a bug has, and the flag it holds
    case $1 in
    xray) echo "x-rays missing|x-ray" ;;
    pins) echo "without --pins|pinned recapturer" ;;
    promotion) echo "--promotions=none|promotion" ;;
    en-passant) echo "en passant taking nothing (the victim looked for on the destination)|en passant" ;;
    king) echo "a king capturing into attack|king" ;;
    order) echo "the queen tried before the rook|" ;;
    off-by-one) echo "see_ge off by one (answers SEE > threshold)|" ;;
    early-stop) echo "the exchange broken off once the capturer is ahead|" ;;
    esac
}
# The stages that run a tenth of the cases ask each bug one way, the ways in
# turn (both ways, every bug; under ThreadSanitizer this test was the stage's
# last minutes).
bugs=(xray pins promotion en-passant king order off-by-one early-stop)
ways=(lines plugin)
for w in 0 1; do
    way=${ways[w]}
    for b in "${!bugs[@]}"; do
        bug=${bugs[b]}
        [ "${SEEBATCH_TEST_SCALE:-1}" = 1 ] || [ $(((b + w) % 2)) = 0 ] || continue
        IFS='|' read -r explanation flag <<< "$(bug_class "$bug")"
        # shellcheck disable=SC2086
        check "$way" "--bug $bug" $rules --format json --show 3 "$work/suite" > "$work/json"
        expect "$way $bug: exit" "$(cat "$work/status")" "1"
        expect "$way $bug: differs, every difference explained by $explanation" \
            "$(field "d['differences']['moves'] > 0 and d['differences']['explained_by']['$explanation'] == d['differences']['moves']" < "$work/json")" \
            "True"
        if [ -n "$flag" ]; then
            expect "$way $bug: every difference holds $flag" \
                "$(field "d['differences']['holding']['$flag'] == d['differences']['moves']" < "$work/json")" "True"
        fi
        expect "$way $bug: regression lines" \
            "$(field "all(e['line'].count(';') == 4 and e['expected'] != e['got'] for e in d['differences']['examples'])" < "$work/json")" \
            "True"
        # Each example's exchange stops at the reference's value (the
        # balance before " | "), each explanation's at the engine's own.
        expect "$way $bug: the exchanges shown end in the values" \
            "$(field "(lambda stop: all(stop(e['exchange']) == e['see'] and all(stop(t) == e['engine_see'] for t in e['explained_exchanges'].values()) for e in d['differences']['examples']))(lambda t: int(t.split(' | ')[0].split(' ')[-1]) if ' | ' in t else 0)" < "$work/json")" \
            "True"
    done
done

# The examples shown: the first difference of each class (kind, the
# explanations that explain it once judged, what the exchange holds when
# none does) before any other, then the first of the rest; not the first N,
# all of one kind.
for bug in xray early-stop king; do
    # shellcheck disable=SC2086
    check lines "--bug $bug" $rules --format json --show 1000000 "$work/suite" > "$work/all.json"
    # shellcheck disable=SC2086
    check lines "--bug $bug" $rules --format json --show 6 "$work/suite" > "$work/shown.json"
    expect "$bug: the first of each class shown first" \
        "$(python3 "$(dirname "$0")/examples_by_class.py" "$work/all.json" "$work/shown.json" 6)" "ok"
done

# The regression lines' columns, FEN;move;threshold;expected;got: each line
# asked again of the buggy SEE gets its got, of the bug-free one its expected.
# shellcheck disable=SC2086
check lines "--bug xray" $rules --show 20 "$work/suite" > "$work/report"
sed -n '/as regression lines (FEN;move;threshold;expected;got):$/,/^the same, explained:$/p' \
    "$work/report" | grep -v 'regression lines\|^the same' > "$work/lines"
expect "regression lines: 20 shown" "$(wc -l < "$work/lines" | tr -d ' ')" "20"
# (a Windows build's small_see.exe is run here through wine, SEEBATCH_EXE_RUNNER)
cut -d';' -f1-3 "$work/lines" | ${SEEBATCH_EXE_RUNNER:-} $small_see --bug xray > "$work/got"
cut -d';' -f1-3 "$work/lines" | ${SEEBATCH_EXE_RUNNER:-} $small_see > "$work/expected"
expect "regression lines: got is what the SEE answers" "$(cut -d';' -f5 "$work/lines")" \
    "$(tr -d '\r' < "$work/got")"
expect "regression lines: expected is what the reference answers" "$(cut -d';' -f4 "$work/lines")" \
    "$(tr -d '\r' < "$work/expected")"

# Answers no SEE gives: never a pass. Exit 1, the reason on the "not a SEE:"
# line, nothing checked; under rules found and under rules given (all 0,
# which such a SEE would otherwise pass). Asked thresholds (the program, and
# a plug-in without see_value), and asked values (the plug-in with it).
reason() { # reason ANSWER thresholds|values
    local pawn="taking an undefended pawn (6k1/8/2p5/8/8/8/8/2R3K1 w - - 0 1;c1c6)"
    local blind="its answers do not depend on the board: the move c1c6 taking an undefended pawn"
    case $1,$2 in
    blind,*) echo "$blind" ;;
    one,thresholds) echo "$pawn was answered 1 at every threshold" ;;
    zero,thresholds) echo "$pawn was answered 0 at every threshold" ;;
    random,thresholds) echo "its answers are not monotone in the threshold" ;;
    one,values | zero,values) echo "$blind" ;;
    esac
}
said() { # said ANSWER thresholds|values: the report's "not a SEE:" lines with the reason
    if [ "$1,$2" = random,values ]; then # coins for values: one below 0, or out of order
        grep -cE '^not a SEE: the [a-z]+ (is worth -|\([0-9-]+\) is not below)' "$work/report"
    else
        grep -cF "not a SEE: $(reason "$1" "$2")" "$work/report"
    fi
}
# The stages that run a tenth of the cases ask each way two of the four
# answers, in turn (every answer some way; every pair in the Release stage).
answers=(blind one zero random)
ways=(lines plugin values)
for w in 0 1 2; do
    way=${ways[w]}
    [ "$way" = values ] && asked=values || asked=thresholds
    [ "$way" = plugin ] && plugin_now=$thresholds_plugin || plugin_now=$plugin
    [ "$way" = lines ] && reached=lines || reached=plugin
    for a in 0 1 2 3; do
        answer=${answers[a]}
        at_full_scale || [ $(((a + w) % 2)) = 0 ] || continue
        plugin=$plugin_now check "$reached" "--answer $answer" "$work/suite" > "$work/report"
        expect "$way --answer $answer: exit" "$(cat "$work/status")" "1"
        expect "$way --answer $answer: the reason" "$(said "$answer" "$asked")" "1"
        expect "$way --answer $answer: nothing checked" "$(grep -c '^differences:' "$work/report")" "0"
    done
    plugin=$plugin_now check "$reached" "--answer blind" --values 0,0,0,0,0 --format json \
        "$work/suite" > "$work/json"
    expect "$way --answer blind, rules given: exit" "$(cat "$work/status")" "1"
    expect "$way --answer blind, rules given: the reason" \
        "$(field "d['not_a_see'].startswith('$(reason blind "$asked")')" < "$work/json")" "True"
done

# A program asked values (--see-values): the same, its values compared.
# shellcheck disable=SC2086
check lines "" --see-values $rules --format json "$work/suite" > "$work/json"
expect "values: exit" "$(cat "$work/status")" "0"
expect "values: asked values alone" "$(field 'd["thresholds"], d["values"], d["differences"]["moves"]' < "$work/json")" \
    "False True 0"
# shellcheck disable=SC2086
check lines "--bug xray" --see-values $rules --format json "$work/suite" > "$work/json"
expect "values, x-ray: every difference explained, the engine's value known" \
    "$(field "d['differences']['values'] == d['differences']['moves'] > 0 and d['differences']['explained_by']['x-rays missing'] == d['differences']['moves'] and all(e['engine_see'] != e['see'] for e in d['differences']['examples'])" < "$work/json")" \
    "True"

# A SEE that fails: exit 4, named, no report on standard output.
check lines "--crash-at 100" $rules > "$work/report"
expect "crash: exit" "$(cat "$work/status")" "4"
expect "crash: no report" "$(wc -c < "$work/report" | tr -d ' ')" "0"
expect "crash: named" "$(grep -c 'seebatch check: the SEE under test failed: ' "$work/stderr")" "1"
# (on the suite: with no answer to question 1 the answers run out only at
# the end, and every position took a minute under ThreadSanitizer; the last
# answer waited for 2 s, not the default 10: either way the SEE failed)
check lines "--short" $rules --see-timeout 2 "$work/suite" > "$work/report"
expect "a line too few: exit" "$(cat "$work/status")" "4"
# A line too many at question 100 (among the piece values' questions, a
# position made up): named at question 100, not where the ask ended, and
# said to be made up.
# shellcheck disable=SC2086
check lines "--twice-at 100" $rules > "$work/report"
expect "a line too many: exit" "$(cat "$work/status")" "4"
expect "a line too many: at question 100" \
    "$(grep -cF 'question 100, "6k1/8/2b5/8/8/8/8/2R3K1 w - - 0 1;c1c6;-4096": the program gave two lines for it' "$work/stderr")" "1"
expect "a line too many: a made-up position said so" \
    "$(grep -cF "(that position is one made up to read the SEE's rules, not one of the input's)" "$work/stderr")" "1"

finish "check small_see"
