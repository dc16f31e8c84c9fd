/* A node's threshold tests on a view in one call (a move picker asking for
 * every capture at once): the rules' loop with the layout's exchange inlined
 * (instances.h), or, behind a rule's wrapper, the inline test in a loop. */
#include "seebatch_view.h"

void seebatch_view_see_ge_each(const seebatch_view_rules *rules, const seebatch_view *view,
                               const void *pins, const seebatch_view_move *moves, size_t count,
                               uint8_t *passed)
{
    if (rules->each) {
        rules->each(rules, view, pins, moves, count, passed);
        return;
    }
    for (size_t i = 0; i < count; i++) {
        passed[i] = seebatch_view_see_ge(rules, view, pins, moves[i].move, moves[i].mover_code,
                                         moves[i].victim_code, moves[i].threshold);
    }
}
