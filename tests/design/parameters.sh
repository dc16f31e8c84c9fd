#!/usr/bin/env bash
# The bar `one-design` (issue 55), part three: no function in lib/ or
# programs/ takes more than 6 parameters (a context struct carries more),
# but the public API kept for compatibility (a name include/ declares) and
# the functions tests/design/parameters_allowed.txt names, each with why.
# The tree is clang-formatted, so a function's head runs from the first line
# at the start of a line after the code before it to a "{" alone at the
# start of a line; its parameters are the commas at the top level of the
# head's first parenthesis, plus one.
# Usage: parameters.sh ROOT [LIMIT]   (prints each offender; exit 1 if any)
set -u
root=$1 limit=${2:-6}
cd "$root" || exit 2
# Names the public headers declare: kept for compatibility.
public=$(grep -ho 'seebatch_[a-z0-9_]*[ ]*(' include/*.h | tr -d ' (' | sort -u | tr '\n' ' ')
allowed=$(grep -v '^#' tests/design/parameters_allowed.txt 2> /dev/null | awk '{print $1}' | tr '\n' ' ')
find lib programs -name '*.[ch]' | sort | xargs awk -v limit="$limit" -v public=" $public " -v allowed=" $allowed " '
    FNR == 1 { head = 0; text = ""; in_body = 0 }
    in_body { if ($0 ~ /^}/) in_body = 0; next }
    /^\{/ { if (head) check(); in_body = 1; head = 0; text = ""; next }
    /^[A-Za-z_]/ && !head && !/^#/ { head = FNR; text = "" }
    head { text = text " " $0 }
    /;[ \t]*$/ || /^$/ || /^[ \t]*(\/\*|\*)/ || /^#/ { if (!in_body) { head = 0; text = "" } }
    function check(    i, c, depth, commas, started, name, empty) {
        gsub(/__attribute__\(\([^()]*(\([^()]*\))?[^()]*\)\)/, "", text)
        depth = 0; commas = 0; started = 0; empty = 1
        for (i = 1; i <= length(text); i++) {
            c = substr(text, i, 1)
            if (c == "(") { depth++; if (depth == 1 && !started) { started = i; continue } }
            else if (c == ")") { depth--; if (depth == 0 && started) break }
            else if (c == "," && depth == 1) commas++
            if (started && depth >= 1 && c !~ /[ \t]/) empty = 0
        }
        if (!started) return
        name = substr(text, 1, started - 1); sub(/[ \t]+$/, "", name)
        n = split(name, w, /[ *]+/); name = w[n]
        params = (empty || text ~ /\([ \t]*void[ \t]*\)/) ? 0 : commas + 1
        if (params > limit && index(public, " " name " ") == 0 && index(allowed, " " name " ") == 0) {
            printf "%s:%d: %s takes %d parameters (the bar is %d)\n", FILENAME, head, name, params, limit
            bad = 1
        }
    }
    END { exit bad }' || exit 1
