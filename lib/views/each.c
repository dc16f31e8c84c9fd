/* A node's threshold tests on a view in one call (a move picker asking for
 * every capture at once): the inline test of seebatch.h in a loop. */
#include "seebatch_view.h"

void seebatch_view_see_ge_each(const seebatch_view_rules *rules, const seebatch_view *view,
                               const void *pins, const seebatch_view_move *moves, size_t count,
                               uint8_t *passed)
{
    for (size_t i = 0; i < count; i++) {
        passed[i] = seebatch_view_see_ge(rules, view, pins, moves[i].move, moves[i].mover_code,
                                         moves[i].victim_code, moves[i].threshold);
    }
}
