#!/usr/bin/env bash
# tests/run_all.sh's own rules, with cmake and ctest replaced by stand-ins on
# PATH (no build): every stage runs even after one fails, the end names the
# failed stages and exits 1, the stage times list every stage run with its
# result, and every skipped test is listed with the reason it printed (taken
# from ctest's log, as ctest's console gives none); the later stages' builds
# are made ahead at the lowest priority (and not with AHEAD=0).
# Usage: run_all_stages.sh [PATH/TO/tests/run_all.sh]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
run_all=${1:-$here/../run_all.sh}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A copy of the script in a tree of its own, so that its build directories
# are made there, never in the checkout.
mkdir -p "$work/tree/tests/ci" "$work/bin"
cp "$run_all" "$work/tree/tests/run_all.sh"
cp "$(dirname "$run_all")/ci/thread_tests.py" "$work/tree/tests/ci/"
cat > "$work/bin/cmake" <<'STUB'
#!/usr/bin/env bash
# Configure and build do nothing, but the build of build-asan fails, and
# build-tsan's made ahead takes 2 s (the Python tests' load until it ends);
# each build's directory and priority noted, and build-tsan's end ahead.
priority=$(ps -o ni= -p $$ | tr -d ' ')
[ "$1" = --build ] && echo "${2##*/} $priority" >> "$NICE_LOG"
if [ "$1" = --build ] && [[ $2 == *build-tsan ]] && [ "$priority" = 19 ]; then
    sleep 2
    echo "build-tsan ended ahead" >> "$NICE_LOG"
fi
[ "$1" = --build ] && [[ $2 == *build-sanitize ]] && { echo "stand-in build failed" >&2; exit 2; }
STUB
# The tests that start threads, as the tsan stage finds them (the build's
# CTestTestfile.cmake, each command's script asking for -j), written by the
# stand-in configure.
printf 'seebatch cli -j 2\n' > "$work/tree/tests/threads.sh"
cat >> "$work/bin/cmake" <<STUB
if [ "\$1" = -S ] && [[ \$4 == *build-tsan ]]; then
    mkdir -p "\$4"
    for name in test_threads cli_threads cli_all_cores test_training_run; do
        echo "add_test(\$name \"bash\" \"$work/tree/tests/threads.sh\")"
    done > "\$4/CTestTestfile.cmake"
fi
exit 0
STUB
cat > "$work/bin/ctest" <<'STUB'
#!/usr/bin/env bash
# Two tests: one passes, one skips with a reason; no-avx2's first fails.
# The Python tests' run notes its priority, and lasts until stress has
# started (once the builds ahead have ended), two minutes at most: a fixed
# wait failed in CI, where the stand-in builds ahead, at priority 19, waited
# for the real ones' CPU.
dir=$2
if [[ " $* " == *" -L python "* ]]; then
    echo "python $(ps -o ni= -p $$ | tr -d ' ')" >> "$NICE_LOG"
    for _ in $(seq 1200); do
        grep -q '^stress ' "$NICE_LOG" && break
        sleep 0.1
    done
fi
mkdir -p "$dir/Testing/Temporary"
cat > "$dir/Testing/Temporary/LastTest.log" <<LOG
1/2 Testing: passing_test
"passing_test" start time: Nov 23 22:40 UTC
Output:
----------------------------------------------------------
all good
<end of output>
2/2 Testing: skipping_test
"skipping_test" start time: Nov 23 22:40 UTC
Output:
----------------------------------------------------------
== a first step
skip: no data file at ../shared/data/small.binpack
<end of output>
Test time =   0.14 sec
LOG
echo "1/2 Test #1: passing_test .......   Passed    0.01 sec"
echo "2/2 Test #2: skipping_test ......***Skipped   0.01 sec"
[[ $dir == *build-no-avx2 ]] && { echo "1 test failed"; exit 8; }
exit 0
STUB
cat > "$work/bin/stress" <<'STUB'
#!/usr/bin/env bash
# The load of the release stage's second run of the Python tests, its
# priority noted: it waits to be ended.
echo "stress $(ps -o ni= -p $$ | tr -d ' ')" >> "$NICE_LOG"
exec sleep 600
STUB
chmod +x "$work/bin/cmake" "$work/bin/ctest" "$work/bin/stress"

set +e
PATH="$work/bin:$PATH" STAGES="release no-avx2 asan tsan" FUZZ_SECONDS=0 NICE_LOG=$work/nice \
    bash "$work/tree/tests/run_all.sh" > "$work/out" 2>&1
status=$?
set -e
cat "$work/out"
[ "$status" -eq 1 ] || fail "two stages failed, but run_all.sh exited $status"
for stage in "Release build and tests" "Release without the AVX2 kernel" \
    "AddressSanitizer + UndefinedBehaviorSanitizer" "ThreadSanitizer"; do
    grep -q "^== $stage\$" "$work/out" || fail "stage $stage did not run"
done
times=$(sed -n '/^== stage times$/,/^==\|^stages:/p' "$work/out")
grep -Eq "^  Release build and tests +[0-9]+ s  \(CPU +[0-9]+ s\)  passed$" <<< "$times" || fail "no time for the release stage"
grep -Eq "^  Release without the AVX2 kernel +[0-9]+ s  \(CPU +[0-9]+ s\)  FAILED \(exit 8\)$" <<< "$times" ||
    fail "the no-avx2 stage's time does not say it failed"
