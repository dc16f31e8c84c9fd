#!/usr/bin/env bash
# seebatch calibrate: prints a complete row of the measured table, saves
# the same choices as a profile that auto then follows (seebatch --version
# says so, per shape), makes the default path's directories, and leaves no
# file behind when the profile cannot be written. Its speed is not judged
# here (no timed tests): only that its own processor time stays under 10 s.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
row_pattern='^\{"[^"]+", 0x[0-9A-F]{2}, 0x[0-9A-F]{2}, 0x[0-9A-F]{2}, (true|false), "[s25]{4} [s25]{4} [s25]{4} [s25]{4} [s25]{4} [s25]{4}", "measured: [^"]+"\},$'

SEEBATCH_PROFILE="$work/mine.profile" "$tool" calibrate --save > "$work/out" 2> "$work/err"
expect "calibrate --save: exit" "$?" "0"
expect "calibrate: no message" "$(cat "$work/err")" ""
row=$(grep '^{' "$work/out")
expect "calibrate: one well-formed row" "$(grep -cE "$row_pattern" <<< "$row")" "1"
choices=$(sed -E 's/^[^"]*"[^"]*", [^"]*"([^"]*)".*/\1/' <<< "$row")
expect "calibrate: a timing line a shape" "$(grep -cE '^(values|threshold), ' "$work/out")" "24"
seconds=$(sed -nE 's/.* captures, ([0-9.]+) s of processor time$/\1/p' "$work/out")
expect "calibrate: under 10 s of processor time ($seconds)" \
    "$(awk -v s="$seconds" 'BEGIN { print (s != "" && s < 10) ? "yes" : "no" }')" "yes"
expect "calibrate --save: the profile holds the row's choices" \
    "$(sed -n 3p "$work/mine.profile")" "choices $choices"
expect "calibrate --save: says where" "$(tail -n 1 "$work/out")" \
    "profile saved: $work/mine.profile (auto follows it on this CPU)"
SEEBATCH_PROFILE="$work/mine.profile" "$tool" --version > "$work/version" 2> "$work/err"
expect "--version with the profile: no warning" "$(cat "$work/err")" ""
expect "--version follows the profile" "$(grep -c -F "auto takes, per call shape: $choices (from the profile $work/mine.profile" "$work/version")" "1"
letters=$(tr -d ' ' <<< "$choices")
shapes=$(sed -nE 's/^  (values|threshold), .* (scalar|avx2|avx512)$/\2/p' "$work/version" |
         sed 's/scalar/s/; s/avx2/2/; s/avx512/5/' | tr -d '\n')
expect "--version: each shape's kernel is the profile's" "$shapes" "$letters"

# The default path: its directories made, the file found by --version.
if [ "$target_system" = Windows ]; then
    not_here "the default profile path" "it is under %APPDATA% on Windows"
else
    env -u SEEBATCH_PROFILE HOME="$work/home" XDG_CONFIG_HOME= "$tool" calibrate --save > "$work/out" 2> "$work/err"
    expect "calibrate --save, default path: exit" "$?" "0"
    saved=$(ls "$work/home/.config/seebatch/"*.profile 2> /dev/null)
    expect "calibrate --save, default path: one profile" "$(wc -w <<< "$saved" | tr -d ' ')" "1"
    expect "--version finds the default profile" "$(env -u SEEBATCH_PROFILE HOME="$work/home" XDG_CONFIG_HOME= "$tool" --version | grep -c -F "(from the profile $saved")" "1"
fi

# A profile that cannot be written: exit 3, the path named, nothing left.
mkdir "$work/taken"
SEEBATCH_PROFILE="$work/taken" "$tool" calibrate --save > "$work/out" 2> "$work/err"
expect "calibrate --save onto a directory: exit" "$?" "3"
expect "calibrate --save onto a directory: named" "$(grep -c -F "cannot save the profile $work/taken" "$work/err")" "1"
expect "calibrate --save onto a directory: nothing left" "$(ls -A "$work/taken"; ls -A "$work" | grep -c '^\.')" "0"
expect "calibrate --save onto a directory: the row still printed" "$(grep -cE "$row_pattern" "$work/out")" "1"

"$tool" calibrate some.fen > /dev/null 2> "$work/err"
expect "calibrate FILE: exit" "$?" "2"
"$tool" calibrate --seconds 3 > /dev/null 2> "$work/err"
expect "calibrate --seconds: exit" "$?" "2"

finish calibrate
