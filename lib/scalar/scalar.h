/*
 * The scalar exchange, shared by the scalar kernel and the engine path:
 * clamp(the SEE of move, lo, hi) for lo <= hi (lo == hi answers lo) under prepared
 * rules, with pins from `pins` (NULL when SEEBATCH_PINS is off).
 */
#ifndef SEEBATCH_SCALAR_H
#define SEEBATCH_SCALAR_H

#include "kernel.h"
#include "board/pins.h"

int32_t seebatch_scalar_see_within(const seebatch_rules *rules, const seebatch_board *board,
                                   pin_source *pins, seebatch_move move, int32_t lo, int32_t hi);

/* Whether the SEE of move >= threshold, for a normal move when no promotion is
 * in play (normal_move_without_promotion), under any rules: the engine
 * path's threshold test on the one exchange walk (normal_moves.c). */
bool seebatch_scalar_normal_move_see_ge(const seebatch_rules *rules, const seebatch_board *board,
                                        pin_source *pins, seebatch_move move, int32_t threshold);

/* The exact SEE of such a move (normal_moves.c). */
int32_t seebatch_scalar_normal_move_value(const seebatch_rules *rules, const seebatch_board *board,
                                          pin_source *pins, seebatch_move move);

/* The same two for the common case, rules without SEEBATCH_STOP_WHEN_AHEAD:
 * built without rule 8, they test no flag. */
bool seebatch_scalar_normal_move_see_ge_common(const seebatch_rules *rules,
                                               const seebatch_board *board, pin_source *pins,
                                               seebatch_move move, int32_t threshold);
int32_t seebatch_scalar_normal_move_value_common(const seebatch_rules *rules,
                                                 const seebatch_board *board, pin_source *pins,
                                                 seebatch_move move);

/* Whether the normal-move exchange (normal_moves.c) applies to a move under
 * these rules: a normal move, unless SEEBATCH_PROMOTIONS promotes a pawn
 * taking back on its `to` (under SEEBATCH_MOVE_PROMOTION_ONLY a normal move
 * promotes nothing). */
static inline bool normal_move_without_promotion(const seebatch_rules *rules, seebatch_move move)
{
    const uint64_t last_ranks = 0xFF000000000000FFull;
    return seebatch_move_kind(move) == SEEBATCH_MOVE_NORMAL &&
           !((rules->flags & SEEBATCH_PROMOTIONS) && ((last_ranks >> seebatch_move_to(move)) & 1));
}

#endif
