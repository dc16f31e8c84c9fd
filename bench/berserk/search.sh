#!/usr/bin/env bash
# seebatch inside a second real engine: Berserk 4.6.0's own search, its SEE
# answered by seebatch through a view of its twelve bitboards.
#
# Usage: bench/berserk/search.sh BERSERK_DIR [WORK_DIR]
#   BERSERK_DIR    a Berserk 4.6.0 source tree you provide (tag 4.6.0 of
#                  jhonnold/berserk; the directory holding src/)
#   WORK_DIR       where the copies are built (default: a new temporary one)
# Environment:
#   PAIRS=5            alternating speed runs of Berserk's bench (unmodified, seebatch); 0: none
#   UCI_DEPTH=11       the second depth whose node counts must be equal (bench is 13)
#   CALLGRIND=1        instructions per SEE call (valgrind), at CALLGRIND_DEPTH=8
#   TARGET=pext        Berserk's make target (pext: BMI2 and popcount; all; avx2)
#   REUSE=1            keep the builds WORK_DIR already holds (to measure again)
#   SEEBATCH_BUILD=DIR a Release build of this repository to link (default:
#                      built in WORK_DIR)
#   JOBS=2
#
# Why Berserk 4.6.0: a strong engine in C whose search uses SEE both for
# move ordering (its value orders the bad captures) and for pruning; it
# keeps twelve bitboards by coloured piece beside its occupancies, counts
# squares from a8, and has SEE rules of its own (Crafty's break-off of the
# swap list, no pins, no promotion); and 4.6.0 is its last version with a
# hand-written evaluation and no network file.
#
# Three copies of the tree are built with the same compiler and flags:
# unmodified; SEE answered by seebatch through bench/berserk/see_adapter.c;
# and a checking build that asks both on every call, counts the calls by
# kind and stops at the first difference. Nothing of Berserk enters this
# repository: the tree is the user's, copied into WORK_DIR.
#
# Exit status: 0 when node counts are equal and the checking build found no
# difference, 1 otherwise, 2 for bad arguments, 77 when there is no tree.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

source "$here/../real_engine.sh"
tree=${1:-}
take_tree Berserk src/see.c "$tree"
if ! grep -qE $'^VERSION = 4.6.0\r?$' "$tree/src/makefile" \
    || ! grep -q '^inline int SEE(Board\* board, Move move) {$' "$tree/src/see.c"; then
    echo "error: $tree is not Berserk 4.6.0 (tag 4.6.0): its makefile or SEE differ" >&2
    exit 2
fi

make_work_dir "${2:-}" berserk
pairs=${PAIRS:-5}
uci_depth=${UCI_DEPTH:-11}
target=${TARGET:-pext}
jobs=${JOBS:-2}

link_library "$work" "$jobs"
echo "Berserk make target: $target; $(describe_library)"

# The binary `make TARGET` writes.
binary_of() {
    case $target in
        all) echo berserk ;;
        no-popcount) echo berserk-x64-no-popcnt ;;
        *) echo "berserk-x64-$target" ;;
    esac
}
binary=$(binary_of)

# variant NAME EXTRA-FLAGS: a copy of the tree, its SEE answered by seebatch
# unless NAME is "berserk", built.
variant() {
    local name=$1 flags=$2 dir=$work/$1 libs="-lm -lpthread"
    if [ "${REUSE:-0}" = 1 ] && [ -x "$dir/src/$binary" ]; then
        echo "reusing $dir"
        return
    fi
    rm -rf "$dir"
    cp -r "$tree" "$dir"
    if [ "$name" != berserk ]; then
        # Berserk's own SEE stays, under another name, for what it answers
        # itself; out of line, so that its frame is not paid on every call.
        sed -i 's/^inline int SEE(Board\* board, Move move) {$/__attribute__((noinline)) int SEE_berserk(Board* board, Move move) {/' \
            "$dir/src/see.c"
        grep -q ' int SEE_berserk(' "$dir/src/see.c" || { echo "error: could not patch see.c" >&2; exit 1; }
        cat "$here/see_adapter.c" >> "$dir/src/see.c"
        flags="$flags -I$repo/include"
        libs="$library $libs"
    fi
    echo "building $name"
    make -C "$dir/src" -j "$jobs" "$target" WFLAGS="-std=gnu11 -Wall -Wextra -Wshadow $flags" \
        LIBS="$libs" > "$work/$name.build.log" 2>&1 \
        || { echo "error: building $name failed; see $work/$name.build.log" >&2; exit 1; }
}

reference=$(exactness_reference berserk)
[ "$reference" = checking ] || variant berserk ""
variant seebatch ""
variant checking "-DSEEBATCH_ADAPTER_CHECK"

engine() { echo "$work/$1/src/$binary"; }
bench() { (cd "$work" && "$(engine "$1")" bench); }
bench_nodes() { awk '/^Results:/ { print $2 }'; }

