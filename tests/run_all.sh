#!/usr/bin/env bash
# Builds and runs every test, in eight stages:
#   release  the Release build (warnings are errors), full case counts, the
#            real engines' tests (label engine) and the tests of the sources
#            and docs alone; the Python tests run there under load (the later
#            stages' builds ahead, then stress);
#   no-avx2  a Release build without the AVX2 kernel (-DSEEBATCH_AVX2=OFF),
#            as docs/development.md promises it builds and passes, fewer cases;
#   avx512-emulated
#            a Release build whose AVX-512 kernel runs on AVX2 over SIMDe
#            (-DSEEBATCH_AVX512_EMULATED=ON), every test with that kernel
#            forced, fewer cases: a CPU without AVX-512 cannot hide its faults;
#   asan     the suite under AddressSanitizer and UndefinedBehaviorSanitizer;
#   tsan     under ThreadSanitizer, the tests that start threads (the tool's
#            -j, training jobs' threads, a plug-in's watchdog, test_threads);
#   linux-aarch64
#            the library, the tool and every C test cross-built for 64-bit
#            ARM (cmake/toolchain-linux-aarch64.cmake) and run under
#            qemu-user, fewer cases; then its eval against the native tool's;
#   windows-x86-64
#            the libraries, the tool and every C test cross-built for 64-bit
#            Windows with mingw-w64 (cmake/toolchain-windows-x86-64.cmake) and
#            run under wine, fewer cases; then its eval against the native one's;
#            a test that fails there runs again, up to twice (wine now and
#            then fails to start a program), and the end lists it;
#   fuzz     the libFuzzer targets (clang), each for FUZZ_SECONDS (default 30),
#            JOBS of them at once.
# Usage: tests/run_all.sh   (from anywhere; JOBS=N to change parallelism,
#                            FUZZ_SECONDS=N per fuzz target, 0 skips fuzz;
#                            STAGES="release asan" or "release,asan" runs only
#                            those stages; an unknown name exits 2)
# Every stage runs even after one fails; the end lists each stage's time and
# result, every test skipped with the reason it printed, and exits 1 naming
# the failed stages. The later stages' builds are made ahead, in the
# background at the lowest priority, while the stages before them test
# (AHEAD=0: each stage builds when it starts).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=${JOBS:-2}
fuzz_seconds=${FUZZ_SECONDS:-30}
default_stages="release no-avx2 avx512-emulated linux-aarch64 windows-x86-64 asan tsan fuzz"
# Stages may be separated by spaces or commas; a name that is not a stage is
# an error, never a run that tests nothing and passes.
stages=" $(tr ',' ' ' <<< "${STAGES:-$default_stages}") "
for name in $stages; do
    if [[ " $default_stages " != *" $name "* ]]; then
        echo "run_all.sh: unknown stage \"$name\" in STAGES (stages: $default_stages)" >&2
        exit 2
    fi
done

skips=$(mktemp)
reruns=$(mktemp)
failed_tests=$(mktemp)
failed_output=$(mktemp)
trap 'stop_ahead; rm -rf "$skips" "$reruns" "$failed_tests" "$failed_output" "${cpu_file:-}" "${ahead:-}"' EXIT
stop_ahead() { # the builds ahead ended, if they still run (their own process group)
    [ -z "${ahead_pid:-}" ] || kill -- -"$ahead_pid" 2> /dev/null || true
}

# The lines test NAME printed, from ctest's log of the build DIR (its
# "Output:" heading and rule left out).
test_output() { # test_output DIR NAME
    awk -v name="\"$2\" start time" '
        $0 == name || index($0, name) == 1 { inside = 1; next }
        inside && /^<end of output>$/ { exit }
        inside && !/^-+$/ && $0 != "Output:" { print }' "$1/Testing/Temporary/LastTest.log"
}

# The tests ctest skipped in the build DIR (its console output in the file
# given), each with the reason it printed: the last line of its output in
# ctest's log, as ctest itself shows skips without reasons.
note_skips() { # note_skips DIR CTEST-OUTPUT STAGE-NAME
    local name
    for name in $(sed -n 's/.*Test *#[0-9]*: \([^ ]*\) .*\*\*\*Skipped.*/\1/p' "$2"); do
        local reason
        reason=$(test_output "$1" "$name" | awk 'NF { last = $0 } END { print last }')
        printf '  %-40s %s (%s)\n' "$name" "${reason:-no reason printed}" "$3" >> "$skips"
    done
}

