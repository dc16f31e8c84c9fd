#!/bin/sh
# The engine pair needs nothing but a C99 compiler: dist/seebatch_engine.c,
# copied alone with its header, compiles with every C compiler here under
# -std=c99 -pedantic -Wall -Wextra -Werror, and its object defines no
# global name but the functions the header declares (SEEBATCH_API).
# Usage: compile_alone.sh DIST
set -eu
dist=${1:?usage: compile_alone.sh DIST}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$dist/seebatch_engine.h" "$dist/seebatch_engine.c" "$work/"
command -v nm > /dev/null || { echo "no nm here: cannot list the pair's names"; exit 77; }
grep -E '^SEEBATCH_API ' "$work/seebatch_engine.h" | sed -E 's/\(.*//; s/.*[ *]//' | sort -u > "$work/declared"
compilers=0
seen=""
for cc in cc gcc clang; do
    path=$(command -v "$cc" 2> /dev/null) || continue
    real=$(readlink -f "$path")
    case " $seen " in *" $real "*) continue ;; esac # cc is often gcc
    seen="$seen $real"
    compilers=$((compilers + 1))
    # -O2: the warnings that need the optimiser's analysis come too.
    for level in -O2; do
        (cd "$work" && "$cc" -std=c99 -pedantic -Wall -Wextra -Werror $level -c seebatch_engine.c -o pair.o) ||
            { echo "FAIL: $cc -std=c99 -pedantic -Wall -Wextra -Werror $level -c seebatch_engine.c"; exit 1; }
        nm -g --defined-only "$work/pair.o" | awk '{print $3}' | sort -u > "$work/defined"
        if ! cmp -s "$work/declared" "$work/defined"; then
            echo "FAIL: $cc $level: the names the object defines are not the header's:"
            diff "$work/declared" "$work/defined" || true
            exit 1
        fi
    done
done
[ "$compilers" -gt 0 ] || { echo "no C compiler (cc, gcc, clang) here"; exit 77; }
echo "engine pair: compiles alone as C99 with $compilers compiler(s), $(wc -l < "$work/declared") names exported, all the header's"
