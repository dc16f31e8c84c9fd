#!/usr/bin/env bash
# One door (issue 55): the command-line tool (programs/cli) includes the
# public headers (include/), its own, the differential harness's and the
# position generator's (programs/checking, programs/positions), and of the
# library's internals only lib/tool_only.h, the header written for it. A
# tool file that includes any other header of lib/ (quoted, or in angle
# brackets by a name or path lib/ holds) fails, as does a door that is
# installed or an include in the door with no reason ("why:") beside it.
# Usage: tool_door.sh ROOT   (prints each offender; exit 1 if any)
set -u
root=$1
cd "$root" || exit 2
door=lib/tool_only.h
if [ ! -f "$door" ]; then
    echo "$door, the tool's one door into lib/, is missing"
    exit 1
fi
bad=0
# Each thing taken through the door says why the tool alone needs it: an
# include with no "why:" beside it is refused, so the door cannot grow
# without a reason (what a user would want too goes into include/).
if grep -n '^[ \t]*#[ \t]*include' "$door" | grep -v '/\* why: '; then
    echo "$door: the includes above give no reason (\"/* why: ... */\" on their line)"
    bad=1
fi
if grep -n 'tool_only' CMakeLists.txt cmake/*.cmake 2> /dev/null | grep -i 'install'; then
    echo "$door is installed: it is the tool's, never a user's"
    bad=1
fi

# Whether lib/ holds a header by this name or path (lib/training/formats/plain.h
# answers "plain.h", "formats/plain.h" and "training/formats/plain.h").
in_lib() {
    find lib -name '*.h' | sed 's|^lib/||' | grep -qxF -e "$1" ||
        find lib -name '*.h' | grep -q -F -e "/$1"
}

while read -r file; do
    # "quote NAME LINE" or "angle NAME LINE" for each include of the file.
    while read -r form name line; do
        if [ "$form" = angle ] && ! in_lib "$name"; then
            continue # a standard or system header
        fi
        for place in programs/cli include programs/checking programs/positions; do
            [ -f "$place/$name" ] && [ "$form" = quote ] && continue 2
        done
        [ "$name" = tool_only.h ] && continue
        if in_lib "$name"; then
            echo "$file:$line: includes $name from lib/: the tool's one door is $door"
        else
            echo "$file:$line: includes $name, which is none of the tool's, the public or $door"
        fi
        bad=1
    done < <(awk '/^[ \t]*#[ \t]*include[ \t]*"/ { split($0, q, "\""); print "quote", q[2], FNR }
                  /^[ \t]*#[ \t]*include[ \t]*</ { s = $0; sub(/^[^<]*</, "", s); sub(/>.*/, "", s)
                                                   print "angle", s, FNR }' "$file")
done < <(find programs/cli -name '*.[ch]' | sort)
exit $bad
