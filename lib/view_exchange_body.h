/*
 * The threshold test of a view exchange, included by a file that defines
 *   VIEW_EXCHANGE   the function's name,
 *   PINS            1 to honour the view's pins (rule 5), 0 to ignore them,
 *   SHAPE           the layout it reads (a SHAPE_ number, view_layout.h),
 * and may define how the target square's attack sets are looked up (the
 * defaults below use the portable tables and magics):
 *   TARGET(s)             declares what the lookups read about square s,
 *   PAWN_ATTACKS(c)       squares a pawn of colour c attacks from the target,
 *   KNIGHT_ATTACKS, KING_ATTACKS, likewise,
 *   DIAGONAL_ATTACKS(o)   bishop attacks from the target through occupancy o,
 *   STRAIGHT_ATTACKS(o)   rook attacks likewise.
 *
 * It is Stockfish's null-window walk: each side in turn captures on `to`
 * with its least valuable able attacker, and the walk stops as soon as the
 * side to move can no longer change which side of the threshold the balance
 * is on. `swap` carries the balance relative to the threshold from the point
 * of view of the side that just captured, so one subtraction per capture
 * keeps it. The chain of tests for the cheapest attacker reads the engine's
 * bitboards in place.
 */
#include "attacks.h"

#ifndef TARGET
#define TARGET(s) const unsigned target = (s)
#define PAWN_ATTACKS(c) pawn_attacks(c, target)
#define KNIGHT_ATTACKS knight_attacks(target)
#define KING_ATTACKS king_attacks(target)
#define DIAGONAL_ATTACKS(o) bishop_attacks(target, o)
#define STRAIGHT_ATTACKS(o) rook_attacks(target, o)
#endif

#include "view_access.h"

/*
 * One turn of the walk inside the function below, by the side whose pieces
 * are `own` (colour `color`): it captures with its least valuable able
 * attacker, or the walk ends with `stops`, the answer when that side stops.
 * The turns alternate from the opponent's (stops 1: the mover keeps what it
 * has) to the mover's (stops 0), so the loop plays two and neither the side
 * nor the answer so far is kept in a register. Each capture: the side gains
 * the piece just moved; if even that leaves it short, it stops there (and
 * loses), answering !stops.
 */
#define TURN(own, color, stops)                                                                    \
    do {                                                                                           \
        /* Read the bitboards where they lie at each turn: kept in registers                    \
         * across the loop they would be spilled, at a cost. */  \
        __asm__("" ::: "memory");                                                                  \
        attackers &= occupied;                                                                     \
        bitboard mine = attackers & (own);                                                         \
        if (!mine)                                                                                 \
            return stops;                                                                          \
        /* Rule 5: a pinned piece does not capture while its pinner stands. */                     \
        if (PINS && (PINNERS(color) & occupied)) {                                                 \
            mine &= ~BLOCKERS(color);                                                              \
            if (!mine)                                                                             \
                return stops;                                                                      \
        }                                                                                          \
        bitboard found;                                                                            \
        if ((found = mine & SIDE_BB(color, SEEBATCH_PAWN))) {                                      \
            if ((swap = rules->value[SEEBATCH_PAWN] - swap) < !(stops))                            \
                return !(stops);                                                                   \
            occupied ^= lowest_bit(found);                                                         \
            attackers |= DIAGONAL_ATTACKS(occupied) & DIAGONAL_SLIDERS;                            \
        } else if ((found = mine & SIDE_BB(color, SEEBATCH_KNIGHT))) {                             \
            if ((swap = rules->value[SEEBATCH_KNIGHT] - swap) < !(stops))                          \
                return !(stops);                                                                   \
            occupied ^= lowest_bit(found);                                                         \
        } else if ((found = mine & SIDE_BB(color, SEEBATCH_BISHOP))) {                             \
            if ((swap = rules->value[SEEBATCH_BISHOP] - swap) < !(stops))                          \
                return !(stops);                                                                   \
            occupied ^= lowest_bit(found);                                                         \
            attackers |= DIAGONAL_ATTACKS(occupied) & DIAGONAL_SLIDERS;                            \
        } else if ((found = mine & SIDE_BB(color, SEEBATCH_ROOK))) {                               \
            if ((swap = rules->value[SEEBATCH_ROOK] - swap) < !(stops))                            \
                return !(stops);                                                                   \
            occupied ^= lowest_bit(found);                                                         \
            attackers |= STRAIGHT_ATTACKS(occupied) & STRAIGHT_SLIDERS;                            \
        } else if ((found = mine & SIDE_BB(color, SEEBATCH_QUEEN))) {                              \
            if ((swap = rules->value[SEEBATCH_QUEEN] - swap) < !(stops))                           \
                return !(stops);                                                                   \
            occupied ^= lowest_bit(found);                                                         \
            attackers |= (DIAGONAL_ATTACKS(occupied) & DIAGONAL_SLIDERS) |                         \
                         (STRAIGHT_ATTACKS(occupied) & STRAIGHT_SLIDERS);                          \
        } else {                                                                                   \
            /* Rule 4: the king captures only if nothing can take it back. */                      \
            return (attackers & ~(own)) ? (stops) : !(stops);                                      \
        }                                                                                          \
    } while (0)

