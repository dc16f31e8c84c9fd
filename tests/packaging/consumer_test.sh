#!/usr/bin/env bash
# Installs a build tree to a temporary prefix and builds the consumer project
# (tests/packaging) against it the two usual ways: CMake's find_package and
# pkg-config, each with the shared and the static library; checks the
# installed tool's --version against the header.
# Usage: consumer_test.sh BUILD_DIR [CONFIG]     exit 77 means skipped
set -euo pipefail
if [ -n "${SEEBATCH_EMULATOR:-}" ]; then
    echo "skip: a cross build (run under $SEEBATCH_EMULATOR): the consumer project is built by the host's CMake and compiler; the native build checks the install"
    exit 77
fi
build=$(cd "$1" && pwd)
config=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cc=${CC:-cc}

if ! command -v pkg-config > /dev/null; then
    echo "SKIP: pkg-config is not installed (apt-get install pkg-config)"
    exit 77
fi
# A sanitizer build installs libraries that need the sanitizer runtime linked
# first into every program; a plain consumer cannot use them. The Release
# build runs this test.
sanitize=$(sed -n 's/^SEEBATCH_SANITIZE:[A-Z]*=//p' "$build/CMakeCache.txt")
if [ -n "$sanitize" ]; then
    echo "SKIP: sanitizer build (SEEBATCH_SANITIZE=$sanitize); the packaging test runs in plain builds"
    exit 77
fi

