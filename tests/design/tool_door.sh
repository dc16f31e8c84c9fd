#!/usr/bin/env bash
# One door (issues 55, 77, 81): every program of the `seebatch` binary
# (programs/cli, programs/checking, programs/engine_check, programs/positions)
# includes the public headers (include/), the programs' own, and of the
# library's internals only lib/tool_only.h, the one header written for them;
# programs/engine_see (the transport to an engine's SEE, which an engine
# author's side mirrors) its own and the public headers alone, not even the
# door. A file that includes any other header of lib/ (quoted, or in angle
# brackets by a name or path lib/ holds) fails, as does a door that is
# installed or an include in a door with no reason ("why:") beside it.
# What passes through the door is counted by name in door_names.py.
# Usage: tool_door.sh ROOT   (prints each offender; exit 1 if any)
set -u
root=$1
cd "$root" || exit 2
bad=0
for door in lib/tool_only.h; do
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

# check_includes FOLDER DOOR [ALSO]: the files of FOLDER include only their
# own, their neighbours' of programs/, the public headers and DOOR of lib/;
# with no DOOR (""), their own, the public headers and ALSO's alone.
check_includes() {
    local folder=$1 door=$2
    local places="$folder include programs/cli programs/checking programs/engine_check programs/positions programs/engine_see"
    [ -n "$door" ] || places="$folder include ${3:-}"
    while read -r file; do
        # "quote NAME LINE" or "angle NAME LINE" for each include of the file.
        while read -r form name line; do
            if [ "$form" = angle ] && ! in_lib "$name"; then
                continue # a standard or system header
            fi
            for place in $places; do
                [ -f "$place/$name" ] && [ "$form" = quote ] && continue 2
            done
            # the one door, for the folders given it: door_names.py says who takes what
            [ -n "$door" ] && [ "$name" = tool_only.h ] && continue
            if [ -z "$door" ]; then
                echo "$file:$line: includes $name, which is neither its own nor a public header${3:+ nor one of $3}"
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
# programs/positions is counted by door_names.py, not checked here yet: its
# header hands lib/random.h to the tests and the benchmark that use it.
for folder in programs/cli programs/checking programs/engine_check; do
    check_includes "$folder" lib/tool_only.h
done
# The transport to an engine's SEE (the line protocol, the plug-in, the
# timing) takes nothing but the public headers: what an engine author's side
# needs is public.
check_includes programs/engine_see ""
exit $bad
