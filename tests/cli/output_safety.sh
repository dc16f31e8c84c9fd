#!/usr/bin/env bash
# No run damages an input or leaves a half-written output (issue 37):
# filter --output refuses the input itself (the same path, a symbolic link
# either way, a hard link, standard input redirected from it) with exit 2,
# the input unchanged and no temporary left; the output is written beside
# the target and renamed over it only at the end, so a run that SIGTERM or
# SIGINT ends leaves the target as it was and no temporary, one that SIGKILL
# ends leaves the target as it was; a run that fails to read its input, finds
# bad input part way or cannot write keeps the old target and makes none
# where there was none (the promise of the help text), and a replaced file
# keeps its permissions.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

"$tool" gen --count 3000 --seed 5 > "$work/p.fen"
"$tool" eval "$work/p.fen" |
    awk -F';' '{ printf "fen %s\nmove %s\nscore %d\nply %d\nresult 0\ne\n", $1, $2, $3, NR % 200 }' \
        > "$work/p.plain"
"$tool" filter "$work/p.plain" --output-format binpack --output "$work/same.binpack" 2> /dev/null
expect "test data made" "$?" "0"
cp "$work/same.binpack" "$work/original.binpack"
ln -s same.binpack "$work/link.binpack"
ln "$work/same.binpack" "$work/hard.binpack"

unchanged() { cmp -s "$work/same.binpack" "$work/original.binpack" && echo unchanged; }
temporaries() { find "$work" -name '.*.*' -type f | wc -l | tr -d ' '; }

# refused NAME INPUT OUTPUT [< FILE]: exit 2, both named, input unchanged.
refused() {
    local name=$1 input=$2 output=$3
    err=$("$tool" filter --skip-capture ${5:-} $input --output "$output" 2>&1 < "${4:-/dev/null}")
    expect "$name: exit 2" "$?" "2"
    expect "$name: names both files" \
        "$(grep -cF "the output $output is the same file as the input (${input:-read from standard input})" <<< "$err")" "1"
    expect "$name: the input unchanged" "$(unchanged)" "unchanged"
    expect "$name: no temporary left" "$(temporaries)" "0"
}
refused "the same path" "$work/same.binpack" "$work/same.binpack"
refused "the output a link to the input" "$work/same.binpack" "$work/link.binpack"
refused "the input a link to the output" "$work/link.binpack" "$work/same.binpack"
refused "a hard link" "$work/hard.binpack" "$work/same.binpack"
refused "standard input redirected from it" "" "$work/same.binpack" "$work/same.binpack"
refused "to plain, the same path" "$work/same.binpack" "$work/same.binpack" /dev/null \
    "--output-format plain"

# A link as the output, to another file: that file is replaced, the link stays.
cp "$work/original.binpack" "$work/other.binpack"
ln -s other.binpack "$work/to_other.binpack"
"$tool" filter --skip-capture "$work/same.binpack" --output "$work/to_other.binpack" 2> /dev/null
expect "through a link: exit 0" "$?" "0"
if [ "$target_system" = Windows ]; then
    not_here "through a link: the link stays" "wine shows a Windows program a Unix link as a file"
else
    expect "through a link: the link stays" "$([ -L "$work/to_other.binpack" ] && echo link)" "link"
    "$tool" filter --skip-capture "$work/same.binpack" --output "$work/direct.binpack" 2> /dev/null
    expect "through a link: the file it names written" \
        "$(cmp -s "$work/other.binpack" "$work/direct.binpack" && echo same)" "same"
fi

# A replaced file keeps its permissions; a new one gets the umask's (POSIX
# modes: Windows has access rules instead, which ReplaceFile keeps).
chmod 640 "$work/other.binpack"
"$tool" filter "$work/same.binpack" --output "$work/other.binpack" 2> /dev/null
expect "replaced: the new content" "$(cmp -s "$work/other.binpack" "$work/same.binpack" && echo same)" "same"
(umask 027 && "$tool" filter "$work/same.binpack" --output "$work/new.binpack" 2> /dev/null)
if [ "$target_system" = Windows ]; then
    not_here "replaced: permissions kept; new file: permissions from the umask" \
        "POSIX modes: wine gives a Windows program's files its own"
else
    expect "replaced: permissions kept" "$(stat -c %a "$work/other.binpack")" "640"
    expect "new file: permissions from the umask" "$(stat -c %a "$work/new.binpack")" "640"
fi
expect "after successful runs: no temporary left" "$(temporaries)" "0"

# A run that cannot read its input (a directory given as plain) keeps the
# old target.
cp "$work/original.binpack" "$work/kept.binpack"
"$tool" filter --input-format plain "$work" --output "$work/kept.binpack" 2> /dev/null
expect "unreadable input: exit 2" "$?" "2"
expect "unreadable input: the old target kept" \
    "$(cmp -s "$work/kept.binpack" "$work/original.binpack" && echo kept)" "kept"

# A run that fails leaves the target as it was, or makes none (issue 83: the
# help's promise; a truncated input once replaced the target with the entries
# before the fault). Every command with --output (filter, convert,
# interleave), each way a run fails part way: a truncated binpack, a bad
# plain block or EPD line mid-file (the rest read), a write that fails (a
# file size limit: EFBIG, as a full disk fails a write).
size=$(stat -c %s "$work/original.binpack")
head -c $((size - 100)) "$work/original.binpack" > "$work/truncated.binpack"
awk '/^move / && ++moves == 1500 { print "move z9z9"; next } { print }' "$work/p.plain" \
    > "$work/bad_block.plain"
{ head -n 1000 "$work/p.fen"; echo "not a position"; tail -n +1001 "$work/p.fen"; } \
    > "$work/bad_line.epd"
