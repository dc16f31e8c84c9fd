#!/usr/bin/env bash
# seebatch check's promises, proven with a kernel that is wrong on purpose
# (the test build seebatch_wrong_kernel, tests/cli/wrong_kernel.c): every
# mismatch makes the exit status 1, on one thread or many, with or without
# the oracle; and the default set of configurations is exactly the classic
# values under each of the 24 valid flag combinations (one promotion rule at
# most) plus the stockfish preset.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
wrong=${SEEBATCH_WRONG_KERNEL_TOOL:-}
if [ ! -x "$wrong" ]; then
    echo "check_status: skipped, SEEBATCH_WRONG_KERNEL_TOOL names no tool"
    exit 77
fi

"$tool" gen --count 12 --seed 5 > "$work/positions.fen"

# The shipped tool has no wrong kernel: the same input passes.
"$tool" check --no-oracle "$work/positions.fen" > "$work/good.out"
expect "shipped tool: no mismatch" "$?" "0"
expect "shipped tool compares no wrong kernel" "$(grep -c 'wrong' "$work/good.out")" "0"
expect "--no-oracle: no oracle lanes" "$(grep -c ' 0 oracle lanes' "$work/good.out")" "1"
"$tool" check "$work/positions.fen" > "$work/oracle.out"
expect "oracle lanes by default" "$(grep -Ec ' [1-9][0-9]* oracle lanes' "$work/oracle.out")" "1"

for options in "" "--no-oracle" "-j 2" "--no-oracle -j2" "--preset stockfish"; do
    # shellcheck disable=SC2086
    "$wrong" check $options "$work/positions.fen" > "$work/wrong.out" 2> "$work/wrong.err"
    expect "wrong kernel [$options]: exit 1" "$?" "1"
    expect "wrong kernel [$options]: MISMATCH printed" \
        "$(grep -q '^MISMATCH wrong value' "$work/wrong.out" && echo yes)" "yes"
    expect "wrong kernel [$options]: summary counts mismatches" \
        "$(grep -Eq ', wrong[,:] .* [1-9][0-9]* mismatches$' "$work/wrong.out" && echo yes)" "yes"
done

# Threads share the work, not the verdict: the same totals from 1 and 3,
# on more than two blocks of 4096 lines; in the later stages a tenth of the
# positions spread over as many lines.
if at_full_scale; then
    "$tool" gen --count 9000 --seed 6 > "$work/more.fen"
else
    "$tool" gen --count 900 --seed 6 > "$work/some.fen"
    spread_over "$work/some.fen" 9000 > "$work/more.fen"
fi
"$wrong" check --no-oracle --preset stockfish -j 1 "$work/more.fen" | tail -n 2 > "$work/one_thread"
"$wrong" check --no-oracle --preset stockfish -j 3 "$work/more.fen" | tail -n 2 > "$work/three_threads"
expect "same totals on 1 and 3 threads" \
    "$(cmp -s "$work/one_thread" "$work/three_threads" && echo same)" "same"

# Wrong values alone, or wrong threshold answers alone, are mismatches too.
for part in values thresholds; do
    SEEBATCH_WRONG_KERNEL_PART=$part "$wrong" check --no-oracle "$work/positions.fen" > "$work/part.out"
    expect "only the $part wrong: exit 1" "$?" "1"
    expect "only the $part wrong: named" \
        "$(grep -c "^MISMATCH wrong $([ $part == values ] && echo value || echo see_ge)" "$work/part.out" \
           | awk '{ print ($1 > 0) ? "yes" : "no" }')" "yes"
done

# Wrong only under a configuration the check does not run: no mismatch.
head -n 1 "$work/positions.fen" > "$work/one.fen"
SEEBATCH_WRONG_KERNEL_CONFIG="1,2,3,4,5/0" "$wrong" check --no-oracle "$work/positions.fen" \
    > /dev/null
expect "wrong only under a configuration not run: exit 0" "$?" "0"

# The default set: each of these 25 configurations is run ...
classic="100,325,325,500,1000"
stockfish="208,781,825,1276,2538"
for config in "$classic/"{0,1,2,3,4,5,6,7,8,9,12,13,16,17,18,19,20,21,22,23,24,25,28,29} \
    "$stockfish/5"; do
    SEEBATCH_WRONG_KERNEL_CONFIG=$config "$wrong" check --no-oracle "$work/one.fen" > "$work/out"
    expect "default set runs $config" "$?" "1"
done
expect "default set has 25 configurations" \
    "$(grep -c '^checked 1 position, [0-9]* moves, 25 configurations$' "$work/out")" "1"
# ... and nothing near them (two promotion rules, 10, are no configuration).
for config in "101,325,325,500,1000/0" "$stockfish/0" "$stockfish/1" "$classic/10" "$classic/32"; do
    SEEBATCH_WRONG_KERNEL_CONFIG=$config "$wrong" check --no-oracle "$work/one.fen" > /dev/null
    expect "default set does not run $config" "$?" "0"
done

# Configuration options replace the set by one configuration.
SEEBATCH_WRONG_KERNEL_CONFIG="$classic/0" "$wrong" check --no-oracle --preset stockfish \
    "$work/one.fen" > /dev/null
expect "--preset stockfish runs classic" "$?" "0"
SEEBATCH_WRONG_KERNEL_CONFIG="1,2,3,4,5/1" "$wrong" check --no-oracle --values 1,2,3,4,5 --pins \
    "$work/one.fen" > /dev/null
expect "--values 1,2,3,4,5 --pins runs that" "$?" "1"

# A mismatch and a bad line: still 1, both reported.
printf '%s\nbad fen\n' "$trace1" | "$wrong" check --no-oracle > "$work/both.out" 2> "$work/both.err"
expect "mismatch and bad line: exit 1" "$?" "1"
expect "mismatch and bad line: line named" "$(grep -c '^seebatch check: [^:]*: line 2: ' "$work/both.err")" "1"

finish check_status
