# README.md's fenced blocks, for the tests that run them as printed
# (sourced by tests/docs/readme_blocks.sh and tests/packaging/readme_*.sh).
# A block belongs to the `## ` section above it; its language is what
# follows the opening fence (```sh: sh).

# readme_blocks_index README: one line a block, tab-separated: the fence's
# line number, the section, the language, and the HTML comment on the line
# just before the fence when it is a `<!-- not run ... -->` mark (else empty).
readme_blocks_index() {
    awk '
        inside && $0 == "```" { inside = 0; previous = $0; next }
        inside { next }
        /^## / { section = substr($0, 4) }
        /^```/ {
            inside = 1
            mark = previous ~ /^<!-- not run .*-->$/ ? previous : ""
            printf "%d\t%s\t%s\t%s\n", NR, section, substr($0, 4), mark
        }
        { previous = $0 }' "$1"
}

# readme_block README SECTION LANGUAGE: the lines of the block of that
# language in that section, fences left out (readme_blocks checks that there
# is one such block).
readme_block() {
    awk -v section="$2" -v language="$3" '
        inside && $0 == "```" { inside = 0; take = 0; next }
        inside { if (take) print; next }
        /^## / { here = substr($0, 4) == section }
        /^```/ { inside = 1; take = here && substr($0, 4) == language }' "$1"
}

# readme_commands README SECTION LANGUAGE: the block's command lines: its
# lines but blank ones and whole-line comments.
readme_commands() {
    readme_block "$@" | grep -v '^[[:space:]]*\(#.*\)\{0,1\}$' || true
}