printf 'the old target\n' > "$work/old_target"
# failed NAME STATUS COMMAND... (its output "$work/target"): once over an
# existing target, once where there is none; the status, the target as it
# was or absent, the message saying which, no temporary left.
failed() {
    local name=$1 status=$2
    shift 2
    cp "$work/old_target" "$work/target"
    "$@" 2> "$work/err" > /dev/null
    expect "$name, over a file: exit" "$?" "$status"
    expect "$name, over a file: the file as it was" "$(cat "$work/target")" "the old target"
    [ "$status" != 3 ] && expect "$name, over a file: said" \
        "$(grep -c "$work/target was not written and is as it was before the run, which failed" "$work/err")" "1"
    rm -f "$work/target"
    "$@" 2> "$work/err" > /dev/null
    expect "$name, no file: exit" "$?" "$status"
    expect "$name, no file: none made" "$([ -e "$work/target" ] && echo made)" ""
    [ "$status" != 3 ] && expect "$name, no file: said" \
        "$(grep -c "$work/target was not made: the run failed" "$work/err")" "1"
    expect "$name: no temporary left" "$(temporaries)" "0"
}
# limited BLOCKS COMMAND...: the command with files limited to BLOCKS KiB, a
# write past it failing (EFBIG) instead of killing it.
limited() { bash -c 'trap "" XFSZ; ulimit -f "$1"; shift; "$@"' - "$@"; }
failed "filter, a truncated binpack" 1 "$tool" filter "$work/truncated.binpack" \
    --output-format plain --output "$work/target"
failed "filter, a bad plain block" 1 "$tool" filter "$work/bad_block.plain" \
    --output-format plain --output "$work/target"
failed "filter, a bad EPD line" 1 "$tool" filter --skip-capture "$work/bad_line.epd" \
    --output "$work/target"
failed "filter -j 2, a truncated binpack to binpack" 1 "$tool" filter -j 2 \
    "$work/truncated.binpack" --output-format binpack --output "$work/target"
failed "convert, a truncated binpack" 1 "$tool" convert "$work/truncated.binpack" \
    --output-format plain "$work/target"
failed "convert, a bad plain block" 1 "$tool" convert "$work/bad_block.plain" \
    --output-format binpack "$work/target"
failed "interleave, a truncated binpack" 1 "$tool" interleave "$work/original.binpack" \
    "$work/truncated.binpack" --output "$work/target"
failed "filter, a write that fails" 3 limited 64 "$tool" filter "$work/original.binpack" \
    --output-format plain --output "$work/target"
failed "convert, a write that fails" 3 limited 64 "$tool" convert "$work/p.plain" \
    --output-format plain "$work/target"
failed "interleave, a write that fails" 3 limited 64 "$tool" interleave \
    "$work/original.binpack" "$work/original.binpack" --output "$work/target"
expect "a write that fails: the limit is below the output" \
    "$([ "$(stat -c %s "$work/p.plain")" -gt 65536 ] && echo below)" "below"
# What the message offers instead: standard output has the entries before
# the fault, as they are read.
"$tool" filter "$work/truncated.binpack" --output-format plain --output - > "$work/prefix.plain" \
    2> /dev/null
expect "--output -: exit 1" "$?" "1"
expect "--output -: the entries before the fault" \
    "$(grep -c '^e$' "$work/prefix.plain" | awk '{ print ($1 > 0) }')" "1"

# A run killed part way: the input comes through a FIFO that stays open, so
# the run waits with its temporary made; the target is untouched whatever
# the signal, and SIGTERM and SIGINT remove the temporary.
killed() { # killed SIGNAL TARGET-EXISTS
    local signal=$1 target=$work/killed.plain
    rm -f "$target" "$work/feed" && find "$work" -name '.killed.plain.*' -delete
    [ "$2" = yes ] && printf 'old\n' > "$target"
    mkfifo "$work/feed"
    { head -n 600 "$work/p.plain"; exec sleep 30; } > "$work/feed" &
    local feeder=$!
    # With job control, so that SIGINT is not ignored in the background job
    # (as a non-interactive shell would have it).
    set -m
    "$tool" filter "$work/feed" --output "$target" 2> /dev/null &
    local run=$!
    set +m
    # Until the run has made its temporary (or ended): however long a loaded
    # machine takes, not a time chosen here (ten minutes at most, a guard).
    for _ in $(seq 6000); do
        [ "$(find "$work" -name '.killed.plain.*' | wc -l)" -gt 0 ] && break
        kill -0 "$run" 2> /dev/null || break
        sleep 0.1
    done
    expect "$signal: the temporary is beside the target" \
        "$(find "$work" -maxdepth 1 -name '.killed.plain.*' | wc -l | tr -d ' ')" "1"
    kill -s "$signal" "$run"
    wait "$run" 2> /dev/null
    expect "$signal: killed by it" "$?" "$((128 + $(kill -l "$signal")))"
    kill "$feeder" 2> /dev/null
    wait "$feeder" 2> /dev/null
    if [ "$2" = yes ]; then
        expect "$signal: the target as it was" "$(cat "$target")" "old"
    else
        expect "$signal: no target" "$([ -e "$target" ] && echo exists)" ""
    fi
    if [ "$signal" != KILL ]; then
        expect "$signal: no temporary left" \
            "$(find "$work" -name '.killed.plain.*' | wc -l | tr -d ' ')" "0"
    fi
}
signals="TERM INT KILL"
if [ "$target_system" = Windows ]; then
    # Windows programs get console events, not signals; wine turns no POSIX
    # signal into one. Killed outright, the target must still be untouched.
    not_here "TERM and INT remove the temporary" "wine passes no console event for a signal"
    signals=KILL
fi
for signal in $signals; do
    killed "$signal" yes
    killed "$signal" no
done

finish output_safety
