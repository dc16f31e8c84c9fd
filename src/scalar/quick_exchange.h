/*
 * The exchange of a normal move, lean: what every scalar call evaluates when
 * no special rule is in play (not en passant, castling or a promotion, and no
 * pawn can promote on `to`). The reference kernel (see_scalar.c) handles the
 * rest and is what this is checked against.
 *
 * It is the reference's window form (docs: the answer is always
 * clamp(rest of the exchange, lo, hi), and each capture narrows the window),
 * with three changes that matter for speed, measured on positions the branch
 * predictor has not learned:
 * - Piece types come from three planes, the pieces whose type code (pawn 0
 *   .. king 5) has bit 0, 1 or 2. The type on a square is three bits read
 *   from them, and the cheapest attacker is found bit by bit of the code
 *   with no branch on its type.
 * - A piece that leaves lets at most one slider join: the nearest piece on
 *   its line beyond it, if that is a slider of the line's kind. One table
 *   read and a bit scan instead of a slider lookup chosen by piece type.
 * - The two sides' turns are written out one after the other, so no step
 *   asks whose turn it is.
 */
#ifndef SEEBATCH_QUICK_EXCHANGE_H
#define SEEBATCH_QUICK_EXCHANGE_H

#include <limits.h>
#include <stdbool.h>

#include "attacks.h"
#include "pins.h"

/* The pieces whose type code has bit 0 (knight, rook, king), bit 1 (bishop,
 * rook) and bit 2 (queen, king). */
typedef struct type_planes {
    bitboard odd, twos, fours;
} type_planes;

static inline type_planes planes_of(const seebatch_board *board)
{
    const bitboard *p = board->pieces;
    type_planes t;
    t.odd = p[SEEBATCH_KNIGHT] | p[SEEBATCH_ROOK] | p[SEEBATCH_KING];
    t.twos = p[SEEBATCH_BISHOP] | p[SEEBATCH_ROOK];
    t.fours = p[SEEBATCH_QUEEN] | p[SEEBATCH_KING];
    return t;
}

/* The type code on a square; 0 (a pawn's) when it is empty. */
static inline unsigned code_on(const type_planes *t, unsigned square)
{
    return (unsigned)(((t->odd >> square) & 1) | (((t->twos >> square) & 1) << 1)
                      | (((t->fours >> square) & 1) << 2));
}

/* Rule 2 on a non-empty set: the cheapest type first (by code, which is the
 * order pawn .. king), the lowest square within it. Bit by bit of the code,
 * from the top: keep the candidates with the bit clear if there are any.
 * Sets *code to the type code of the piece returned. */
static inline bitboard cheapest(const type_planes *t, bitboard candidates, unsigned *code)
{
    bitboard without = candidates & ~t->fours;
    unsigned high = without == 0;
    candidates = high ? candidates : without;
    without = candidates & ~t->twos;
    unsigned middle = without == 0;
    candidates = middle ? candidates : without;
    without = candidates & ~t->odd;
    unsigned low = without == 0;
    candidates = low ? candidates : without;
    *code = high * 4 + middle * 2 + low;
    return lowest_bit(candidates);
}

static inline bitboard highest_bit(bitboard b)
{
    /* b | 1 keeps the count defined; & b gives 0 for an empty set. */
    return ((bitboard)1 << (63 ^ __builtin_clzll(b | 1))) & b;
}

#define QUICK_INLINE static inline __attribute__((always_inline))

static inline int32_t min_of(int32_t a, int32_t b) { return a < b ? a : b; }
static inline int32_t max_of(int32_t a, int32_t b) { return a > b ? a : b; }
static inline int32_t clamp_to(int32_t v, int32_t lo, int32_t hi) { return min_of(max_of(v, lo), hi); }

/* The exchange on `to` between two captures. */
typedef struct quick_exchange {
    type_planes types;
    bitboard occupied;  /* pieces still on their own squares; never `to` */
    bitboard attackers; /* the pieces of `occupied` that attack `to` */
    bitboard sliders;   /* bishops and queens on diagonals of `to`, rooks and queens on its lines */
    const bitboard *beyond_to; /* beyond_table[to] */
    const pin_state *pins; /* all 0 when SEEBATCH_PINS is off */
    unsigned to;
} quick_exchange;

