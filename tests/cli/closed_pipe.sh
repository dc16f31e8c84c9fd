#!/usr/bin/env bash
# A reader that stops early (seebatch ... | head -1) ends the run as it ends
# cat or grep: at once, killed by SIGPIPE (status 141 in the shell), with
# nothing on stderr, even when the parent left SIGPIPE ignored; Windows has
# no SIGPIPE: there the failed write ends the run, exit 3, named. A write
# that fails otherwise (/dev/full) stops the run with a message and exit 3.
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

"$tool" gen --count 20000 --seed 5 > "$work/p.fen"
"$tool" eval "$work/p.fen" |
    awk -F';' '{ printf "fen %s\nmove %s\nscore %d\nply %d\nresult 0\ne\n", $1, $2, $3, NR % 200 }' \
        > "$work/p.plain"

# closed_early NAME ARGUMENTS...: run into head -1, SIGPIPE at its default and
# ignored by the parent; one line read, nothing said, the tool ended by SIGPIPE.
closed_early() {
    local name=$1 ignored
    shift
    for ignored in no yes; do
        local statuses first
        first=$(
            [ "$ignored" = no ] || trap '' PIPE
            "$tool" "$@" 2> "$work/err" | head -1
            echo "status ${PIPESTATUS[0]}" > "$work/status"
        )
        expect "$name (SIGPIPE ignored: $ignored): one line read" "$(wc -l <<< "$first")" "1"
        if [ "$target_system" = Windows ]; then
            expect "$name: ended by the failed write" "$(cat "$work/status")" "status 3"
            expect "$name: the write named" \
                "$(grep -c 'cannot write standard output: .*incomplete' "$work/err")" "1"
            continue
        fi
        expect "$name (SIGPIPE ignored: $ignored): ended by SIGPIPE" "$(cat "$work/status")" "status 141"
        expect "$name (SIGPIPE ignored: $ignored): nothing on stderr" "$(cat "$work/err")" ""
    done
}
closed_early "gen" gen --count 100000
closed_early "eval" eval "$work/p.fen"
closed_early "eval -j 2" eval -j 2 "$work/p.fen"
closed_early "eval --all-captures" eval --all-captures "$work/p.plain"
closed_early "filter to standard output" filter "$work/p.plain"
closed_early "filter --output -" filter "$work/p.plain" --output -
closed_early "convert to -, two inputs" convert "$work/p.plain" "$work/p.plain" - --output-format plain

# A file that cannot be written is still exit 3, named.
"$tool" eval "$work/p.fen" > /dev/full 2> "$work/err"
expect "eval > /dev/full: exit 3" "$?" "3"
expect "eval > /dev/full: named" "$(grep -c 'cannot write standard output: .*incomplete' "$work/err")" "1"
"$tool" filter "$work/p.plain" --output /dev/full 2> "$work/err"
expect "filter --output /dev/full: exit 3" "$?" "3"
expect "filter --output /dev/full: named" "$(grep -c 'cannot write /dev/full: .*incomplete' "$work/err")" "1"

finish closed_pipe
