/* The view exchanges with magic slider lookups, for any CPU; and the
 * wrappers for the rules the bodies do not play. Which lookups a view gets
 * is the registry's choice (implementations.c, dispatch.c). */
#include "view_exchange.h"

#include <stdint.h>

#include "attacks.h"

/* The bodies' default lookups: the portable tables and magics. */
#define VIEW_SET seebatch_view_portable
#include "view_instances.h"

static const bitboard last_ranks = 0xFF000000000000FFull;

/* Under SEEBATCH_PROMOTIONS a pawn capturing on a last rank promotes, which
 * the bodies do not play: such moves are played on the gathered board. The
 * others take the body, with the shortfall the inline exit worked out from
 * the mover's risk (its value and a promotion) brought back to its value. */
static bool walk_promoting(const seebatch_rules *rules, const uint64_t *pieces,
                           const uint64_t *colors, const void *pins, unsigned squares,
                           int32_t shortfall)
{
    const seebatch_view_rules *view_rules = view_rules_of(rules);
    if ((last_ranks >> (squares & 63)) & 1)
        return seebatch_view_walk_gathered(rules, pieces, colors, pins, squares, shortfall);
    int32_t promotion = rules->value[SEEBATCH_QUEEN] - rules->value[SEEBATCH_PAWN];
    shortfall -= promotion > 0 ? promotion : 0;
    return shortfall <= 0 ||
           view_rules->plain_exchange(rules, pieces, colors, pins, squares, shortfall);
}

static int32_t value_promoting(const seebatch_rules *rules, const uint64_t *pieces,
                               const uint64_t *colors, const void *pins, uint32_t move)
{
    if ((last_ranks >> (move & 63)) & 1)
        return seebatch_view_value_gathered(rules, pieces, colors, pins, move);
    return view_rules_of(rules)->plain_value(rules, pieces, colors, pins, move);
}

void seebatch_view_choose_exchanges(seebatch_view_rules *rules, const view_exchange_set *set)
{
    view_shape shape = seebatch_view_shape_of(&rules->layout);
    int pins = (rules->rules.flags & SEEBATCH_PINS) != 0;
    rules->exchange_set = set;
    rules->plain_exchange = set->see_ge[shape][pins];
    rules->plain_value = set->value[shape][pins];
    rules->exchange = rules->plain_exchange;
    rules->value = rules->plain_value;
    if (rules->rules.flags & SEEBATCH_PROMOTIONS) {
        rules->exchange = walk_promoting;
        rules->value = value_promoting;
    }
    /* The walk keeps no balance to stop on: rule 8 is played on the board. */
    if (rules->rules.flags & SEEBATCH_STOP_WHEN_AHEAD)
        rules->exchange = seebatch_view_walk_gathered;
}
