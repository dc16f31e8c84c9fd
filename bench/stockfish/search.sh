#!/usr/bin/env bash
# seebatch inside a real engine: Stockfish 15.1's own search, its see_ge
# answered by seebatch.
#
# Usage: bench/stockfish/search.sh STOCKFISH_DIR [WORK_DIR]
#   STOCKFISH_DIR  a Stockfish 15.1 source tree you provide (tag sf_15.1 of
#                  official-stockfish/Stockfish; the directory holding src/)
#   WORK_DIR       where the copies are built (default: a new temporary one)
# Environment:
#   PAIRS=5            alternating speed runs (unmodified, seebatch); 0: none
#   SPEED_DEPTH=13     depth of the speed runs
#   DEPTHS="13 16"     depths whose node counts must be equal
#   CALLGRIND=1        instructions per see_ge call at bench depth 8 (valgrind)
#   ARCH=x86-64-bmi2   Stockfish's ARCH; COMP=gcc its compiler
#   BULK=1             also the move picker's good captures answered in one
#                      call per node (node counts, a checking build that
#                      counts the answers never used, speed beside the others,
#                      and with CALLGRIND instructions a SEE answer used)
#   REUSE=1            keep the builds WORK_DIR already holds (to measure again)
#   SEEBATCH_BUILD=DIR a Release build of this repository to link (default:
#                      built in WORK_DIR)
#
# Three variants of the tree are built with the same compiler and flags:
# unmodified; see_ge answered by seebatch through bench/stockfish/
# see_ge_adapter.cpp; and a checking build that asks both on every call,
# counts the calls by move kind (special moves too) and stops at the first
# difference. The bench is Stockfish's own (`bench 16 1
# DEPTH default depth classical`, one thread, classical evaluation), so no
# network is needed (-DNNUE_EMBEDDING_OFF). Nothing of Stockfish enters this
# repository: the tree is the user's, copied into WORK_DIR.
#
# Exit status: 0 when node counts are equal and the checking build found no
# difference, 1 otherwise, 2 for bad arguments, 77 when there is no tree.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

source "$here/../real_engine.sh"
tree=${1:-}
take_tree Stockfish src/position.cpp "$tree"
if ! grep -q 'const string version = "15.1"' "$tree/src/misc.cpp" \
    || ! grep -q '^bool Position::see_ge(Move m, Value threshold) const {$' "$tree/src/position.cpp"; then
    echo "error: $tree is not Stockfish 15.1 (tag sf_15.1): its misc.cpp or see_ge differ" >&2
    exit 2
fi

make_work_dir "${2:-}" stockfish
pairs=${PAIRS:-5}
speed_depth=${SPEED_DEPTH:-13}
depths=${DEPTHS:-13 16}
arch=${ARCH:-x86-64-bmi2}
comp=${COMP:-gcc}
jobs=${JOBS:-2}

link_library "$work" "$jobs"
echo "Stockfish ARCH=$arch COMP=$comp; $(describe_library)"

# answer_see_ge DIR: see_ge answered by seebatch in the copy at DIR.
answer_see_ge() {
    local dir=$1
    # Stockfish's own see_ge stays, under another name, for the check.
    sed -i 's/^bool Position::see_ge(Move m, Value threshold) const {$/bool Position::see_ge_stockfish(Move m, Value threshold) const {/' \
        "$dir/src/position.cpp"
    sed -i 's/^\(  bool see_ge(Move m, Value threshold = VALUE_ZERO) const;\)$/\1\n  bool see_ge_stockfish(Move m, Value threshold) const;/' \
        "$dir/src/position.h"
    grep -q see_ge_stockfish "$dir/src/position.h" || { echo "error: could not patch position.h" >&2; exit 1; }
    cat "$here/see_ge_adapter.cpp" >> "$dir/src/position.cpp"
}

