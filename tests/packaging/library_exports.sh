#!/usr/bin/env bash
# libseebatch (.so, .dll) exports exactly the functions its public headers
# declare (SEEBATCH_API; every other object of the core, the formats and the
# rules is compiled hidden), the training functions as the SEE ones.
# Usage: library_exports.sh LIBRARY HEADER...   Exit 77 without nm (objdump for a DLL).
set -euo pipefail
library=$1
shift
# Every function declaration that is not static inline (a typedef of a
# function type declares no symbol).
declared=$(cat "$@" | grep -E '^([A-Za-z_].*\b)?seebatch_[a-z0-9_]+\(' |
    grep -v -e '^static inline' -e '^typedef' | grep -oE '\bseebatch_[a-z0-9_]+\(' | tr -d '(' | sort -u)
if [[ $library == *.dll ]]; then
    # A DLL's exports are its export table's names (OBJDUMP: the target's, from CMake).
    objdump=${OBJDUMP:-objdump}
    command -v "$objdump" > /dev/null || { echo "skipped: no $objdump"; exit 77; }
    exported=$("$objdump" -p "$library" | sed -n '/^\[Ordinal\/Name Pointer\] Table/,/^$/p' |
        awk '/^\t\[/ {print $3}' | sort -u)
else
    command -v nm > /dev/null || { echo "skipped: no nm"; exit 77; }
    exported=$(nm -D --defined-only "$library" | awk '{print $3}' | sort -u)
fi
grep -q '^seebatch_training_open$' <<< "$declared" || { echo "no training declaration found in $*"; exit 1; }
[ "$(echo "$declared" | wc -l)" -ge 40 ] || { echo "too few declarations found in $*"; exit 1; }
if [ "$declared" != "$exported" ]; then
    echo "declared but not exported: $(comm -23 <(echo "$declared") <(echo "$exported") | tr '\n' ' ')"
    echo "exported but not declared: $(comm -13 <(echo "$declared") <(echo "$exported") | tr '\n' ' ')"
    exit 1
fi
echo "$(basename "$library") exports the $(echo "$declared" | wc -l) functions its headers declare"
