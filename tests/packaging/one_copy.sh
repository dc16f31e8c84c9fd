#!/usr/bin/env bash
# One copy of every table and of the CPU cache: the slider attack tables,
# the leapers', the between and line tables (every table of the generated
# attack_tables.c) and the CPU-feature cache (lib/machine/cpu_features.c's
# this_cpu, its answers) are defined once in each installed file, and once in all the
# installed shared libraries together, so a process that loads the library
# holds one copy and reads the CPU once. Installs BUILD_DIR to a temporary
# prefix and reads every installed library and program with nm.
# Usage: [NM=nm-of-the-target] one_copy.sh BUILD_DIR SOURCE_DIR [CONFIG]
# Exit 77 (skip) without nm.
set -euo pipefail
build=$(cd "$1" && pwd)
config=${3:-}
nm=${NM:-nm}
command -v "$nm" > /dev/null || { echo "skip: no $nm here"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }

tables=$(sed -nE 's/^(static )?const [a-z_]+ ([a-z0-9_]+)\[.*/\2/p' "$build/generated/attack_tables.c")
[ "$(wc -l <<< "$tables")" -ge 8 ] || fail "found too few tables in $build/generated/attack_tables.c"
names=$(printf '%s\n' $tables this_cpu this_cpu_state seebatch_machine_answers)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work" ${config:+--config "$config"} > /dev/null

# defined FILE: the names FILE defines, one line per definition (an archive
# lists each member's); a clone's suffix (.constprop.0) cut.
defined() { "$nm" --defined-only "$1" 2> /dev/null | awk 'NF == 3 { sub(/\..*/, "", $3); print $3 }'; }
# copies LIST NAME: how many times NAME is in LIST.
copies() { grep -cxF -- "$2" <<< "$1" || true; }

status=0
# at_most_once SYMBOLS WHERE: fails (status 1) for each name SYMBOLS defines
# more than once.
at_most_once() {
    local name n
    for name in $names; do
        n=$(copies "$1" "$name")
        [ "$n" -le 1 ] || { echo "FAIL: $2: $name defined $n times"; status=1; }
    done
}
shared_all=""
files=$(find "$work" -type f \( -name '*.so*' -o -name '*.dll' -o -name '*.dylib' -o -name '*.a' \
    -o -path '*/bin/*' \) ! -name '*.dll.a' | sort)
[ -n "$files" ] || fail "nothing installed under $work"
for file in $files; do
    symbols=$(defined "$file")
    [ -n "$symbols" ] || continue # a script, or a stripped file: nothing to count
    at_most_once "$symbols" "${file#$work/}"
    case $file in
        *.so* | *.dll | *.dylib) shared_all+=$symbols$'\n' ;;
        */libseebatch.a)
            # The cache and a table every target has (the pext tables are
            # x86-64's) must be there: a rename would make this test blind.
            for name in this_cpu this_cpu_state seebatch_machine_answers seebatch_between_table; do
                [ "$(copies "$symbols" "$name")" -eq 1 ] || {
                    echo "FAIL: ${file#$work/} does not define $name (renamed? update this test)"
                    status=1
                }
            done ;;
    esac
done
[ -n "$shared_all" ] || fail "no installed shared library found under $work"
at_most_once "$shared_all" "the installed shared libraries together (one process, two copies)"
[ "$status" -eq 0 ] && echo "one_copy: each of $(wc -w <<< "$names") tables and caches defined once in each of" \
    "$(wc -w <<< "$files") installed files and once among the shared libraries"
exit "$status"
