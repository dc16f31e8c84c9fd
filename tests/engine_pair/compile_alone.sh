#!/bin/sh
# The engine pair needs nothing but a C99 compiler: dist/seebatch_engine.c,
# copied alone with its header, compiles with every C compiler here under
# -std=c99 -pedantic -Wall -Wextra -Werror, and its object defines no
# global name but the functions the header declares (SEEBATCH_API). On
# x86-64 the same with -mbmi2, where the object must use pext (objdump) and,
# without it, must not.
# Usage: compile_alone.sh DIST
set -eu
dist=${1:?usage: compile_alone.sh DIST}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$dist/seebatch_engine.h" "$dist/seebatch_engine.c" "$work/"
command -v nm > /dev/null || { echo "no nm here: cannot list the pair's names"; exit 77; }
grep -E '^SEEBATCH_API ' "$work/seebatch_engine.h" | sed -E 's/\(.*//; s/.*[ *]//' | sort -u > "$work/declared"
objdump=${OBJDUMP:-objdump}
compilers=0
seen=""
bmi2_checked=""
for cc in cc gcc clang; do
    path=$(command -v "$cc" 2> /dev/null) || continue
    real=$(readlink -f "$path")
    case " $seen " in *" $real "*) continue ;; esac # cc is often gcc
    seen="$seen $real"
    compilers=$((compilers + 1))
    # -O2: the warnings that need the optimiser's analysis come too. And
    # -mbmi2 where the compiler targets x86-64: the pair then takes the
    # library's pext exchange (tools/engine_pair/target.h), and only then.
    targets="-O2"
    if "$cc" -dM -E -mbmi2 - < /dev/null 2> /dev/null | grep -q '__x86_64__'; then
        targets="$targets -O2_-mbmi2"
    fi
    for target in $targets; do
        flags=$(echo "$target" | tr _ ' ')
        (cd "$work" && "$cc" -std=c99 -pedantic -Wall -Wextra -Werror $flags -c seebatch_engine.c -o pair.o) ||
            { echo "FAIL: $cc -std=c99 -pedantic -Wall -Wextra -Werror $flags -c seebatch_engine.c"; exit 1; }
        nm -g --defined-only "$work/pair.o" | awk '{print $3}' | sort -u > "$work/defined"
        if ! cmp -s "$work/declared" "$work/defined"; then
            echo "FAIL: $cc $flags: the names the object defines are not the header's:"
            diff "$work/declared" "$work/defined" || true
            exit 1
        fi
        if command -v "$objdump" > /dev/null; then
            pexts=$("$objdump" -d "$work/pair.o" | grep -cw pext || true)
            case $flags in
            *-mbmi2*) [ "$pexts" -gt 0 ] || { echo "FAIL: $cc $flags: no pext in the pair: it did not take the pext exchange"; exit 1; } ;;
            *) [ "$pexts" -eq 0 ] || { echo "FAIL: $cc $flags: $pexts pext instructions in a pair built without BMI2"; exit 1; } ;;
            esac
        fi
    done
    case $targets in *-mbmi2*) command -v "$objdump" > /dev/null && bmi2_checked="$bmi2_checked $cc" ;; esac
done
[ "$compilers" -gt 0 ] || { echo "no C compiler (cc, gcc, clang) here"; exit 77; }
echo "engine pair: compiles alone as C99 with $compilers compiler(s), $(wc -l < "$work/declared") names exported, all the header's${bmi2_checked:+; pext with -mbmi2 and only then (checked:$bmi2_checked)}"
