/*
 * The exchange in lanes: rules 2 to 7 of the contract, one capture per step
 * in every lane at once (see kernel_body.h for the whole design).
 */
#ifndef SEEBATCH_LANES_EXCHANGE_H
#define SEEBATCH_LANES_EXCHANGE_H

#include "lanes/board_lanes.h"

/* Sliders on the lines through a square: x-ray candidates per lane, at most. */
enum { MAX_CANDIDATES = 27 };

/* What every lane carries from one capture to the next. */
typedef struct exchange {
    lanes attackers; /* of both sides, still on their squares */
    lanes mine;      /* the first mover's pieces (the other side's: the rest) */
    lanes balance;   /* material for the first mover so far */
    lanes standing;  /* value of the piece on `to` */
    lanes lo, hi;    /* the answer is clamp(rest of the exchange, lo, hi) */
    lane_mask live;  /* lanes whose exchange goes on */
} exchange;

/* What the general path carries besides. */
enum { WITH_PINS = 1, WITH_PROMOTION = 2, WITH_STOP_WHEN_AHEAD = 4 };

typedef struct general {
    unsigned features;   /* WITH_*: the rules that apply in some lane */
    lanes occupied;      /* without `to` and the pieces that left */
    lanes pinned[2];     /* [0] the first mover's blockers, [1] the other side's */
    lanes pinners[2];    /* the sliders pinning them */
    lane_mask last_rank; /* lanes whose `to` is on a last rank (with SEEBATCH_PROMOTIONS) */
    lanes promotion;     /* what a pawn capturing there gains: queen - pawn, else 0 */
    lanes queen;         /* a queen's value, the piece such a pawn becomes */
    unsigned slots;      /* of candidates in use */
    lanes candidate[MAX_CANDIDATES]; /* slot k: an x-ray candidate's bit in each lane, or 0 */
    lanes gate
        [MAX_CANDIDATES]; /* its gate with its own bit: it joins when gate & occupied is its bit */
} general;

