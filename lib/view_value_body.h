/*
 * The exact value of a view exchange, included by a file that defines
 *   VIEW_VALUE      the function's name,
 *   PINS            1 to honour the view's pins (rule 5), 0 to ignore them,
 *   SHAPE           the layout it reads (a SHAPE_ number, view_layout.h),
 * and the attack lookups of view_exchange_body.h (TARGET and the rest).
 *
 * The negamax of the swap list carried forward as a window (docs/design.md,
 * section 2): the value is clamp(rest of the exchange, lo, hi), each
 * capture narrows the window on the side of the player who may stop, and
 * when the side to move cannot capture the rest is the balance. Under
 * SEEBATCH_STOP_WHEN_AHEAD (rule 8) the exchange also ends after a capture,
 * from the reply on, that leaves its side ahead by more than the piece it
 * put on `to`. Promotions are not played here: the file's caller sends a
 * move onto a last rank under SEEBATCH_PROMOTIONS elsewhere.
 */
#include "view_access.h"

static int32_t VIEW_VALUE(const seebatch_rules *rules, const bitboard *pieces,
                          const bitboard *colors, const void *pins, uint32_t move)
{
    (void)pins; /* unread without PINS */
    VIEW_SET_UP;
    const seebatch_view_rules *view_rules = view_rules_of(rules);
    unsigned from = (move >> 6) & 63, to = move & 63, mover = (move >> 12) & 31;
    int32_t balance = view_rules->code_value[(move >> 17) & 31]; /* for the mover */
    if ((view_rules->king_codes >> mover) & 1)
        return balance; /* a king is never taken back (rule 4) */
    TARGET(to);
    bitboard occupied = (COLOR_BB(0) | COLOR_BB(1)) & ~(square_bit(from) | square_bit(to));
    bitboard diagonal = DIAGONAL_ATTACKS(occupied), straight = STRAIGHT_ATTACKS(occupied);
    /* The opponent's attackers first: often it has none, and then the
     * mover's need not be looked up. */
    unsigned side = ((COLOR_BB(SEEBATCH_BLACK) >> from) & 1u) ^ 1;
    bitboard attackers = ATTACKERS_OF(side, diagonal, straight);
    if (!attackers)
        return balance;
    attackers |= ATTACKERS_OF(side ^ 1, diagonal, straight);
    VIEW_SLIDERS_SET_UP;
    int32_t standing = view_rules->code_value[mover];
    int32_t lo = INT32_MIN, hi = INT32_MAX;
    bool stop_when_ahead = rules->flags & SEEBATCH_STOP_WHEN_AHEAD;
    /* `theirs`: the side to move is the mover's opponent. The window
     * narrows, before each capture, on the side of the player who may stop
     * instead: the opponent at most `balance`, the mover at least. */
    for (bool theirs = true;; theirs = !theirs, side ^= 1) {
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
            if (attackers & ~COLOR_BB(side))
                break;
            type = SEEBATCH_KING;
        }
        if (theirs) {
            int32_t bound = balance > lo ? balance : lo; /* hi = min(hi, max(balance, lo)) */
            hi = bound < hi ? bound : hi;
            balance -= standing;
        } else {
            int32_t bound = balance < hi ? balance : hi; /* lo = max(lo, min(balance, hi)) */
            lo = bound > lo ? bound : lo;
            balance += standing;
        }
        standing = rules->value[type];
        /* Rule 8: the side that captured is ahead by more than its piece. */
        if (type == SEEBATCH_KING || (stop_when_ahead && (theirs ? -balance : balance) > standing))
            break;
    }
    return balance < lo ? lo : balance > hi ? hi : balance;
}

#include "view_access_end.h"
#undef VIEW_VALUE
#undef PINS
