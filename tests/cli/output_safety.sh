#!/usr/bin/env bash
# No run damages an input or leaves a half-written output (issue 37):
# filter --output refuses the input itself (the same path, a symbolic link
# either way, a hard link, standard input redirected from it) with exit 2,
# the input unchanged and no temporary left; the output is written beside
# the target and renamed over it only at the end, so a run that SIGTERM or
# SIGINT ends leaves the target as it was and no temporary, one that SIGKILL
# ends leaves the target as it was; a run that fails to read its input
# keeps the old target; bad input part way keeps the entries before it (the
# promise of the help text), and a replaced file keeps its permissions.
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

# Bad input part way: the entries before the fault are the output (the
# help's promise), in place of the old target.
size=$(stat -c %s "$work/original.binpack")
head -c $((size - 100)) "$work/original.binpack" > "$work/truncated.binpack"
"$tool" filter "$work/truncated.binpack" --output-format plain --output "$work/kept.binpack" \
    2> /dev/null
expect "truncated input: exit 1" "$?" "1"
"$tool" filter "$work/truncated.binpack" --output-format plain > "$work/prefix.plain" 2> /dev/null
expect "truncated input: the entries before the fault kept in the file" \
    "$(cmp -s "$work/kept.binpack" "$work/prefix.plain" && echo same)" "same"
expect "truncated input: some entries" "$([ -s "$work/prefix.plain" ] && echo some)" "some"

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