# The last lines a failed test printed: kept for the end, where a CI log's
# tail shows them (its middle may not be shown at all).
note_failure_output() { # note_failure_output DIR CTEST-OUTPUT BUILD-NAME
    local name
    for name in $(sed -n '/^The following tests FAILED:/,/^$/s/^\t *[0-9]* - \([^ ]*\) .*/\1/p' "$2"); do
        echo "-- $name ($3), the last lines it printed:" >> "$failed_output"
        test_output "$1" "$name" | tail -n 25 >> "$failed_output"
    done
}

# A new build directory is Ninja's where ninja is here: a build's CPU time
# 126 s against Unix Makefiles' 134 (no-avx2, -j 2, gcc 12, a 2-vCPU Zen 3),
# eight builds a run. One configured before keeps its generator (CMake
# refuses another).
generator() { # generator DIR: the -G option for DIR, if any
    [ ! -f "$root/$1/CMakeCache.txt" ] && command -v ninja > /dev/null && echo "-GNinja"
    return 0
}

configure() { # configure DIR CMAKE-ARGS..., once its build ahead (if any) has ended
    ahead_wait "$1"
    cmake -S "$root" -B "$root/$1" $(generator "$1") "${@:2}" > /dev/null
}

build() { # build DIR CMAKE-ARGS...
    configure "$@"
    cmake --build "$root/$1" -j "$jobs"
}

# The builds made ahead: each later stage's build directory is configured
# and built in the background (builds_ahead, below), one at a time, at the
# lowest priority, so that it takes only what the running stage leaves idle
# (a test waiting, a stage's tail of one test, a compile of one long file);
# a stage then finds its build done, or waits for it at full speed. Its log
# is shown when the stage reaches it; a build that failed ahead is made
# again by the stage, which then shows the error in place.
ahead=$(mktemp -d)
building_ahead=0
ahead_wait() { # ahead_wait DIR: once DIR's build ahead (if any) has ended, its log shown
    [ "$building_ahead" = 0 ] && [ -e "$ahead/$1.started" ] || return 0
    while [ ! -e "$ahead/$1.status" ]; do sleep 1; done
    echo "-- $1 built ahead, in the background (exit $(cat "$ahead/$1.status"), CPU $(cat "$ahead/$1.cpu") s); its output:"
    cat "$ahead/$1.log"
    rm -f "$ahead/$1.started"
}
# Whether builds ahead are still to be made. Not whether one is being made
# now: none is before the first has started (builds_ahead, at priority 19,
# waits for the CPU) nor between two, and stress started early then.
ahead_building() { [ -n "${ahead_pid:-}" ] && [ ! -e "$ahead/all_made" ]; }
ahead_one() { # ahead_one DIR COMMAND...: COMMAND run, its output, CPU seconds and exit status kept for DIR
    touch "$ahead/$1.started"
    local status=0 cpu_before
    children_cpu
    cpu_before=$cpu_seconds
    "${@:2}" > "$ahead/$1.log" 2>&1 || status=$?
    children_cpu
    echo "$((cpu_seconds - cpu_before))" > "$ahead/$1.cpu"
    echo "$status" > "$ahead/$1.status"
}

# After the Release stage, the tests of the sources alone (labels source and
# docs: the same in every build) are left out: each later stage adds the
# labels it leaves out to this.
left_out=""
run_tests() { # run_tests DIR CTEST-ARGS...: its skips noted
    local dir=$root/$1 status=0 console
    console=$(mktemp)
    ctest --test-dir "$dir" --output-on-failure -j "$jobs" ${left_out:+-LE "$left_out"} "${@:2}" |
        tee "$console" || status=$?
    note_skips "$dir" "$console" "$1"
    # ctest's list of failed tests, kept for the end: a CI log's tail then
    # names them, not only the stage.
    sed -n '/^The following tests FAILED:/,/^$/{/^\t/s/^\t\(.*\)/  \1 ('"$1"')/p}' "$console" \
        >> "$failed_tests"
    note_failure_output "$dir" "$console" "$1"
    rm -f "$console"
    return "$status"
}

