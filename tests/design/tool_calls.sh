#!/usr/bin/env bash
# One door, by what the tool links (issue 63): the names of the library
# (functions and tables its objects define) that the command-line tool's
# objects use and that no public header (include/) declares, by nm. Each
# must be listed in tests/design/tool_calls_allowed.txt with why the tool
# alone needs it; a name used but not listed fails, as does a count above
# the ceiling below (a listed name no longer used is only named: whoever
# takes a call out of the tool takes its line out too). tool_door.sh holds the tool's includes to
# lib/tool_only.h; this holds what passes through it.
# Usage: tool_calls.sh ROOT BUILD   (prints each offender; exit 1 if any)
set -u
root=$(cd "$1" && pwd) build=$(cd "$2" && pwd)
allowed=$root/tests/design/tool_calls_allowed.txt
# The issue's bar is 10 (issue 63); the ceiling is what the door holds now
# and is lowered with it.
ceiling=4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The objects of a target whose source is still in the tree (an incremental
# build keeps the objects of deleted sources).
objects_of() {
    find "$build" -path "*CMakeFiles/$1.dir/*" -name '*.o' | while read -r object; do
        source=$(echo "$object" | sed -E 's|.*\.dir/||; s|\.o(bj)?$||')
        [ -f "$root/$source" ] || [[ $source != lib/* && $source != programs/* ]] && echo "$object"
    done
}
tool_objects=$(objects_of seebatch_cli)
library_objects=$(objects_of seebatch_objects)
if [ -z "$tool_objects" ] || [ -z "$library_objects" ]; then
    echo "skipped: no objects of seebatch_cli or seebatch_objects under $build (another generator's layout?)"
    exit 77
fi
# shellcheck disable=SC2086
nm -u $tool_objects 2> /dev/null | awk 'NF >= 2 { print $NF }' | sort -u > "$work/used"
# shellcheck disable=SC2086
nm --defined-only $library_objects 2> /dev/null | awk 'NF == 3 && $2 ~ /^[TDRB]$/ { print $3 }' |
    sort -u > "$work/library"
grep -ohE '\bseebatch_[A-Za-z0-9_]+\b' "$root"/include/*.h | sort -u > "$work/public"
comm -12 "$work/used" "$work/library" | comm -23 - "$work/public" > "$work/door"
grep -vE '^[ \t]*(#|$)' "$allowed" | awk '{ print $1 }' | sort -u > "$work/listed"

bad=0
count=$(wc -l < "$work/door")
while read -r name; do
    echo "the tool uses $name, which no public header declares and $allowed does not list"
    bad=1
done < <(comm -23 "$work/door" "$work/listed")
while read -r name; do
    echo "note: $allowed lists $name, which the tool no longer uses: take it out"
done < <(comm -13 "$work/door" "$work/listed")
if [ "$count" -gt "$ceiling" ]; then
    echo "the tool uses $count library names that no public header declares; at most $ceiling"
    bad=1
fi
echo "the tool uses $count library names that no public header declares (ceiling $ceiling, goal 10)"
exit $bad
