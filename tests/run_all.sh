#!/usr/bin/env bash
# Builds and runs every test, in four stages:
#   1. the Release build (warnings are errors), full case counts;
#   2. the same suite under AddressSanitizer and UndefinedBehaviorSanitizer;
#   3. the same suite under ThreadSanitizer (test_threads and the -j tests of
#      the tool are the ones that matter there);
#   4. the libFuzzer targets (clang), each for FUZZ_SECONDS (default 60).
# Usage: tests/run_all.sh   (from anywhere; JOBS=N to change parallelism,
#                            FUZZ_SECONDS=N per fuzz target, 0 skips stage 4)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=${JOBS:-2}
fuzz_seconds=${FUZZ_SECONDS:-60}

build_and_test() { # build_and_test DIR CMAKE-ARGS...
    local dir=$root/$1
    shift
    cmake -S "$root" -B "$dir" "$@" > /dev/null
    cmake --build "$dir" -j "$jobs"
    ctest --test-dir "$dir" --output-on-failure -j "$jobs"
}

timings=()
stage() { # stage NAME COMMAND...: runs it, timed
    local start=$SECONDS
    echo "== $1"
    "${@:2}"
    timings+=("$(printf '  %-46s %4d s' "$1" $((SECONDS - start)))")
}
report_timings() {
    echo "== stage times"
    printf '%s\n' "${timings[@]}"
}
trap report_timings EXIT

stage "Release build and tests" \
    build_and_test build -DCMAKE_BUILD_TYPE=Release -DSEEBATCH_WERROR=ON

# The sanitizer runs check memory, UB and races on the same tests with fewer
# cases, so they stay quick; the full case counts run in the Release build.
export SEEBATCH_TEST_SCALE=${SEEBATCH_TEST_SCALE:-0.1}
stage "AddressSanitizer + UndefinedBehaviorSanitizer" \
    build_and_test build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSEEBATCH_SANITIZE=address,undefined -DSEEBATCH_BENCH=OFF

# A race report ends the process at once with an error status.
TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" stage "ThreadSanitizer" \
    build_and_test build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSEEBATCH_SANITIZE=thread -DSEEBATCH_BENCH=OFF

fuzz() {
    local dir=$root/build-fuzz
    cmake -S "$root" -B "$dir" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DSEEBATCH_FUZZ=ON > /dev/null
    cmake --build "$dir" -j "$jobs" --target fuzz_fen fuzz_uci fuzz_see fuzz_binpack fuzz_make_seeds seebatch_cli
    FUZZ_SECONDS=$fuzz_seconds "$root/tests/fuzz/run_fuzz.sh" "$dir"
}
if [ "$fuzz_seconds" -gt 0 ]; then
    stage "libFuzzer targets, ${fuzz_seconds} s each (clang)" fuzz
else
    echo "== libFuzzer targets skipped (FUZZ_SECONDS=0)"
fi

trap - EXIT
report_timings
echo "stages: ${#timings[@]} passed, 0 failed"
