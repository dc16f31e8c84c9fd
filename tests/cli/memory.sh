#!/usr/bin/env bash
# seebatch eval streams: its memory does not grow with the input. The peak
# resident size (/usr/bin/time -f %M) of eval on N generated positions piped
# in (made by `seebatch gen`; 2 million in the Release build, times
# SEEBATCH_TEST_SCALE in the later stages, at least 300k, there the small
# run's repeated) must stay within
# 1.5 times that of a run on N/10 (at least 60k), on 1 and on 4 threads.
# Keeping the input or the output in memory would add tens of megabytes
# (2 million positions are 105 MB of FEN).
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

if [ ! -x /usr/bin/time ]; then
    echo "cli memory: /usr/bin/time is missing (Debian package \"time\"); .ci/run installs it"
    exit 1
fi
# The small run must fill eval's pipeline before its peak means anything:
# two slots of 4,096 lines a thread (programs/cli/parallel_lines.c), 33k
# lines on 4 threads; at 20k positions the -j 4 peak was still climbing
# (8.3 MB against 12.5 MB at 200k, a false failure). So small is at least
# 60k and large at least 300k, whose 16 MB of FEN kept would still break
# the bound.
large=$(scaled 2000000 300000)
small=$((large / 10 < 60000 ? 60000 : large / 10))

# The positions made once (gen takes about 2.5 us a position, 70 under
# ThreadSanitizer) and piped in by cat, so eval still streams from a pipe of
# unknown size. The later stages make the small run's alone and repeat them
# (eval keeps nothing of a position, so a repeat costs what a new one does).
if at_full_scale; then
    "$tool" gen --count "$large" --seed 4 > "$work/large.fen"
    head -n "$small" "$work/large.fen" > "$work/small.fen"
else
    "$tool" gen --count "$small" --seed 4 > "$work/small.fen"
    for _ in $(seq $((large / small))); do cat "$work/small.fen"; done > "$work/large.fen"
    large=$((large / small * small))
fi

# measure COUNT THREADS: sets peak_kb to eval's peak resident size on COUNT
# positions, and checks that every position gave at least one record.
measure() {
    local file=$work/small.fen
    [ "$1" = "$large" ] && file=$work/large.fen
    cat "$file" \
        | /usr/bin/time -f %M -o "$work/rss" "$tool" eval -j "$2" \
        | cut -d';' -f1 | uniq | wc -l > "$work/positions"
    expect "eval of $1 positions on $2 threads: every position evaluated" \
        "$(tr -d ' ' < "$work/positions")" "$1"
    peak_kb=$(tail -n 1 "$work/rss")
}

for threads in 1 4; do
    measure "$small" "$threads"
    small_kb=$peak_kb
    measure "$large" "$threads"
    large_kb=$peak_kb
    echo "eval -j $threads: peak $small_kb kB on $small positions, $large_kb kB on $large"
    expect "eval -j $threads: memory bounded (${large_kb} kB on $large positions vs ${small_kb} kB on $small)" \
        "$([ "$large_kb" -le $((small_kb * 3 / 2)) ] && echo bounded)" "bounded"
done

finish "cli memory"