static bool VIEW_EXCHANGE(const seebatch_rules *rules, const bitboard *pieces,
                          const bitboard *colors, const void *pins, unsigned squares,
                          int32_t shortfall)
{
    (void)pins; /* unread without PINS */
    VIEW_SET_UP;
    unsigned from = squares >> 6, to = squares & 63;
    TARGET(to);
    bitboard occupied = (COLOR_BB(0) | COLOR_BB(1)) ^ square_bit(from) ^ square_bit(to);
    unsigned side = (COLOR_BB(SEEBATCH_BLACK) >> from) & 1u;
#if SHAPE == SHAPE_STOCKFISH
    bitboard attackers = (PAWN_ATTACKS(PAWN_TABLE(SEEBATCH_WHITE)) & PAWNS_OF(SEEBATCH_WHITE)) |
                         (PAWN_ATTACKS(PAWN_TABLE(SEEBATCH_BLACK)) & PAWNS_OF(SEEBATCH_BLACK)) |
                         (KNIGHT_ATTACKS & TYPE_BB(SEEBATCH_KNIGHT)) |
                         (DIAGONAL_ATTACKS(occupied) & DIAGONAL_SLIDERS) |
                         (STRAIGHT_ATTACKS(occupied) & STRAIGHT_SLIDERS) |
                         (KING_ATTACKS & TYPE_BB(SEEBATCH_KING));
#else
    /* The opponent's attackers first: often it has none (and the mover
     * keeps what it has), and then the mover's need not be looked up. */
    bitboard diagonal = DIAGONAL_ATTACKS(occupied), straight = STRAIGHT_ATTACKS(occupied);
    bitboard attackers = ATTACKERS_OF(side ^ 1, diagonal, straight);
    if (!attackers)
        return true;
    attackers |= ATTACKERS_OF(side, diagonal, straight);
    VIEW_SLIDERS_SET_UP;
#endif
    int32_t swap = shortfall;
    /* The two sides' pieces, read once: the turns alternate between them. */
    const bitboard them = COLOR_BB(side ^ 1), us = COLOR_BB(side);
    const unsigned opponent = side ^ 1;
    /* The opponent's first turn, before the loop: often it cannot capture,
     * and the answer is known before the loop's registers are set up. */
    TURN(them, opponent, 1);
    for (;;) {
        TURN(us, side, 0);
        TURN(them, opponent, 1);
    }
}

#undef TURN

#include "view_access_end.h"
#undef VIEW_EXCHANGE
#undef PINS