# batch_good_captures DIR: the move picker's good-capture stage answered
# from one batch per node (the adapter's see_ge_each, built with
# SEEBATCH_BULK): the answers are kept beside the moves when the captures
# are scored, and the stage reads them in its own order.
batch_good_captures() {
    local dir=$1
    sed -i 's/^\(  bool see_ge_stockfish(Move m, Value threshold) const;\)$/\1\n  void see_ge_each(const ExtMove* begin, const ExtMove* end, Move skip, int scale, uint8_t* passed) const;\n  bool see_ge_batched(Move m, Value threshold, uint8_t answer) const;/' \
        "$dir/src/position.h"
    sed -i 's/^class Position {$/struct ExtMove;\n\nclass Position {/' "$dir/src/position.h"
    sed -i 's/^\(  ExtMove moves\[MAX_MOVES\];\)$/\1\n  uint8_t seebatchGood[MAX_MOVES];/' "$dir/src/movepick.h"
    sed -i 's/^\(      partial_insertion_sort(cur, endMoves, std::numeric_limits<int>::min());\)$/\1\n      if (stage == CAPTURE_INIT)\n          pos.see_ge_each(cur, endMoves, ttMove, 69, seebatchGood);/' \
        "$dir/src/movepick.cpp"
    sed -i 's/return pos\.see_ge(\*cur, Value(-69 \* cur->value \/ 1024)) ?/return pos.see_ge_batched(*cur, Value(-69 * cur->value \/ 1024), seebatchGood[cur - moves]) ?/' \
        "$dir/src/movepick.cpp"
    grep -q 'struct ExtMove;' "$dir/src/position.h" && grep -q seebatchGood "$dir/src/movepick.h" \
        && [ "$(grep -c 'see_ge_each\|see_ge_batched' "$dir/src/movepick.cpp")" = 2 ] \
        || { echo "error: could not patch the move picker" >&2; exit 1; }
}

# variant NAME EXTRA-FLAGS [LIKE]: a copy of the tree, see_ge answered by
# seebatch unless NAME is "stockfish", the move picker batched for NAME
# bulk*, built. LIKE: a variant built from the same sources whose flags
# differ only in the adapter's macros (read in position.cpp alone): its
# copy, objects and all, with position.cpp compiled again and the program
# linked (the other 23 objects' 55 CPU s saved).
variant() {
    local name=$1 flags=$2 dir=$work/$1 like=${3:-}
    if [ "${REUSE:-0}" = 1 ] && [ -x "$dir/src/stockfish" ]; then
        echo "reusing $dir"
        return
    fi
    rm -rf "$dir"
    if [ -n "$like" ]; then
        cp -a "$work/$like" "$dir"
        touch "$dir/src/position.cpp"
    else
        cp -r "$tree" "$dir"
        [ "$name" = stockfish ] || answer_see_ge "$dir"
        [[ $name != bulk* ]] || batch_good_captures "$dir"
    fi
    [ "$name" = stockfish ] || flags="$flags -I$repo/include"
    echo "building $name${like:+ (the objects of $like but position.o)}"
    make -C "$dir/src" -j "$jobs" ARCH="$arch" COMP="$comp" \
        EXTRACXXFLAGS="-DNNUE_EMBEDDING_OFF $flags" \
        EXTRALDFLAGS="$([ "$name" = stockfish ] || echo "$library")" all > "$work/$name.build.log" 2>&1 \
        || { echo "error: building $name failed; see $work/$name.build.log" >&2; exit 1; }
}

reference=$(exactness_reference stockfish)
[ "$reference" = checking ] || variant stockfish ""
variant seebatch ""
variant checking "-DSEEBATCH_ADAPTER_CHECK" seebatch
bulk=${BULK:-0}
if [ "$bulk" = 1 ]; then
    variant bulk "-DSEEBATCH_BULK"
    variant bulk-checking "-DSEEBATCH_BULK -DSEEBATCH_ADAPTER_CHECK" bulk
fi

# bench NAME DEPTH: Stockfish's bench output (stderr holds the summary).
bench() { "$work/$1/src/stockfish" bench 16 1 "$2" default depth classical 2>&1; }
field() { awk -F': *' -v key="$1" '$1 ~ key { print $2 }'; }

status=0
echo "== node counts (bench 16 1 DEPTH default depth classical)"
for depth in $depths; do
    checking=$(bench checking "$depth")
    check=$(grep "seebatch check" <<< "$checking")
    if [ "$reference" = checking ]; then
        sf=$(field "Nodes searched" <<< "$checking")
    else
        sf=$(bench stockfish "$depth" | field "Nodes searched")
        [ "$(field "Nodes searched" <<< "$checking")" = "$sf" ] || status=1
    fi
    sb=$(bench seebatch "$depth" | field "Nodes searched")
    verdict=equal
    [ -n "$sf" ] && [ "$sf" = "$sb" ] || { verdict=DIFFERENT; status=1; }
    echo "depth $depth: $reference $sf, seebatch $sb ($verdict); checking build: ${check#seebatch check: }"
    [[ $check == *" 0 differences"* ]] || status=1
    if [ "$bulk" = 1 ]; then
        bk=$(bench bulk "$depth" | field "Nodes searched")
        check=$(bench bulk-checking "$depth" | grep "seebatch ")
        verdict=equal
        [ "$sf" = "$bk" ] || { verdict=DIFFERENT; status=1; }
        echo "  batched move picker: $bk ($verdict); $(grep 'seebatch bulk' <<< "$check" | sed 's/^seebatch bulk: //')"
        [ "$(grep -c ' 0 differences' <<< "$check")" = 2 ] || status=1
    fi
