#!/usr/bin/env bash
# Links between the docs resolve: every relative Markdown link of README.md,
# CHANGELOG.md, docs/ (run files included), bench/README.md, python/README.md
# and tests/mutation/README.md names a file of the checkout, and its
# #anchor a heading of that file (GitHub's anchors: lower case, punctuation
# dropped, spaces to hyphens); and every place a source names a section of
# the docs, as `docs/design.md, section 2` or `docs/checking.md,
# "Guarantees"`, names one that is there.
# Usage: docs_links.sh REPOSITORY
set -euo pipefail
root=$(cd "${1:-.}" && pwd)
cd "$root"
pages=(README.md CHANGELOG.md docs/*.md docs/runs/*.md bench/README.md python/README.md
       tests/mutation/README.md)
existing=()
for page in "${pages[@]}"; do [ -f "$page" ] && existing+=("$page"); done

# anchors FILE: the anchors of its headings, one a line (outside code blocks).
anchors() {
    awk '/^```/ { code = !code } !code && /^#+ / {
        sub(/^#+ +/, ""); s = tolower($0); gsub(/[^a-z0-9 _-]/, "", s); gsub(/ /, "-", s); print s }' "$1"
}
# headings FILE: its headings as written, without the #s.
headings() { awk '/^```/ { code = !code } !code && /^#+ / { sub(/^#+ +/, ""); print }' "$1"; }

broken=0
for page in "${existing[@]}"; do
    dir=$(dirname "$page")
    while IFS= read -r target; do
        case $target in http://* | https://* | mailto:*) continue ;; esac
        file=${target%%#*}
        anchor=${target#"$file"}
        anchor=${anchor#\#}
        path=$dir/$file
        [ -z "$file" ] && path=$page
        if [ ! -e "$path" ]; then
            echo "$page: link to $target: no file $path"
            broken=$((broken + 1))
        elif [ -n "$anchor" ] && [[ $path == *.md ]] && ! anchors "$path" | grep -qxF -- "$anchor"; then
            echo "$page: link to $target: $path has no heading with the anchor #$anchor"
            broken=$((broken + 1))
        fi
    done < <(awk '/^```/ { code = !code; next } !code' "$page" | grep -oE '\]\([^) ]+\)' | sed -E 's/^\]\((.*)\)$/\1/')
done

# Sections named from the sources: "docs/X.md, section N" and docs/X.md, "Heading".
if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    while IFS= read -r reference; do
        where=${reference%%: *}
        text=${reference#*: }
        doc=$(grep -oE '^docs/[a-z0-9/-]+\.md' <<< "$text")
        [ -f "$doc" ] || { echo "$where: names $doc, which does not exist"; broken=$((broken + 1)); continue; }
        if [[ $text =~ section\ ([0-9]+) ]]; then
            headings "$doc" | grep -qE "^${BASH_REMATCH[1]}\. " \
                || { echo "$where: names $doc, section ${BASH_REMATCH[1]}, which it has not"; broken=$((broken + 1)); }
        else
            heading=$(sed -E 's/^[^"]*\\?"([^"\\]+)\\?".*/\1/' <<< "$text")
            headings "$doc" | grep -qF -- "$heading" \
                || { echo "$where: names $doc, \"$heading\", which has no such heading"; broken=$((broken + 1)); }
        fi
    done < <(git grep -noE 'docs/[a-z0-9-]+\.md,? (section [0-9]+|\\?"[^"\\]+\\?")' -- . ':!docs/runs' |
             sed -E 's/^([^:]*:[0-9]+):/\1: /')
fi

if [ "$broken" -gt 0 ]; then
    echo "FAIL: $broken links or section names that do not resolve"
    exit 1
fi
echo "docs links: every link and section name resolves (${#existing[@]} pages)"
