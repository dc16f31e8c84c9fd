#!/usr/bin/env bash
# libseebatch_training (.so, .dll) exports exactly the functions seebatch_training.h
# declares (its version script keeps the format, rule and SEE code inside it
# local, so nothing clashes with libseebatch.so loaded beside it).
# Usage: training_exports.sh LIBRARY HEADER. Exit 77 without nm.
set -euo pipefail
library=$1 header=$2
declared=$(grep -oE '\bseebatch_training_[a-z_]+\(' "$header" | tr -d '(' | sort -u)
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
[ "$(echo "$declared" | wc -l)" -ge 10 ] || { echo "too few declarations found in $header"; exit 1; }
if [ "$declared" != "$exported" ]; then
    echo "declared but not exported: $(comm -23 <(echo "$declared") <(echo "$exported") | tr '\n' ' ')"
    echo "exported but not declared: $(comm -13 <(echo "$declared") <(echo "$exported") | tr '\n' ' ')"
    exit 1
fi
echo "$(basename "$library") exports the $(echo "$declared" | wc -l) functions of seebatch_training.h"
