#!/usr/bin/env bash
# Output that cannot be written is lost data: every subcommand that writes,
# on every output path (standard output and filter --output; lines, binpack
# and plain input; one thread and two), must stop, name the output, exit 3,
# and print no counts that claim entries the output does not hold.
#
# Two kinds of failure:
#   /dev/full          every write fails at once (ENOSPC);
#   a full small file system: a 256 KiB tmpfs mounted in a private mount
#     namespace (unshare -m as root, or unshare -rm as a user where user
#     namespaces are allowed), so outputs bigger than it fail part way, as on
#     a real disk that fills up; and the same file system filled to the brim
#     for the commands whose output is small.
#   Where neither unshare works (no privilege, no user namespaces), the file
#   system is simulated by a file size limit: `ulimit -f` with SIGXFSZ
#   ignored makes a write past the limit fail with EFBIG, the same path
#   through the tool (a failed write(2) part way through the output).
set -u
source "$(dirname "$0")/../support/cli_expect.sh" "$1"

# Data: generated positions, their captures as plain training data, and the
# same as a binpack, all far bigger than the small file system: 20,000
# positions, 1 MB of FEN; in the later stages 10,000, still twice its size.
"$tool" gen --count "$(scaled 20000 10000)" --seed 3 > "$work/p.fen"
head -n 3 "$work/p.fen" > "$work/few.fen"
"$tool" eval "$work/p.fen" |
    awk -F';' '{ printf "fen %s\nmove %s\nscore %d\nply %d\nresult 0\ne\n", $1, $2, $3, NR % 200 }' \
        > "$work/p.plain"
"$tool" filter "$work/p.plain" --output-format binpack --output "$work/p.binpack" 2> /dev/null
expect "test data: binpack made" "$?" "0"

# check_failure NAME OUTPUT-NAME STATUS STDERR [REASON]: exit 3, the output
# named (with the system's reason, when given), and no "N entries read, M
# kept" counts after the failure.
check_failure() {
    expect "$1: exit status" "$3" "3"
    expect "$1: names the output" "$(grep -c "cannot write $2: ${5:-.*}.*incomplete" <<< "$4")" "1"
    expect "$1: no counts" "$(grep -c 'kept' <<< "$4")" "0"
}
# What the system says of a write to /dev/full (ENOSPC), whatever the size of
# the output (issue 68: a help longer than stdio's buffer was named
# "Input/output error").
full="No space left on device"

# The commands, each as "NAME|OUTPUT|ARGUMENTS"; OUTPUT is "-" for standard
# output, "file" when the command is given --output.
commands=(
    "eval lines|-|eval $work/p.fen"
    "eval lines -j 2|-|eval -j 2 $work/p.fen"
    "eval binpack|-|eval $work/p.binpack"
    "eval binpack -j 2|-|eval -j 2 --all-captures $work/p.binpack"
    "eval plain|-|eval $work/p.plain"
    "gen|-|gen --count 100000"
    "filter binpack|-|filter $work/p.binpack"
    "filter binpack to plain|file|filter $work/p.binpack --output-format plain"
    "filter binpack to plain -j 2, a rule|file|filter -j 2 --skip-see-ge 1 $work/p.binpack --output-format plain"
    "filter binpack -j 2|file|filter -j 2 $work/p.binpack"
    "filter plain|-|filter $work/p.plain"
    "filter plain to binpack|file|filter $work/p.plain --output-format binpack"
    "filter epd|file|filter --input-format epd $work/p.fen"
    "filter --output -|-|filter $work/p.binpack --output -"
    "convert two inputs to -|-|convert $work/p.binpack $work/p.plain - --output-format plain"
    "interleave|file|interleave $work/p.binpack $work/p.binpack"
    "interleave to -|-|interleave $work/p.binpack $work/p.binpack --output -"
)
# Small outputs: they fail only on a file system with no room at all.
small_commands=(
    "check|-|check --no-oracle $work/few.fen"
    "perft|-|perft --depth 1"
    "filter count|-|filter --input-format epd $work/few.fen"
)

# write_to_full "NAME|OUTPUT|ARGUMENTS": the command, its output (a file when
# OUTPUT is "file", else standard output) on /dev/full, must exit 3 naming
# that output. Leaves NAME in $name and the command's stderr in $err.
write_to_full() {
    local output arguments
    IFS='|' read -r name output arguments <<< "$1"
    if [ "$output" = file ]; then
        err=$("$tool" $arguments --output /dev/full 2>&1 > /dev/null)
        check_failure "/dev/full, $name" /dev/full "$?" "$err" "$full"
    else
        err=$("$tool" $arguments 2>&1 > /dev/full)
        check_failure "/dev/full, $name" "standard output" "$?" "$err" "$full"
    fi
}

