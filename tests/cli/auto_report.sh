#!/usr/bin/env bash
# --auto-report (issue 62): at the end of a job, on stderr, what auto learned
# per call shape (the backend kept, and each backend's time over the calls
# timed), the job's output unchanged; "does not learn" where auto is fixed or
# forced or the machine runs one backend. SEEBATCH_PROFILE, the retired
# profiles' variable, is warned about and changes no output and no status.
. "$(dirname "$0")/../support/cli_expect.sh"

"$tool" gen --count 12000 --seed 5 > "$work/positions.fen"  # some 50 calls: a whole look
SEEBATCH_BACKEND=fixed "$tool" eval "$work/positions.fen" > "$work/plain.out" 2> "$work/plain.err"
expect "eval without the option" "$?$(cat "$work/plain.err")" "0"

# Auto itself, whatever backend the stage forces (the avx512-emulated one forces avx512).
env -u SEEBATCH_BACKEND "$tool" eval --auto-report "$work/positions.fen" > "$work/report.out" 2> "$work/report.err"
expect "eval --auto-report exits 0" "$?" "0"
expect "its output is eval's" "$(cmp -s "$work/plain.out" "$work/report.out" && echo same)" "same"
backends=$("$tool" --version | sed -n 's/^backends this build runs here: //p' | wc -w)
if [ "$backends" -gt 1 ]; then
    expect "the report's head" "$(head -1 "$work/report.err")" \
        "seebatch eval: auto learned, per call shape (ns a capture over the calls timed):"
    line=$(grep -m1 '^  values, many boards in order, pins worked out, at least 8 moves: kept ' "$work/report.err")
    expect "values on many boards in order reported" "$([ -n "$line" ] && echo yes)" "yes"
    for backend in $("$tool" --version | sed -n 's/^backends this build runs here: //p'); do
        expect "$backend timed" "$(grep -cE "[ ,]$backend [0-9.]+ over [1-9][0-9]*" <<< "$line")" "1"
    done
else
    expect "one backend: nothing to learn" "$(grep -c 'auto learned nothing in this job' "$work/report.err")" "1"
fi

head -500 "$work/positions.fen" > "$work/few.fen"
SEEBATCH_BACKEND=fixed "$tool" eval "$work/few.fen" > "$work/few.out"
SEEBATCH_BACKEND=fixed "$tool" eval --auto-report "$work/few.fen" > /dev/null 2> "$work/fixed.err"
expect "fixed: nothing learned" "$(cat "$work/fixed.err")" \
    'seebatch eval: auto learned nothing in this job: it does not learn here (SEEBATCH_BACKEND names a backend or "fixed", or this machine runs one backend)'
SEEBATCH_BACKEND=scalar "$tool" check --auto-report --no-oracle "$work/few.fen" > /dev/null 2> "$work/check.err"
expect "check takes it" "$?$(grep -c 'auto learned nothing' "$work/check.err")" "01"

printf 'seebatch profile 1\ncpu AuthenticAMD-17h-01h\nchoices s\n' > "$work/damaged.profile"
for profile in "$work/damaged.profile" "$work/missing.profile"; do
    SEEBATCH_BACKEND=fixed SEEBATCH_PROFILE=$profile "$tool" eval "$work/few.fen" \
        > "$work/profile.out" 2> "$work/profile.err"
    expect "SEEBATCH_PROFILE=$profile: exit 0" "$?" "0"
    expect "SEEBATCH_PROFILE=$profile: the same output" \
        "$(cmp -s "$work/few.out" "$work/profile.out" && echo same)" "same"
    expect "SEEBATCH_PROFILE=$profile: warned, naming it" "$(cat "$work/profile.err")" \
        "seebatch eval: warning: SEEBATCH_PROFILE is ignored: seebatch calibrate's profiles are retired (auto learns from the calls it serves)"
done
finish "cli auto report"
