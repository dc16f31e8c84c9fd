#!/usr/bin/env bash
# Where a lane kernel's instructions go, function by function, although the
# kernel is one function to the profiler (everything in lib/lanes/ is
# inlined): callgrind counts each instruction of `seebatch_passes BACKEND
# MODE` (--dump-instr), and each is charged to every function of its chain
# of inlined calls as objdump --inlines names them (an inclusive count: a
# caller's figure holds its callees'). Printed per capture, 2 passes over
# every capture of the real positions, the functions above 1 instruction
# (the compiler's intrinsics left out: the vocabulary names them).
#
# Only the code inlined into FUNCTION counts (default run_many_boards, the
# many-board batch loop; functions kept out of line, such as play_with_slot,
# are profiled by naming them). Needs a build with -g (the line tables), for
# example: cmake -S . -B build-g -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS=-g
#
# Usage: bench/inline_profile.sh BUILD_DIR [BACKEND] [MODE] [PRESET] [FUNCTION]
#        (defaults: avx2 multi_ge stockfish run_many_boards)
set -euo pipefail
build=${1:?usage: inline_profile.sh BUILD_DIR [BACKEND] [MODE] [PRESET] [FUNCTION]}
backend=${2:-avx2}
mode=${3:-multi_ge}
preset=${4:-stockfish}
function=${5:-run_many_boards}
program=$build/seebatch_passes
fail() { echo "inline_profile.sh: $*" >&2; exit 2; }
command -v valgrind > /dev/null || fail "needs valgrind"
command -v objdump > /dev/null || fail "needs objdump (binutils)"
[ -x "$program" ] || fail "$program not found: build seebatch_passes with -g first"
[ "$backend" = avx512 ] && fail "valgrind cannot run avx512"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
captures=$("$program" scalar multi 1 "$preset" | sed -n 's/^\([0-9]*\) captures.*/\1/p')
valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$work/out" \
    "$program" "$backend" "$mode" 2 "$preset" > /dev/null 2>&1 || fail "callgrind run failed"

# Each instruction address of FUNCTION with its count. Callgrind's lines are
# "address line count" with addresses given absolute or relative to the one
# before; a line after "calls=" is the call's cost, not the instruction's.
awk -v want="$function" '
    function hex(text,    i, v) {
        v = 0
        for (i = 3; i <= length(text); i++) v = v * 16 + index("0123456789abcdef", substr(text, i, 1)) - 1
        return v
    }
    # "fn=(ID) NAME" names ID the first time, "fn=(ID)" after.
    function named(line,    id, rest) {
        id = line; sub(/^c?fn=\(/, "", id); sub(/\).*$/, "", id)
        rest = line; sub(/^c?fn=\([0-9]+\) ?/, "", rest)
        if (rest != "") names[id] = rest
        return names[id]
    }
    /^fn=\(/ { inside = (named($0) == want); next }
    /^cfn=\(/ { named($0); next }
    /^calls=/ { call = 1; next }
    /^(0x[0-9a-f]+|[+-][0-9]+|\*)[ \t]/ {
        a = $1
        if (a ~ /^0x/) address = hex(a)
        else if (a ~ /^\+/) address += substr(a, 2)
        else if (a ~ /^-/) address -= substr(a, 2)
        if (call) { call = 0; next }
        if (inside && NF >= 3) cost[address] += $3
    }
    END { for (a in cost) printf "%x %d\n", a, cost[a] }
' "$work/out" | sort > "$work/costs"
[ -s "$work/costs" ] || fail "no instructions counted in $function"
addresses=$(cut -d' ' -f1 "$work/costs" | while read -r a; do echo $((0x$a)); done | sort -n)
low=$(head -1 <<< "$addresses")
high=$(tail -1 <<< "$addresses")

objdump -dl --inlines --no-show-raw-insn --start-address="$low" --stop-address=$((high + 16)) \
    "$program" > "$work/asm"
# Charges each counted instruction to the functions of its inline chain: the
# innermost named by "NAME():", the outer ones by "inlined by FILE:LINE (NAME)".
awk -v per="$captures" '
    FNR == NR { cost[$1] = $2; next }
    /^[A-Za-z_][A-Za-z0-9_.]*\(\):$/ { inner = substr($0, 1, length($0) - 3); chain = inner; fresh = 0; next }
    /^inlined by / { if (!fresh) { chain = inner; fresh = 1 }
                     n = split($0, f, /[()]/); chain = chain " " f[n - 1]; next }
    /^\/.*:[0-9]+/ { chain = inner; fresh = 0; next }
    /^ *[0-9a-f]+:\t/ {
        fresh = 0
        split($1, f, ":"); c = cost[f[1]]
        if (c) { delete seen; n = split(chain, names, " ")
                 for (i = 1; i <= n; i++) if (!(names[i] in seen)) { seen[names[i]] = 1; total[names[i]] += c } }
    }
    END { for (k in total) if (k !~ /^_mm/ && total[k] / (2 * per) >= 1) printf "%8.1f %s\n", total[k] / (2 * per), k }
' "$work/costs" "$work/asm" | sort -rn
echo "(instructions per capture, inclusive, $backend $mode $preset, inlined into $function)"
