#!/usr/bin/env bash
# Plants the bugs of tests/mutation/mutants.tsv one at a time in a scratch
# copy of the repository, rebuilds (Release, warnings are errors) and runs
# the tests of the mutant's layer; a mutant survives when they all pass.
# Prints one line per mutant and a kill rate per layer. Not part of CI.
#
# Usage: tests/mutation/run_mutants.sh [MUTANTS_FILE]
#   JOBS=N          build and test parallelism (default 1)
#   TESTS=all       run the whole Release suite for every mutant instead of
#                   the layer's tests (several times slower)
#   SCRATCH=DIR     where the copy is built (default a new temporary
#                   directory, removed at the end)
#   ONLY=REGEX      plant only the mutants whose id matches
#   SOURCE=DIR      the tree to copy and mutate (default this repository;
#                   e.g. an export of an older commit, to compare its tests)
#   TARGETS="T..."  build only these targets (the layer's tests and what they
#                   run), not the whole tree: a faster baseline and rebuilds
#   SEEBATCH_TEST_SCALE  case counts of the C tests (default 0.1, as in the
#                   sanitizer stages of tests/run_all.sh; 1 for the full counts)
#   PEXT_SETTINGS="auto slow"  run each mutant's tests once per SEEBATCH_PEXT
#                   value named (docs/tool.md#settings; "slow" takes the copies
#                   a CPU with slow pext runs), one build for all; a mutant is
#                   killed only if killed under each (default: the environment
#                   as it is, once)
# A mutant's tests stop at the first failure: the line names that test.
set -uo pipefail
export SEEBATCH_TEST_SCALE=${SEEBATCH_TEST_SCALE:-0.1}
root=$(cd "$(dirname "$0")/../.." && pwd)
mutants=${1:-$root/tests/mutation/mutants.tsv}
jobs=${JOBS:-1}
scratch=${SCRATCH:-$(mktemp -d)}
[ -n "${SCRATCH:-}" ] || trap 'rm -rf "$scratch"' EXIT

# The tests that watch each layer (ctest -R). A mutant runs only these.
layer_tests() {
    case $1 in
        kernel) echo '^(test_see_.*|test_stop_when_ahead|test_differential|test_engine_path|test_views|test_lane_kernels|test_lane_attackers|test_hostile|test_threads|test_fuzz_regressions)$' ;;
        dispatch) echo '^(test_cpu_detection|test_cpu_choice|test_auto_steered|test_auto_learning|test_auto_replay|test_implementations|test_backend_names|test_api_checked|test_checked_edges|test_capacities|test_lane_kernels|test_lane_attackers|test_kernel_routing|test_differential|test_no_allocation|test_threads|cli_backend_names|cli_eval)$' ;;
        api) echo '^(test_api_checked|test_checked_edges|test_deprecated_api|test_engine_path|test_capacities|test_backend_names|test_see_traces|test_fen|test_fen_scan|test_perft|test_position_status|test_moves_text|test_no_allocation|test_hostile)$' ;;
        harness) echo '^(test_differential|test_capacities|test_hostile|cli_check_status|cli_subcommands)$' ;;
        tool) echo '^(cli_(eval|subcommands|check_status|formats|numeric_options|backend_names|hostile|threads|rules|sniffing|stats_games|suite|time_count|time_inputs|time_guard)|suite_catches|test_see_view)$' ;;
        training) echo '^(binpack_decoder_paths|test_training_formats|test_training_errors|test_training_run)$' ;;
        check) echo '^(test_engine_see|test_small_see|check_small_see|test_engine_check|test_rules_search|test_see_soundness|test_exchange_features|test_exchange_line|check_engine_exchange|cli_check_engine_options)$' ;;
        *) return 1 ;;
    esac
}

