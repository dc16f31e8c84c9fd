/*
 * The exact value of a view exchange, included by a file that defines
 *   VIEW_VALUE      the function's name,
 *   PINS            1 to honour the view's pins (rule 5), 0 to ignore them,
 *   SHAPE           the layout it reads (a SHAPE_ number, view_layout.h),
 * and the attack lookups of view_exchange_body.h (TARGET and the rest).
 *
 * The swap list, as the engine path's exact value (normal_moves.c): each
 * capture's speculative gain for the side making it, then from the end of
 * the list each side keeps the capture only if it does better than
 * stopping. Under SEEBATCH_STOP_WHEN_AHEAD (rule 8) the list ends after a
 * capture from the reply on that leaves its side ahead by more than the
 * piece it put on `to`. Promotions are not played here: the file's caller
 * sends a move onto a last rank under SEEBATCH_PROMOTIONS elsewhere.
 */
#include "view_access.h"

static int32_t VIEW_VALUE(const seebatch_rules *rules, const bitboard *pieces,
                          const bitboard *colors, const void *pins, uint32_t move)
{
    (void)pins; /* unread without PINS */
    VIEW_SET_UP;
    const int32_t *code_value = view_rules_of(rules)->code_value;
    unsigned from = (move >> 6) & 63, to = move & 63;
    /* gain[d]: what the side making capture d wins if the exchange stops
     * right after it; 32 pieces bound the depth. */
    int32_t gain[34];
    gain[0] = code_value[(move >> 17) & 31];
    if ((TYPE_BB(SEEBATCH_KING) >> from) & 1)
        return gain[0]; /* a king is never taken back (rule 4) */
    int32_t standing = code_value[(move >> 12) & 31];
    TARGET(to);
    bitboard occupied = (COLOR_BB(0) | COLOR_BB(1)) & ~(square_bit(from) | square_bit(to));
    bitboard attackers = (PAWN_ATTACKS(PAWN_TABLE(SEEBATCH_WHITE)) & PAWNS_OF(SEEBATCH_WHITE)) |
                         (PAWN_ATTACKS(PAWN_TABLE(SEEBATCH_BLACK)) & PAWNS_OF(SEEBATCH_BLACK)) |
                         (KNIGHT_ATTACKS & TYPE_BB(SEEBATCH_KNIGHT)) |
                         (DIAGONAL_ATTACKS(occupied) & DIAGONAL_SLIDERS) |
                         (STRAIGHT_ATTACKS(occupied) & STRAIGHT_SLIDERS) |
                         (KING_ATTACKS & TYPE_BB(SEEBATCH_KING));
    unsigned side = ((COLOR_BB(SEEBATCH_BLACK) >> from) & 1u) ^ 1;
    bool stop_when_ahead = rules->flags & SEEBATCH_STOP_WHEN_AHEAD;
    int depth = 0;
    for (;; side ^= 1) {
        __asm__("" ::: "memory"); /* as in view_exchange_body.h */
        attackers &= occupied;
        bitboard mine = attackers & COLOR_BB(side);
        if (PINS && mine && (PINNERS(side) & occupied))
            mine &= ~BLOCKERS(side);
        if (!mine)
            break;
        bitboard found;
        int type;
        if ((found = mine & SIDE_BB(side, SEEBATCH_PAWN))) {
            type = SEEBATCH_PAWN;
            occupied ^= lowest_bit(found);
            attackers |= DIAGONAL_ATTACKS(occupied) & DIAGONAL_SLIDERS;
        } else if ((found = mine & SIDE_BB(side, SEEBATCH_KNIGHT))) {
            type = SEEBATCH_KNIGHT;
            occupied ^= lowest_bit(found);
        } else if ((found = mine & SIDE_BB(side, SEEBATCH_BISHOP))) {
            type = SEEBATCH_BISHOP;
            occupied ^= lowest_bit(found);
            attackers |= DIAGONAL_ATTACKS(occupied) & DIAGONAL_SLIDERS;
        } else if ((found = mine & SIDE_BB(side, SEEBATCH_ROOK))) {
            type = SEEBATCH_ROOK;
            occupied ^= lowest_bit(found);
            attackers |= STRAIGHT_ATTACKS(occupied) & STRAIGHT_SLIDERS;
        } else if ((found = mine & SIDE_BB(side, SEEBATCH_QUEEN))) {
            type = SEEBATCH_QUEEN;
            occupied ^= lowest_bit(found);
            attackers |= (DIAGONAL_ATTACKS(occupied) & DIAGONAL_SLIDERS) |
                         (STRAIGHT_ATTACKS(occupied) & STRAIGHT_SLIDERS);
        } else {
            /* Rule 4: the king only onto a square nothing attacks any more,
             * and its capture ends the exchange. */
            if (!(attackers & ~COLOR_BB(side))) {
                depth++;
                gain[depth] = standing - gain[depth - 1];
            }
            break;
        }
        depth++;
        gain[depth] = standing - gain[depth - 1];
        standing = rules->value[type];
        if (stop_when_ahead && gain[depth] - standing > 0)
            break; /* rule 8: the other side is taken to stop */
    }
    /* Each side takes the capture only if it does better than stopping. */
    for (; depth > 0; depth--)
        gain[depth - 1] = gain[depth - 1] < -gain[depth] ? gain[depth - 1] : -gain[depth];
    return gain[0];
}

#include "view_access_end.h"
#undef VIEW_VALUE
#undef PINS
