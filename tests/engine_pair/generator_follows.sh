#!/bin/sh
# The engine pair follows lib/ and its generator refuses what it does not
# understand, on copies of the source tree (lib/, include/, tools/):
# - as it is, the pair generated from the copy prepares view rules;
# - lib/views/choice.c's seebatch_view_set_here made to fail (a line planted
#   at the top of its body, wherever the file defines it): the pair follows,
#   its seebatch_view_rules_init failing with the planted message, or it no
#   longer generates or compiles; a pair that still answers "ok" kept a copy
#   of its own;
# - a top-level statement not at column 0, SEEBATCH_ENGINE_PAIR in a
#   directive other than its marks, or an example in the public headers
#   calling what the pair lacks: the generator fails, naming the file and
#   line.
# Usage: generator_follows.sh GENERATOR ROOT CC SOURCE...
set -eu
[ $# -ge 4 ] || { echo "usage: generator_follows.sh GENERATOR ROOT CC SOURCE..." >&2; exit 2; }
generator=$1 root=$2 cc=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# copy NAME: a fresh copy of the tree at $work/NAME.
copy() {
    mkdir -p "$work/$1"
    cp -R "$root/lib" "$root/include" "$root/tools" "$work/$1/"
}
# generate NAME SOURCE...: the pair of the copy NAME into $work/NAME/dist,
# the generator's messages in $work/NAME/messages; its exit status.
generate() {
    name=$1
    shift
    mkdir -p "$work/$name/dist"
    (cd "$work/$name" && "$generator" "$work/$name" "$work/$name/dist" "$@") > "$work/$name/messages" 2>&1
}
# answer NAME: what view_rules_init.c built on that pair says.
answer() {
    "$cc" -std=c99 -I"$work/$1/dist" -o "$work/$1/program" "$here/view_rules_init.c" \
        "$work/$1/dist/seebatch_engine.c" > "$work/$1/compiler" 2>&1 || { echo "does not compile"; return 0; }
    "$work/$1/program" || true
}

copy plain
generate plain "$@" || fail "the generator fails on the tree as it is: $(cat "$work/plain/messages")"
[ "$(answer plain)" = "ok" ] || fail "the pair of the tree as it is does not prepare view rules: $(answer plain)"

copy planted
choice=$work/planted/lib/views/choice.c
awk '
    /^seebatch_status seebatch_view_set_here\(/ { found = 1 }
    { print }
    found && /^\{/ { print "    return seebatch_fail(error, SEEBATCH_ERROR_BACKEND, \"planted in choice.c\");"; found = 0; planted++ }
    END { if (!planted) exit 1 }
' "$root/lib/views/choice.c" > "$choice" || fail "lib/views/choice.c defines no seebatch_view_set_here to plant in"
if generate planted "$@"; then
    said=$(answer planted)
    case $said in
    *"planted in choice.c"* | "does not compile") ;;
    *) fail "lib/views/choice.c changed, the pair did not follow (it answers \"$said\"): it keeps a copy of its own" ;;
    esac
fi

# refused COPY FILE LINE_TEXT WORDS: the generator, on a copy with
# LINE_TEXT appended to FILE, fails naming FILE and saying WORDS.
refused() {
    copy "$1"
    printf '%s\n' "$3" >> "$work/$1/$2"
    name=$1 file=$2 words=$4
    shift 4
    if generate "$name" "$@"; then
        fail "the generator accepted $file ending with \"$(tail -n 1 "$work/$name/$file")\""
    fi
    grep -q "$file:[0-9]" "$work/$name/messages" || fail "the generator's message names no line of $file: $(cat "$work/$name/messages")"
    grep -q "$words" "$work/$name/messages" || fail "the generator's message does not say \"$words\": $(cat "$work/$name/messages")"
}
refused indented lib/views/each.c '    static int seebatch_indented_statement = 1;' 'column 0' "$@"
refused unknown_mark lib/views/each.c '#if defined(SEEBATCH_ENGINE_PAIR)
#endif' 'SEEBATCH_ENGINE_PAIR is understood only' "$@"
refused example include/seebatch_view.h '/*
 *     seebatch_board_from_fen(&board, fen, NULL);
 */' 'which the pair lacks' "$@"
echo "engine pair: follows lib/views/choice.c; the generator refuses code off column 0, unknown SEEBATCH_ENGINE_PAIR directives and examples calling what the pair lacks, by file and line"
