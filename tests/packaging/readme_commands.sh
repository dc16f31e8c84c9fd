#!/usr/bin/env bash
# README's commands as printed, in a directory of their own where `build` is
# this build tree and `tests` the checkout's (README's commands run from the
# checkout, after command 1), one part a call (tests/docs/readme_blocks.sh
# names the test of each block):
#   quick_start   the two commands checked by their form and a dry run (they
#                 take an hour whole): command 1's configure run afresh into a
#                 directory of its own, its benchmark listing its rows
#                 (--benchmark_list_tests: every backend and auto, the engine
#                 path beside the baseline); command 2's run_all.sh refusing an
#                 unknown stage and naming its stages, among them every stage
#                 the quick start's STAGES=... names;
#   tool          each `$ ` line of the tool's block but pgn-extract's, its
#                 output the lines printed below it, byte for byte;
#   pgn_extract   the pgn-extract line: exit 0, a record for every move of the
#                 games (pgn_pipeline checks the values); a skip (77) where
#                 pgn-extract is not at the path README gives;
#   python        the Python section: its apt-get packages installed (dpkg),
#                 its other lines run (a venv, pip, the sample training file),
#                 then its Python block in that venv: the values its comment
#                 shows, and a batch streamed from the sample; a skip (77)
#                 where a package is missing, unless SEEBATCH_REQUIRE_PYTHON=1;
#   training_data the sample line, then the filter line: it keeps some entries
#                 and drops some, and kept.binpack holds what it says it kept.
# Usage: readme_commands.sh PART README BUILD_DIR [SANITIZERS]
# Exit 77 (a skip, with the reason) in a cross build: README's commands run
# on the build machine's own build.
set -euo pipefail
part=$1
readme=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
build=$(cd "$3" && pwd)
sanitize=${4:-}
root=$(dirname "$readme")
source "$root/tests/docs/readme_text.sh"
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "skip: $*"; exit 77; }
[ -z "${SEEBATCH_EMULATOR:-}" ] ||
    skip "a cross build (its programs run under $SEEBATCH_EMULATOR): README's commands run on the native build"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
here=$work/here
mkdir "$here"
ln -s "$build" "$here/build"
ln -s "$root/tests" "$here/tests"

# run COMMAND: runs a README line in $here as a shell would, its output in
# $work/out and $work/err; fails naming it when it exits non-zero.
run() {
    local status=0
    echo "\$ $1"
    (cd "$here" && bash -o pipefail -c "$1") > "$work/out" 2> "$work/err" || status=$?
    [ "$status" = 0 ] || { cat "$work/out" "$work/err"; fail "README's line exited $status: $1"; }
}

# The one line of README that makes the sample training file.
sample_line() {
    local lines
    lines=$(grep -E '^\./build/tests/make_training_games ' "$readme" || true)
    [ "$(grep -c . <<< "$lines")" = 1 ] ||
        fail "README should show one line making the sample (./build/tests/make_training_games ...); it shows: $lines"
    echo "$lines"
}

