/*
 * What the scalar backend's walks share out of line: the moves the walk
 * does not play (walk_plays), each answered by the engine path's
 * normal-move exchange where it applies (it keeps rule 8), else by the
 * reference; and the whole batch that way under rule 8.
 */
#include <limits.h>

#include "scalar.h"
#include "walk.h"

/* The answer of the normal-move exchange, or of the reference's window. */
static int32_t seebatch_fallback_within(const seebatch_rules *rules, const seebatch_board *board,
                                        pin_source *pins, seebatch_move move, int32_t lo,
                                        int32_t hi)
{
    if (!normal_move_without_promotion(rules, move))
        return seebatch_scalar_see_within(rules, board, pins, move, lo, hi);
    if (lo == INT32_MIN && hi == INT32_MAX)
        return seebatch_scalar_normal_move_value(rules, board, pins, move);
    return seebatch_scalar_normal_move_see_ge(rules, board, pins, move, hi) ? hi : lo;
}

/* clamp(SEE, lo, hi) of a move on b (lo == hi - 1 for the threshold test
 * at hi; the widest window for the exact value), with b's pins, keeping
 * those worked out. */
static int32_t seebatch_fallback_on(const seebatch_rules *rules, walk_board *b, seebatch_move move,
                                    int32_t lo, int32_t hi)
{
    pin_source source;
    pin_source_start(&source, b->board, b->pins);
    pin_source *pins = (rules->flags & SEEBATCH_PINS) ? &source : NULL;
    int32_t answer = seebatch_fallback_within(rules, b->board, pins, move, lo, hi);
    if (!b->pins && source.pins) {
        b->worked_out = *source.pins;
        b->pins = &b->worked_out;
    }
    return answer;
}

int32_t seebatch_walk_fallback_value(const seebatch_rules *rules, walk_board *b, seebatch_move move)
{
    return seebatch_fallback_on(rules, b, move, INT32_MIN, INT32_MAX);
}

bool seebatch_walk_fallback_see_ge(const seebatch_rules *rules, walk_board *b, seebatch_move move,
                                   int32_t threshold)
{
    /* The window [t - 1, t] answers t exactly when SEE >= t (for INT32_MIN,
     * which every value reaches, [t, t] answers t). */
    int32_t below = threshold - (threshold > INT32_MIN);
    return seebatch_fallback_on(rules, b, move, below, threshold) == threshold;
}

void seebatch_walk_stopping_when_ahead(const see_batch *batch, int32_t threshold,
                                       const int32_t *thresholds, int32_t *values, uint8_t *passed)
{
    walk_board board;
    board.board = NULL;
    for (size_t i = 0; i < batch->count; i++) {
        const seebatch_board *on = board_of(batch, i);
        if (on != board.board) /* pins worked out at most once per board */
            walk_board_set(&board, on, given_pins_of(batch, on));
        if (values)
            values[i] = seebatch_walk_fallback_value(batch->rules, &board, batch->moves[i]);
        else
            passed[i] = seebatch_walk_fallback_see_ge(batch->rules, &board, batch->moves[i],
                                                      thresholds ? thresholds[i] : threshold);
    }
}
