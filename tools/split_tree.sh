#!/usr/bin/env bash
# Splits the tree as libdeflate does (issue 18): the library in lib/ (its
# public header stays in include/), what is built on it in programs/.
#
#   src/*.c, src/*.h and src/{scalar,avx2,avx512,lanes}/  -> lib/
#   every other folder under src/ (cli, formats, checking, positions, and any
#   added later, e.g. training)                            -> programs/<folder>/
#   bench/selfplay.c, bench/make_real_positions.sh         -> programs/generators/
#
# then rewrites the paths in every tracked text file (CMake, C, scripts,
# docs), and gives the library's internal headers one CMake target,
# seebatch_internal_headers, in place of the include paths to src/.
# Stockfish's own src/ (in bench/stockfish/, tests/engine/, and a bare src/ on
# a line naming Stockfish) is left alone.
#
# Run it from a clean work tree at the repository root, then build, test and
# commit the result. It refuses to run twice (no src/ left, or lib/ exists).
# Usage: tools/split_tree.sh
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "split_tree.sh: $*" >&2; exit 1; }
[ -d src ] || fail "no src/ folder: the tree is already split"
[ ! -e lib ] || fail "lib/ exists already: the tree is already split"
[ ! -e programs ] || fail "programs/ exists already: the tree is already split"
git diff --quiet && git diff --cached --quiet || fail "the work tree has uncommitted changes; commit or stash them first"
command -v python3 > /dev/null || fail "needs python3"

library_folders="scalar avx2 avx512 lanes"

# --- the moves ---------------------------------------------------------------
mkdir -p lib programs/generators
for file in src/*.c src/*.h; do
    [ -e "$file" ] && git mv "$file" lib/
done
program_folders=()
for dir in src/*/; do
    folder=$(basename "$dir")
    if [[ " $library_folders " == *" $folder "* ]]; then
        git mv "src/$folder" "lib/$folder"
    else
        git mv "src/$folder" "programs/$folder"
        program_folders+=("$folder")
    fi
done
git mv bench/selfplay.c programs/generators/selfplay.c
git mv bench/make_real_positions.sh programs/generators/make_real_positions.sh
[ -z "$(ls -A src 2> /dev/null)" ] || fail "src/ still holds files git does not track: $(ls -A src)"
rmdir src 2> /dev/null || true

# --- the edits ---------------------------------------------------------------
PROGRAM_FOLDERS="${program_folders[*]}" python3 - << 'EOF'
import os, re, subprocess

programs = os.environ["PROGRAM_FOLDERS"].split()
files = subprocess.check_output(["git", "ls-files"], text=True).split("\n")
text_suffixes = (".c", ".h", ".cpp", ".txt", ".cmake", ".in", ".sh", ".py", ".md", ".tsv",
                 ".toml", ".cfg", ".yml", ".yaml", ".clang-format")
# This script is among the files (bash reads it as it runs: never edit it).
skipped_prefixes = ("bench/stockfish/", "tests/engine/", "tests/fuzz/corpus",
                    "tests/fuzz/regressions", "tools/split_tree.sh")

def where(path):
    """Where a src/ path goes."""
    head = path.split("/", 1)[0]
    return "programs/" + path if head in programs else "lib/" + path

# src/... at the start of a path: after a space, quote, backtick, bracket,
# colon, ../, start of line, or a CMake source-directory variable.
path_pattern = re.compile(r"((?:^|(?<=[\s`'\"(\[:=])|(?<=\.\./))|\$\{(?:CMAKE_CURRENT_SOURCE_DIR|PROJECT_SOURCE_DIR)\}/)"
                          r"src(/[\w.*${}/-]*|(?=[\s)\"'`]|$))", re.M)

def move_paths(line):
    def replace(m):
        rest = m.group(2)
        if rest in ("", "/"):
            # A bare src/ beside Stockfish's name is Stockfish's own folder.
            if "stockfish" in line.lower():
                return m.group(0)
            return m.group(1) + "lib" + rest
        return m.group(1) + where(rest[1:])
    line = path_pattern.sub(replace, line)
    line = line.replace("bench/selfplay.c", "programs/generators/selfplay.c")
    line = line.replace("bench/make_real_positions.sh", "programs/generators/make_real_positions.sh")
    return line