# A copy of the tracked files (and the uncommitted changes to them); the
# shared data directory stays where the tests look for it, beside the copy.
copy=$scratch/repo
mkdir -p "$copy"
source_dir=${SOURCE:-$root}
if git -C "$source_dir" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    (cd "$source_dir" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$copy"
else
    cp -a "$source_dir/." "$copy"
fi
[ -e "$root/../shared" ] && ln -sfn "$root/../shared" "$scratch/shared"
build=$copy/build
cmake -S "$copy" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSEEBATCH_WERROR=ON \
    -DSEEBATCH_BENCH=OFF > /dev/null || exit 2

# The SEEBATCH_PEXT values the tests run under ("": the environment's).
read -r -a pext_settings <<< "${PEXT_SETTINGS:-}"
[ ${#pext_settings[@]} -gt 0 ] || pext_settings=("")

run_tests() { # run_tests LAYER LOG SETTING [CTEST OPTIONS]: 0 when every selected test passes
    local selection=() setting=()
    [ "${TESTS:-}" == "all" ] || selection=(-R "$(layer_tests "$1")")
    [ -z "$3" ] || setting=(env SEEBATCH_PEXT="$3")
    "${setting[@]}" ctest --test-dir "$build" -j "$jobs" --timeout 300 "${selection[@]}" "${@:4}" \
        > "$2" 2>&1
}

# The programs the tests of a layer run, as build targets: every executable
# under the build directory their commands or environment name, so that a
# mutant relinks those alone (a program a test's script finds by itself is
# left as the last build made it). Empty for TESTS=all: everything.
layer_targets() { # layer_targets LAYER
    [ "${TESTS:-}" == "all" ] && return
    ctest --test-dir "$build" --show-only=json-v1 -R "$(layer_tests "$1")" | python3 -c '
import json, os, sys
build = sys.argv[1] + "/"
for test in json.load(sys.stdin)["tests"]:
    words = list(test.get("command", []))
    for p in test.get("properties", []):
        if p["name"] == "ENVIRONMENT":
            words += [v.split("=", 1)[-1] for v in p["value"]]
    for word in words:
        if word.startswith(build) and os.path.isfile(word) and os.access(word, os.X_OK):
            print(word[len(build):])
' "$build" | sort -u
}

# The tests a failed run names.
failed_tests() { # failed_tests LOG
    grep -E '^[[:space:]]*[0-9]+ - ' "$1" | sed -E 's/^[[:space:]]*[0-9]+ - ([^ ]+).*/\1/' | tr '\n' ' '
}

# The layers of the mutants to plant (ONLY), whose tests the baseline runs.
planted_layers=$(while IFS=$'\t' read -r id layer _; do
    [[ -z "$id" || "$id" == \#* ]] && continue
    [[ -n "${ONLY:-}" && ! "$id" =~ $ONLY ]] && continue
    echo "$layer"
done < "$mutants" | sort -u)
echo "== baseline: the unmutated copy builds and passes the tests of the layers planted in:" $planted_layers
targets=()
for target in ${TARGETS:-}; do targets+=(--target "$target"); done
cmake --build "$build" -j "$jobs" "${targets[@]}" > "$scratch/build.log" 2>&1 || { cat "$scratch/build.log"; exit 2; }
for setting in "${pext_settings[@]}"; do
    for layer in $planted_layers; do
        run_tests "$layer" "$scratch/baseline.log" "$setting" ||
            { echo "(SEEBATCH_PEXT=${setting:-as set})"; cat "$scratch/baseline.log"; exit 2; }
        [ "${TESTS:-}" == "all" ] && break # the whole suite, once
    done
done

# Replaces the one occurrence of TEXT in FILE by REPLACEMENT, whose \n is a
# new line (a directive of its own); 1 if TEXT occurs other than once.
plant() { # plant FILE TEXT REPLACEMENT
    local content replacement=${3//\\n/$'\n'}
    content=$(cat "$1"; printf x)
    content=${content%x}
    case $content in
        *"$2"*"$2"*) return 1 ;;
        *"$2"*) ;;
        *) return 1 ;;
    esac
    printf '%s' "${content/"$2"/"$replacement"}" > "$1"
}

declare -A planted killed equivalent
survivors=() equivalents=() broken=()
while IFS=$'\t' read -r id layer file text replacement expectation; do
    [[ -z "$id" || "$id" == \#* ]] && continue
    [[ -n "${ONLY:-}" && ! "$id" =~ $ONLY ]] && continue
    if ! layer_tests "$layer" > /dev/null; then
        broken+=("$id (unknown layer $layer)"); continue
    fi
    cp "$copy/$file" "$scratch/original"
    if ! plant "$copy/$file" "$text" "$replacement"; then
        broken+=("$id (text not found exactly once in $file)"); continue
    fi
    mutant_targets=("${targets[@]}") # TARGETS, or else the programs the layer's tests run
    if [ ${#targets[@]} -eq 0 ]; then
        for target in $(layer_targets "$layer"); do mutant_targets+=(--target "$target"); done
    fi
    if ! cmake --build "$build" -j "$jobs" "${mutant_targets[@]}" > "$scratch/build.log" 2>&1; then
        verdict="does not compile"
        broken+=("$id (does not compile)")
    else
        planted[$layer]=$((${planted[$layer]:-0} + 1))
        verdict="" survived=false
        for setting in "${pext_settings[@]}"; do
            [ -z "$setting" ] || verdict+="${verdict:+; }SEEBATCH_PEXT=$setting: "
            if run_tests "$layer" "$scratch/test.log" "$setting" --stop-on-failure; then
                verdict+="SURVIVED" survived=true
            else
                verdict+="killed by $(failed_tests "$scratch/test.log")"
            fi
        done
        if $survived; then
            if [ "${expectation:-kill}" == "kill" ]; then
                survivors+=("$id")
            else
                equivalents+=("$id: $expectation")
                equivalent[$layer]=$((${equivalent[$layer]:-0} + 1))
            fi
        else
            killed[$layer]=$((${killed[$layer]:-0} + 1))
        fi
    fi
    printf '%-28s %-9s %s\n' "$id" "$layer" "$verdict"
    cp "$scratch/original" "$copy/$file"
done < "$mutants"

echo "== kill rate per layer (of the mutants that compiled and are not marked equivalent)"
for layer in kernel dispatch api harness tool training check all; do
    if [ "$layer" == all ]; then
        p=0 k=0 e=0
        for l in "${!planted[@]}"; do
            p=$((p + planted[$l])) k=$((k + ${killed[$l]:-0})) e=$((e + ${equivalent[$l]:-0}))
        done
    else
        p=${planted[$layer]:-0} k=${killed[$layer]:-0} e=${equivalent[$layer]:-0}
    fi
    [ $((p - e)) -gt 0 ] && printf '  %-9s %3d of %3d killed (%3d%%); %d more planted, equivalent\n' \
        "$layer" "$k" $((p - e)) $((100 * k / (p - e))) "$e"
done
[ ${#equivalents[@]} -gt 0 ] && printf 'survived, marked equivalent: %s\n' "${equivalents[@]}"
[ ${#survivors[@]} -gt 0 ] && printf 'SURVIVED, not marked equivalent: %s\n' "${survivors[@]}"
[ ${#broken[@]} -gt 0 ] && printf 'not planted: %s\n' "${broken[@]}"
[ ${#survivors[@]} -eq 0 ]