build_and_test() { # build_and_test DIR CMAKE-ARGS... (in a subshell, under set -e)
    build "$@"
    run_tests "$1"
}

timings=()
failed=()
# The CPU seconds (user and system) of every process this script has waited
# for: a stage's cost whatever else the machine runs, beside its wall time.
# `times` must run in this shell, not a subshell of its own: children_cpu
# sets cpu_seconds.
cpu_file=$(mktemp)
children_cpu() {
    times > "$cpu_file"
    cpu_seconds=$(awk 'NR == 2 { split($1 " " $2, t, /[ms ]+/)
        printf "%d\n", 60 * t[1] + t[2] + 60 * t[3] + t[4] }' "$cpu_file")
}
stage() { # stage KEY NAME COMMAND...: runs it, timed, if STAGES has KEY; a failure is noted
    if [[ $stages != *" $1 "* ]]; then
        echo "== $2 skipped (not in STAGES)"
        return
    fi
    local start=$SECONDS status=0 cpu_start
    children_cpu
    cpu_start=$cpu_seconds
    echo "== $2"
    # A subshell keeps set -e for the stage's own steps while a failure here
    # does not end the script.
    set +e
    (set -e; "${@:3}")
    status=$?
    set -e
    local result=passed
    if [ "$status" -ne 0 ]; then
        result="FAILED (exit $status)"
        failed+=("$2")
    fi
    children_cpu
    timings+=("$(printf '  %-46s %4d s  (CPU %5d s)  %s' "$2" $((SECONDS - start)) \
        $((cpu_seconds - cpu_start)) "$result")")
}

# The Python tests (label python) on a loaded machine, as a CI machine can
# be: a test that passes only on an idle one (a timing assertion) fails here,
# not in CI now and then. They run once, so under load alone. The load is
# work that must be done anyway where there is some: the Python tests run at
# the lowest priority, the builds ahead's, so that a build ahead (two
# compilers) takes as much of the CPU as they; once no build ahead runs,
# stress keeps twice as many processes busy as there are cores, at that
# priority too. Without stress, that part is unloaded, said. stress's
# workers are its process group, ended with it.
python_under_load() {
    local workers=$((2 * $(nproc))) status=0 load=""
    if command -v stress > /dev/null; then
        echo "== the Python tests again, under load: the later stages' builds ahead while they run, then stress --cpu $workers"
        set -m
        (while ahead_building; do sleep 1; done
            exec nice -n 19 stress --cpu "$workers" --timeout 3600) > /dev/null 2>&1 &
        load=$!
        set +m
    else
        echo "== the Python tests again, under the builds ahead's load alone: no stress (Debian: apt-get install stress)"
        printf '  %-40s %s\n' "(Python tests under load)" "no stress here: loaded only while builds ahead run" >> "$skips"
    fi
    (! command -v renice > /dev/null || renice -n 19 -p "$BASHPID" > /dev/null
        run_tests build -L python) || status=$?
    if [ -n "$load" ]; then
        kill -- -"$load" 2> /dev/null || true
        wait "$load" 2> /dev/null || true
    fi
    return "$status"
}

# Each stage's build, said once: the stage makes it, and builds_ahead first.
# A stage whose tools are absent is skipped (have_TOOLS says which).
release_build() { build build -DCMAKE_BUILD_TYPE=Release -DSEEBATCH_WERROR=ON; }
no_avx2_build() {
    build build-no-avx2 -DCMAKE_BUILD_TYPE=Release -DSEEBATCH_WERROR=ON \
        -DSEEBATCH_AVX2=OFF -DSEEBATCH_BENCH=OFF
}
have_simde() { [ -f /usr/include/simde/x86/avx512.h ]; }
# The emulated build and the sanitizers' are clang's where it is here: on a
# 2-vCPU Zen 3 it built them in 190, 171 and 126 CPU seconds against gcc
# 12's 430 (SIMDe's file alone: 37 s against 220), 336 and 172, and their
# tests took 0.7x, 0.8x and 0.4x gcc's CPU time; its UBSan checks pointer
# arithmetic on NULL too, which gcc's does not. Warnings are errors in the
# emulated build, so clang's are held there as gcc's are in the Release one.
clang_options=()
if command -v clang > /dev/null && command -v clang++ > /dev/null; then
    clang_options=(-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++)
