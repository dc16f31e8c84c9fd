# Sourced by the tests in tests/cli/: a tally and one assertion.
failures=0 passes=0

expect() { # expect NAME ACTUAL EXPECTED
    if [ "$2" == "$3" ]; then
        passes=$((passes + 1))
    else
        failures=$((failures + 1))
        printf 'FAIL %s\n  got:      %q\n  expected: %q\n' "$1" "$2" "$3"
    fi
}

finish() { # finish NAME: prints the tally, exits non-zero on any failure
    echo "$1: $passes passed, $failures failed"
    [ "$failures" -eq 0 ]
}