/* The pieces of `mine` that rule 5 lets capture: a side's blockers stay
 * while any of its pinners is on the board. */
QUICK_INLINE bitboard free_to_capture(const quick_exchange *x, unsigned side, bitboard mine)
{
    bitboard held = (x->pins->pinners[side] & x->occupied) ? x->pins->blockers[side] : 0;
    return mine & ~held;
}

/* Rule 3: `piece` leaves for `to`; the nearest piece beyond it on its line
 * joins if it is a slider of that line's kind (a knight is on no line). */
QUICK_INLINE void leave(quick_exchange *x, bitboard piece)
{
    unsigned square = lowest_square(piece);
    x->occupied ^= piece;
    bitboard behind = x->beyond_to[square] & x->occupied;
    bitboard nearest = square > x->to ? lowest_bit(behind) : highest_bit(behind);
    x->attackers = (x->attackers ^ piece) | (nearest & x->sliders);
}

/* Every piece that attacks `to` once `from` and `to` are empty. */
QUICK_INLINE void find_attackers(quick_exchange *x, const seebatch_board *b, unsigned from)
{
    const bitboard *p = b->pieces;
    unsigned to = x->to;
    bitboard diagonal = p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN];
    bitboard straight = p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN];
    x->occupied = occupied_squares(b) & ~(square_bit(from) | square_bit(to));
    x->sliders = (bishop_lines(to) & diagonal) | (rook_lines(to) & straight);
    bitboard attackers =
        (pawn_attacks(SEEBATCH_BLACK, to) & p[SEEBATCH_PAWN] & b->colors[SEEBATCH_WHITE])
        | (pawn_attacks(SEEBATCH_WHITE, to) & p[SEEBATCH_PAWN] & b->colors[SEEBATCH_BLACK])
        | (knight_attacks(to) & p[SEEBATCH_KNIGHT]) | (king_attacks(to) & p[SEEBATCH_KING])
        | (bishop_attacks(to, x->occupied) & diagonal) | (rook_attacks(to, x->occupied) & straight);
    x->attackers = attackers & x->occupied;
}

/* One side's turn (sign +1: the first mover's, -1: the opponent's). Returns
 * true when the exchange is over, *answer then holding clamp(balance, lo,
 * hi) or the closed window. */
QUICK_INLINE bool take_turn(quick_exchange *x, const seebatch_board *board, const seebatch_rules *rules,
                            unsigned side, int32_t sign, int32_t *balance, int32_t *standing, int32_t *lo,
                            int32_t *hi, int32_t *answer)
{
    bitboard mine = free_to_capture(x, side, x->attackers & board->colors[side]);
    if (!mine) {
        *answer = clamp_to(*balance, *lo, *hi);
        return true;
    }
    unsigned code;
    bitboard piece = cheapest(&x->types, mine, &code);
    if (code == SEEBATCH_KING) { /* rule 4, before the king leaves its square */
        if (!(x->attackers & board->colors[side ^ 1]))
            *balance += sign * *standing;
        *answer = clamp_to(*balance, *lo, *hi);
        return true;
    }
    *balance += sign * *standing;
    *standing = rules->value[code];
    leave(x, piece);
    /* The other side may stop here, and may win at most the piece now on `to`. */
    if (sign > 0) {
        *hi = min_of(*hi, max_of(*balance, *lo));
        *lo = max_of(*lo, min_of(*balance - *standing, *hi));
    } else {
        *lo = max_of(*lo, min_of(*balance, *hi));
        *hi = min_of(*hi, max_of(*balance + *standing, *lo));
    }
    *answer = *lo;
    return *lo == *hi;
}

/* The exchange once the values alone have not decided it: the opponent
 * replies first. Kept out of line so that the moves decided early pay for
 * none of its registers. */
