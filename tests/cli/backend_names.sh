#!/usr/bin/env bash
# SEEBATCH_BACKEND must name a backend exactly: a name that only resembles
# one (a prefix, a longer word, other case, white space) stops the tool with
# exit status 2 and a message naming the text, before it reads any input.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
printf '%s;e1e5\n' "$trace1" > "$work/one.fen"

for name in avx avx22 AVX2 Avx2 " avx2" "avx2 " scala scalars SCALAR Scalar AUTO autoo aut none; do
    SEEBATCH_BACKEND=$name "$tool" eval "$work/one.fen" > "$work/out" 2> "$work/err"
    expect "SEEBATCH_BACKEND=\"$name\": exit" "$?" "2"
    expect "SEEBATCH_BACKEND=\"$name\": no output" "$(wc -c < "$work/out" | tr -d ' ')" "0"
    expect "SEEBATCH_BACKEND=\"$name\": named" "$(grep -c -F "\"$name\"" "$work/err")" "1"
done
for name in auto scalar ""; do
    expect "SEEBATCH_BACKEND=\"$name\"" "$(SEEBATCH_BACKEND=$name "$tool" eval "$work/one.fen")" \
        "$trace1;e1e5;100"
done

finish backend_names
