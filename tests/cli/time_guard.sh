#!/usr/bin/env bash
# seebatch time guarded as check is (issue 81): a plug-in that crashes,
# hangs, ends the process (exit(0), a status that would read as success)
# or answers 7 ends the run with exit 4, no table, and one line naming the
# plug-in, the function, the fault and the question (a capture of the
# input, FEN;move;threshold), whether it misbehaves in the first pass
# (every question asked once, answers compared with the view's) or in a
# timed pass, or under --calls; a hang within the default timeout (10 s)
# and within --see-timeout. The test SEE is tests/engine_see/small_see.c's
# plug-in; no time is asserted.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
small_see_plugin time_guard
"$tool" gen --count 200 --seed 5 > "$work/positions.fen"
"$tool" eval "$work/positions.fen" | cut -d';' -f1,2 > "$work/captures.txt"
captures=$(wc -l < "$work/captures.txt" | tr -d ' ')
quick=(--rounds 1 --sample-seconds 0.001)

# misbehaving NAME EXIT_CODE WHAT WORDS [OPTIONS...]: time on the plug-in
# opened with WORDS ends with EXIT_CODE and one line, "seebatch: the SEE
# plug-in LIB WHAT in seebatch_plugin_see_ge on question N: FEN;move;T",
# the question a capture of the input; nothing on standard output.
misbehaving() {
    local name=$1 code=$2 what=$3 words=$4
    shift 4
    "$tool" time --see-plugin "$plugin $words" "$@" "$work/positions.fen" > "$work/out" 2> "$work/err"
    expect "$name: exit" "$?" "$code"
    expect "$name: no table" "$(wc -c < "$work/out" | tr -d ' ')" "0"
    expect "$name: one line" "$(wc -l < "$work/err" | tr -d ' ')" "1"
    local line pattern="^seebatch: the SEE plug-in $plugin $what in seebatch_plugin_see_ge on question [0-9]+: [^;]+;[a-h1-8qrbn]+;-?[0-9]+\$"
    line=$(cat "$work/err")
    expect "$name: the plug-in, the fault, the function, the question" \
        "$([[ "$line" =~ $pattern ]] && echo named)" "named"
    question=${line##*on question }
    asked=${question#*: }
    expect "$name: the question is a capture of the input" \
        "$(grep -c -x -F "${asked%;*}" "$work/captures.txt")" "1"
    question=${question%%:*}
}

# How the guard names a crash: a signal on POSIX, an exception on Windows
# (see_system_windows.c).
crashed='crashed \(SIGSEGV\)'
[ "${SEEBATCH_TARGET_SYSTEM:-}" = Windows ] && crashed='crashed \(exception 0x[0-9A-F]{8}, [^)]*\)'
# In the first pass (question 5) and in a timed one (a whole pass later:
# question 5 again, as the passes number them).
for at in 5 $((captures + 5)); do
    misbehaving "crash at call $at" 4 "$crashed" "--crash-at $at" "${quick[@]}"
    expect "crash at call $at: question 5" "$question" "5"
    misbehaving "exit(0) at call $at" 4 'ended the process \(exit\)' "--exit-at $at" "${quick[@]}"
    expect "exit(0) at call $at: question 5" "$question" "5"
    misbehaving "7 at call $at" 4 'answered 7 \(seebatch_plugin_see_ge must give 0 or 1\)' \
        "--garbage-at $at" "${quick[@]}"
    expect "7 at call $at: question 5" "$question" "5"
done
misbehaving "a hang, --see-timeout 1" 4 'did not return within 1 s' \
    "--hang-at $((2 * captures + 3))" "${quick[@]}" --see-timeout 1
expect "a hang, --see-timeout 1: question 3" "$question" "3"
# The default, a constant, waited out once: in the Release stage.
if at_full_scale; then
    misbehaving "a hang, the default timeout" 4 'did not return within 10 s' "--hang-at 2" "${quick[@]}"
    expect "a hang, the default timeout: question 2" "$question" "2"
fi
misbehaving "--calls: a crash" 4 "$crashed" "--crash-at 7" --calls 100
misbehaving "--calls: 7" 4 'answered 7 \(seebatch_plugin_see_ge must give 0 or 1\)' \
    "--garbage-at 7" --calls 100

# The same plug-in, behaving: a table, exit 0.
"$tool" time --see-plugin "$plugin" "${quick[@]}" "$work/positions.fen" > "$work/out" 2> "$work/err"
expect "behaving: exit" "$?" "0"
expect "behaving: a table" "$(grep -c '^  seebatch.s view ' "$work/out")" "1"

# --see-timeout refused as check refuses it.
for bad in 0 -1 x 86401; do
    "$tool" time --see-plugin "$plugin" --see-timeout "$bad" "$work/positions.fen" > /dev/null \
        2> "$work/err"
    expect "--see-timeout $bad: exit" "$?" "2"
    expect "--see-timeout $bad: named" "$(grep -c -- "--see-timeout needs" "$work/err")" "1"
done
finish time_guard
