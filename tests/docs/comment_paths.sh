#!/usr/bin/env bash
# Every file a comment in lib/ or include/ names exists: a path such as
# `lanes/pin_filter.h` or `docs/design.md`, or a bare name such as
# `see_engine.c`, must be a tracked file of the repository (the whole path,
# or its tail after a slash: `lanes/groups.h` and `groups.h` both name
# lib/lanes/groups.h). System headers (those a file includes with <...>)
# are not the repository's and are left out, as are #include lines (the
# compiler checks those). Exit 77 outside a git checkout (the tracked files
# come from git).
# Usage: comment_paths.sh REPOSITORY
set -euo pipefail
root=$(cd "${1:-.}" && pwd)
cd "$root"
if ! git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    echo "skip: $root is not a git checkout (the tracked files come from git)"
    exit 77
fi
pattern='[A-Za-z0-9_][A-Za-z0-9_./-]*\.(c|h|cpp|sh|py|md|txt|cmake)\b'
{
    git ls-files | sed 's/^/known /'
    grep -rhoE '^#include <[^>]+>' lib include | sed -E 's/^#include <(.*)>$/known \1/'
    grep -rnE '^\s*#\s*include' lib include | cut -d: -f1,2 | sed 's/^/include /'
    grep -rnoE "$pattern" lib include | sed -E 's/^([^:]*:[0-9]+):/named \1 /'
} | awk '
    $1 == "known" { path = $2
                    while (1) { known[path] = 1; i = index(path, "/"); if (!i) break; path = substr(path, i + 1) }
                    next }
    $1 == "include" { included[$2] = 1; next }
    $1 == "named" && !($2 in included) && !($3 in known) { print $2 " names " $3 ", which is no file of the repository"; bad++ }
    END { if (bad) { print "FAIL: " bad " names of files that do not exist in comments of lib/ and include/"; exit 1 }
          print "comment paths: every file named in lib/ and include/ exists" }'
