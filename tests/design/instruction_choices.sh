#!/usr/bin/env bash
# The bar `one-design` (issue 55), true names: every choice of instructions
# is listed in one place, lib/auto/implementations.h's table. A file of lib/ that
# asks the CPU's features (a call of seebatch_cpu_has_*, _runs* or _fast*)
# must be named there, but the files that answer (cpu_features.*) and the
# measured table (measured_cpus.c).
# Usage: instruction_choices.sh ROOT   (prints each file not named; exit 1 if any)
set -u
cd "$1" || exit 2
table=lib/auto/implementations.h
bad=0
for file in $(grep -rlE 'seebatch_cpu_(has|runs|fast)[a-z0-9_]*\(' lib --include='*.c' --include='*.h' | sort); do
    case $file in lib/machine/cpu_features.* | lib/auto/measured_cpus.c | "$table" | lib/auto/implementations.c) continue ;; esac
    name=${file#lib/}
    if ! grep -qF " $name " "$table"; then
        echo "$file chooses instructions but $table's table does not name it"
        bad=1
    fi
done
[ $bad = 0 ] && echo "instruction choices: every one is named in $table"
exit $bad
