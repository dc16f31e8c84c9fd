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
    check_label_room "$script"
}

# check_label_room SCRIPT: in every panel each bar's label fits its bar, so
# that no two run into each other ("39.438.637.839.9"). A bar is the plot's
# width (the chart's less 200 pixels of axis) over its rows and their bars
# and gap; a label level at font size S is its longest line's characters
# times 0.8 S pixels wide, one turned upright its lines times 1.3 S (as
# pngcairo's sans font draws them).
check_label_room() {
    local script=$1
    local width
    width=$(sed -n 's/^set terminal pngcairo .* size \([0-9]*\),.*/\1/p' "$script")
    [ -n "$width" ] || fail "the chart script sets no pngcairo size"
    awk -v plot=$((width - 200)) '
        /^\$data << EOD$/ { rows = 0; longest = 0; lines = 1; inside = 1; next }
        /^EOD$/ { inside = 0; next }
        inside {
            rows++
            n = split($0, parts, "\"")   # the labels: every quoted field after the first
            for (i = 4; i <= n; i += 2) {
                k = split(parts[i], line, "\\\\n")
                if (k > lines) lines = k
                for (j = 1; j <= k; j++) if (length(line[j]) > longest) longest = length(line[j])
            }
            next
        }
        /^set title / { title = $0 }
        /^plot / {
            bars = gsub(/linecolor rgb/, "&")
            bar = plot / rows / (bars + 1)
            if (!match($0, /with labels [^\047]*font \047,[0-9]+/)) {
                if (title !~ /no room for labels/) { print "a panel without labels does not say so: " title; bad = 1 }
                next
            }
            style = substr($0, RSTART, RLENGTH)
            size = style; sub(/.*font .,/, "", size)
            need = style ~ /rotate by 90/ ? lines * 1.3 * size : longest * 0.8 * size
            if (need > bar) {
                printf "labels %.0f pixels wide over bars of %.0f (%d rows of %d bars, font %d%s): %s\n",
                       need, bar, rows, bars, size, style ~ /rotate/ ? ", upright" : "", title
                bad = 1
            }
        }
        END { exit bad }' "$script" || fail "a panel's bar labels run into each other (above)"
}
