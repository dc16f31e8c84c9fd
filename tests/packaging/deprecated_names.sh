#!/usr/bin/env bash
# 0.2's names on request: a caller of them that includes
# seebatch_deprecated.h compiles with a warning at each use naming the
# replacement, and fails with -Werror=deprecated-declarations; with
# seebatch.h alone the names are not declared (seebatch.h does not include
# that header, nor seebatch_view.h); a caller of the 0.3 calls compiles
# warning-free, its views from seebatch_view.h. (test_deprecated_api runs
# the old calls.)
# Usage: deprecated_names.sh CC INCLUDE_DIR
set -euo pipefail
cc=$1 include=$2
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat > "$work/old.c" <<'C'
#include "seebatch_deprecated.h"
int old_caller(const seebatch_board *board, seebatch_move move, int32_t *values)
{
    seebatch_config config = seebatch_config_classic();
    seebatch_see_values(board, &move, 1, &config, values);
    return seebatch_see_ge(board, move, 0, &config);
}
C
"$cc" -std=c11 -Wall -Wextra -I"$include" -c -o "$work/old.o" "$work/old.c" 2> "$work/warnings" \
    || { cat "$work/warnings"; fail "a caller of the 0.2 names does not compile"; }
cat "$work/warnings"
grep -q "seebatch_see_values.* is deprecated.*use seebatch_values" "$work/warnings" \
    || fail "no deprecation warning naming seebatch_values for seebatch_see_values"
grep -q "seebatch_see_ge.* is deprecated.*use seebatch_value_ge" "$work/warnings" \
    || fail "no deprecation warning naming seebatch_value_ge for seebatch_see_ge"
if "$cc" -std=c11 -Werror=deprecated-declarations -I"$include" -c -o "$work/old.o" "$work/old.c" \
    2> /dev/null; then
    fail "-Werror=deprecated-declarations accepted a call of seebatch_see_values"
fi
sed 's/seebatch_deprecated.h/seebatch.h/' "$work/old.c" > "$work/unasked.c"
if "$cc" -std=c11 -Werror -I"$include" -c -o "$work/old.o" "$work/unasked.c" 2> /dev/null; then
    fail "seebatch.h alone declares the 0.2 names"
fi
cat > "$work/views_unasked.c" <<'C'
#include "seebatch.h"
#ifdef SEEBATCH_VIEW_H
#error seebatch.h includes seebatch_view.h
#endif
C
"$cc" -std=c11 -Werror -I"$include" -c -o "$work/views.o" "$work/views_unasked.c" \
    || fail "seebatch.h brings in the views' header"

cat > "$work/new.c" <<'C'
#include "seebatch.h"
#include "seebatch_view.h"
bool new_caller(const seebatch_rules *rules, const seebatch_board *board, seebatch_move move,
                int32_t *values, const seebatch_view_rules *view_rules, const seebatch_view *view)
{
    seebatch_batch batch = {board, 1, NULL, NULL, &move, 1};
    if (seebatch_check(rules, &batch, NULL) != SEEBATCH_OK)
        return false;
    seebatch_values(rules, &batch, values);
    return seebatch_value_ge(rules, board, NULL, move, 0) &&
           seebatch_view_see_ge(view_rules, view, NULL, move, 1, 9, 0);
}
C
"$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror -I"$include" -c \
    -o "$work/new.o" "$work/new.c" || fail "a caller of the 0.3 calls does not compile cleanly"
echo "deprecated names: ok"
