#!/usr/bin/env bash
# lib/'s folders bound its includes (issue 70): lib/ and include/ are the
# only include roots of the library's headers, so a quoted #include of a
# header of lib/ names it beside the including file (by its name alone) or
# by its path from lib/ ("training/formats/plain.h"). It fails on a name
# that reaches a header of lib/ neither way (it would need a folder of lib/
# on the include path) and on a path that climbs out with "..".
# Drivers and adapters built in a peer engine's tree (bench/stockfish,
# bench/berserk, bench/engines) mean that engine's headers (its attacks.h,
# bitboard.h), not lib/'s: not looked at.
# Usage: include_roots.sh ROOT   (prints each such include; exit 1 if any)
set -u
cd "$1" || exit 2
bad=0
while IFS=: read -r file line name; do
    dir=$(dirname "$file")
    if [[ $name == ../* || $name == */../* ]]; then
        echo "$file:$line: includes \"$name\", climbing out of its folder: name it from lib/"
        bad=1
        continue
    fi
    [ -f "$dir/$name" ] || [ -f "lib/$name" ] || [ -f "include/$name" ] && continue
    found=$(find lib -path "lib/*/$name" -print -quit)
    if [ -n "$found" ]; then
        echo "$file:$line: includes \"$name\", which only a folder of lib/ on the include path finds: write \"${found#lib/}\""
        bad=1
    fi
done < <(git ls-files 'lib/*' 'programs/*' 'tests/*' 'bench/*' 'tools/*' | grep -E '\.(c|h|cpp)$' |
    grep -vE '^bench/(stockfish|berserk|engines)/' |
    xargs grep -nE '^\s*#\s*include\s+"[^"]+"' | sed -E 's/^([^:]*):([0-9]+):\s*#\s*include\s+"([^"]+)".*/\1:\2:\3/')
[ $bad = 0 ] && echo "include roots: every include of a header of lib/ is beside it or written from lib/"
exit $bad