/* The common case of rule 3: at most one x-ray candidate per lane. */
typedef struct candidate_slot {
    lanes occupied;  /* without `to` and the pieces that left */
    lanes candidate; /* each lane's x-ray candidate, or 0 */
    lanes gate;      /* its gate with its own bit, as in general */
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

/* The attackers of the side to move that may capture: rule 5 holds back a
 * side's pinned pieces while a pinner of that side is on the board. */
INLINE lanes able_attackers(const exchange *x, const general *g, const int theirs_turn)
{
    lanes able = theirs_turn ? but_not(x->attackers, x->mine) : both(x->attackers, x->mine);
    if (g && (g->features & WITH_PINS)) {
        lane_mask pinner_left = is_zero(both(g->pinners[theirs_turn], g->occupied));
        able = but_not(able, drop(g->pinned[theirs_turn], pinner_left));
    }
    return able;
}

/* Rule 2's choice in each lane: the square of the cheapest attacker among
 * `able` (lowest square first), with its type code negated. */
typedef struct cheapest {
    lanes leaving;      /* its bit */
    lanes negated_code; /* a pair */
    lane_mask king;     /* it is a king */
} cheapest;

/* Bit by bit of the type code: keep the attackers whose bit is clear when
 * there are any, from the highest bit down. What remains is the cheapest
 * type. The three choices spell the code (negated), so the value is one
 * permute away. */
INLINE cheapest cheapest_of(const board_lanes *b, lanes able)
{
    lanes low = but_not(able, b->fours);
    lane_mask high4 = is_zero(low);
    lanes set = choose(high4, able, low);
    low = but_not(set, b->twos);
    lane_mask high2 = is_zero(low);
    set = choose(high2, set, low);
    low = but_not(set, b->ones);
    lane_mask high1 = is_zero(low);
    set = choose(high1, set, low);
    cheapest c;
    c.leaving = both(set, sub64(none_set(), set));
    lanes h4 = mask_as_lanes(high4), code = plus(plus(h4, h4), mask_as_lanes(high2));
    c.negated_code = plus(plus(code, code), mask_as_lanes(high1));
    c.king = mask_and(high4, high1); /* code 5 */
    return c;
}

/* Rule 4: the lanes that capture: live ones with an able attacker, where a
 * king captures only when the other side has no attacker at all. */
INLINE lane_mask capturing_lanes(const exchange *x, lanes able, const cheapest *c,
                                 const int theirs_turn)
{
    lanes other = theirs_turn ? both(x->attackers, x->mine) : but_not(x->attackers, x->mine);
    lane_mask cannot = mask_or(is_zero(able), mask_but_not(c->king, is_zero(other)));
    return mask_but_not(x->live, cannot);
}

/* Rule 3: a candidate joins once its gate is empty, that is once gate &
 * occupied is the candidate itself. */
INLINE lanes joining(lanes occupied, lanes candidate, lanes gate)
{
    return keep(equal(both(gate, occupied), candidate), candidate);
}

INLINE void join_candidates(exchange *x, general *g, candidate_slot *slot, lanes leaving)
{
    if (g) {
        g->occupied = toggle(g->occupied, leaving);
        for (unsigned k = 0; k < g->slots; k++)
            x->attackers = either(x->attackers, joining(g->occupied, g->candidate[k], g->gate[k]));
    } else if (slot) {
        slot->occupied = toggle(slot->occupied, leaving);
        x->attackers = either(x->attackers, joining(slot->occupied, slot->candidate, slot->gate));
    }
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
    lanes able = able_attackers(x, g, theirs_turn);
    cheapest c = cheapest_of(b, able);
    lanes value = value_of(table, c.negated_code);
    lane_mask captures = capturing_lanes(x, able, &c, theirs_turn);

    lanes gain = x->standing;
    lanes reach = value;
    if (g && (g->features & WITH_PROMOTION)) {
        /* Rule 6: a pawn capturing on a last rank gains the promotion and
         * stands there as a queen. */
        lane_mask pawn = is_zero(c.negated_code);
        gain = plus(gain, keep(pawn, g->promotion));
        value = choose(mask_and(pawn, g->last_rank), g->queen, value);
        reach = plus(value, max32(g->promotion, none_set()));
    }
    gain = keep(captures, gain);
    x->balance = theirs_turn ? minus(x->balance, gain) : plus(x->balance, gain);
    x->standing = value;
    x->attackers = toggle(x->attackers, c.leaving);
    join_candidates(x, g, slot, c.leaving);
    if (theirs_turn)
        narrow_first_mover_next(x, reach);
    else
        narrow_opponent_next(x, reach);
    lane_mask ended = equal_pairs(x->lo, x->hi);
    if (g && (g->features & WITH_STOP_WHEN_AHEAD)) {
        /* Rule 8: the side that captured is ahead by more than the piece it
         * now has on `to`, so the other side stops, and the answer is
         * clamp(balance, lo, hi), which narrowing has kept. Pairs compare
         * with 0 as their halves do. */
        lanes own_balance = theirs_turn ? minus(none_set(), x->balance) : x->balance;
        ended = mask_or(ended, greater(minus(own_balance, value), none_set()));
    }
    x->live = mask_but_not(captures, ended);
    return any(x->live);
}

/* The exchange to its end in every lane. Most end within two steps (the
 * reply and the answer to it), so those two are played without asking: a
 * test after each would be a data-dependent branch, mispredicted often, and
 * a mispredict costs more than a step of all lanes. */
INLINE void play(exchange *x, const board_lanes *b, lanes table, general *g, candidate_slot *slot)
{
    step(x, b, table, g, slot, 1);
    step(x, b, table, g, slot, 0);
    while (any(x->live) && (step(x, b, table, g, slot, 1), step(x, b, table, g, slot, 0)))
        ;
}

#endif