version=$(sed -n 's/^#define SEEBATCH_VERSION_STRING "\(.*\)"$/\1/p' "$root/include/seebatch.h")
[ -n "$version" ] || { echo "FAIL: no SEEBATCH_VERSION_STRING in include/seebatch.h"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

fail() { echo "FAIL: $*"; exit 1; }
needs_libseebatch() { # needs_libseebatch PROGRAM: is libseebatch.so a dynamic dependency?
    readelf -d "$1" | grep "NEEDED.*libseebatch\.so" > /dev/null
}

echo "== cmake --install to $prefix"
cmake --install "$build" --prefix "$prefix" ${config:+--config "$config"}
[ -f "$prefix/include/seebatch.h" ] || fail "header not installed under include/"
[ -f "$prefix/include/seebatch_view.h" ] || fail "seebatch_view.h not installed under include/"
[ -f "$prefix/include/seebatch_deprecated.h" ] || fail "seebatch_deprecated.h not installed under include/"
[ -f "$prefix/include/seebatch_training.h" ] || fail "seebatch_training.h not installed under include/"
# One library: SEE and training data alike (no libseebatch_training and no
# seebatch_training.pc: CHANGELOG.md's upgrade notes).
leftover=$(find "$prefix" -name '*seebatch_training*' ! -name seebatch_training.h)
[ -z "$leftover" ] || fail "a second library's files installed: $leftover"
[ -x "$prefix/bin/seebatch" ] || fail "tool not installed under bin/"
internal=$(find "$prefix" -name '*seebatch_checking*' -o -name '*seebatch_objects*' -o -name '*test*')
[ -z "$internal" ] || fail "internal files installed: $internal"

echo "== the shared library exports exactly the functions the header declares"
shared=$(find "$prefix" -name 'libseebatch.so' | head -n 1)
[ -n "$shared" ] || fail "libseebatch.so not installed"
if command -v nm > /dev/null; then
    # Every function declaration of the four headers that is not static inline
    # (a typedef of a function type declares no symbol).
    declared=$(cat "$prefix/include/seebatch.h" "$prefix/include/seebatch_view.h" \
        "$prefix/include/seebatch_deprecated.h" "$prefix/include/seebatch_training.h" | grep -E '^([A-Za-z_].*\b)?seebatch_[a-z0-9_]+\(' \
        | grep -v -e '^static inline' -e '^typedef' | grep -oE '\bseebatch_[a-z0-9_]+\(' | tr -d '(' | sort -u)
    exported=$(nm -D --defined-only "$shared" | awk '{print $3}' | sort -u)
    [ "$(echo "$declared" | wc -l)" -gt 20 ] || fail "found too few declarations in seebatch.h"
    extra=$(comm -13 <(echo "$declared") <(echo "$exported") | tr '\n' ' ')
    missing=$(comm -23 <(echo "$declared") <(echo "$exported") | tr '\n' ' ')
    [ -z "$extra" ] || fail "libseebatch.so exports what the headers do not declare: $extra"
    [ -z "$missing" ] || fail "libseebatch.so lacks (SEEBATCH_API missing?): $missing"
fi

echo "== every global symbol of the static library starts with seebatch_"
static_lib=$(find "$prefix" -name 'libseebatch.a' | head -n 1)
[ -n "$static_lib" ] || fail "libseebatch.a not installed"
if command -v nm > /dev/null; then
    # Linked into an engine, an unprefixed global (fail, random_next, ...)
    # would clash with the engine's own or silently stand in for it.
    globals=$(nm -g --defined-only "$static_lib" | awk 'NF == 3 {print $3}' | sort -u)
    [ "$(echo "$globals" | wc -l)" -gt 20 ] || fail "found too few global symbols in libseebatch.a"
    unprefixed=$(echo "$globals" | grep -v '^seebatch_' | tr '\n' ' ' || true)
    [ -z "$unprefixed" ] || fail "libseebatch.a defines globals without the seebatch_ prefix: $unprefixed"
fi

echo "== installed seebatch --version, with no library path set"
out=$(env -u LD_LIBRARY_PATH "$prefix/bin/seebatch" --version)
[ "$(head -1 <<< "$out")" == "seebatch $version" ] || fail "--version printed '$out', header says $version"

for linkage in shared static; do
    echo "== CMake consumer, find_package(seebatch $version), $linkage"
    static=OFF; [ $linkage == static ] && static=ON
    cmake -S "$here" -B "$work/cmake-$linkage" \
        -DCMAKE_PREFIX_PATH="$prefix" -DSEEBATCH_WANTED_VERSION="$version" \
        -DCONSUMER_STATIC=$static
    found=$(sed -n 's/^seebatch_DIR:PATH=//p' "$work/cmake-$linkage/CMakeCache.txt")
    case $found in "$prefix"/*) ;; *) fail "find_package used $found, not the test prefix" ;; esac
    cmake --build "$work/cmake-$linkage"
    if [ $linkage == shared ]; then needs_libseebatch "$work/cmake-$linkage/consumer" || fail "not linked against libseebatch.so"
    else ! needs_libseebatch "$work/cmake-$linkage/consumer" || fail "static build still needs libseebatch.so"; fi
    # CMake gives the program an RPATH to the prefix's libdir.
    env -u LD_LIBRARY_PATH "$work/cmake-$linkage/consumer"
    # Training data through the same library.
    if [ $linkage == shared ]; then
        needs_libseebatch "$work/cmake-$linkage/training_consumer" || fail "training consumer not linked against libseebatch.so"
    else
        ! needs_libseebatch "$work/cmake-$linkage/training_consumer" || fail "static training build needs libseebatch.so"
    fi
    mkdir -p "$work/data-$linkage"
    env -u LD_LIBRARY_PATH "$work/cmake-$linkage/training_consumer" "$work/data-$linkage"
done

pc=$(find "$prefix" -path '*/pkgconfig/seebatch.pc')
[ -n "$pc" ] || fail "seebatch.pc not installed"
export PKG_CONFIG_PATH=$(dirname "$pc")
[ "$(pkg-config --modversion seebatch)" == "$version" ] || fail "seebatch.pc has the wrong version"
libdir=$(pkg-config --variable=libdir seebatch)
flags=(-std=c11 -Wall -Wextra -Werror)   # the public header compiles cleanly

# The prefix is not a system directory: as docs/development.md says, the program
# finds libseebatch.so.0 through LD_LIBRARY_PATH, or through the RPATH the
# document's command line gives it.
echo "== cc \$(pkg-config --cflags --libs seebatch), shared, from a non-system prefix"
"$cc" "${flags[@]}" -o "$work/consumer-pc" "$here/consumer.c" $(pkg-config --cflags --libs seebatch)
needs_libseebatch "$work/consumer-pc" || fail "not linked against libseebatch.so"
! env -u LD_LIBRARY_PATH "$work/consumer-pc" > /dev/null 2>&1 \
    || fail "found libseebatch.so.0 with no RPATH and no LD_LIBRARY_PATH: is the prefix a system one?"
LD_LIBRARY_PATH=$libdir "$work/consumer-pc"
for doc in docs/development.md README.md; do
    grep -qF -- '$(pkg-config --cflags --libs seebatch) -Wl,-rpath,$(pkg-config --variable=libdir seebatch)' \
        "$root/$doc" || fail "$doc no longer shows the -Wl,-rpath command tested here"
done
"$cc" "${flags[@]}" -o "$work/consumer-rpath" "$here/consumer.c" \
    $(pkg-config --cflags --libs seebatch) -Wl,-rpath,$(pkg-config --variable=libdir seebatch)
env -u LD_LIBRARY_PATH "$work/consumer-rpath"

# Both libraries sit in libdir and the linker prefers the .so; -Bstatic picks
# the .a, and --static adds Libs.private (-pthread).
echo "== cc \$(pkg-config --cflags --static --libs seebatch), static"
"$cc" "${flags[@]}" -o "$work/consumer-pc-static" "$here/consumer.c" $(pkg-config --cflags seebatch) \
    -Wl,-Bstatic $(pkg-config --static --libs seebatch) -Wl,-Bdynamic
! needs_libseebatch "$work/consumer-pc-static" || fail "static build still needs libseebatch.so"
"$work/consumer-pc-static"

# Training data through the same .pc file, as docs/development.md shows it.
echo "== cc \$(pkg-config --cflags --libs seebatch) training_consumer.c, from a non-system prefix"
"$cc" "${flags[@]}" -o "$work/training-pc" "$here/training_consumer.c" \
    $(pkg-config --cflags --libs seebatch) -Wl,-rpath,$(pkg-config --variable=libdir seebatch)
needs_libseebatch "$work/training-pc" || fail "not linked against libseebatch.so"
mkdir -p "$work/data-pc"
env -u LD_LIBRARY_PATH "$work/training-pc" "$work/data-pc"
# libseebatch.a by its file name (-l:), so that -lm (Libs.private, the
# filter's exp) stays the system's shared one.
"$cc" "${flags[@]}" -o "$work/training-pc-static" "$here/training_consumer.c" $(pkg-config --cflags seebatch) \
    $(pkg-config --static --libs seebatch | sed 's/-lseebatch\b/-l:libseebatch.a/')
! needs_libseebatch "$work/training-pc-static" || fail "static training build still needs libseebatch.so"
mkdir -p "$work/data-pc-static"
"$work/training-pc-static" "$work/data-pc-static"

echo "== a plug-in (tests/engine_see/small_see.c) from the installed seebatch_plugin.h alone"
# An engine's SEE as seebatch loads it: the header, no library to link; it
# exports the ABI's functions and, built hidden, nothing else.
[ -f "$prefix/include/seebatch_plugin.h" ] || fail "seebatch_plugin.h not installed under include/"
"$cc" "${flags[@]}" -shared -fPIC -fvisibility=hidden -DSMALL_SEE_PLUGIN -I"$prefix/include" \
    -o "$work/small_see_plugin.so" "$root/tests/engine_see/small_see.c"
if command -v nm > /dev/null; then
    plugin_exports=$(nm -D --defined-only "$work/small_see_plugin.so" | awk '$2 == "T" {print $3}' |
        sort | tr '\n' ' ')
    [ "$plugin_exports" = "seebatch_plugin_abi seebatch_plugin_close seebatch_plugin_move \
seebatch_plugin_open seebatch_plugin_position seebatch_plugin_position_free \
seebatch_plugin_see_ge seebatch_plugin_see_value " ] || fail "the plug-in exports: $plugin_exports"
fi

echo "packaging: all consumers built and passed"
