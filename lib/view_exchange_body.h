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
    int passed = 1; /* the answer if the exchange ends now */
    for (;;) {
        /* Read the bitboards where they lie at each capture: kept in
         * registers across the loop they would be spilled, at a cost. */
        __asm__("" ::: "memory");
        side ^= 1;
        attackers &= occupied;
        bitboard mine = attackers & COLOR_BB(side);
        if (!mine)
            break;
        /* Rule 5: a pinned piece does not capture while its pinner stands. */
        if (PINS && (PINNERS(side) & occupied)) {
            mine &= ~BLOCKERS(side);
            if (!mine)
                break;
        }
        passed ^= 1;
        /* Each capture: the side now to move gains the piece just moved; if
         * even that leaves it short, it stops here (and loses). */
        bitboard found;
        if ((found = mine & SIDE_BB(side, SEEBATCH_PAWN))) {
            if ((swap = rules->value[SEEBATCH_PAWN] - swap) < passed)
                break;
            occupied ^= lowest_bit(found);
            attackers |= DIAGONAL_ATTACKS(occupied) & DIAGONAL_SLIDERS;
        } else if ((found = mine & SIDE_BB(side, SEEBATCH_KNIGHT))) {
            if ((swap = rules->value[SEEBATCH_KNIGHT] - swap) < passed)
                break;
            occupied ^= lowest_bit(found);
        } else if ((found = mine & SIDE_BB(side, SEEBATCH_BISHOP))) {
            if ((swap = rules->value[SEEBATCH_BISHOP] - swap) < passed)
                break;
            occupied ^= lowest_bit(found);
            attackers |= DIAGONAL_ATTACKS(occupied) & DIAGONAL_SLIDERS;
        } else if ((found = mine & SIDE_BB(side, SEEBATCH_ROOK))) {
            if ((swap = rules->value[SEEBATCH_ROOK] - swap) < passed)
                break;
            occupied ^= lowest_bit(found);
            attackers |= STRAIGHT_ATTACKS(occupied) & STRAIGHT_SLIDERS;
        } else if ((found = mine & SIDE_BB(side, SEEBATCH_QUEEN))) {
            if ((swap = rules->value[SEEBATCH_QUEEN] - swap) < passed)
                break;
            occupied ^= lowest_bit(found);
            attackers |= (DIAGONAL_ATTACKS(occupied) & DIAGONAL_SLIDERS) |
                         (STRAIGHT_ATTACKS(occupied) & STRAIGHT_SLIDERS);
        } else {
            /* Rule 4: the king captures only if nothing can take it back. */
            return (attackers & ~COLOR_BB(side)) ? !passed : passed;
        }
    }
    return passed;
}

#include "view_access_end.h"
#undef VIEW_EXCHANGE
#undef PINS
