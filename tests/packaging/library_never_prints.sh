#!/usr/bin/env bash
# The library never prints (docs/checking.md, "Guarantees"): no object of
# libseebatch.a calls a function that writes to a stream or a file
# descriptor, nor names stdout or stderr. Errors go to the caller as
# seebatch_error; a program prints them if it wants. The one exception: the
# training writers and the file filter (seebatch_training.h) and the calibration's profile
# (calibration_save.c, for `seebatch calibrate --save`) write, with fwrite,
# the files their caller named, and nothing else.
# Usage: library_never_prints.sh LIBSEEBATCH.a
# Exit 77 (skip) without nm.
set -euo pipefail
library=$1
command -v nm > /dev/null || { echo "skip: no nm here"; exit 77; }
[ -f "$library" ] || { echo "FAIL: no library at $library"; exit 1; }
# What each object needs from outside it, one symbol a line (version tags
# cut), but the writers' fwrite.
file_writers='^(training_writer|training_filter_file|binpack_writer|bin_file|calibration_save)\.c\.o(bj)?$'
needed=$(nm -A -u -P "$library" | awk -v writers="$file_writers" '
    NF >= 3 && $3 ~ /^[Uw]$/ {
        object = $1; sub(/:$/, "", object); sub(/.*\[/, "", object); sub(/\]$/, "", object)
        symbol = $2; sub(/@.*/, "", symbol)
        if (!(symbol == "fwrite" && object ~ writers)) print symbol
    }' | sort -u)
[ -n "$needed" ] || { echo "FAIL: nm lists nothing the library needs (memcpy at least)"; exit 1; }
writers='^(_IO_)?(v?f?printf|v?dprintf|puts|fputs|putc|fputc|putchar|putwchar|fputwc|fputws|fwrite|perror|psignal|psiginfo|write|writev|pwrite|pwritev|send|syslog|vsyslog|v?errx?|v?warnx?|__(v?f?printf|v?dprintf)_chk|(fputs|fwrite|putc|fputc|putchar)_unlocked|stdout|stderr|_IO_2_1_std(out|err)_)$'
found=$(grep -E "$writers" <<< "$needed" || true)
if [ -n "$found" ]; then
    echo "FAIL: the library calls what prints or writes:"
    sed 's/^/  /' <<< "$found"
    for symbol in $found; do
        nm -A -u -P "$library" | awk -v s="$symbol" '{ n = $2; sub(/@.*/, "", n) } n == s { print "  " $1 }'
    done
    exit 1
fi
echo "library_never_prints: $(wc -l <<< "$needed") symbols the library needs, none prints or writes"
