# The checks of plot_chart.py's gnuplot script that hold for any number of
# backends, sourced by smoke_test.sh (a real run of the benchmark) and by
# chart_backends_test.sh (made-up results with one, two and three backends),
# so that a check which only holds for the backends of this machine fails
# here too. Needs fail() from the script that sources it.

# check_chart SCRIPT BACKEND... : the backends measured, in any order.
check_chart() {
    local script=$1
    shift
    local expected=() backend
    # The chart's order: narrowest first, then any others by name.
    for backend in scalar avx2 avx512; do
        [[ " $* " == *" $backend "* ]] && expected+=("$backend")
    done
    for backend in $(printf '%s\n' "$@" | sort); do
        [[ " scalar avx2 avx512 " == *" $backend "* ]] || expected+=("$backend")
    done
    local count=${#expected[@]}
    # The row "multi": one rate per backend, then one label per backend
    # (rate over cycles per capture).
    grep -Eq "^\"multi\"( [0-9.]+){$count}( \"[0-9.]+\\\\n[0-9]+ c\"){$count}\$" "$script" \
        || fail "the row multi has not $count bars, each labelled with rate and cycles"
    # Every panel of backends lists them in that order.
    local order
    order=$(grep '^plot ' "$script" | grep -v '"seebatch"' | head -1 |
        grep -o 'title "[^"]*"' | sed 's/title "\(.*\)"/\1/' | tr '\n' ' ')
    [ "$order" = "${expected[*]} " ] || fail "the backends' bars stand as \"$order\", expected \"${expected[*]}\""
    # One colour per column, the same in every panel, no two columns alike.
    local pairs
    pairs=$(grep '^plot ' "$script" | grep -o 'linecolor rgb "[^"]*" title "[^"]*"' | sort -u)
    [ -n "$pairs" ] || fail "no bar has a colour of its own"
    [ "$(cut -d'"' -f4 <<< "$pairs" | sort | uniq -d)" = "" ] || fail "a column changes colour between panels: $pairs"
    [ "$(cut -d'"' -f2 <<< "$pairs" | sort | uniq -d)" = "" ] || fail "two columns share a colour: $pairs"
    # One quantity per panel, and every panel says which way is better.
    [ "$(grep -c '^set title ' "$script")" = "$(grep -c '^set title .*higher is better' "$script")" ] \
        || fail "a panel does not say that higher is better"
    [ "$(grep '^set ylabel ' "$script" | grep -vc 'million .* / s')" = 0 ] \
        || fail "a panel's measure is not millions per second"
}
