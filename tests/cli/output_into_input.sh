#!/usr/bin/env bash
# No command grows or changes one of its inputs through standard output
# (issue 54): `seebatch eval e.fen >> e.fen` read its own output again and
# grew the file without end. Every command that reads an input (eval,
# check, filter, convert, stats; gen and perft read none) refuses a
# standard output that is the input's file, reached by its path, a
# symbolic link or a hard link, with >> or from standard input: exit 2,
# both named, the file unchanged, and not a byte of it read (strace, where
# it runs). With > the shell has emptied the file already: refused too,
# saying so. /dev/null as both input and output is no file: not refused.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

"$tool" gen --count 200 --seed 54 > "$work/p.fen"
"$tool" eval "$work/p.fen" |
    awk -F';' '{ printf "fen %s\nmove %s\nscore %d\nply %d\nresult 0\ne\n", $1, $2, $3, NR % 200 }' \
        > "$work/in.plain"
cp "$work/in.plain" "$work/original.plain"
ln -s in.plain "$work/link.plain"
ln "$work/in.plain" "$work/hard.plain"

tracer=
if [ "$target_system" != Windows ] && strace -f -o /dev/null true 2> /dev/null; then
    tracer=yes
fi
real_work=$(cd "$work" && pwd -P)

# run_into NAME OUTPUT COMMAND...: the command with standard output appended
# to OUTPUT (under strace where it runs, its reads of files in $work kept).
run_into() {
    local name=$1 output=$2
    shift 2
    if [ -n "$tracer" ]; then
        # LeakSanitizer cannot run under ptrace (the asan stage's tool ends
        # with exit 1 and its complaint): leaks are the other tests' to find.
        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
            strace -f -y -e trace=read,pread64,readv,preadv -o "$work/trace" "$tool" "$@" \
            >> "$output" 2> "$work/err" < /dev/null
    else
        "$tool" "$@" >> "$output" 2> "$work/err" < /dev/null
    fi
}

# refused NAME SHOWN OUTPUT COMMAND...: exit 2, one message naming standard
# output and SHOWN, the input unchanged, nothing of it read.
refused() {
    local name=$1 shown=$2 output=$3
    shift 3
    run_into "$name" "$output" "$@"
    expect "$name: exit 2" "$?" "2"
    expect "$name: names standard output and the input" \
        "$(grep -cF "standard output is $shown, the input (the same file)" "$work/err")" "1"
    expect "$name: one message" "$(wc -l < "$work/err" | tr -d ' ')" "1"
    expect "$name: the input unchanged" \
        "$(cmp -s "$work/in.plain" "$work/original.plain" && echo unchanged)" "unchanged"
    if [ -n "$tracer" ]; then
        expect "$name: nothing of the input read" \
            "$(grep -cE "read[a-z0-9]*\([0-9]+<$real_work/" "$work/trace")" "0"
    fi
}

in=$work/in.plain
commands=("eval" "check" "filter --skip-capture" "convert" "stats")
for command in "${commands[@]}"; do
    extra=()
    [ "$command" = convert ] && extra=("$work/out.binpack")
    # shellcheck disable=SC2086 # the command's words
    {
        refused "$command, the file itself" "$in" "$in" $command "$in" "${extra[@]}"
        refused "$command, output through a link" "$in" "$work/link.plain" $command "$in" \
            "${extra[@]}"
        refused "$command, input through a link" "$work/link.plain" "$in" $command \
            "$work/link.plain" "${extra[@]}"
        refused "$command, a hard link" "$work/hard.plain" "$in" $command "$work/hard.plain" \
            "${extra[@]}"
    }
    expect "$command: no output written" "$([ -e "$work/out.binpack" ] || echo none)" "none"
done

# Standard input redirected from the file standard output appends to.
err=$("$tool" eval < "$in" 2>&1 >> "$in")
expect "standard input: exit 2" "$?" "2"
expect "standard input: named" \
    "$(grep -cF "standard output is the file of standard input, the input (the same file)" \
        <<< "$err")" "1"
expect "standard input: unchanged" \
    "$(cmp -s "$in" "$work/original.plain" && echo unchanged)" "unchanged"

# With > the shell empties the file before the tool starts: refused, said.
cp "$in" "$work/emptied.plain"
err=$("$tool" eval "$work/emptied.plain" 2>&1 > "$work/emptied.plain")
expect "emptied by >: exit 2" "$?" "2"
expect "emptied by >: says the shell emptied it" \
    "$(grep -cF "standard output is $work/emptied.plain, the input (the same file), so nothing was read or written; it is empty: if '>' sent standard output to it, the shell emptied it before seebatch started" <<< "$err")" "1"
expect "emptied by >: nothing written" "$(wc -c < "$work/emptied.plain" | tr -d ' ')" "0"

# Several inputs (issue 56): the input at any place among them is refused,
# as standard output and as --output (filter, convert, interleave), before
# a byte of any input is read.
cp "$in" "$work/first.plain"
cp "$in" "$work/second.plain"
cp "$in" "$work/third.plain"
for place in 1 2 3; do
    inputs=("$work/first.plain" "$work/second.plain" "$work/third.plain")
    inputs[$((place - 1))]=$in
    for command in "${commands[@]}"; do
        extra=()
        [ "$command" = convert ] && extra=("$work/out.binpack")
        # shellcheck disable=SC2086 # the command's words
        refused "$command, input $place of 3" "$in" "$work/hard.plain" $command "${inputs[@]}" \
            "${extra[@]}"
    done
    for command in filter convert interleave; do
        arguments=("${inputs[@]}" --output "$work/hard.plain")
        [ "$command" = convert ] && arguments=("${inputs[@]}" "$work/hard.plain")
        "$tool" "$command" "${arguments[@]}" > /dev/null 2> "$work/err" < /dev/null
        expect "$command, output the input $place of 3: exit 2" "$?" "2"
        expect "$command, output the input $place of 3: both named" \
            "$(grep -cF "the output $work/hard.plain is the same file as the input ($in)" "$work/err")" "1"
        expect "$command, output the input $place of 3: unchanged" \
            "$(cmp -s "$in" "$work/original.plain" && echo unchanged)" "unchanged"
    done
done

# Another file, and a device read and written at once, are no input's file.
"$tool" eval "$in" >> "$work/other.csv" 2> /dev/null
expect "another file: exit 0" "$?" "0"
if [ "$target_system" = Windows ]; then
    not_here "/dev/null both ways" "wine has no /dev/null for a Windows program"
else
    "$tool" eval /dev/null > /dev/null 2>&1
    expect "/dev/null both ways: exit 0" "$?" "0"
    "$tool" eval < /dev/null > /dev/null 2>&1
    expect "/dev/null as standard input and output: exit 0" "$?" "0"
fi

finish output_into_input
