#!/usr/bin/env bash
# The install carries the engine pair: `cmake --install` to a temporary
# prefix puts seebatch_engine.h and seebatch_engine.c under
# share/seebatch/engine_pair/, the build's dist/ files byte for byte, and
# copied from there alone they compile and answer as the header's examples
# say (tests/engine_pair/header_example.sh), built plainly and, on x86-64,
# with -mbmi2 (the pext exchange) where the CPU runs it. A compile of the
# pair takes gcc 12 about 20 s; the later stages (SEEBATCH_TEST_SCALE below
# 1) build it once, with -mbmi2 where the CPU runs it: built plainly, the
# installed files (the dist/ files byte for byte) are what
# engine_pair_header_example compiles in the same stage.
# Usage: engine_pair_installed.sh BUILD_DIR SOURCE_DIR CC [CONFIG]
set -euo pipefail
source "$(dirname "$0")/../support/test_scale.sh"
build=$(cd "$1" && pwd)
root=$(cd "$2" && pwd)
cc=$3
config=${4:-}
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" ${config:+--config "$config"} > "$work/install.log" ||
    { cat "$work/install.log"; fail "cmake --install failed"; }
pair=$work/prefix/share/seebatch/engine_pair
for file in seebatch_engine.h seebatch_engine.c; do
    [ -f "$pair/$file" ] || fail "$file is not installed under share/seebatch/engine_pair/"
    cmp -s "$pair/$file" "$build/dist/$file" || fail "the installed $file is not the build's dist/$file"
done
mkdir "$work/engine"
cp "$pair/seebatch_engine.h" "$pair/seebatch_engine.c" "$work/engine/"
with_bmi2=no
if "$cc" -dM -E -mbmi2 - < /dev/null 2> /dev/null | grep -q '__x86_64__' && grep -qw bmi2 /proc/cpuinfo 2> /dev/null; then
    with_bmi2=yes
fi
if at_full_scale || [ "$with_bmi2" = no ]; then
    bash "$root/tests/engine_pair/header_example.sh" "$work/engine" "$cc" ||
        fail "the installed pair, copied alone, does not compile or answer"
fi
if [ "$with_bmi2" = yes ]; then
    CC_FLAGS=-mbmi2 bash "$root/tests/engine_pair/header_example.sh" "$work/engine" "$cc" ||
        fail "the installed pair built with -mbmi2 does not compile or answer"
fi
echo "packaging: the engine pair installed under share/seebatch/engine_pair/ compiles alone and answers"
