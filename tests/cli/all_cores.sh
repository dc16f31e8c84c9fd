#!/usr/bin/env bash
# -j 0 works on one thread a core this process may run on (issue 68: it was
# refused; xz, zstd and make take 0 for every core): the same output as -j 1,
# and, where Linux shows a process's threads (/proc) and taskset sets its
# affinity, as many threads as -j N for the N cores it is allowed, whatever
# the machine has (a cgroup or taskset's limit counts, not the cores online).
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
"$tool" gen --count 3000 --seed 5 > "$work/p.fen"

# Its forms (-j0, --threads=0) with -j 2's: settings.sh.
"$tool" eval -j 1 "$work/p.fen" > "$work/one"
"$tool" eval -j 0 "$work/p.fen" > "$work/out"
expect "eval -j 0: as -j 1" "$?$(cmp -s "$work/out" "$work/one" && echo same)" "0same"
plain_of "$work/p.fen" > "$work/p.plain"
# check takes a millisecond a position (25 configurations), many times that
# under a sanitizer: the later stages check a tenth of them (one block of
# lines for the threads, as the 3,000 are).
head -n "$(scaled 3000 100)" "$work/p.fen" > "$work/checked.fen"
for command in "filter --count-only $work/p.plain" "stats $work/p.plain" \
    "check --no-oracle $work/checked.fen" "convert $work/p.plain $work/p.binpack"; do
    # shellcheck disable=SC2086 # the command's words
    "$tool" $command -j 0 > /dev/null 2> "$work/err"
    expect "$command -j 0: exit" "$?" "0"
done
expect "eval --help says what -j 0 is" \
    "$("$tool" eval --help | grep -c '0: one a core')" "1"

# threads CORES OPTION...: the number of threads of "eval OPTION..." run on
# the cores CORES (taskset's list) once it waits for more input: every one
# of its threads asleep (state S: blocked, so none is about to start
# another), the same count seen ten times in a row. No time is assumed: a
# loaded machine only makes it wait longer (ten minutes at most, a guard).
threads() {
    local cores=$1
    shift
    rm -f "$work/fifo"
    mkfifo "$work/fifo"
    taskset -c "$cores" "$tool" eval "$@" "$work/fifo" > /dev/null &
    local runner=$! count=0 last=-1 still=0 awake
    exec 7<> "$work/fifo" # read and write: never waits, though the tool refused to start
    head -n 200 "$work/p.fen" >&7
    for _ in $(seq 6000); do
        kill -0 "$runner" 2> /dev/null || { count=0; break; }
        count=$(find "/proc/$runner/task" -mindepth 1 -maxdepth 1 2> /dev/null | wc -l)
        awake=$(cat /proc/"$runner"/task/*/stat 2> /dev/null | sed 's/.*) //' | cut -d' ' -f1 |
            grep -vc S)
        if [ "$count" = "$last" ] && [ "$awake" -eq 0 ]; then
            still=$((still + 1))
            [ "$still" -ge 10 ] && break
        else
            still=0 last=$count
        fi
        sleep 0.1
    done
    exec 7>&-
    wait "$runner"
    echo "$count"
}

if [ "$target_system" != Linux ] || [ ! -d /proc/self/task ] || ! command -v taskset > /dev/null; then
    not_here "-j 0's thread count" "no /proc task list or no taskset here"
else
    allowed=$(taskset -pc $$ | sed 's/.*: //')
    first=$(cut -d, -f1 <<< "$allowed" | cut -d- -f1)
    expect "-j 0 on one core: as -j 1" "$(threads "$first" -j 0)" "$(threads "$first" -j 1)"
    cores=$(nproc)
    if [ "$cores" -ge 2 ] && [ "$cores" -le 256 ]; then
        expect "-j 0 on the $cores cores allowed: as -j $cores" \
            "$(threads "$allowed" -j 0)" "$(threads "$allowed" -j "$cores")"
        expect "-j $cores starts more threads than -j 1 (the count is seen)" \
            "$([ "$(threads "$allowed" -j "$cores")" -gt "$(threads "$allowed" -j 1)" ] && echo more)" \
            "more"
    else
        not_here "-j 0 on several cores" "$cores core(s) allowed here"
    fi
fi
finish "cli all cores"
