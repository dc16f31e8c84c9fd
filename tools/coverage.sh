#!/usr/bin/env bash
# The tests' reach: configures a --coverage build in BUILD_DIRECTORY, builds
# it, runs ctest there and prints, from gcov's counts (read by gcovr, the
# Debian package), the lines, functions and branches reached in lib/ and in
# lib/ with programs/, and the least-covered files of each.
#
# The build is -O1 with NDEBUG (the shipped builds' asserts off), and
# counters updated atomically (the threaded tests' counts would otherwise
# race and come out negative). Not -O0: the exchange readers are
# always_inline functions handed their layout's shape as a constant
# (lib/exchange/reader.h), and at -O0 every inlined copy keeps every shape's
# branches, which gcov counts on the same lines (over 58,000 in reader.h
# alone, most never takeable by their copy). Not -O2/-O3 either: loop
# versioning, unswitching and vectorization make branches of their own.
# -O1 folds the constants and adds few. The benchmark (C++, timing only)
# is left out. --exclude-unreachable-branches drops the branches gcov marks
# as never taken by construction (on a line holding only a closing brace).
#
# Usage: tools/coverage.sh BUILD_DIRECTORY [CTEST_ARGUMENTS...]
#   e.g. tools/coverage.sh /tmp/coverage -j2
# Environment: SOURCE (default: this script's repository), LEAST (how many
# least-covered files to list, default 12), REPORT_ONLY=1 (skip configure,
# build and ctest: report the counts already in BUILD_DIRECTORY).
# Exit 2 without gcovr or on a bad argument; ctest's failures are reported and
# the figures still printed (a failing test reaches less), exit 1 then.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: tools/coverage.sh BUILD_DIRECTORY [CTEST_ARGUMENTS...]" >&2; exit 2; }
build=$1
shift
source_dir=$(cd "${SOURCE:-$(dirname "$0")/..}" && pwd)
least=${LEAST:-12}
command -v gcovr > /dev/null || { echo "coverage: needs gcovr (apt-get install gcovr)" >&2; exit 2; }

tests_failed=0
if [ "${REPORT_ONLY:-0}" != 1 ]; then
    cmake -S "$source_dir" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSEEBATCH_BENCH=OFF \
        "-DCMAKE_C_FLAGS_RELEASE=-O1 -g -DNDEBUG" \
        "-DCMAKE_C_FLAGS=--coverage -fprofile-update=atomic" -DCMAKE_EXE_LINKER_FLAGS=--coverage \
        -DCMAKE_SHARED_LINKER_FLAGS=--coverage > "$build.configure.log" 2>&1 \
        || { echo "coverage: configure failed: $build.configure.log" >&2; exit 2; }
    ninja -C "$build" > "$build.build.log" 2>&1 \
        || { echo "coverage: build failed: $build.build.log" >&2; exit 2; }
    # Counts from an earlier run would add to this one's.
    find "$build" -name '*.gcda' -delete
    # Left out: the tests of what the library exports and links (gcov's
    # runtime adds symbols and a link dependency a consumer lacks) and
    # test_no_allocation (in this build its own probe allocation goes
    # uncounted); they reach nothing in lib/ that the others miss.
    (cd "$build" && ctest --output-on-failure \
        -E '^(library_exports|symbols_prefixed|packaging_consumer|readme_example|test_no_allocation)$' \
        "$@") > "$build.ctest.log" 2>&1 || tests_failed=1
    tail -n 3 "$build.ctest.log"
    [ "$tests_failed" = 0 ] || grep -E '^\s+[0-9]+ - ' "$build.ctest.log"
fi

# gcov is read twice: every branch it counts, and only those on lines that
# hold a decision as written (if, for, while, switch, case, ?:, && or ||).
# gcc gives a branch the line of the last statement of its block, and after
# inlining that is often a line of an always_inline helper with no decision
# of its own: lib/avx2/lanes.h's one-line both() carries 162 of its callers'
# branches. The second figure counts what the source decides; the first
# keeps what inlining moved about.
decision='(\bif\b|\bfor\b|\bwhile\b|\bswitch\b|\bcase\b|\bdefault\b|\?|&&|\|\|)'
read_counts() { # read_counts JSON [GCOVR OPTIONS...]
    local json=$1
    shift
    gcovr --root "$source_dir" --object-directory "$build" --exclude-unreachable-branches "$@" \
        --filter "$source_dir/lib/" --filter "$source_dir/programs/" \
        --json "$json" "$build" 2> "$build.gcovr.log" \
        || { echo "coverage: gcovr failed: $build.gcovr.log" >&2; exit 2; }
}
all=$build/coverage-all.json
counts=$build/coverage.json
read_counts "$all"
read_counts "$counts" --exclude-branches-by-pattern "^(?!.*$decision).*\$"

# gcovr's table (file, total, reached, percent, missing) on standard
# input: the files reaching the smallest share, fewest first, as
# "percent  file  (unreached of total WHAT)".
least_of() {
    awk -v what="$1" '$2 ~ /^[0-9]+$/ && $2 > 0 && $4 ~ /%$/ {
        printf "%.1f %s %d %d\n", 100 * $3 / $2, $1, $2 - $3, $2 }' |
        sort -k1,1n -k3,3nr | head -n "$least" |
        awk -v what="$1" '{ printf "    %5.1f%%  %s  (%d of %d %s unreached)\n", $1, $2, $3, $4, what }'
}

# One part of the tree: its totals, then its least-covered files by lines
# (and, apart, by branches), from gcovr's per-file table.
report() {
    local title=$1
    shift
    local filters=()
    for part in "$@"; do filters+=(--filter "$source_dir/$part/"); done
    echo
    echo "== $title"
    gcovr --root "$source_dir" --add-tracefile "$counts" "${filters[@]}" --print-summary \
        --output /dev/null | sed -n 's/^\(lines\|functions\): /  \1: /p; s/^branches: /  branches on decision lines: /p'
    gcovr --root "$source_dir" --add-tracefile "$all" "${filters[@]}" --print-summary \
        --output /dev/null | sed -n 's/^branches: /  every branch gcov counts: /p'
    echo "  least covered by lines:"
    gcovr --root "$source_dir" --add-tracefile "$counts" "${filters[@]}" | least_of lines
    echo "  least covered by branches on decision lines:"
    gcovr --root "$source_dir" --add-tracefile "$counts" "${filters[@]}" --branches | least_of branches
}
report "lib/" lib
report "lib/ and programs/" lib programs
exit "$tests_failed"
