#!/usr/bin/env bash
# README's install lines, as printed, build and run an app: in an empty
# directory where `build` is this build tree and app.c is README's "library
# in 30 lines", the README's `cmake --install build --prefix DIR`, `export
# PKG_CONFIG_PATH=...` and `cc app.c $(pkg-config ...) ...` run one after
# another in one shell, with DIR a fresh full path and no PKG_CONFIG_PATH
# or LD_LIBRARY_PATH set before; the program they make runs and prints the
# line README's comment shows (d3e5 -225).
# Usage: readme_install.sh README.md BUILD_DIR     exit 77 means skipped
set -euo pipefail
readme=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
build=$(cd "$2" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
source "$(dirname "$0")/../docs/readme_text.sh"
skip() { echo "skip: $*"; exit 77; }
[ -z "${SEEBATCH_EMULATOR:-}" ] ||
    skip "a cross build (run under $SEEBATCH_EMULATOR): the host's compiler cannot link the target's library"
command -v pkg-config > /dev/null || skip "pkg-config is not installed (apt-get install pkg-config)"
sanitize=$(sed -n 's/^SEEBATCH_SANITIZE:[A-Z]*=//p' "$build/CMakeCache.txt")
[ -z "$sanitize" ] || skip "a sanitizer build ($sanitize): its library needs the sanitizer's runtime"
libdir=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:PATH=//p' "$build/CMakeCache.txt")
[ "$libdir" = lib ] ||
    skip "this build installs libraries under $libdir (CMAKE_INSTALL_LIBDIR), README's line says DIR/lib"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/here"
ln -s "$build" "$work/here/build"
readme_block "$readme" "The library in 30 lines" c > "$work/here/app.c"
[ -s "$work/here/app.c" ] || fail "README.md has no C block under \"The library in 30 lines\""

# The README's commands: its code spans that start so, in its order (the
# export is what a user needs when DIR is not a system prefix).
spans=$(sed -n '/^## The library in 30 lines$/,/^## /p' "$readme" | tr '\n' ' ' | grep -o '`[^`]*`' | tr -d '`')
commands=$(grep -E '^(cmake --install build |export PKG_CONFIG_PATH=|cc app\.c )' <<< "$spans" || true)
for start in 'cmake --install' 'cc app.c'; do
    [ "$(grep -c "^$start" <<< "$commands")" = 1 ] ||
        fail "README's library section should show one \`$start ...\` line; it shows: $(echo $commands)"
done
grep -q 'DIR' <<< "$commands" || fail "README's install lines name no DIR"
echo "README's lines, DIR being $work/prefix:"
commands=${commands//DIR/$work/prefix}
echo "$commands"
(cd "$work/here" && env -u PKG_CONFIG_PATH -u LD_LIBRARY_PATH bash -euo pipefail -c "$commands") \
    > "$work/log" 2>&1 || { cat "$work/log"; fail "README's install lines failed (above)"; }
[ -x "$work/here/a.out" ] || fail "README's cc line made no a.out"
env -u LD_LIBRARY_PATH "$work/here/a.out" > "$work/out" || fail "the app exited $?"
cat "$work/out"
grep -qx 'd3e5 -225' "$work/out" || fail "the app does not print \"d3e5 -225\" as README's comment says"
readelf -d "$work/here/a.out" | grep -q 'NEEDED.*libseebatch\.so' || fail "the app is not linked to libseebatch.so"
echo "README's install lines: ok"
