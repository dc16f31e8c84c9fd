/*
 * The exchange in lanes: rules 2 to 7 of the contract, one capture per step
 * in every lane at once (see see_avx2.c for the whole design).
 */
#ifndef SEEBATCH_AVX2_EXCHANGE_H
#define SEEBATCH_AVX2_EXCHANGE_H

#include "lanes.h"

/* Sliders on the lines through a square: x-ray candidates per lane, at most. */
enum { MAX_CANDIDATES = 27 };

/* What every lane carries from one capture to the next. */
typedef struct exchange {
    lanes attackers; /* of both sides, still on their squares */
    lanes mine;      /* the first mover's pieces (the other side's: the rest) */
    lanes balance;   /* material for the first mover so far */
    lanes standing;  /* value of the piece on `to` */
    lanes lo, hi;    /* the answer is clamp(rest of the exchange, lo, hi) */
    lanes live;      /* lanes whose exchange goes on */
} exchange;

/* What the general path carries besides. */
enum { WITH_PINS = 1, WITH_PROMOTION = 2 };

typedef struct general {
    unsigned features; /* WITH_PINS, WITH_PROMOTION: the rules that apply in some lane */
    lanes occupied;   /* without `to` and the pieces that left */
    lanes pinned[2];  /* [0] the first mover's blockers, [1] the other side's */
    lanes pinners[2]; /* the sliders pinning them */
    lanes last_rank;  /* lanes whose `to` is on a last rank (with SEEBATCH_PROMOTIONS) */
    lanes promotion;  /* what a pawn capturing there gains: queen - pawn, else 0 */
    lanes queen;      /* a queen's value, the piece such a pawn becomes */
    unsigned candidates;
    lanes piece[MAX_CANDIDATES]; /* slot k: a candidate's bit in each lane, or 0 */
    lanes gate[MAX_CANDIDATES];  /* its gate with its own bit: it joins when gate & occupied is its bit */
} general;

/* The common case of rule 3: at most one candidate per lane. */
typedef struct candidate_slot {
    lanes occupied; /* without `to` and the pieces that left */
    lanes piece;    /* each lane's candidate, or 0 */
    lanes gate;     /* its gate with its own bit, as in general */
} candidate_slot;

/* After a capture leaving the other side to move: that side may stop,
 * bounding the answer on its side, or capture, winning at most `reach`. */
INLINE void narrow_opponent_next(exchange *x, lanes reach)
{
    x->hi = min32(x->hi, max32(x->balance, x->lo));
    x->lo = max32(x->lo, min32(minus(x->balance, reach), x->hi));
}

INLINE void narrow_first_mover_next(exchange *x, lanes reach)
{
    x->lo = max32(x->lo, min32(x->balance, x->hi));
    x->hi = min32(x->hi, max32(plus(x->balance, reach), x->lo));
}

/*
 * One capture in every live lane, by the first mover's opponent
 * (`theirs_turn`) or by the first mover. Returns whether a lane goes on.
 * `g` and `slot` are NULL on the common path, which the compiler then keeps
 * lean; `slot` is used without `g`.
 */
INLINE int step(exchange *x, const board_lanes *b, lanes table, general *g, candidate_slot *slot,
                const int theirs_turn)
{
    lanes able = theirs_turn ? but_not(x->attackers, x->mine) : both(x->attackers, x->mine);
    lanes other = theirs_turn ? both(x->attackers, x->mine) : but_not(x->attackers, x->mine);
    if (g && (g->features & WITH_PINS)) {
        /* Rule 5: while a pinner of the side is on the board, its blockers
         * stay where they are. */
        lanes pinner_left = is_zero(both(g->pinners[theirs_turn], g->occupied));
        able = but_not(able, but_not(g->pinned[theirs_turn], pinner_left));
    }

    /* Rule 2, bit by bit of the type code: keep the attackers whose bit is
     * clear when there are any, from the highest bit down. What remains is
     * the cheapest type, and its lowest square captures. The three choices
     * spell the code (negated), so the value is one permute away. */
    lanes low = but_not(able, b->fours);
    lanes high4 = is_zero(low);
    lanes set = choose(high4, able, low);
    low = but_not(set, b->twos);
    lanes high2 = is_zero(low);
    set = choose(high2, set, low);
    low = but_not(set, b->ones);
    lanes high1 = is_zero(low);
    set = choose(high1, set, low);
    lanes leaving = both(set, _mm256_sub_epi64(none_set(), set));
    lanes code = plus(plus(high4, high4), high2);
    code = plus(plus(code, code), high1);
    lanes value = value_of(table, code);

    /* Rule 4: a king (code 5: high4 and high1) captures only when the
     * other side has no attacker at all. */
    lanes king = both(high4, high1);
    lanes cannot = either(is_zero(able), but_not(king, is_zero(other)));
    lanes captures = but_not(x->live, cannot);

    lanes gain = x->standing;
    lanes reach = value;
    if (g && (g->features & WITH_PROMOTION)) {
        /* Rule 6: a pawn capturing on a last rank gains the promotion and
         * stands there as a queen. */
        lanes pawn = is_zero(code);
        gain = plus(gain, both(pawn, g->promotion));
        value = choose(both(pawn, g->last_rank), g->queen, value);
        reach = plus(value, max32(g->promotion, none_set()));
    }
    gain = both(gain, captures);
    x->balance = theirs_turn ? minus(x->balance, gain) : plus(x->balance, gain);
    x->standing = value;
    x->attackers = toggle(x->attackers, leaving);
    if (g) {
        g->occupied = toggle(g->occupied, leaving);
        /* Rule 3: a candidate joins once its gate is empty. */
        for (unsigned k = 0; k < g->candidates; k++) {
            lanes open = _mm256_cmpeq_epi64(both(g->gate[k], g->occupied), g->piece[k]);
            x->attackers = either(x->attackers, both(open, g->piece[k]));
        }
    } else if (slot) {
        slot->occupied = toggle(slot->occupied, leaving);
        lanes open = _mm256_cmpeq_epi64(both(slot->gate, slot->occupied), slot->piece);
        x->attackers = either(x->attackers, both(open, slot->piece));
    }
    if (theirs_turn)
        narrow_first_mover_next(x, reach);
    else
        narrow_opponent_next(x, reach);
    x->live = but_not(captures, _mm256_cmpeq_epi32(x->lo, x->hi));
    return any(x->live);
}

/* The exchange to its end in every lane. Most end within two steps (the
 * reply and the answer to it), so those two are played without asking: a
 * test after each would be a data-dependent branch, mispredicted often, and
 * a mispredict costs more than a step of four lanes. */
INLINE void play(exchange *x, const board_lanes *b, lanes table, general *g, candidate_slot *slot)
{
    step(x, b, table, g, slot, 1);
    step(x, b, table, g, slot, 0);
    while (any(x->live) && (step(x, b, table, g, slot, 1), step(x, b, table, g, slot, 0)))
        ;
}

#endif