fi
emulated_build() {
    build build-avx512-emulated -DCMAKE_BUILD_TYPE=Release -DSEEBATCH_WERROR=ON \
        -DSEEBATCH_AVX512_EMULATED=ON "${clang_options[@]}"
}
have_aarch64() { command -v aarch64-linux-gnu-gcc > /dev/null && command -v qemu-aarch64 > /dev/null; }
aarch64_build() {
    build build-aarch64 -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchain-linux-aarch64.cmake" \
        -DCMAKE_BUILD_TYPE=Release -DSEEBATCH_WERROR=ON
}
have_windows() { command -v x86_64-w64-mingw32-gcc > /dev/null && [ -x /usr/lib/wine/wine64 ]; }
# The Windows build runs its attack-table generator under wine, in a wine
# prefix of the build's own (wine_prefix).
wine_prefix() {
    export WINEDEBUG=-all WINEPREFIX=$root/build-windows/wineprefix
    mkdir -p "$WINEPREFIX"
}
windows_build() {
    build build-windows -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchain-windows-x86-64.cmake" \
        -DCMAKE_BUILD_TYPE=Release -DSEEBATCH_WERROR=ON
}
asan_build() {
    build build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DSEEBATCH_SANITIZE=address,undefined -DSEEBATCH_BENCH=OFF "${clang_options[@]}"
}
# The ThreadSanitizer stage runs only the tests that start threads
# (tests/ci/thread_tests.py): in a Ninja build only what they run is built.
tsan_build() {
    configure build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSEEBATCH_SANITIZE=thread \
        -DSEEBATCH_BENCH=OFF "${clang_options[@]}"
    local programs
    programs=$(python3 "$root/tests/ci/thread_tests.py" --programs "$root/build-tsan" "$root")
    # shellcheck disable=SC2086
    cmake --build "$root/build-tsan" -j "$jobs" ${programs:+--target $programs}
}
fuzz_build() {
    configure build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSEEBATCH_FUZZ=ON
    cmake --build "$root/build-fuzz" -j "$jobs" --target fuzz_fen fuzz_uci fuzz_see fuzz_binpack \
        fuzz_plain fuzz_make_seeds seebatch_cli
}

# One wine server for a run of wine's programs (ended with it), started
# before anything else: a server started by a program ends a few seconds
# after its last program, and a program started while it is ending can fail
# to start. Then wine's services, started by wineboot with no output:
# started by a test's first program instead, they would hold its output
# open, and ctest waits for that to close.
start_wine() {
    /usr/lib/wine/wineserver -p || true
    /usr/lib/wine/wine64 wineboot --init > /dev/null 2>&1 || true
}
stop_wine() {
    timeout 30 /usr/lib/wine/wineserver -k || true
    timeout 30 /usr/lib/wine/wineserver -w || true
}
# Made ahead, the Windows build has a server of its own, ended with it: the
# stage starts its own once the build is done.
windows_build_ahead() {
    wine_prefix
    start_wine
    local status=0
    windows_build || status=$?
    stop_wine
    return "$status"
}

# The builds ahead, in the stages' order, in the background: in a process
# group of its own (set -m) but the same session, where the lowest priority
# (renice 19) yields to every stage's own work.
builds_ahead() {
    building_ahead=1
    cpu_file=$ahead/times # children_cpu's own, apart from the stages'
    ! command -v renice > /dev/null || renice -n 19 -p "$BASHPID" > /dev/null
    local key
    for key in $stages; do
        case $key in
        no-avx2) ahead_one build-no-avx2 no_avx2_build ;;
        avx512-emulated) ! have_simde || ahead_one build-avx512-emulated emulated_build ;;
        linux-aarch64) ! have_aarch64 || ahead_one build-aarch64 aarch64_build ;;
        windows-x86-64) ! have_windows || ahead_one build-windows windows_build_ahead ;;
        asan) ahead_one build-sanitize asan_build ;;
        tsan) ahead_one build-tsan tsan_build ;;
        fuzz) [ "$fuzz_seconds" -eq 0 ] || ahead_one build-fuzz fuzz_build ;;
        esac
    done
    touch "$ahead/all_made"
    # Ended when the stages have: ended now, the shell would count its CPU
    # time in the stage then running.
    while [ ! -e "$ahead/finish" ]; do sleep 1; done
}
if [ "${AHEAD:-1}" != 0 ]; then
    set -m
    (set +e; builds_ahead) &
    ahead_pid=$!
    set +m