static __attribute__((noinline)) int32_t quick_exchange_rest(const seebatch_rules *rules, const seebatch_board *board,
                                                             pin_source *source, unsigned from, unsigned to,
                                                             int32_t balance, int32_t standing, int32_t lo,
                                                             int32_t hi)
{
    static const pin_state no_pins;
    quick_exchange x;
    x.types = planes_of(board);
    x.to = to;
    x.beyond_to = beyond_table[to];
    x.pins = source ? pins_from(source) : &no_pins;
    find_attackers(&x, board, from);
    unsigned us = color_on(board, from);
    int32_t answer;
    while (!take_turn(&x, board, rules, us ^ 1, -1, &balance, &standing, &lo, &hi, &answer)
           && !take_turn(&x, board, rules, us, 1, &balance, &standing, &lo, &hi, &answer))
        ;
    return answer;
}

/* Whether a pawn of the opponent recaptures first (rule 2: pawns before
 * anything) and the window then closes: after it the mover can win back at
 * most that pawn. One table read decides many real captures this way (a
 * piece taking a pawn-defended piece). *answer gets the closed window. */
QUICK_INLINE bool pawn_recapture_decides(const seebatch_rules *rules, const seebatch_board *board,
                                         pin_source *source, unsigned from, unsigned to, int32_t balance,
                                         int32_t standing, int32_t lo, int32_t hi, int32_t *answer)
{
    unsigned us = color_on(board, from), them = us ^ 1;
    bitboard defenders = pawn_attacks(us, to) & board->pieces[SEEBATCH_PAWN] & board->colors[them];
    if (!defenders)
        return false;
    if (source) {
        const pin_state *pins = pins_from(source);
        bitboard still_on = occupied_squares(board) & ~(square_bit(from) | square_bit(to));
        if (pins->pinners[them] & still_on)
            defenders &= ~pins->blockers[them];
        if (!defenders)
            return false;
    }
    balance -= standing;
    lo = max_of(lo, min_of(balance, hi));
    hi = min_of(hi, max_of(balance + rules->value[SEEBATCH_PAWN], lo));
    *answer = lo;
    return lo == hi;
}

/*
 * clamp(SEE, lo, hi) (lo <= hi; lo == hi answers lo) of the normal move
 * from -> to, when no pawn can promote on `to`, with pins from `source`
 * (NULL when SEEBATCH_PINS is off). In order of cost: the values of the two
 * pieces, an opponent's pawn recapturing, then the whole exchange, where
 * each side's turn either ends it (no capture; a king's capture, rule 4) or
 * narrows the window.
 */
QUICK_INLINE int32_t quick_see_within(const seebatch_rules *rules, const seebatch_board *board,
                                      pin_source *source, unsigned from, unsigned to, int32_t lo, int32_t hi)
{
    type_planes types = planes_of(board);
    unsigned mover = code_on(&types, from);
    int32_t taken = (int32_t)((occupied_squares(board) >> to) & 1);
    int32_t balance = rules->value[code_on(&types, to)] & -taken;
    if (mover == SEEBATCH_KING)
        return clamp_to(balance, lo, hi); /* rule 4: a king moving first is never taken */
    int32_t standing = rules->value[mover];
    hi = min_of(hi, max_of(balance, lo));
    lo = max_of(lo, min_of(balance - standing, hi));
    if (lo == hi)
        return lo; /* decided by the values alone, as often */
    int32_t answer;
    if (pawn_recapture_decides(rules, board, source, from, to, balance, standing, lo, hi, &answer))
        return answer;
    return quick_exchange_rest(rules, board, source, from, to, balance, standing, lo, hi);
}

/* Whether quick_see_within applies to the move under these rules. */
QUICK_INLINE bool quick_applies(const seebatch_rules *rules, seebatch_move move)
{
    bitboard last_ranks = 0xFF000000000000FFull;
    return seebatch_move_kind(move) == SEEBATCH_MOVE_NORMAL
        && !((rules->flags & SEEBATCH_PROMOTIONS) && (last_ranks >> seebatch_move_to(move) & 1));
}

#endif
