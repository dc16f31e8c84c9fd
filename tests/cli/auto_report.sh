#!/usr/bin/env bash
# --auto-report: at the end of a job, on stderr, what auto learned per kind
# of call (the backend kept, and each backend's speed as auto judged it, or,
# for one dropped on its first, cold calls, how far it trailed and no speed:
# issue 76), the job's output unchanged; --auto-report-json the same as
# one line of JSON; why nothing was learned where auto is fixed or forced or
# the machine runs one backend. Each command that computes SEE lists both in
# its help. SEEBATCH_PROFILE, the retired
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
        "seebatch eval: auto learned, per kind of call (each backend's speed as auto judged it, ns a capture, over its calls timed; a backend dropped cold has no speed):"
    line=$(grep -m1 '^  values, many boards in order, pins worked out, at least 8 moves: kept ' "$work/report.err")
    expect "values on many boards in order reported" "$([ -n "$line" ] && echo yes)" "yes"
    kept=$(sed -n 's/.*: kept \([a-z0-9]*\);.*/\1/p' <<< "$line")
    # The kept backend's speed is its settled one, over its timed calls.
    expect "the kept backend, judged" "$(grep -cE "[; ]$kept [0-9.]+ ns over [1-9][0-9]* calls, kept" <<< "$line")" "1"
    for backend in $("$tool" --version | sed -n 's/^backends this build runs here: //p'); do
        expect "$backend reported" "$(grep -cE "[;,] $backend ([0-9.]+ ns over [1-9][0-9]* calls?, (kept|judged beside the best)|dropped after [1-9][0-9]* calls?, cold: [0-9.]+ times the best's cost on the same positions, no speed|on trial \([1-9][0-9]* calls?\)|not tried)" <<< "$line")" "1"
    done
    env -u SEEBATCH_BACKEND "$tool" eval --auto-report-json "$work/positions.fen" > "$work/json.out" 2> "$work/json.err"
    expect "eval --auto-report-json exits 0, output unchanged" "$?$(cmp -s "$work/plain.out" "$work/json.out" && echo same)" "0same"
    expect "one line of JSON" "$(wc -l < "$work/json.err" | tr -d ' ')" "1"
    expect "its head" "$(grep -c '^{"backend":"auto","learned":\[{"shape":"values, many boards in order, pins worked out, at least 8 moves","kept":"[a-z0-9]*","repeats_every":[0-9]*,"backends":\[{"name":' "$work/json.err")" "1"
    if command -v python3 > /dev/null; then
        expect "it reads as JSON" "$(python3 -c 'import json, sys; r = json.load(sys.stdin); print(len(r["learned"]) >= 1 and all(b["judged"] in ("kept", "judged", "dropped", "on trial", "not tried") and (b["ns_per_capture"] is None) == (b["judged"] not in ("kept", "judged")) and (b["trailed"] is None) == (b["judged"] != "dropped") for s in r["learned"] for b in s["backends"]))' < "$work/json.err")" "True"
    fi
else
    expect "one backend: nothing to learn" "$(cat "$work/report.err")" \
        "seebatch eval: auto learned nothing in this job: it does not learn here: this machine runs one backend"
fi
for command in eval check filter; do
    expect "$command --help lists both" "$("$tool" "$command" --help | grep -cE '^  --auto-report(-json)? ')" "2"
done

head -500 "$work/positions.fen" > "$work/few.fen"
SEEBATCH_BACKEND=fixed "$tool" eval "$work/few.fen" > "$work/few.out"
SEEBATCH_BACKEND=fixed "$tool" eval --auto-report "$work/few.fen" > /dev/null 2> "$work/fixed.err"
expect "fixed: nothing learned" "$(cat "$work/fixed.err")" \
    'seebatch eval: auto learned nothing in this job: it does not learn here: SEEBATCH_BACKEND is "fixed" (auto'"'"'s first guess, never learning)'
SEEBATCH_BACKEND=scalar "$tool" check --auto-report --no-oracle "$work/few.fen" > /dev/null 2> "$work/check.err"
expect "check takes it" "$?$(cat "$work/check.err")" "0seebatch check: auto learned nothing in this job: it does not learn here: SEEBATCH_BACKEND forces a backend"
SEEBATCH_BACKEND=scalar "$tool" eval --auto-report-json "$work/few.fen" > /dev/null 2> "$work/forced.json"
expect "forced, as JSON" "$(cat "$work/forced.json")" '{"backend":"scalar","learned":[]}'

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