for name in files:
    if not name or name.startswith(skipped_prefixes) or os.path.islink(name):
        continue
    if not (name.endswith(text_suffixes) or os.path.basename(name) in ("CMakeLists.txt", "run")):
        continue
    try:
        text = open(name, encoding="utf-8").read()
    except (UnicodeDecodeError, FileNotFoundError):
        continue
    new = "".join(move_paths(line) for line in text.splitlines(keepends=True))
    if new != text:
        open(name, "w", encoding="utf-8").write(new)

# The generator's script now sits beside selfplay.c, one level below programs/.
script = "programs/generators/make_real_positions.sh"
text = open(script).read()
text = text.replace('"$(dirname "$0")/../programs/', '"$(dirname "$0")/../')
text = text.replace('"$(dirname "$0")/../lib', '"$(dirname "$0")/../../lib')
open(script, "w").write(text)

# The map of the code in docs/development.md: the new folders' column realigned,
# and the generators listed.
layout = "docs/development.md"
if os.path.exists(layout):
    lines = open(layout).read().splitlines(keepends=True)
    out = []
    for line in lines:
        m = re.match(r"^    ((?:lib|programs)/\S*)\s+(\S.*\n)$", line)
        if m:
            line = f"    {m.group(1):<24}{m.group(2)}"
        out.append(line)
        if line.startswith("    programs/cli/"):
            out.append(f"    {'programs/generators/':<24}Stockfish self-play for the benchmark's real positions\n")
    open(layout, "w").write("".join(out))

# The internal-headers target: every include path to lib/ becomes a link to it.
lib_dir = re.compile(r"^\$\{(?:CMAKE_CURRENT_SOURCE_DIR|PROJECT_SOURCE_DIR)\}/lib$")
command = re.compile(r"target_include_directories\(\s*(\w+)([^)]*)\)", re.S)
keywords = ("PUBLIC", "PRIVATE", "INTERFACE", "SYSTEM", "BEFORE", "AFTER")

def rewrite(m):
    target, tokens = m.group(1), m.group(2).split()
    kept, linked, visibility = [], None, "PRIVATE"
    for token in tokens:
        if token in ("PUBLIC", "PRIVATE", "INTERFACE"):
            visibility = token
            kept.append(token)
        elif lib_dir.match(token):
            linked = linked or visibility
        else:
            kept.append(token)
    if linked is None:
        return m.group(0)
    # Drop a visibility keyword left with no directory after it.
    cleaned = [t for i, t in enumerate(kept)
               if t not in ("PUBLIC", "PRIVATE", "INTERFACE")
               or (i + 1 < len(kept) and kept[i + 1] not in keywords)]
    link = f"target_link_libraries({target} {linked} seebatch_internal_headers)"
    if not cleaned:
        return link
    call = f"target_include_directories({target} {' '.join(cleaned)})"
    if len(call) > 100:  # one directory a line, as the hand-written calls do
        call = f"target_include_directories({target} {cleaned[0]}\n  " + "\n  ".join(cleaned[1:]) + ")"
    return f"{call}\n{link}"

for name in files:
    if os.path.basename(name) != "CMakeLists.txt" or not os.path.exists(name):
        continue
    text = open(name).read()
    new = command.sub(rewrite, text)
    if name == "CMakeLists.txt":
        anchor = "file(GLOB library_sources"
        if anchor not in new:
            raise SystemExit(f"split_tree.sh: no '{anchor}' in CMakeLists.txt to put the target before")
        new = new.replace(anchor,
            "# The library's internal headers (lib/), for the library and the programs and\n"
            "# tests built on it in this tree; never installed.\n"
            "add_library(seebatch_internal_headers INTERFACE)\n"
            "target_include_directories(seebatch_internal_headers INTERFACE ${CMAKE_CURRENT_SOURCE_DIR}/lib)\n\n"
            + anchor, 1)
    if new != text:
        open(name, "w").write(new)
EOF

git add -A lib programs CMakeLists.txt
git add -u
echo "split_tree.sh: moved to lib/ and programs/ (${program_folders[*]} generators); now build, run ctest, review:"
echo "  git grep -n '\\bsrc/' -- ':!bench/stockfish' ':!tests/engine'   # what is left naming src/"
echo "and update the prose maps (README.md, docs/design.md, docs/development.md) before committing."
