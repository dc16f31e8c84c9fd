#!/bin/sh
# The engine pair needs nothing but a C99 compiler: dist/seebatch_engine.c,
# copied alone with its header, compiles with every C compiler here under
# -std=c99 -pedantic -Wall -Wextra -Werror, and its object defines no
# global name but the functions the header declares (SEEBATCH_API). On
# x86-64 the same with -mbmi2, where the object must use pext (objdump) and,
# without it, must not. And as C++ (most engines are C++ and build every
# source as C++, as Stockfish's Makefile does; issue 68: a redefinition
# stopped g++): with every C++ compiler here, -x c++ under -std=c++11 and
# -std=c++17 (and -mbmi2 on x86-64) with -pedantic -Wall -Wextra -Werror
# and the warnings Stockfish's Makefile adds (-Wshadow -Wcast-qual
# -Wmissing-declarations), the same names (unmangled: the header's
# extern "C").
# The warnings that need the optimiser's analysis come with -O2, once a
# compiler and language (6-8 s a compile, under 2 at -O0): C as it is, C++
# as an engine builds it on x86-64 (C++17 and -mbmi2, as Stockfish's
# Makefile does); the other variants at -O0, the same code but for the
# exchange's pext lines.
# Usage: compile_alone.sh DIST
set -eu
dist=${1:?usage: compile_alone.sh DIST}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$dist/seebatch_engine.h" "$dist/seebatch_engine.c" "$work/"
command -v nm > /dev/null || { echo "no nm here: cannot list the pair's names"; exit 77; }
grep -E '^SEEBATCH_API ' "$work/seebatch_engine.h" | sed -E 's/\(.*//; s/.*[ *]//' | sort -u > "$work/declared"
objdump=${OBJDUMP:-objdump}
# same_names OBJECT WHAT: the object defines the header's names, no other.
same_names() {
    nm -g --defined-only "$1" | awk '{print $3}' | sort -u > "$work/defined"
    if ! cmp -s "$work/declared" "$work/defined"; then
        echo "FAIL: $2: the names the object defines are not the header's:"
        diff "$work/declared" "$work/defined" || true
        exit 1
    fi
}
compilers=0
seen=""
bmi2_checked=""
for cc in cc gcc clang; do
    path=$(command -v "$cc" 2> /dev/null) || continue
    real=$(readlink -f "$path")
    case " $seen " in *" $real "*) continue ;; esac # cc is often gcc
    seen="$seen $real"
    compilers=$((compilers + 1))
    # And -mbmi2 where the compiler targets x86-64: the pair then takes the
    # library's pext exchange (tools/engine_pair/target.h), and only then.
    targets="-O2"
    if "$cc" -dM -E -mbmi2 - < /dev/null 2> /dev/null | grep -q '__x86_64__'; then
        targets="$targets -O0_-mbmi2"
    fi
    for target in $targets; do
        flags=$(echo "$target" | tr _ ' ')
        (cd "$work" && "$cc" -std=c99 -pedantic -Wall -Wextra -Werror $flags -c seebatch_engine.c -o pair.o) ||
            { echo "FAIL: $cc -std=c99 -pedantic -Wall -Wextra -Werror $flags -c seebatch_engine.c"; exit 1; }
        same_names "$work/pair.o" "$cc $flags"
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

# As C++: the same object, names and warnings, C++11 and C++17.
cxx_compilers=0
seen=""
for cxx in c++ g++ clang++; do
    path=$(command -v "$cxx" 2> /dev/null) || continue
    real=$(readlink -f "$path")
    case " $seen " in *" $real "*) continue ;; esac
    seen="$seen $real"
    cxx_compilers=$((cxx_compilers + 1))
    variants="c++11_-O0 c++17_-O2"
    if "$cxx" -dM -E -mbmi2 -x c++ - < /dev/null 2> /dev/null | grep -q '__x86_64__'; then
        variants="c++11_-O0 c++17_-O0 c++17_-O2_-mbmi2"
    fi
    for variant in $variants; do
        std=$(echo "$variant" | tr _ ' ')
        flags="-x c++ -std=$std -pedantic -Wall -Wextra -Wshadow -Wcast-qual -Wmissing-declarations -Werror"
        (cd "$work" && "$cxx" $flags -c seebatch_engine.c -o pair_cxx.o) ||
            { echo "FAIL: $cxx $flags -c seebatch_engine.c"; exit 1; }
        same_names "$work/pair_cxx.o" "$cxx $flags"
    done
done
if [ "$cxx_compilers" -eq 0 ]; then
    echo "no C++ compiler (c++, g++, clang++) here: the pair as C++ is not checked"
    exit 77
fi
echo "engine pair: compiles alone as C99 with $compilers compiler(s) and as C++11 and C++17 with $cxx_compilers, $(wc -l < "$work/declared") names exported, all the header's${bmi2_checked:+; pext with -mbmi2 and only then (checked:$bmi2_checked)}"
