#!/bin/sh
# The examples of seebatch_engine.h for its first calls, taken from the
# header as its user reads them (seebatch_rules_init's, then
# seebatch_value's), compile against the pair alone under -std=c99
# -pedantic -Werror and run: the board the example spells, d4xe5 defended
# by d6, gives 0, and a pawn once d6 is gone.
# Usage: header_example.sh DIR CC    (DIR holds seebatch_engine.h and .c;
#        CC_FLAGS, if set, are added: -mbmi2 for the pext exchange;
#        SEEBATCH_EMULATOR runs the program in a cross build)
set -eu
dir=${1:?usage: header_example.sh DIR CC}
cc=${2:-cc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cp "$dir/seebatch_engine.h" "$dir/seebatch_engine.c" "$work/"
# example FUNCTION: the code lines of the comment right above its declaration.
example() {
    awk -v declaration="^SEEBATCH_API [a-z0-9_]+ \\**$1\\(" '
        /^\/\*/ { block = ""; in_block = 1 }
        in_block && /^ \*     / { block = block substr($0, 4) "\n" }
        /\*\/$/ { in_block = 0 }
        $0 ~ declaration { printf "%s", block; found = 1; exit }
        END { if (!found) exit 1 }
    ' "$work/seebatch_engine.h"
}
rules=$(example seebatch_rules_init) || fail "no declaration of seebatch_rules_init in seebatch_engine.h"
value=$(example seebatch_value) || fail "no declaration of seebatch_value in seebatch_engine.h"
[ -n "$rules" ] || fail "seebatch_rules_init's comment in seebatch_engine.h has no example"
[ -n "$value" ] || fail "seebatch_value's comment in seebatch_engine.h has no example"
cat > "$work/example.c" <<END
#include <stdio.h>

#include "seebatch_engine.h"

int main(void)
{
    seebatch_error error;
$rules
$value
    /* What the example promises, and that its board is the one it says. */
    if (seebatch_board_validate(&board, &error) != SEEBATCH_OK) {
        printf("the example's board is not consistent: %s\n", error.message);
        return 1;
    }
    if (gain != 0) {
        printf("the example's gain is %d, not 0\n", (int)gain);
        return 1;
    }
    board.pieces[SEEBATCH_PAWN] &= ~(1ull << 43); /* d6 gone: d4xe5 wins a pawn */
    board.colors[SEEBATCH_BLACK] &= ~(1ull << 43);
    if (seebatch_value(&rules, &board, NULL, move) != config.values[SEEBATCH_PAWN]) {
        printf("without d6 the capture gives %d, not a pawn\n", (int)seebatch_value(&rules, &board, NULL, move));
        return 1;
    }
    printf("ok\n");
    return 0;
}
END
# shellcheck disable=SC2086 # CC_FLAGS are words
(cd "$work" && "$cc" -std=c99 -pedantic -Wall -Wextra -Werror ${CC_FLAGS:-} -o example.exe example.c seebatch_engine.c) ||
    { cat "$work/example.c"; fail "the header's examples do not compile against the pair alone"; }
# In a cross build the program runs under the emulator the build names.
# shellcheck disable=SC2086 # the emulator's command is words
${SEEBATCH_EMULATOR:-} "$work/example.exe" || fail "the header's examples, compiled against the pair, do not answer as they say"
echo "engine pair: the header's examples for seebatch_rules_init and seebatch_value compile against the pair alone${CC_FLAGS:+ (with $CC_FLAGS)} and answer as they say"