# /dev/full: every write fails.
if [ -w /dev/full ]; then
    for command in "${commands[@]}" "${small_commands[@]}"; do
        write_to_full "$command"
    done
else
    echo "note: no writable /dev/full here; only the small file system is tested"
fi

# Output that fails after bad input: still exit 3, the output named (issue
# 29: a run that had met a bad line could end with that line's status, 1).
{ printf 'not a position\n'; cat "$work/p.fen"; } > "$work/bad_first.fen"
# check's output is small and it takes about a millisecond a position: a few.
{ printf 'not a position\n'; cat "$work/few.fen"; } > "$work/bad_first_few.fen"
{ printf 'fen nonsense\nmove e2e4\nscore 0\nply 1\nresult 0\ne\n'; cat "$work/p.plain"; } \
    > "$work/bad_first.plain"
after_bad=(
    "eval, a bad line first|-|eval $work/bad_first.fen"
    "eval -j 2, a bad line first|-|eval -j 2 $work/bad_first.fen"
    "eval, a bad plain block first|-|eval $work/bad_first.plain"
    "filter, a bad plain block first|file|filter $work/bad_first.plain"
    "filter to binpack, a bad plain block first|file|filter $work/bad_first.plain --output-format binpack"
    "filter epd, a bad line first|file|filter $work/bad_first.fen"
    "check, a bad line first|-|check --no-oracle $work/bad_first_few.fen"
)
if [ -w /dev/full ]; then
    for command in "${after_bad[@]}"; do
        write_to_full "$command"
        expect "/dev/full, $name: the bad input named too" "$(grep -c ': line 1[:,]' <<< "$err")" "1"
    done
    # Help, version and counts are output too: every command's help, short
    # or longer than stdio's buffer.
    helps=("--help" "--version" "stats $work/p.binpack" "stats --format jsonl $work/p.binpack"
           "perft --depth 2 --divide")
    for command in eval check gen perft filter stats convert interleave time; do
        helps+=("$command --help" "help $command")
    done
    for arguments in "${helps[@]}"; do
        err=$("$tool" $arguments 2>&1 > /dev/full)
        check_failure "/dev/full, $arguments" "standard output" "$?" "$err" "$full"
    done
    # filter's counts on stderr, with --count-only its only output: a failure
    # there cannot be reported, but the status says it.
    "$tool" filter --count-only "$work/p.binpack" 2> /dev/full
    expect "counts to /dev/full: exit" "$?" "3"
    "$tool" filter "$work/p.binpack" --output "$work/out.binpack" 2> /dev/full
    expect "counts to /dev/full, output written: exit" "$?" "3"
fi

# The small file system: how it is made here.
fs=$work/small_fs
mkdir -p "$fs"
mount_script='mount -t tmpfs -o size=256k tmpfs "$0" || exit 99; '
# SEEBATCH_TEST_FS=ulimit forces the fallback, to test it where mounts work.
if [ "${SEEBATCH_TEST_FS:-}" = ulimit ]; then
    fs_way=(ulimit)
elif [ "$target_system" = Windows ]; then
    # wine's server, which creates a Windows program's files, runs outside a
    # mount namespace made here and would not see the small file system.
    fs_way=(ulimit)
    echo "note: wine; the full file system is simulated by ulimit -f (EFBIG)"
elif unshare -m bash -c "$mount_script" "$fs" 2> /dev/null; then
    fs_way=(unshare -m bash -c)
elif unshare -rm bash -c "$mount_script" "$fs" 2> /dev/null; then
    fs_way=(unshare -rm bash -c)
else
    fs_way=(ulimit)
    echo "note: no mount namespace here; the full file system is simulated by ulimit -f (EFBIG)"
fi

# What the system says when the small file system is full: ENOSPC, or EFBIG
# where ulimit stands in for it (wine gives a Windows program EFBIG as
# EINVAL, "Invalid argument": not checked there).
fs_full=$full
[ "${fs_way[0]}" = ulimit ] && fs_full="File too large"
[ "${fs_way[0]}" = ulimit ] && [ "$target_system" = Windows ] && fs_full=""