done

# speed NAME: one bench run's nodes per second, as "WALL CPU": Stockfish's
# own figure (wall clock), and nodes over the process's CPU time.
speed() {
    local out=$work/$1.speed cpu
    cpu=$(cpu_seconds "$out" bench "$1" "$speed_depth")
    awk -F': *' -v cpu="$cpu" '$1 ~ "Nodes searched" { n = $2 } $1 ~ "Nodes/second" { w = $2 }
        END { printf "%d %d\n", w, n / cpu }' "$out"
}

# PAIRS=0 (the CI test): exactness alone, no speed runs.
if [ "$pairs" -gt 0 ]; then
    echo "== nodes per second, depth $speed_depth, $pairs alternating pairs (wall clock; CPU time)"
    wall_ratios=() cpu_ratios=() bulk_ratios=() bulk_call_ratios=()
    for pair in $(seq "$pairs"); do
        speed_pair stockfish "$pair"
        if [ "$bulk" = 1 ]; then
            read -r bk_wall bk_cpu < <(speed bulk)
            bulk_ratios+=("$(ratio "$bk_cpu" "$engine_cpu")") bulk_call_ratios+=("$(ratio "$bk_cpu" "$seebatch_cpu")")
            echo "  batched move picker $bk_wall (CPU time $bk_cpu): ${bulk_ratios[-1]}x stockfish," \
                "${bulk_call_ratios[-1]}x per call (CPU time)"
        fi
    done
    median_line stockfish
    [ "$bulk" = 1 ] && echo "median, batched move picker (CPU time): $(printf '%s\n' "${bulk_ratios[@]}" | median)x" \
        "stockfish, $(printf '%s\n' "${bulk_call_ratios[@]}" | median)x per call"
fi

# Instructions per call. Both builds run the same search (equal node
# counts), so the difference in the program's own instructions
# (own_instructions.sh: seebatch is linked in statically; what prints is
# left out, as its amount follows the machine's load), spread over
# Stockfish's calls, is what seebatch adds to or saves on each, whatever
# the adapter changes in the code around its calls (how LTO inlines there).
# The adapter's see_ge is out of line, as Stockfish's is, so its own calls
# are counted too.
if callgrind_wanted "instructions per see_ge call"; then
    echo "== instructions per see_ge call (callgrind, bench depth 8)"
    counted=(stockfish seebatch)
    [ "$bulk" = 1 ] && counted+=(bulk)
    for name in "${counted[@]}"; do
        (cd "$work" && valgrind --tool=callgrind --callgrind-out-file="$work/$name.callgrind" \
            "$work/$name/src/stockfish" bench 16 1 8 default depth classical > "$work/$name.callgrind.log" 2>&1)
    done
    total() { "$here/own_instructions.sh" "$work/$1.callgrind" /src/stockfish; }
    nodes() { field "Nodes searched" < "$work/$1.callgrind.log"; }
    for name in "${counted[@]}"; do
        [ "$(nodes stockfish)" = "$(nodes "$name")" ] || { echo "depth 8 node counts differ ($name)"; status=1; }
    done
    own=$("$here/calls_of.sh" "$work/stockfish.callgrind" 'Stockfish::Position::see_ge(')
    echo "stockfish: $own"
    echo "seebatch's see_ge: $("$here/calls_of.sh" "$work/seebatch.callgrind" 'Stockfish::Position::see_ge(')"
    echo "$own" | awk -v sf="$(total stockfish)" -v sb="$(total seebatch)" '{
        calls = $1; per_call = $5
        printf "seebatch: %.1f per call, adapter included (%.1f + (%d - %d) / %d calls)\n",
            per_call + (sb - sf) / calls, per_call, sb, sf, calls }'
    if [ "$bulk" = 1 ]; then
        # The same search answers Stockfish's calls, each once: by a call
        # or by the node's batch. The batch's whole cost (the array filled,
        # the answers never used) is spread over the answers used.
        echo "batched move picker, depth 8: $(bench bulk-checking 8 | grep 'seebatch bulk' | sed 's/^seebatch bulk: //')"
        echo "$own" | awk -v sf="$(total stockfish)" -v bk="$(total bulk)" '{
            calls = $1; per_call = $5
            printf "batched move picker: %.1f per SEE answer used, batch included (%.1f + (%d - %d) / %d answers)\n",
                per_call + (bk - sf) / calls, per_call, bk, sf, calls }'
    fi
fi
exit $status
