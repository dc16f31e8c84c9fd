/* A node's threshold tests on a view in one call (a move picker asking for
 * every capture at once): the rules' loop with the layout's exchange inlined
 * (instances.h), or, behind a rule's wrapper, the inline test in a loop. */
#include "seebatch_view.h"

/* The loop behind a rule's wrapper. Out of line: the call with the loop
 * inlined then saves no register and jumps straight to the rules' own loop
 * (a node averages under three moves, and the saves cost several
 * instructions a move). */
static __attribute__((noinline)) void
seebatch_view_see_ge_each_wrapped(const seebatch_view_rules *rules, const seebatch_view *view,
                                  const void *pins, const seebatch_view_move *moves, size_t count,
                                  uint8_t *passed)
{
    for (size_t i = 0; i < count; i++) {
        passed[i] = seebatch_view_see_ge(rules, view, pins, moves[i].move, moves[i].mover_code,
                                         moves[i].victim_code, moves[i].threshold);
    }
}

void seebatch_view_see_ge_each(const seebatch_view_rules *rules, const seebatch_view *view,
                               const void *pins, const seebatch_view_move *moves, size_t count,
                               uint8_t *passed)
{
    if (rules->each)
        rules->each(rules, view, pins, moves, count, passed);
    else
        seebatch_view_see_ge_each_wrapped(rules, view, pins, moves, count, passed);
}
