#!/usr/bin/env bash
# A binpack damaged by one flipped bit (issue 76): the format has no
# checksum, so the damage shows only where the bits stop decoding, and the
# entries before it may already be wrong. The message names those that may
# be (its chain's, from its stem): here every entry whose record differs
# from the undamaged file's lies among them, and the first is where the
# stem was hit, and what the fault left unread is named with it. The
# damaged copies are made here from small.binpack (a skip, 77, where it is
# absent); eval, stats and filter say the same.
# Usage: damaged_small_binpack.sh TOOL
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"
small_binpack damaged_small_binpack
flipped=985634 # byte; bit 6 of it is flipped, inside a stem
head -c "$flipped" "$data" > "$work/damaged.binpack"
byte=$(od -An -tu1 -j "$flipped" -N1 "$data" | tr -d ' ')
printf "\\$(printf '%03o' $((byte ^ 64)))" >> "$work/damaged.binpack"
tail -c +$((flipped + 2)) "$data" >> "$work/damaged.binpack"
expect "the copy differs in one byte" "$(cmp -l "$data" "$work/damaged.binpack" | wc -l)" "1"

"$tool" eval --line-numbers "$work/damaged.binpack" > "$work/damaged.out" 2> "$work/err"
expect "damaged: exit 1" "$?" "1"
"$tool" eval --line-numbers "$data" > "$work/whole.out"
message=$(cat "$work/err")
# "byte B, entry E: why; its chain's N entries before it may be wrong too
# (A to Z); not read: U of the file's S bytes" (issue 83: the file from the
# fault on)
pattern='^seebatch eval: .*damaged\.binpack: byte ([0-9]+), entry ([0-9]+): .*; its chain.s [0-9]+ entries before it may be wrong too \(([0-9]+) to ([0-9]+)\); not read: ([0-9]+) of the file.s ([0-9]+) bytes$'
if [[ $message =~ $pattern ]]; then
    fault=${BASH_REMATCH[1]} entry=${BASH_REMATCH[2]} first=${BASH_REMATCH[3]}
    last=${BASH_REMATCH[4]} unread=${BASH_REMATCH[5]} whole=${BASH_REMATCH[6]}
else
    fault=0 entry=0 first=0 last=0 unread=0 whole=0
fi
expect "the message names the chain's entries" "$([[ $message =~ $pattern ]] && echo named)" "named"
expect "the message names what was not read: the file from the fault on" \
    "$((fault + unread)) $whole" "$(stat -c %s "$work/damaged.binpack") $(stat -c %s "$data")"
expect "the entries named end just before the fault" "$last" "$((entry - 1))"
expect "the fault after the flipped byte" "$([ "$flipped" -lt "$fault" ] && echo after)" "after"
expect "every record before the fault written" "$(wc -l < "$work/damaged.out")" "$((entry - 1))"
# The entries whose records differ: each among those named, the first of
# them the stem (its bytes were hit).
differing=$(head -n $((entry - 1)) "$work/whole.out" | diff - "$work/damaged.out" |
    sed -n 's/^> \([0-9]*\);.*/\1/p' | sort -n | uniq)
expect "some records differ" "$([ -n "$differing" ] && echo some)" "some"
expect "the first that differs is the chain's first" "$(echo "$differing" | head -n 1)" "$first"
expect "every one that differs is named" \
    "$(echo "$differing" | awk -v a="$first" -v z="$last" '$1 < a || $1 > z' | wc -l)" "0"

for command in "stats" "filter --count-only"; do
    $tool $command "$work/damaged.binpack" > /dev/null 2> "$work/err"
    expect "$command: the same fault" "$(grep -c "entry $entry: .*may be wrong too ($first to $last)" "$work/err")" "1"
done

# A chunk header whose size is cut to 161 bytes (issue 83): the decoding ends
# 166 bytes in, and the message says the rest of the megabyte went unread,
# in every command's words and in Python's (python/tests/test_fault_messages.py).
{ printf 'BINP\241\000\000\000'; tail -c +9 "$data"; } > "$work/cut_size.binpack"
for command in eval stats "filter --count-only"; do
    $tool $command "$work/cut_size.binpack" > /dev/null 2> "$work/err"
    expect "$command, a chunk size cut to 161: what was not read" \
        "$(grep -c "^seebatch ${command%% *}: $work/cut_size.binpack: byte 166, entry 47: the chunk ends inside a chain's movetext; .*; not read: 1048579 of the file's 1048745 bytes$" "$work/err")" "1"
done

finish damaged_small_binpack
