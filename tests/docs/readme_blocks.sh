#!/usr/bin/env bash
# Every fenced block of README.md is run by a test, or marked as not run with
# the reason: the table below names, for each block (its section and
# language), the ctest tests that run it as printed; each of them must be a
# test of this build (ctest -N), and each entry must meet exactly one block.
# A block the table does not name needs `<!-- not run by tests: REASON -->`
# on the line before its fence; a block the tests run only in part ("dry":
# by its form and a dry run) needs `<!-- not run whole by tests: REASON -->`.
# Any other block fails this test, so a block added to README without a test
# is caught.
# The engine path's block is Stockfish's see_ge as bench/stockfish/
# see_ge_adapter.cpp writes it, which stockfish_search builds into Stockfish
# 15.1 and checks on every call: its statements are, blanks aside, that
# file's.
# Usage: readme_blocks.sh REPOSITORY BUILD_DIR
set -euo pipefail
root=$(cd "$1" && pwd)
build=$2
source "$root/tests/docs/readme_text.sh"
readme=$root/README.md
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# section <TAB> language <TAB> the tests that run it <TAB> run | dry
table="Quick start	sh	readme_quick_start	dry
The library in 30 lines	c	readme_example readme_install	run
The engine path	cpp	readme_blocks stockfish_search	run
The \`seebatch\` tool	sh	readme_tool readme_pgn_extract	run
Python	sh	readme_python	run
Python	python	readme_python	run
Training data	sh	readme_training_data	run"

# Listed from a directory of its own that includes the build's tests: ctest,
# even -N, starts its directory's log afresh (Testing/Temporary/LastTest.log),
# and the run this test is part of writes the build's.
listing=$(mktemp -d)
trap 'rm -rf "$listing"' EXIT
echo "subdirs(\"$build\")" > "$listing/CTestTestfile.cmake"
registered=$(ctest --test-dir "$listing" -N | sed -n 's/^ *Test *#[0-9]*: \([^ ]*\)$/\1/p')
[ -n "$registered" ] || fail "ctest -N lists no test in $build"

not_run='^<!-- not run by tests: .*[a-z].* -->$'
not_run_whole='^<!-- not run whole by tests: .*[a-z].* -->$'
declare -A met
while IFS=$'\t' read -r line section language mark; do
    where="README.md:$line: the \`\`\`$language block of \"$section\""
    entry=$(awk -F'\t' -v s="$section" -v l="$language" '$1 == s && $2 == l' <<< "$table")
    if [ -z "$entry" ]; then
        [[ $mark =~ $not_run ]] ||
            fail "$where: no test runs it; run it in a test named in tests/docs/readme_blocks.sh, or mark it <!-- not run by tests: REASON -->"
        continue
    fi
    key="$section	$language"
    met[$key]=$((${met[$key]:-0} + 1))
    [ "${met[$key]}" = 1 ] || fail "$where: a second such block, which no test runs"
    IFS=$'\t' read -r _ _ tests kind <<< "$entry"
    if [ "$kind" = dry ]; then
        [[ $mark =~ $not_run_whole ]] ||
            fail "$where: the tests check it by its form and a dry run only; mark it <!-- not run whole by tests: REASON -->"
    elif [ -n "$mark" ]; then
        fail "$where: marked \"$mark\", yet $tests run it"
    fi
    for test in $tests; do
        grep -qx "$test" <<< "$registered" || fail "$where: its test $test is not a test of this build"
    done
    echo "$where: run by $tests${mark:+ ($mark)}"
done < <(readme_blocks_index "$readme")
while IFS=$'\t' read -r section language tests kind; do
    [ -n "${met[$section	$language]:-}" ] ||
        fail "README.md has no \`\`\`$language block under \"$section\", which $tests run: update the table here"
done <<< "$table"

# The engine path: each statement of the block (whitespace squeezed) is one
# of the adapter's, whose see_ge stockfish_search runs.
squeeze() { tr -s ' \n\t' '   ' | sed 's/ *\([(){};,]\) */\1/g'; }
adapter=$(squeeze < "$root/bench/stockfish/see_ge_adapter.cpp")
statements=$(readme_block "$readme" "The engine path" cpp | squeeze | sed 's/;/;\n/g' | sed '/^ *$/d')
[ -n "$statements" ] || fail "README's engine path has no statement"
while IFS= read -r statement; do
    grep -qF -- "$statement" <<< "$adapter" ||
        fail "README's engine path says \"$statement\"; bench/stockfish/see_ge_adapter.cpp, which stockfish_search runs, does not"
done <<< "$statements"

[ "$failures" -eq 0 ] || exit 1
echo "README.md: every block run by a test, or marked with why not"