grep -Eq "^  AddressSanitizer \+ UndefinedBehaviorSanitizer +[0-9]+ s  \(CPU +[0-9]+ s\)  FAILED" <<< "$times" ||
    fail "the asan stage's time does not say it failed"
grep -Eq "^  ThreadSanitizer +[0-9]+ s  \(CPU +[0-9]+ s\)  passed$" <<< "$times" || fail "no time for the tsan stage"
grep -q "^stages: 2 passed, 2 failed$" "$work/out" || fail "no count of stages passed and failed"
grep -q "^failed stage: Release without the AVX2 kernel$" "$work/out" || fail "the failed no-avx2 stage is not named"
grep -q "^failed stage: AddressSanitizer + UndefinedBehaviorSanitizer$" "$work/out" ||
    fail "the failed asan stage is not named"
# Release (twice: the Python tests again under load), no-avx2 and tsan ran
# ctest: the skip is listed for each run, with its reason.
[ "$(grep -c "^  skipping_test  *skip: no data file at ../shared/data/small.binpack (build" "$work/out")" -eq 4 ] ||
    fail "the skipped test is not listed with its reason once per ctest run"
grep -q "^== the Python tests again, under load: the later stages' builds ahead while they run, then stress --cpu " "$work/out" ||
    fail "the release stage did not run the Python tests again under load"
# At the builds ahead's priority, as is stress, which starts once they are
# done: after build-tsan's, the last one here.
grep -q "^python 19$" "$work/nice" || fail "the Python tests did not run at the builds ahead's priority (19)"
grep -q "^stress 19$" "$work/nice" || fail "stress did not load the Python tests' run at priority 19"
[ "$(grep -n '^build-tsan ended ahead$' "$work/nice" | cut -d: -f1)" -lt "$(grep -n '^stress ' "$work/nice" | cut -d: -f1)" ] ||
    fail "stress started while a build ahead still ran"
pgrep -f "$work/bin/stress" > /dev/null && fail "the stand-in stress was left running"
grep -q "^  passing_test" "$work/out" && fail "a test that passed is listed as skipped"

# The later stages' builds made ahead at the lowest priority, the Release
# one at the run's own; a build that failed ahead is shown, then made again
# by its stage (whose error is the stage's); with AHEAD=0 none is.
[ "$(grep -c '^build 0$' "$work/nice")" -ge 1 ] || fail "the Release build did not run at priority 0"
for dir in build-no-avx2 build-sanitize build-tsan; do
    grep -q "^$dir 19\$" "$work/nice" || fail "$dir was not built ahead at priority 19"
    grep -q "^$dir 0\$" "$work/nice" || fail "the $dir stage did not build (incrementally) itself"
done
grep -Eq "^-- build-sanitize built ahead, in the background \(exit 2, CPU [0-9]+ s\); its output:\$" "$work/out" ||
    fail "the failed build ahead is not shown"
[ "$(grep -c '^stand-in build failed$' "$work/out")" -eq 2 ] ||
    fail "the failed build ahead was not shown and made again by its stage"
grep -Eq "^  the later stages' builds, made ahead in the background: CPU [0-9]+ s: build-no-avx2 [0-9]+ build-sanitize [0-9]+ build-tsan [0-9]+$" "$work/out" ||
    fail "no CPU time for the builds made ahead, all and each"
rm "$work/nice"
set +e
PATH="$work/bin:$PATH" STAGES="release,tsan" FUZZ_SECONDS=0 NICE_LOG=$work/nice AHEAD=0 \
    bash "$work/tree/tests/run_all.sh" > "$work/not_ahead" 2>&1
set -e
[ "$(grep '^build' "$work/nice" | sort -u)" = "$(printf 'build 0\nbuild-tsan 0')" ] ||
    fail "AHEAD=0 still built ahead: $(grep '^build' "$work/nice" | sort -u | tr '\n' ' ')"
grep -q "built ahead" "$work/not_ahead" && fail "AHEAD=0 says a build was made ahead"

# Stages named with commas run those stages; a name that is no stage is an
# error, not a run that tests nothing and passes.
set +e
PATH="$work/bin:$PATH" STAGES="release,tsan" FUZZ_SECONDS=0 NICE_LOG=/dev/null \
    bash "$work/tree/tests/run_all.sh" > "$work/commas" 2>&1
status=$?
PATH="$work/bin:$PATH" STAGES="release,asna" FUZZ_SECONDS=0 NICE_LOG=/dev/null \
    bash "$work/tree/tests/run_all.sh" > "$work/unknown" 2>&1
unknown_status=$?
set -e
[ "$status" -eq 0 ] && grep -q "^stages: 2 passed, 0 failed$" "$work/commas" ||
    fail "STAGES=release,tsan did not run two stages (exit $status)"
[ "$unknown_status" -eq 2 ] || fail "an unknown stage exited $unknown_status, not 2"
grep -q 'unknown stage "asna"' "$work/unknown" || fail "the unknown stage is not named"
grep -q "^== " "$work/unknown" && fail "stages ran despite an unknown stage"
echo "run_all.sh stages: ok"