part_quick_start() {
    local commands first second dir flags
    commands=$(readme_commands "$readme" "Quick start" sh)
    [ "$(grep -c . <<< "$commands")" = 2 ] || fail "the quick start should show two commands; it shows: $commands"
    first=$(sed -n 1p <<< "$commands") second=$(sed -n 2p <<< "$commands")
    local configure='^cmake -S \. -B ([^ ]+)(( -D[A-Za-z0-9_]+=[^ ]+)*) && cmake --build ([^ ]+)( -j ?[0-9]+)? && \./([^ ]+)/seebatch_bench$'
    [[ $first =~ $configure ]] ||
        fail "command 1 is not 'cmake -S . -B DIR [-DX=Y...] && cmake --build DIR [-jN] && ./DIR/seebatch_bench': $first"
    dir=${BASH_REMATCH[1]} flags=${BASH_REMATCH[2]}
    [ "${BASH_REMATCH[4]}" = "$dir" ] && [ "${BASH_REMATCH[6]}" = "$dir" ] ||
        fail "command 1 configures $dir but builds or runs another directory: $first"
    echo "command 1, its configure afresh: cmake -S . -B $dir$flags"
    # shellcheck disable=SC2086 # the flags are words, as the shell splits them
    (cd "$root" && cmake -S . -B "$work/$dir" $flags) > "$work/configure" 2>&1 ||
        { cat "$work/configure"; fail "command 1's configure failed"; }
    [ -d "$work/$dir/bench/CMakeFiles/seebatch_bench.dir" ] ||
        { grep seebatch_bench "$work/configure"; fail "command 1's configure gives no seebatch_bench to build (above)"; }
    local bench_skipped=""
    if [ -x "$build/seebatch_bench" ]; then
        echo "command 1's benchmark, its rows listed: seebatch_bench --benchmark_list_tests"
        "$build/seebatch_bench" --benchmark_list_tests > "$work/rows" 2> "$work/err" ||
            { cat "$work/err"; fail "seebatch_bench --benchmark_list_tests exited $?"; }
        for row in engine_see_ge/streamed/baseline engine_see_ge/streamed/seebatch multi/auto \
                   $(sed 's|^|multi/|' <<< "$("$build/seebatch_passes" --backends)"); do
            grep -qx "$row" "$work/rows" || fail "seebatch_bench lists no row $row: not every backend, auto and the engine path"
        done
    else
        bench_skipped="seebatch_bench is not built here (no Google Benchmark: apt-get install libbenchmark-dev)"
    fi
    [ "$second" = tests/run_all.sh ] || fail "command 2 is not tests/run_all.sh: $second"
    bash -n "$root/tests/run_all.sh" || fail "tests/run_all.sh does not parse"
    echo "command 2, asked for a stage it has not: STAGES=no-such-stage tests/run_all.sh"
    local status=0
    (cd "$root" && STAGES=no-such-stage tests/run_all.sh) > "$work/out" 2>&1 || status=$?
    [ "$status" = 2 ] || { cat "$work/out"; fail "run_all.sh given an unknown stage exited $status, not 2"; }
    local stages
    stages=$(sed -n 's/.*(stages: \(.*\)).*/\1/p' "$work/out")
    [ -n "$stages" ] || { cat "$work/out"; fail "run_all.sh does not name its stages"; }
    local named
    named=$(sed -n '/^## Quick start$/,/^## /p' "$readme" | grep -o 'STAGES=[a-z0-9,-]*' | cut -d= -f2 | tr ',' '\n')
    [ -n "$named" ] || fail "the quick start names no STAGES=... run"
    for stage in $named; do
        [[ " $stages " == *" $stage "* ]] || fail "the quick start's STAGES=$stage: run_all.sh's stages are $stages"
    done
    [ -z "$bench_skipped" ] || skip "$bench_skipped; the rest holds"
}

# The tool block's `$ ` lines, each with the output lines below it, as
# "COMMAND<TAB>OUTPUT LINES JOINED BY \\n"; those naming pgn-extract when
# $1 is pgn, the others else.
tool_lines() {
    readme_block "$readme" 'The `seebatch` tool' sh | awk -v want="$1" '
        function flush() { if (command != "" && ((command ~ /pgn-extract/) == (want == "pgn")))
                               print command "\t" output }
        /^\$ / { flush(); command = substr($0, 3); output = ""; next }
        { output = output (output == "" ? "" : "\\n") $0 }
        END { flush() }'
}

part_tool() {
    local lines command shown
    lines=$(tool_lines tool)
    [ -n "$lines" ] || fail "the tool's block shows no \$ line but pgn-extract's"
    while IFS=$'\t' read -r command shown; do
        run "$command"
        if [ -n "$shown" ]; then
            printf '%b\n' "$shown" > "$work/shown"
            cmp -s "$work/shown" "$work/out" ||
                { diff "$work/shown" "$work/out" || true; fail "its output is not the lines README shows below it (README <, printed >)"; }
        fi
    done <<< "$lines"
    echo "the tool's lines print what README shows"
}

part_pgn_extract() {
    local lines command program
    lines=$(tool_lines pgn)
    [ "$(grep -c . <<< "$lines")" = 1 ] || fail "the tool's block should show one pgn-extract line: $lines"
    command=$(cut -f1 <<< "$lines")
    program=${command%% *}
    [[ $program == */pgn-extract ]] || fail "README's line starts with $program: name pgn-extract where Debian puts it"
    [ -x "$program" ] || skip "$program is absent (Debian: apt-get install pgn-extract)"
    run "$command"
    [ ! -s "$work/err" ] || { cat "$work/err"; fail "the pgn-extract line wrote errors"; }
    # pgn-extract's own moves, a word each (a1b2, a7a8q or a7a8Q), for the count.
    local games moves
    games=$(grep -o '[^ ]*\.pgn' <<< "$command" | head -1)
    [ -n "$games" ] || fail "README's pgn-extract line names no .pgn file"
    moves=$(cd "$here" && "$program" -Wuci --quiet "$games" | tr ' ' '\n' | grep -cE '^[a-h][1-8][a-h][1-8][qrbnQRBN]?$')
    [ "$moves" -gt 0 ] || fail "pgn-extract gave no move of $games"
    [ "$(wc -l < "$work/out")" = "$moves" ] ||
        fail "$(wc -l < "$work/out") records for the $moves moves of $games: not every move as played"
    echo "the pgn-extract line: a record for each of the $moves moves"
}

