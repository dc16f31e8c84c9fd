#!/usr/bin/env bash
# What README.md and the header claim, held against what is so (issue 54):
# the calls it says answer SEE are as many as it says and seebatch_check is
# not among them; the functions it says are thread-safe only on distinct
# objects are those the header says so of; it names a C++ compiler while
# the benchmark has C++ sources; the header's seebatch_generate_captures_multi
# tells the caller to look at next_board (a board whose captures do not fit
# returns OK with nothing done); it counts and names the installed headers and the
# one DLL; its Python section installs NumPy (python3-numpy), as
# docs/python.md does.
# Usage: readme_claims.sh REPOSITORY
set -euo pipefail
root=$(cd "${1:-.}" && pwd)
cd "$root"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

readme=$(tr '\n' ' ' < README.md | tr -s ' ')
sentence=$(grep -o '[A-Z][a-z]* calls answer SEE:[^.]*\.' <<< "$readme" || true)
[ -n "$sentence" ] || fail "README: no \"N calls answer SEE:\" sentence"
said=$(awk '{ print tolower($1) }' <<< "$sentence")
named=$(grep -o '`seebatch_[a-z_]*`' <<< "$sentence" | sort -u | wc -l | tr -d ' ')
words=(zero one two three four five six seven eight nine)
[ "${words[$named]:-many}" = "$said" ] || fail "README says \"$said calls answer SEE\" and names $named"
! grep -q 'seebatch_check' <<< "$sentence" || fail "README counts seebatch_check among the SEE calls"

# The header's "Thread-safe for distinct ..." / "(on distinct ...)" functions.
header_distinct=$(awk '/\*\// { comment = comment $0 } /^\/\*/ { comment = $0 }
    /^ \*/ { comment = comment $0 }
    /^SEEBATCH_API/ { if (comment ~ /[Tt]hread-safe[^.]*distinct/) { match($0, /seebatch_[a-z_]*\(/);
                      print substr($0, RSTART, RLENGTH - 1) } comment = "" }' include/seebatch.h | sort -u)
readme_distinct=$(grep -o 'thread-safe, but [^;]*only on distinct' <<< "$readme" |
    grep -o 'seebatch_[a-z_]*' | sort -u || true)
[ "$header_distinct" = "$readme_distinct" ] ||
    fail "thread-safe on distinct objects only: header says $(echo $header_distinct), README $(echo $readme_distinct)"

if ls bench/*.cpp > /dev/null 2>&1; then
    grep -q 'C++' <<< "$(sed -n '/^## Quick start/,/^```/p' README.md)" ||
        fail "the benchmark has C++ sources; README's quick start names no C++ compiler"
fi

# The headers README counts are those `cmake --install` installs, each
# named; it says "the DLL" (or "DLLs") as the libraries built shared are one
# (or more).
installed=$(sed -n '/^install(FILES include\//,/DESTINATION/p' CMakeLists.txt | grep -oE 'include/[a-z_]+\.h' | sort -u)
said=$(grep -oE '\b[A-Z][a-z]+ headers\b' <<< "$readme" | head -1 | awk '{ print tolower($1) }')
count=$(grep -c . <<< "$installed")
[ "${words[$count]:-many}" = "$said" ] || fail "README says \"$said headers\"; cmake --install installs $count: $(echo $installed)"
for header in $installed; do
    grep -q "\`\(include/\)\{0,1\}${header#include/}\`" <<< "$readme" || fail "README never names the installed $header"
done
shared=$(grep -cE '^add_library\([a-z_]+ SHARED' CMakeLists.txt || true)
if [ "$shared" = 1 ] && grep -qE '\b(both|two) DLLs|\bDLLs\b' <<< "$readme"; then
    fail "README speaks of DLLs (\"$(grep -oE '[a-z]* DLLs' <<< "$readme" | head -1)\"): one library is built shared"
fi

# README's Python block installs NumPy, as docs/python.md does, and each
# package it names is one docs/python.md installs.
python_block=$(sed -n '/^## Python$/,/^## /p' README.md | sed -n '/^```sh$/,/^```$/p')
readme_apt=$(grep -o 'apt-get install [a-z0-9 .-]*' <<< "$python_block" | tr ' ' '\n' | grep '^python3-' | sort -u || true)
guide_apt=$(sed -n '/^apt-get install python3/,/[^\\]$/p' docs/python.md | tr ' ' '\n' | grep '^python3-' | sort -u || true)
grep -qx python3-numpy <<< "$readme_apt" ||
    fail "README's Python section never installs NumPy (apt-get install python3-numpy), which the package needs"
extra=$(comm -23 <(echo "$readme_apt") <(echo "$guide_apt") | tr '\n' ' ' | sed 's/ *$//')
[ -z "$extra" ] || fail "README's Python section installs what docs/python.md does not: $extra"

contract=$(awk '/^\/\*/ { comment = "" } { comment = comment $0 "\n" }
    /^SEEBATCH_API .*seebatch_generate_captures_multi\(/ { printf "%s", comment; exit }' include/seebatch.h)
grep -q 'next_board < board_count' <<< "$contract" ||
    fail "the header's seebatch_generate_captures_multi never tells the caller to look at next_board"

[ "$failures" -eq 0 ] && echo "readme claims: ok"
[ "$failures" -eq 0 ]