fi

release() {
    release_build
    local status=0
    left_out=python run_tests build || status=$?
    python_under_load || status=$?
    return "$status"
}
stage release "Release build and tests" release

# The later runs check portability, memory, UB and races on the same tests
# with fewer cases, so they stay quick; the full case counts, the tests of
# the sources and docs alone (the same in every build), the real engines'
# (built natively with each engine's own flags, skipped under sanitizers;
# CMake disables them in a cross build) and the Python package's (its
# extension calls the library as any program does; they skip under
# sanitizers and emulators) run in the Release build.
export SEEBATCH_TEST_SCALE=${SEEBATCH_TEST_SCALE:-0.1}
left_out="source|docs|engine|python"
no_avx2() {
    no_avx2_build
    run_tests build-no-avx2
}
stage no-avx2 "Release without the AVX2 kernel" no_avx2

# The AVX-512 kernel's own lines, run where the CPU has AVX2 alone: SIMDe's
# portable intrinsics stand in for AVX-512 (lib/avx512/emulated.h), and
# SEEBATCH_BACKEND=avx512 sends every test's SEE there. The tests of which
# backend a CPU runs and auto picks (label cpu_choice) are left out: this
# build runs avx512 where no CPU could, and the Release stage has them.
avx512_emulated() {
    if ! have_simde; then
        echo "skipped: SIMDe's headers are absent (Debian: apt-get install libsimde-dev)"
        printf '  %-40s %s\n' "(stage avx512-emulated)" "SIMDe's headers are absent" >> "$skips"
        return 0
    fi
    emulated_build
    if ! "$root/build-avx512-emulated/seebatch" --version |
        grep -q '^backends this build runs here: avx512'; then
        echo "skipped: this CPU lacks AVX2, which the emulated kernel is built for"
        printf '  %-40s %s\n' "(stage avx512-emulated)" "the CPU lacks AVX2" >> "$skips"
        return 0
    fi
    SEEBATCH_BACKEND=avx512 left_out="$left_out|cpu_choice" run_tests build-avx512-emulated
}
stage avx512-emulated "Release, the AVX-512 kernel emulated (SIMDe)" avx512_emulated

# 64-bit ARM Linux: cross-built with Debian's gcc-aarch64-linux-gnu, every
# program run through qemu-user (the toolchain file's emulator, which the
# scripts' programs go through too); then its tool's eval is compared byte
# for byte with the native tool's on the same lines.
linux_aarch64() {
    if ! have_aarch64; then
        echo "skipped: no aarch64 cross compiler or qemu-user (Debian: gcc-aarch64-linux-gnu g++-aarch64-linux-gnu qemu-user)"
        printf '  %-40s %s\n' "(stage linux-aarch64)" "no aarch64 cross compiler or qemu-user" >> "$skips"
        return 0
    fi
    aarch64_build
    run_tests build-aarch64
    [ -x "$root/build/seebatch" ] || release_build
    bash "$root/tests/cross/same_eval.sh" "$root/build/seebatch" "$root/build-aarch64/run/seebatch_cli"
}
stage linux-aarch64 "Linux aarch64, cross-built, under qemu-user" linux_aarch64

