# Sourced by the tests of a page's whole programs (tests/engine/
# your_see_page.sh, reckless_see.sh): tested_block PAGE NAME prints the
# fenced code after PAGE's line `<!-- tested: NAME -->`, as a reader copies it.
tested_block() {
    awk -v marker="<!-- tested: $2 -->" '
        $0 == marker { found = 1; next }
        found == 1 && /^```/ { found = 2; next }
        found == 2 && /^```/ { exit }
        found == 2 { print }' "$1"
}
