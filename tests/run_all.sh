#!/usr/bin/env bash
# Builds and runs every test: first the Release build (warnings are errors),
# then the same suite under AddressSanitizer and UndefinedBehaviorSanitizer.
# Usage: tests/run_all.sh            (from anywhere; JOBS=N to change parallelism)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=${JOBS:-2}

build_and_test() { # build_and_test DIR CMAKE-ARGS...
    local dir=$root/$1
    shift
    cmake -S "$root" -B "$dir" "$@" > /dev/null
    cmake --build "$dir" -j "$jobs"
    ctest --test-dir "$dir" --output-on-failure -j "$jobs"
}

echo "== Release build and tests"
build_and_test build -DCMAKE_BUILD_TYPE=Release -DSEEBATCH_WERROR=ON

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
# The sanitizer run checks memory and UB on the same tests with fewer cases,
# so it stays quick; the full case counts run in the Release build above.
SEEBATCH_TEST_SCALE=${SEEBATCH_TEST_SCALE:-0.1} \
    build_and_test build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSEEBATCH_SANITIZE=address,undefined -DSEEBATCH_BENCH=OFF