# 64-bit Windows: cross-built with Debian's mingw-w64, every program run
# through wine (the toolchain file's emulator) in the build's wine prefix,
# made before the build so that no test pays for it; one server for the
# stage, started once a build made ahead has ended its own; then its tool's
# eval against the native tool's.
windows_x86_64() {
    if ! have_windows; then
        echo "skipped: no mingw-w64 or wine (Debian: gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64 wine64)"
        printf '  %-40s %s\n' "(stage windows-x86-64)" "no mingw-w64 or wine" >> "$skips"
        return 0
    fi
    wine_prefix
    ahead_wait build-windows
    start_wine
    trap stop_wine EXIT
    windows_build
    local status=0
    run_tests build-windows --timeout 600 || status=$?
    # Now and then wine fails programs it was to start: one ends with status
    # 1 and no output before it runs (about one start in 10,000 in a loop
    # here), or one loses its connection to wine's server ("wine client
    # error:0: recvmsg: Connection reset by peer") and a test's programs fail
    # for a second or two; once or twice a stage run. So a failed test runs
    # again, up to twice, and the end lists each run again; a test that fails
    # three times fails the stage.
    local failures=$root/build-windows/Testing/Temporary/LastTestsFailed.log
    # A lost connection can mean the stage's server is gone or wedged: before
    # each rerun it is ended (killed if it must be) and started again; and no
    # test may take over 10 minutes.
    for _ in 1 2; do
        [ "$status" -ne 0 ] && [ -s "$failures" ] || break
        sed 's/^[0-9]*:\(.*\)/  \1 (build-windows)/' "$failures" >> "$reruns"
        status=0
        stop_wine
        start_wine
        ctest --test-dir "$root/build-windows" --output-on-failure --timeout 600 --rerun-failed || status=$?
    done
    [ "$status" -eq 0 ]
    # Every test passed in the end: the first run's failures stay in the
    # list of reruns and their output, not among the tests that failed.
    sed -i '/ (build-windows)$/d' "$failed_tests"
    sed -i 's/^\(-- .* (build-windows)\), the last lines/\1, passed when run again; the last lines/' \
        "$failed_output"
    [ -x "$root/build/seebatch" ] || release_build
    bash "$root/tests/cross/same_eval.sh" "$root/build/seebatch" "$root/build-windows/run/seebatch_cli"
}
stage windows-x86-64 "Windows x86-64, cross-built, under wine" windows_x86_64

asan() {
    asan_build
    run_tests build-sanitize
}
stage asan "AddressSanitizer + UndefinedBehaviorSanitizer" asan

# A race report ends the process at once with an error status. A test on
# one thread (the differential harness, most of the suite) gives
# ThreadSanitizer nothing to find, and every other stage runs it.
tsan() {
    tsan_build
    # Only the tests that start threads: it finds races between threads,
    # and the others never start a second (tests/ci/thread_tests.py).
    local chosen
    chosen=$(python3 "$root/tests/ci/thread_tests.py" "$root/build-tsan" "$root")
    run_tests build-tsan -R "$chosen"
}
TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" stage tsan "ThreadSanitizer" tsan

fuzz() {
    fuzz_build
    FUZZ_SECONDS=$fuzz_seconds FUZZ_JOBS=$jobs "$root/tests/fuzz/run_fuzz.sh" "$root/build-fuzz"
}
if [ "$fuzz_seconds" -gt 0 ]; then
    stage fuzz "libFuzzer targets, ${fuzz_seconds} s each (clang)" fuzz
else
    echo "== libFuzzer targets skipped (FUZZ_SECONDS=0)"
fi

# The builds ahead have ended (each stage waited for its own): their CPU
# seconds, which no stage's include, all and each.
ahead_cpu=""
if [ -n "${ahead_pid:-}" ]; then
    children_cpu
    ahead_start=$cpu_seconds
    touch "$ahead/finish"
    wait "$ahead_pid" 2> /dev/null || true
    ahead_pid=""
    children_cpu
    ahead_cpu="$((cpu_seconds - ahead_start)) s:$(for done in "$ahead"/*.cpu; do
        [ -e "$done" ] && printf ' %s %s' "$(basename "$done" .cpu)" "$(cat "$done")"; done)"
fi

if [ -s "$skips" ]; then
    echo "== tests skipped, with the reason each printed"
    cat "$skips"
fi
if [ -s "$reruns" ]; then
    echo "== tests run again under wine, a line each time a run of it failed"
    cat "$reruns"
fi
if [ -s "$failed_output" ]; then
    echo "== what the failed tests printed last"
    cat "$failed_output"
fi
if [ -s "$failed_tests" ]; then
    echo "== tests that failed"
    cat "$failed_tests"
fi
# Last, so that a CI log's tail shows them.
echo "== stage times"
[ ${#timings[@]} -eq 0 ] || printf '%s\n' "${timings[@]}"
[ -z "$ahead_cpu" ] || echo "  the later stages' builds, made ahead in the background: CPU $ahead_cpu"
echo "stages: $((${#timings[@]} - ${#failed[@]})) passed, ${#failed[@]} failed"
if [ ${#failed[@]} -gt 0 ]; then
    printf 'failed stage: %s\n' "${failed[@]}"
    exit 1
fi
