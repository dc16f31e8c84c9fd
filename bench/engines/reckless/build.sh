#!/usr/bin/env bash
# Builds Reckless's own SEE (Board::see) as a seebatch plug-in and as a line
# program, from a tree you provide, with cargo and rustc, offline, and that
# tree's own Cargo profile (fat LTO, panic=abort) and target flags
# (.cargo/config.toml: target-cpu=native). Reckless is a Rust engine with no
# crate dependencies up to commit e47e820 (0.8.0-dev, May 2025; the next
# commit brought cc and bindgen for Syzygy tablebases), which is the one
# taken. Its crate is a program only (main.rs): the adapters plugin.rs and
# lines.rs are each the root of a crate of their own in WORK_DIR/crate,
# whose other modules are the tree's (board, lookup, parameters, types,
# linked there) and whose build script is the tree's (build/build.rs, which
# writes the attack tables). No network is compiled, so none is needed.
#
# Usage: bench/engines/reckless/build.sh RECKLESS_DIR [WORK_DIR]
#   RECKLESS_DIR  commit e47e820ca907d216501057c847d0c6c592946d67 of
#                 codedeliveryservice/Reckless (the directory holding src/)
#   WORK_DIR      where the crate and its build go (default: a new
#                 temporary one)
# Environment: CARGO (default: cargo), JOBS=2; PLUGIN_SOURCE, LINES_SOURCE:
#   other adapters (crate roots) to build in place of this directory's.
# Prints the plug-in's and the line program's paths ("plug-in: PATH",
# "lines: PATH"). Exit status: 0 built, 1 a build failed, 2 bad arguments or
# a tree that is not Reckless e47e820, 77 no tree there or no cargo.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
engine=reckless-e47e820
source "$here/../engine_tree.sh"
take_engine_tree Reckless src/board/see.rs "${1:-}" "${2:-}"
what="Reckless at commit e47e820 (0.8.0-dev, the last without crate dependencies)"
refuse_tree "$what" Cargo.toml '^version = "0\.8\.0-dev"$' '^edition = "2021"$'
refuse_tree "$what" src/search.rs \
    'let reduced_depth = \(new_depth - reduction / 1024\)\.clamp\(0, new_depth \+ \(PV \|\| cut_node\) as i32\);'
refuse_tree "$what" src/board/see.rs '^    pub fn see\(&self, mv: Move, threshold: i32\) -> bool \{$'
if grep -qE '^\[(build-|target\..*\.)?dependencies\]' "$tree/Cargo.toml"; then
    echo "error: $tree is not $what: its Cargo.toml has dependencies, which an offline build cannot fetch" >&2
    exit 2
fi
cargo=${CARGO:-cargo}
if ! command -v "$cargo" > /dev/null; then
    echo "skip: no cargo ($cargo) to build Reckless with (Debian: apt-get install cargo rustc)"
    exit 77
fi

# The crate: its roots are the adapters, every other file is the tree's.
crate=$work/crate
mkdir -p "$crate/src"
ln -sfn "$tree/build" "$crate/build"
[ -d "$tree/.cargo" ] && ln -sfn "$tree/.cargo" "$crate/.cargo"
for module in board.rs board lookup.rs parameters.rs types; do
    ln -sfn "$tree/src/$module" "$crate/src/$module"
done
ln -sfn "$here/reckless_calls.rs" "$crate/src/reckless_calls.rs"
absolute() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
ln -sfn "$(absolute "${PLUGIN_SOURCE:-$here/plugin.rs}")" "$crate/src/plugin.rs"
ln -sfn "$(absolute "${LINES_SOURCE:-$here/lines.rs}")" "$crate/src/lines.rs"
{
    cat << 'TOML'
[package]
name = "reckless_see"
version = "0.0.0"
build = "build/build.rs"
publish = false
TOML
    grep -E '^edition = ' "$tree/Cargo.toml"
    cat << 'TOML'

[lib]
path = "src/plugin.rs"
crate-type = ["cdylib"]

[[bin]]
name = "see_lines"
path = "src/lines.rs"

TOML
    # The tree's own profiles (release: fat LTO, one codegen unit, abort on panic).
    sed -n '/^\[profile\./,/^\[[^p]/p' "$tree/Cargo.toml" | grep -v '^\[[^p]'
} > "$crate/Cargo.toml.new"
cmp -s "$crate/Cargo.toml.new" "$crate/Cargo.toml" 2> /dev/null \
    && rm "$crate/Cargo.toml.new" || mv "$crate/Cargo.toml.new" "$crate/Cargo.toml"

echo "Reckless e47e820 at $tree, $("$cargo" --version), $(rustc --version 2> /dev/null || echo 'rustc ?')"
# EVALFILE: the tree's build script would otherwise download a network; the
# SEE reads none, so an empty file stands in (nothing includes it).
: > "$work/no-network.nnue"
(cd "$crate" && EVALFILE="$work/no-network.nnue" CARGO_TARGET_DIR="$work/target" \
    "$cargo" build --offline --release --jobs "${JOBS:-2}") \
    || { echo "error: building the Reckless adapters with $cargo failed" >&2; exit 1; }
cp "$work/target/release/libreckless_see.so" "$work/see_plugin.so"
cp "$work/target/release/see_lines" "$work/see_lines"
echo "compiler: $(rustc --version 2> /dev/null) (the tree's profile.release and .cargo/config.toml)"
echo "plug-in: $work/see_plugin.so"
echo "lines: $work/see_lines"
