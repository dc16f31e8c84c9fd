#!/usr/bin/env bash
# The bar `one-design` (issue 36), part two: no circle of files in lib/ or
# programs/. A room is a source file with its header (x.c and x.h of one
# folder); room A depends on room B when A includes B's header, or when A's
# object calls or reads a symbol that B's object defines (nm). A circle is
# two rooms that depend on each other, directly or through others.
# Usage: circles.sh ROOT BUILD   (prints each circle; exit 1 if any)
set -u
root=$(cd "$1" && pwd) build=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root" || exit 2

# Includes: each quoted include resolved next to the includer, else by the
# file of that name (with its folder, if it gives one) anywhere in the tree.
find lib programs include -name '*.[ch]' | sort > "$work/files"
xargs awk 'FNR == 1 { dir = FILENAME; sub(/\/[^\/]*$/, "", dir) }
    /^#[ \t]*include[ \t]*"/ { split($0, q, "\""); print FILENAME, dir, q[2] }' < "$work/files" \
    | awk 'NR == FNR { file[$1] = 1; next }
           { path = $2 "/" $3
             while (path ~ /[^\/]+\/\.\.\//) sub(/[^\/]+\/\.\.\//, "", path)
             if (path in file) { print $1, path; next }
             for (f in file) if (f ~ ("(^|/)" $3 "$")) { print $1, f; next } }' "$work/files" - > "$work/includes"

# Symbols: what each object of lib/ and programs/ defines and what it needs.
find "$build" -name '*.c.o' -path '*CMakeFiles*' | grep -E '/(lib|programs)/' | while read -r object; do
    source=$(echo "$object" | sed -E 's|.*\.dir/||; s|\.o$||')
    case $source in lib/* | programs/*) ;; *) continue ;; esac
    nm "$object" 2> /dev/null | awk -v s="$source" '$1 == "U" {print "needs", s, $2} NF == 3 && $2 ~ /^[TDBR]$/ {print "defines", s, $3}'
done | sort -u > "$work/symbols"
awk '$1 == "defines" {by[$3] = by[$3] " " $2; n[$3]++}
     $1 == "needs" {need[++k] = $2 " " $3}
     END { for (i = 1; i <= k; i++) { split(need[i], p, " "); if (n[p[2]] == 1) print p[1], substr(by[p[2]], 2) } }' \
    "$work/symbols" > "$work/calls"

cat "$work/includes" "$work/calls" | awk '{ a = $1; b = $2; sub(/\.[ch]$/, "", a); sub(/\.[ch]$/, "", b)
    if (a != b && a ~ /^(lib|programs)\// && b ~ /^(lib|programs)\//) print a, b }' | sort -u > "$work/edges"

# For each edge a -> b: does b reach a? Then a and b stand in one circle.
awk '{ out[$1] = out[$1] " " $2; edge[++m] = $1 " " $2 }
     function reaches(from, goal,    queue, seen, head, tail, node, next_nodes, k, i) {
         head = 1; tail = 1; queue[1] = from; seen[from] = 1
         while (head <= tail) {
             node = queue[head++]
             if (node == goal) return 1
             k = split(out[node], next_nodes, " ")
             for (i = 1; i <= k; i++) if (!(next_nodes[i] in seen)) { seen[next_nodes[i]] = 1; queue[++tail] = next_nodes[i] }
         }
         return 0
     }
     END {
         for (i = 1; i <= m; i++) { split(edge[i], e, " "); if (reaches(e[2], e[1])) { print "circle: " e[1] " -> " e[2] " -> ... -> " e[1]; bad = 1 } }
         exit bad
     }' "$work/edges" || exit 1
echo "circles: none among $(cut -d' ' -f1 "$work/edges" | sort -u | wc -l) rooms of lib/ and programs/ ($(wc -l < "$work/edges") dependencies)"
