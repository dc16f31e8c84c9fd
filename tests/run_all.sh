#!/usr/bin/env bash
# Builds and runs every test, in five stages:
#   release  the Release build (warnings are errors), full case counts;
#   no-avx2  a Release build without the AVX2 kernel (-DSEEBATCH_AVX2=OFF),
#            as docs/development.md promises it builds and passes, fewer cases;
#   asan     the suite under AddressSanitizer and UndefinedBehaviorSanitizer;
#   tsan     the suite under ThreadSanitizer (test_threads and the -j tests of
#            the tool are the ones that matter there);
#   fuzz     the libFuzzer targets (clang), each for FUZZ_SECONDS (default 60).
# Usage: tests/run_all.sh   (from anywhere; JOBS=N to change parallelism,
#                            FUZZ_SECONDS=N per fuzz target, 0 skips fuzz;
#                            STAGES="release asan" runs only those stages)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=${JOBS:-2}
fuzz_seconds=${FUZZ_SECONDS:-60}
stages=" ${STAGES:-release no-avx2 asan tsan fuzz} "

build_and_test() { # build_and_test DIR CMAKE-ARGS...
    local dir=$root/$1
    shift
    cmake -S "$root" -B "$dir" "$@" > /dev/null
    cmake --build "$dir" -j "$jobs"
    ctest --test-dir "$dir" --output-on-failure -j "$jobs"
}

timings=()
stage() { # stage KEY NAME COMMAND...: runs it, timed, if STAGES has KEY
    if [[ $stages != *" $1 "* ]]; then
        echo "== $2 skipped (not in STAGES)"
        return
    fi
    local start=$SECONDS
    echo "== $2"
    "${@:3}"
    timings+=("$(printf '  %-46s %4d s' "$2" $((SECONDS - start)))")
}
report_timings() {
    echo "== stage times"
    printf '%s\n' "${timings[@]}"
}
trap report_timings EXIT

stage release "Release build and tests" \
    build_and_test build -DCMAKE_BUILD_TYPE=Release -DSEEBATCH_WERROR=ON

# The later runs check portability, memory, UB and races on the same tests
# with fewer cases, so they stay quick; the full case counts run in the
# Release build.
export SEEBATCH_TEST_SCALE=${SEEBATCH_TEST_SCALE:-0.1}
stage no-avx2 "Release without the AVX2 kernel" \
    build_and_test build-no-avx2 -DCMAKE_BUILD_TYPE=Release -DSEEBATCH_WERROR=ON \
    -DSEEBATCH_AVX2=OFF -DSEEBATCH_BENCH=OFF

stage asan "AddressSanitizer + UndefinedBehaviorSanitizer" \
    build_and_test build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSEEBATCH_SANITIZE=address,undefined -DSEEBATCH_BENCH=OFF

# A race report ends the process at once with an error status.
TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" stage tsan "ThreadSanitizer" \
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
    stage fuzz "libFuzzer targets, ${fuzz_seconds} s each (clang)" fuzz
else
    echo "== libFuzzer targets skipped (FUZZ_SECONDS=0)"
fi

trap - EXIT
report_timings
echo "stages: ${#timings[@]} passed, 0 failed"
