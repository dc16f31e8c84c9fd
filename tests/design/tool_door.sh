#!/usr/bin/env bash
# One door (issue 55): the command-line tool (programs/cli) includes the
# public headers (include/), its own, the differential harness's, the
# position generator's and the engine under test's (programs/checking,
# programs/positions, programs/engine_see), and of the library's internals
# only lib/tool_only.h, the header written for it; the differential harness
# (programs/checking) its own door, lib/checking_only.h (issue 70); the
# engine under test (programs/engine_see) none: its files include their own
# and the public headers alone. A file that includes any other header of
# lib/ (quoted, or in angle brackets by a name or path lib/ holds) fails, as
# does a door that is installed or an include in a door with no reason
# ("why:") beside it.
# What passes through each door is counted by name in door_names.py.
# Usage: tool_door.sh ROOT   (prints each offender; exit 1 if any)
set -u
root=$1
cd "$root" || exit 2
bad=0
for door in lib/tool_only.h lib/checking_only.h; do
    if [ ! -f "$door" ]; then
        echo "$door, a door into lib/, is missing"
        exit 1
    fi
    # Each thing taken through a door says why only its programs need it:
    # an include with no "why:" beside it is refused, so the door cannot
    # grow without a reason (what a user would want too goes into include/).
    if grep -n '^[ \t]*#[ \t]*include' "$door" | grep -v '/\* why: '; then
        echo "$door: the includes above give no reason (\"/* why: ... */\" on their line)"
        bad=1
    fi
    if grep -n "$(basename "$door" .h)" CMakeLists.txt cmake/*.cmake 2> /dev/null | grep -i 'install'; then
        echo "$door is installed: it is the programs', never a user's"
        bad=1
    fi
done

# Whether lib/ holds a header by this name or path (lib/training/formats/plain.h
# answers "plain.h", "formats/plain.h" and "training/formats/plain.h").
in_lib() {
    find lib -name '*.h' | sed 's|^lib/||' | grep -qxF -e "$1" ||
        find lib -name '*.h' | grep -q -F -e "/$1"
}

# check_includes FOLDER DOOR: the files of FOLDER include only their own,
# their neighbours' of programs/, the public headers and DOOR of lib/; with
# no DOOR (""), their own and the public headers alone.
check_includes() {
    local folder=$1 door=$2
    local places="$folder include programs/cli programs/checking programs/positions programs/engine_see"
    [ -n "$door" ] || places="$folder include"
    while read -r file; do
        # "quote NAME LINE" or "angle NAME LINE" for each include of the file.
        while read -r form name line; do
            if [ "$form" = angle ] && ! in_lib "$name"; then
                continue # a standard or system header
            fi
            for place in $places; do
                [ -f "$place/$name" ] && [ "$form" = quote ] && continue 2
            done
            [ -n "$door" ] && [ "$name" = "$(basename "$door")" ] && continue
            if [ -z "$door" ]; then
                echo "$file:$line: includes $name, which is neither its own nor a public header"
            elif in_lib "$name"; then
                echo "$file:$line: includes $name from lib/: its one door is $door"
            else
                echo "$file:$line: includes $name, which is none of its own, the public or $door"
            fi
            bad=1
        done < <(awk '/^[ \t]*#[ \t]*include[ \t]*"/ { split($0, q, "\""); print "quote", q[2], FNR }
                      /^[ \t]*#[ \t]*include[ \t]*</ { s = $0; sub(/^[^<]*</, "", s); sub(/>.*/, "", s)
                                                       print "angle", s, FNR }' "$file")
    done < <(find "$folder" -name '*.[ch]' | sort)
}
check_includes programs/cli lib/tool_only.h
check_includes programs/checking lib/checking_only.h
# The engine under test (the line protocol, the plug-in) has no door: what
# an engine author's side needs is public.
check_includes programs/engine_see ""
exit $bad