# on_small_fs FILL COMMAND...: runs the tool with COMMAND, its output on the
# small file system ("$fs/out"), the file system empty (FILL=room) or full
# (FILL=full). Prints stderr, then "left behind: NAME" for each temporary
# (".NAME.XXXXXX") the run left on the file system (issue 54: a run whose
# output cannot be committed must leave none); returns the tool's status.
left_behind='for left in "$1"/.[!.]*; do [ -e "$left" ] && echo "left behind: ${left##*/}"; done'
on_small_fs() {
    local fill=$1
    shift
    if [ "${fs_way[0]}" = ulimit ]; then
        # 256 KiB of room, or none; SIGXFSZ ignored so the write fails with
        # EFBIG instead of killing the tool, as a full disk's ENOSPC would.
        local blocks=256 status
        [ "$fill" = full ] && blocks=0
        bash -c 'trap "" XFSZ; ulimit -f "$1"; shift 2; "$@"' - "$blocks" "$fs" "$@"
        status=$?
        bash -c "$left_behind" - "$fs"
        rm -rf "${fs:?}"/.[!.]*
        return $status
    fi
    "${fs_way[@]}" 'mount -t tmpfs -o size=256k tmpfs "$1" || exit 99
        [ "$2" = full ] && cat /dev/zero > "$1/filler" 2> /dev/null
        directory=$1 check=$3
        shift 3
        "$@"
        status=$?
        bash -c "$check" - "$directory"
        exit $status' - "$fs" "$fill" "$left_behind" "$@"
}

run_on_small_fs() { # run_on_small_fs FILL COMMAND-LINE...
    local fill=$1
    shift
    for command in "$@"; do
        IFS='|' read -r name output arguments <<< "$command"
        if [ "$output" = file ]; then
            err=$(on_small_fs "$fill" "$tool" $arguments --output "$fs/out" 2>&1)
            check_failure "full file system, $name" "$fs/out" "$?" "$err" "$fs_full"
        else
            err=$(on_small_fs "$fill" bash -c '"$@" > "$0"' "$fs/out" "$tool" $arguments 2>&1)
            check_failure "full file system, $name" "standard output" "$?" "$err" "$fs_full"
        fi
        expect "full file system, $name: no temporary left" \
            "$(grep '^left behind: ' <<< "$err")" ""
    done
}
run_on_small_fs room "${commands[@]}"
run_on_small_fs full "${small_commands[@]}"

# A run whose output cannot be committed at the end (the rename over the
# target fails: here the target became a directory while the run read its
# input from a pipe) exits 3 naming it and leaves no temporary behind.
if [ "$target_system" = Windows ]; then
    not_here "a commit that fails" "wine's rename differs; the POSIX build checks it"
else
    commit=$work/commit
    mkdir -p "$commit"
    mkfifo "$commit/in"
    "$tool" filter --input-format epd - --output "$commit/out.fen" < "$commit/in" \
        > /dev/null 2> "$commit/err" &
    runner=$!
    exec 7> "$commit/in" # the pipe held open: the tool waits for the rest
    head -n 1 "$work/p.fen" >&7 # what it reads to tell the format, then opens the output
    # Until the temporary is made (or the run ended): however long a loaded
    # machine takes (ten minutes at most, a guard).
    for _ in $(seq 6000); do
        [ -n "$(find "$commit" -name '.out.fen.*')" ] && break
        kill -0 "$runner" 2> /dev/null || break
        sleep 0.1
    done
    mkdir "$commit/out.fen" && touch "$commit/out.fen/kept"
    sed -n 2,100p "$work/p.fen" >&7
    exec 7>&-
    wait "$runner"
    expect "a commit that fails: exit" "$?" "3"
    expect "a commit that fails: names the output" \
        "$(grep -c "cannot write $commit/out.fen: .*incomplete" "$commit/err")" "1"
    expect "a commit that fails: no temporary left" "$(find "$commit" -name '.out.fen.*')" ""
fi

# The same commands succeed where there is room: the failures above are the
# file system's, not the commands'.
# With no rule, binpack to binpack is the input byte for byte.
"$tool" filter -j 2 "$work/p.binpack" --output "$work/back.binpack" 2> "$work/counts"
expect "with room: exit 0" "$?" "0"
expect "with room: the whole output" "$(cmp -s "$work/back.binpack" "$work/p.binpack" && echo same)" "same"
expect "with room: counts printed" "$(grep -c ' kept' "$work/counts")" "1"

finish write_failures
