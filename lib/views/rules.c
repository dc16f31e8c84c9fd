/* Rules for views: preparing them (the values by the engine's piece codes,
 * the exchanges for this CPU and layout), and the wrappers that send the
 * moves the exchanges do not play to the gathered board. */
#include "choice.h"
#include "errors.h"
#include "kernel.h"
#include "views.h"

static const bitboard last_ranks = 0xFF000000000000FFull;

/* Under SEEBATCH_PROMOTIONS a pawn capturing on a last rank promotes, which
 * the exchanges do not play: such moves are played on the gathered board.
 * The others take the exchange, with the shortfall the inline exit worked
 * out from the mover's risk (its value and a promotion) brought back to its
 * value. */
static bool seebatch_see_ge_promoting(const seebatch_rules *rules, const uint64_t *pieces,
                                      const uint64_t *colors, const void *pins, unsigned move,
                                      int32_t shortfall)
{
    const seebatch_view_rules *view_rules = view_rules_of(rules);
    if ((last_ranks >> (move & 63)) & 1)
        return seebatch_view_see_ge_gathered(rules, pieces, colors, pins, move, shortfall);
    int32_t promotion = rules->value[SEEBATCH_QUEEN] - rules->value[SEEBATCH_PAWN];
    shortfall -= promotion > 0 ? promotion : 0;
    return shortfall <= 0 ||
           view_rules->plain_exchange(rules, pieces, colors, pins, move, shortfall);
}

static int32_t seebatch_value_promoting(const seebatch_rules *rules, const uint64_t *pieces,
                                        const uint64_t *colors, const void *pins, unsigned move,
                                        unsigned mover_code, unsigned victim_code)
{
    seebatch_view_value_fn *exact = (last_ranks >> (move & 63)) & 1
                                        ? seebatch_view_value_gathered
                                        : view_rules_of(rules)->plain_value;
    return exact(rules, pieces, colors, pins, move, mover_code, victim_code);
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
        rules->exchange = seebatch_see_ge_promoting;
        rules->value = seebatch_value_promoting;
    }
    /* The threshold test keeps no balance to stop on: rule 8 is played on
     * the board. */
    if (rules->rules.flags & SEEBATCH_STOP_WHEN_AHEAD)
        rules->exchange = seebatch_view_see_ge_gathered;
    rules->each = rules->exchange == rules->plain_exchange ? set->see_ge_each[shape][pins] : NULL;
}

seebatch_status seebatch_view_rules_set_layout(seebatch_view_rules *rules,
                                               const seebatch_layout *layout, seebatch_error *error)
{
    if (!rules || !layout)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "%s is NULL",
                             rules ? "layout" : "rules");
    seebatch_status status = seebatch_view_layout_check(layout, error);
    if (status != SEEBATCH_OK)
        return status;
    rules->layout = *layout;
    seebatch_view_choose_exchanges(rules, (const view_exchange_set *)rules->exchange_set);
    return seebatch_succeed(error);
}

/* type_of_code as seebatch_view_rules_init takes it: errors naming the code. */
static seebatch_status seebatch_check_codes(const int8_t *type_of_code, size_t code_count,
                                            seebatch_error *error)
{
    if (!type_of_code && code_count > 0)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "type_of_code is NULL");
    if (code_count > SEEBATCH_PIECE_CODES)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "code_count is %zu, more than %d codes", code_count,
                             SEEBATCH_PIECE_CODES);
    for (size_t code = 0; code < code_count; code++)
        if (type_of_code[code] < -1 || type_of_code[code] > SEEBATCH_KING)
            return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                                 "type_of_code[%zu] is %d, not a piece type (0..5) or -1", code,
                                 type_of_code[code]);
    return seebatch_succeed(error);
}

/* What the inline exits read: each code's value as a victim and its risk
 * as a mover. */
static void seebatch_value_codes(seebatch_view_rules *rules, const int8_t *type_of_code,
                                 size_t code_count)
{
    const int32_t *value = rules->rules.value;
    int32_t promotion = value[SEEBATCH_QUEEN] - value[SEEBATCH_PAWN];
    /* A mover may lose itself and, under SEEBATCH_PROMOTIONS, what a pawn
     * taking it on a last rank gains by promoting: the inline exit that says
     * "true even if the mover is taken back" must count both. */
    int32_t promotion_risk =
        (rules->rules.flags & SEEBATCH_PROMOTIONS) && promotion > 0 ? promotion : 0;
    rules->king_codes = 0;
    for (size_t code = 0; code < SEEBATCH_PIECE_CODES; code++) {
        int type = code < code_count ? type_of_code[code] : -1;
        rules->king_codes |= (uint32_t)(type == SEEBATCH_KING) << code;
        /* No piece is worth what an empty square is: nothing. */
        rules->code_value[code] = type < 0 ? 0 : value[type];
        rules->code_risk[code] = type < 0 ? 0 : rules->code_value[code] + promotion_risk;
    }
}

seebatch_status seebatch_view_rules_init(seebatch_view_rules *rules, const seebatch_config *config,
                                         const int8_t *type_of_code, size_t code_count,
                                         seebatch_error *error)
{
    if (!rules)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "rules is NULL");
    seebatch_status status = seebatch_check_codes(type_of_code, code_count, error);
    if (status == SEEBATCH_OK)
        status = seebatch_config_check(config, error);
    const view_exchange_set *set = NULL;
    if (status == SEEBATCH_OK)
        status = seebatch_view_set_here(&set, error);
    if (status != SEEBATCH_OK)
        return status;
    rules_of(config, &rules->rules);
    seebatch_value_codes(rules, type_of_code, code_count);
    rules->layout = seebatch_layout_stockfish();
    seebatch_view_choose_exchanges(rules, set);
    return SEEBATCH_OK;
}