# uci_nodes NAME DEPTH [WRAPPER...]: "go depth DEPTH" on each of the bench's
# positions (read from the tree's bench.c), the hash cleared before each as
# the bench does; prints the total of the nodes each search reports last,
# then whatever the engine prints after "quit" (the checking build's count).
mapfile -t positions < <(grep -o '"[^"]*/[^"]*/[^"]*"' "$tree/src/bench.c" | tr -d '"')
uci_nodes() {
    local name=$1 depth=$2 total=0 last=0 line in out pid
    shift 2
    coproc ENGINE { cd "$work" && "$@" "$(engine "$name")" 2> /dev/null; }
    # Copies of the pipes: bash forgets ENGINE's once the engine has quit.
    exec {in}<&"${ENGINE[0]}" {out}>&"${ENGINE[1]}"
    pid=$ENGINE_PID
    for fen in "${positions[@]}"; do
        printf 'ucinewgame\nposition fen %s\ngo depth %d\n' "$fen" "$depth" >&"$out"
        while read -r line <&"$in"; do
            [[ $line =~ \ nodes\ ([0-9]+) ]] && last=${BASH_REMATCH[1]}
            [[ $line == bestmove* ]] && break
        done
        total=$((total + last))
    done
    printf 'quit\n' >&"$out"
    echo "$total"
    cat <&"$in" || true
    exec {in}<&- {out}>&-
    wait "$pid" 2> /dev/null || true
}

status=0
echo "== node counts: Berserk's bench (depth 13), and go depth $uci_depth on its ${#positions[@]} positions"
check=$(bench checking)
if [ "$reference" = checking ]; then bz=$(bench_nodes <<< "$check"); else bz=$(bench berserk | bench_nodes); fi
sb=$(bench seebatch | bench_nodes)
verdict=equal
[ -n "$bz" ] && [ "$bz" = "$sb" ] || { verdict=DIFFERENT; status=1; }
echo "depth 13 (bench): $reference $bz, seebatch $sb ($verdict)"
echo "  checking build: $(grep 'seebatch check' <<< "$check" | sed 's/^seebatch check: //')"
[ "$(bench_nodes <<< "$check")" = "$bz" ] || { echo "  checking build searched $(bench_nodes <<< "$check") nodes"; status=1; }
grep -q "seebatch check: .* 0 differences" <<< "$check" || status=1
check=$(uci_nodes checking "$uci_depth")
if [ "$reference" = checking ]; then bz=$(head -1 <<< "$check"); else bz=$(uci_nodes berserk "$uci_depth" | head -1); fi
sb=$(uci_nodes seebatch "$uci_depth" | head -1)
verdict=equal
[ -n "$bz" ] && [ "$bz" = "$sb" ] || { verdict=DIFFERENT; status=1; }
echo "depth $uci_depth (go depth): $reference $bz, seebatch $sb ($verdict)"
echo "  checking build: $(grep 'seebatch check' <<< "$check" | sed 's/^seebatch check: //')"
grep -q "seebatch check: .* 0 differences" <<< "$check" || status=1

# speed NAME: one bench run's nodes per second, as "WALL CPU": Berserk's own
# figure (wall clock), and nodes over the process's CPU time.
speed() {
    local out=$work/$1.speed cpu
    cpu=$(cpu_seconds "$out" bench "$1")
    awk -v cpu="$cpu" '/^Results:/ { n = $2; w = $4 } END { printf "%d %d\n", w, n / cpu }' "$out"
}

# PAIRS=0 (the CI test): exactness alone, no speed runs.
if [ "$pairs" -gt 0 ]; then
    echo "== nodes per second, bench, $pairs alternating pairs (wall clock; CPU time)"
    wall_ratios=() cpu_ratios=()
    for pair in $(seq "$pairs"); do
        speed_pair berserk "$pair"
    done
    median_line berserk
fi

# Instructions per call: SEE stays a function in both builds (its callers
# call it), so callgrind counts its calls and what they cost, inclusive.
if callgrind_wanted "instructions per SEE call"; then
    depth=${CALLGRIND_DEPTH:-8}
    echo "== instructions per SEE call (callgrind, go depth $depth on the bench's positions)"
    for name in berserk seebatch; do
        uci_nodes "$name" "$depth" valgrind --tool=callgrind --callgrind-out-file="$work/$name.callgrind" \
            > "$work/$name.callgrind.log"
        echo "$name: $("$repo/bench/stockfish/calls_of.sh" "$work/$name.callgrind" 'SEE$') ($(head -1 "$work/$name.callgrind.log") nodes)"
    done
    [ "$(head -1 "$work/berserk.callgrind.log")" = "$(head -1 "$work/seebatch.callgrind.log")" ] \
        || { echo "depth $depth node counts differ"; status=1; }
fi
exit $status