part_python() {
    [ -z "$sanitize" ] || skip "a sanitizer build ($sanitize): Python cannot load its library"
    local commands line missing=""
    commands=$(readme_commands "$readme" Python sh)
    [ -n "$commands" ] || fail "README's Python section has no sh block"
    command -v dpkg-query > /dev/null || skip "no dpkg-query: README's apt-get line is Debian's"
    for package in $(sed -n 's/^apt-get install \([^#]*\).*/\1/p' <<< "$commands"); do
        [ "$(dpkg-query -W -f='${Status}' "$package" 2> /dev/null)" = "install ok installed" ] ||
            missing="$missing $package"
    done
    if [ -n "$missing" ]; then
        [ "${SEEBATCH_REQUIRE_PYTHON:-0}" = 1 ] && fail "README's apt-get packages not installed:$missing"
        skip "README's apt-get packages not installed:$missing"
    fi
    grep -q '^apt-get install ' <<< "$commands" || fail "README's Python section installs nothing with apt-get"
    # ./python as README's pip line reads it: a copy, so the build leaves
    # nothing in the checkout.
    tar -C "$root" --exclude=__pycache__ --exclude=build --exclude='*.egg-info' -cf - python |
        tar -C "$here" -xf -
    # As a user's shell: no package path of the tests', pip asking nothing and
    # keeping no cache in the home directory.
    unset PYTHONPATH SEEBATCH_LIBRARY
    export PIP_NO_INPUT=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
    while IFS= read -r line; do
        [[ $line == "apt-get install "* ]] || run "$line"
    done <<< "$commands"
    grep -qxF "$(sample_line)" <<< "$commands" || fail "the Python section does not make the sample it reads"
    readme_block "$readme" Python python > "$here/readme.py"
    [ -s "$here/readme.py" ] || fail "README's Python section has no python block"
    echo "README's Python block, in that venv"
    (cd "$here" && venv/bin/python - <<'PY'
import re
block = open("readme.py").read()
scope = {}
exec(compile(block, "README.md (Python)", "exec"), scope)
shown = re.search(r"# int32: \[([-\d ]+)\]", block)
assert shown, "the block no longer shows its values in a comment (# int32: [...])"
assert scope["values"].tolist() == [int(v) for v in shown.group(1).split()], scope["values"]
batch = next(iter(scope["batches"]))
assert len(batch.moves) > 0 and len(batch.see) == len(batch.moves), "an empty batch from the sample"
print(f"values {scope['values'].tolist()}, as the comment shows; a batch of {len(batch.moves)} moves")
PY
    ) || fail "README's Python block failed (above)"
}

part_training_data() {
    local commands line summary total kept dropped entries
    commands=$(readme_commands "$readme" "Training data" sh)
    [ -n "$commands" ] || fail "README's Training data section has no sh block"
    run "$(sample_line)"
    while IFS= read -r line; do
        run "$line"
    done <<< "$commands"
    summary=$(grep -E '^seebatch filter: [0-9]+ entries read, [0-9]+ kept, [0-9]+ dropped$' "$work/err" || true)
    [ -n "$summary" ] || { cat "$work/err"; fail "the filter line printed no summary of what it kept"; }
    read -r total kept dropped <<< "$(tr -cs '0-9' ' ' <<< "${summary#seebatch filter: }")"
    [ "$kept" -gt 0 ] && [ "$dropped" -gt 0 ] || fail "the filter kept $kept and dropped $dropped of the sample's $total"
    [ -f "$here/kept.binpack" ] || fail "the filter line wrote no kept.binpack"
    entries=$("$build/seebatch" stats "$here/kept.binpack" | sed -n 's/^entries: //p')
    [ "$entries" = "$kept" ] || fail "kept.binpack holds $entries entries; the filter said it kept $kept"
    echo "the filter line: $total entries of the sample read, $kept kept in kept.binpack, $dropped dropped"
}

case $part in
    quick_start | tool | pgn_extract | python | training_data) "part_$part" ;;
    *) echo "usage: $0 quick_start|tool|pgn_extract|python|training_data README BUILD_DIR [SANITIZERS]" >&2
       exit 2 ;;
esac
