#!/usr/bin/env bash
# Every function the libraries define carries the library's prefix, the
# static ones too: in a profile of an engine built with seebatch, a name like
# see_ge_stockfish reads as the engine's own. Names the compiler and its
# runtime put there (crt helpers, libgcc's, those starting with "_") are not
# ours and are left out.
# Usage: [NM=nm-of-the-target] [SANITIZERS=...] symbols_prefixed.sh LIBRARY...
#        (static or shared)
# Exit 77 (skip) without nm, or in a sanitizer build: it leaves inlining to
# the compiler (CMakeLists.txt), so the helpers forced inline in a shipped
# build stand there as local functions of their own (the Release stage holds
# the shipped library's names).
set -euo pipefail
nm=${NM:-nm}
command -v "$nm" > /dev/null || { echo "skip: no $nm here"; exit 77; }
[ -z "${SANITIZERS:-}" ] || { echo "skip: a sanitizer build ($SANITIZERS) inlines as the compiler chooses; the Release build holds the names"; exit 77; }
[ $# -gt 0 ] || { echo "usage: symbols_prefixed.sh LIBRARY..." >&2; exit 2; }
# AArch64's mapping symbols ($x, $d), libgcc's outline atomics, the
# sanitizers' constructors (asan.module_ctor) are the compiler's too, and
# SIMDe's inline functions (the emulated AVX-512 test build) its headers',
# and mingw-w64's inline printf family (stdio.h) the Windows headers'.
runtime='^(_.*|\$[xd]|frame_dummy|register_tm_clones|deregister_tm_clones|get_available_features|has_cpu_feature|set_cpu_feature|call_weak_fn|init_have_lse_atomics|asan|tsan|ubsan|sancov|simde_.*|v?s?n?printf|v?fprintf)$'
status=0
for library in "$@"; do
    [ -f "$library" ] || { echo "FAIL: no library at $library"; exit 1; }
    # Defined functions, local and global; a clone's suffix (.constprop.0) cut.
    functions=$("$nm" --defined-only "$library" 2> /dev/null |
        awk 'NF == 3 && $2 ~ /^[tTiW]$/ { sub(/\..*/, "", $3); print $3 }' | sort -u)
    [ -n "$functions" ] || { echo "FAIL: nm lists no function in $library"; exit 1; }
    bare=$(grep -v '^seebatch_' <<< "$functions" | grep -Ev "$runtime" || true)
    if [ -n "$bare" ]; then
        echo "FAIL: $library defines functions without the seebatch_ prefix:"
        sed 's/^/  /' <<< "$bare"
        status=1
    else
        echo "symbols_prefixed: $(wc -l <<< "$functions") functions in $library, each seebatch_..."
    fi
done
exit "$status"
