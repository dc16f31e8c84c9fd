/*
 * A group of LANES moves, one per lane, through the three stages of
 * kernel_body.h: set up (prepare_group), then played on the path its lanes
 * need (play_group).
 */
#ifndef SEEBATCH_LANES_GROUPS_H
#define SEEBATCH_LANES_GROUPS_H

#include <limits.h>
#include <string.h>

#include "board/attacks.h"
#include "lanes/attackers.h"
#include "lanes/exchange.h"
#include "lanes/pin_filter.h"
#include "lanes/stop_after.h"
#include "board/pins.h"

/* The pins of the boards seen last: the moves of one board come together,
 * and a group of a many-board batch spans a few boards. Slot i remembers a
 * board whose index (its address over the board size) is i modulo 8. */
enum { PIN_SLOTS = 8 };

typedef struct pin_memory {
    const seebatch_board *board[PIN_SLOTS];
    seebatch_pins pins[PIN_SLOTS];
} pin_memory;

static void seebatch_forget_pins(pin_memory *memory)
{
    for (unsigned i = 0; i < PIN_SLOTS; i++)
        memory->board[i] = NULL;
}

static const seebatch_pins *seebatch_remembered_pins(pin_memory *memory,
                                                     const seebatch_board *board)
{
    unsigned slot = (unsigned)(((uintptr_t)board / sizeof *board) % PIN_SLOTS);
    if (memory->board[slot] != board) {
        seebatch_pins_compute(board, &memory->pins[slot]);
        memory->board[slot] = board;
    }
    return &memory->pins[slot];
}

static bitboard seebatch_pinned_pieces(const seebatch_pins *pins, const seebatch_board *board)
{
    return (pins->blockers[SEEBATCH_WHITE] & board->colors[SEEBATCH_WHITE]) |
           (pins->blockers[SEEBATCH_BLACK] & board->colors[SEEBATCH_BLACK]);
}

/* What every group of a batch shares. */
typedef struct batch_context {
    lanes table;  /* value_table of the rules */
    lanes lo, hi; /* the window every answer is clamped to */
    uint32_t flags;
    const see_batch *in; /* its boards, and their pins when given */
    pin_memory memory;   /* the pins worked out, when none are given */
} batch_context;

/* A board's pins: the caller's, or worked out once and remembered. */
static const seebatch_pins *seebatch_pins_of(batch_context *batch, const seebatch_board *board)
{
    const seebatch_pins *given = given_pins_of(batch->in, board);
    return given ? given : seebatch_remembered_pins(&batch->memory, board);
}

/* A many-board group's flag beside the configuration's. Nothing tests it:
 * whether a group is on many boards is a constant of each inlined copy
 * (group_boards), so that one board's copies carry none of many boards'
 * code. It is set all the same because gcc (12) then allocates the
 * many-board loop's registers better: callgrind counts 0.7 fewer
 * instructions per capture of `seebatch_passes avx2 multi` (classic rules)
 * with it than without. */
enum { MANY_BOARDS = 1u << 31 };

/* How a group's exchange is played (see kernel_body.h); DECIDED: every
 * lane ended with its first move. */
enum path { COMMON, ONE_CANDIDATE, GENERAL, DECIDED };

/* One group: moves[0 .. count) (count 1 .. LANES), move `lane` on
 * boards[lane], which `b` holds as lanes. */
typedef struct group {
    batch_context *batch;
    const seebatch_move *moves;
    const uint32_t *board_of_move; /* the moves' boards in a many-board batch, else NULL */
    size_t count;
    const seebatch_board *const *boards; /* LANES of them */
    const board_lanes *b;
    uint32_t flags;     /* the batch's, without SEEBATCH_PINS where no pin can matter */
    unsigned pin_lanes; /* with SEEBATCH_PINS: the lanes where a pin may matter (bit i: lane i) */
    enum path path;
    exchange x;
    candidate_slot slot;        /* on the path ONE_CANDIDATE: each lane's candidate and gate */
    bitboard candidates[LANES]; /* on the path GENERAL: each lane's x-ray candidates */
} group;

/* The flags for moves all on one board: without SEEBATCH_PINS when neither
 * side has a pinned piece, as on most boards, so that no group looks. */
static uint32_t seebatch_flags_for_board(uint32_t flags, const seebatch_board *board,
                                         batch_context *batch)
{
    if (!(flags & SEEBATCH_PINS))
        return flags;
    return seebatch_pinned_pieces(seebatch_pins_of(batch, board), board)
               ? flags
               : flags & ~(uint32_t)SEEBATCH_PINS;
}

/* A group's move fields, each lane's own. The rare paths decode them again
 * rather than keep them alive in registers on the common one. */
typedef struct decoded_moves {
    lanes to, to_bit, from_bit, kind;
    lane_mask white_moves;
    lanes occupied; /* after the first move, without `to` */
} decoded_moves;

/* The occupancy after the first move, without `to`. */
INLINE lanes occupied_after(const board_lanes *b, const decoded_moves *d)
{
    lanes behind = choose(d->white_moves, shift_down(d->to_bit, 8), shift_up(d->to_bit, 8));
    lane_mask en_passant = equal(d->kind, broadcast(SEEBATCH_MOVE_EN_PASSANT));
    lanes left = either(either(d->from_bit, d->to_bit), keep(en_passant, behind));
    return but_not(either(b->white, b->black), left);
}

INLINE decoded_moves decode_moves(const group *gr)
{
    decoded_moves d;
    lanes packed = load_moves(gr->moves, gr->count);
    lanes one = broadcast(1), six_bits = broadcast(63);
    d.to = both(packed, six_bits);
    d.kind = shift_down(packed, 12);
    d.from_bit = shift_up_by(one, both(shift_down(packed, 6), six_bits));
    d.to_bit = shift_up_by(one, d.to);
    d.white_moves = all_of(gr->b->white, d.from_bit);
    d.occupied = occupied_after(gr->b, &d);
    return d;
}

/* Rule 6 at the first move: a promotion names its piece (kinds 1 to 4 are
 * its type), and under SEEBATCH_PROMOTIONS (`later_pawns`) a pawn reaching a
 * last rank later becomes a queen; under SEEBATCH_MOVE_PROMOTION_ONLY it
 * stays a pawn, so the exchange after the first move is the common one. Adds
 * to *gain and *standing, and returns how much the next capture can win. */
INLINE lanes promote_first_move(lanes table, const decoded_moves *d, lanes *gain, lanes *standing,
                                const int later_pawns)
{
    lane_mask promotes = mask_and(greater(d->kind, none_set()),
                                  greater(broadcast(SEEBATCH_MOVE_EN_PASSANT), d->kind));
    lanes named = value_of(table, minus(none_set(), as_pair(d->kind)));
    lanes pawn = value_of(table, none_set());
    *gain = plus(*gain, keep(promotes, minus(named, pawn)));
    *standing = choose(promotes, named, *standing);
    if (!later_pawns)
        return *standing;
    lane_mask last_rank = not_zero(both(d->to_bit, broadcast(0xFF000000000000FFull)));
    lanes queen = value_of(table, pair(-SEEBATCH_QUEEN));
    return plus(*standing, keep(last_rank, max32(minus(queen, pawn), none_set())));
}

/* Stage 2: every lane after its first move, all but the attackers. */
INLINE void start_group(group *gr, const decoded_moves *d, lane_mask valid)
{
    exchange *x = &gr->x;
    const board_lanes *b = gr->b;
    lanes table = gr->batch->table;
    x->mine = choose(d->white_moves, b->white, b->black);

    /* Rule 1: the gain is the piece on `to`, a pawn for en passant. */
    lane_mask en_passant = equal(d->kind, broadcast(SEEBATCH_MOVE_EN_PASSANT));
    lane_mask taken = all_of(either(b->white, b->black), d->to_bit);
    lanes gain = keep(mask_or(taken, en_passant), value_of(table, negated_code_on(b, d->to_bit)));
    lanes mover = negated_code_on(b, d->from_bit);
    lanes standing = value_of(table, mover);
    lanes reach = standing;
    if (gr->flags & (SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY))
        reach =
            promote_first_move(table, d, &gain, &standing, (gr->flags & SEEBATCH_PROMOTIONS) != 0);

    /* Castling, and under SEEBATCH_NORMAL_MOVES_ONLY every special move, is
     * worth 0 and ends there; so does a king's first move (rule 4). */
    lane_mask zero_move = (gr->flags & SEEBATCH_NORMAL_MOVES_ONLY)
                              ? greater(d->kind, none_set())
                              : equal(d->kind, broadcast(SEEBATCH_MOVE_CASTLING));
    lane_mask ended = mask_or(zero_move, equal(mover, pair(-SEEBATCH_KING)));

    x->balance = drop(gain, zero_move);
    x->standing = standing;
    x->lo = gr->batch->lo;
    x->hi = gr->batch->hi;
    /* Narrowing keeps clamp(balance, lo, hi), so the lanes that end here
     * may be narrowed with the rest. */
    narrow_opponent_next(x, reach);
    x->live = mask_but_not(mask_but_not(valid, ended), equal_pairs(x->lo, x->hi));
}

/* The lanes where rule 5 can matter (bit i: lane i): only a pinned piece
 * that attacks `to`, now or once uncovered (`reach`: attackers and x-ray
 * candidates), is ever held back by its pin. Most lanes have none, even on
 * boards with pins, and then play as if the flag were off, which gives the
 * same answers. A lane without a piece in reach (a capture of a loose
 * piece, a common case) does not work its board's pins out. */
static unsigned seebatch_lanes_pins_matter(const group *gr, const bitboard reach[LANES])
{
    size_t lanes_used = gr->count < LANES ? gr->count : LANES;
    unsigned matter = 0;
    for (unsigned lane = 0; lane < lanes_used; lane++) {
        const seebatch_board *board = gr->boards[lane];
        if (reach[lane] &&
            (seebatch_pinned_pieces(seebatch_pins_of(gr->batch, board), board) & reach[lane]))
            matter |= 1u << lane;
    }
    return matter;
}

/* Each lane's pinned pieces (rule 5) from the pins the caller gave a
 * many-board batch: two look-ups by lane, as a board's pins are four
 * bitboards, so that no pins are worked out and no test in lanes guesses. */
_Static_assert(sizeof(seebatch_pins) == 4 * sizeof(uint64_t),
               "pins[b] is 4 bitboards past pins[b - 1]");
INLINE lanes given_pinned(const group *gr)
{
    lanes index = shift_up(load_indices(gr->board_of_move, gr->count), 2);
    const bitboard *blockers = gr->batch->in->pins[0].blockers;
    lanes white = look_up(blockers + SEEBATCH_WHITE, index);
    lanes black = look_up(blockers + SEEBATCH_BLACK, index);
    return either(both(white, gr->b->white), both(black, gr->b->black));
}

/* The gate of a lane's x-ray candidate: the pieces between it and `to`,
 * with its own bit. */
static bitboard seebatch_gate_of(unsigned to, unsigned square, bitboard occupied)
{
    return (between(to, square) & occupied) | seebatch_square_bit(square);
}

/* Rule 3 for one lane: each of its x-ray candidates in a slot, with its gate. */
static void seebatch_lane_candidates(general *g, unsigned lane, unsigned to, bitboard occupied,
                                     bitboard candidates)
{
    lane_mask this_lane = only_lane(lane);
    unsigned k = 0;
    for (; candidates; candidates &= candidates - 1, k++) {
        unsigned square = lowest_square(candidates);
        if (k == g->slots) {
            g->candidate[k] = g->gate[k] = none_set();
            g->slots++;
        }
        g->candidate[k] =
            choose(this_lane, broadcast(seebatch_square_bit(square)), g->candidate[k]);
        g->gate[k] =
            choose(this_lane, broadcast(seebatch_gate_of(to, square, occupied)), g->gate[k]);
    }
}

/* The common x-ray case, one candidate per lane at most (no pins, no
 * promotions), set up in lanes: each candidate's gate from the table of
 * squares between by lane, `to` * 64 + its square. A lane without one reads
 * between(a1, a1), empty, so its gate and candidate are 0 and nothing
 * joins there: a group on the common path may play with this slot too. In
 * a group of eight about a quarter of groups have a candidate somewhere. */
INLINE candidate_slot slot_of(const decoded_moves *d, lanes candidates)
{
    candidate_slot slot;
    lanes index = keep(not_zero(candidates), add64(shift_up(d->to, 6), square_of_bit(candidates)));
    slot.occupied = d->occupied;
    slot.candidate = candidates;
    slot.gate =
        either(both(look_up(&seebatch_between_table[0][0], index), d->occupied), candidates);
    return slot;
}

static __attribute__((noinline)) void seebatch_play_with_slot(group *gr)
{
    play(&gr->x, gr->b, gr->batch->table, NULL, &gr->slot);
}

/* Rule 5 on the general path: each side's pinned pieces and their pinners,
 * in every lane. */
static void seebatch_set_up_pins(general *g, const group *gr, lane_mask white_moves)
{
    g->pinned[0] = g->pinned[1] = g->pinners[0] = g->pinners[1] = none_set();
    if (!(gr->flags & SEEBATCH_PINS))
        return;
    /* Lanes where no pin matters keep none: that gives the same answers. */
    bitboard pinned_of[2][LANES] = {{0}}, pinning[2][LANES] = {{0}};
    for (unsigned lane = 0; lane < LANES; lane++) {
        if (!(gr->pin_lanes >> lane & 1))
            continue;
        const seebatch_board *board = gr->boards[lane];
        const seebatch_pins *pins = seebatch_pins_of(gr->batch, board);
        for (unsigned color = 0; color < 2; color++) {
            pinned_of[color][lane] = pins->blockers[color] & board->colors[color];
            pinning[color][lane] = pinners_of(pins, color);
        }
    }
    lanes pinned[2], pinners[2];
    for (unsigned color = 0; color < 2; color++) {
        pinned[color] = from_numbers(pinned_of[color]);
        pinners[color] = from_numbers(pinning[color]);
    }
    g->pinned[0] = choose(white_moves, pinned[SEEBATCH_WHITE], pinned[SEEBATCH_BLACK]);
    g->pinned[1] = choose(white_moves, pinned[SEEBATCH_BLACK], pinned[SEEBATCH_WHITE]);
    g->pinners[0] = choose(white_moves, pinners[SEEBATCH_WHITE], pinners[SEEBATCH_BLACK]);
    g->pinners[1] = choose(white_moves, pinners[SEEBATCH_BLACK], pinners[SEEBATCH_WHITE]);
    if (any_bits(either(g->pinned[0], g->pinned[1])))
        g->features |= WITH_PINS;
}

/* Rule 6 on the general path: which lanes capture on a last rank. */
static void seebatch_set_up_promotions(general *g, const group *gr, lanes to_bit)
{
    lanes table = gr->batch->table;
    g->queen = value_of(table, pair(-SEEBATCH_QUEEN));
    g->last_rank = no_lane();
    g->promotion = none_set();
    if (!(gr->flags & SEEBATCH_PROMOTIONS))
        return;
    g->last_rank = not_zero(both(to_bit, broadcast(0xFF000000000000FFull)));
    g->promotion = keep(g->last_rank, minus(g->queen, value_of(table, none_set())));
    if (any(g->last_rank))
        g->features |= WITH_PROMOTION;
}

/* Rule 3 on the general path: every x-ray candidate of every lane in a slot. */
static void seebatch_set_up_candidates(general *g, const group *gr, const decoded_moves *d)
{
    g->slots = 0;
    bitboard all = 0;
    for (unsigned lane = 0; lane < LANES; lane++)
        all |= gr->candidates[lane];
    if (!all)
        return;
    uint64_t to_of[LANES], occupied_of[LANES];
    to_numbers(to_of, d->to);
    to_numbers(occupied_of, g->occupied);
    for (unsigned lane = 0; lane < LANES; lane++)
        if (gr->candidates[lane])
            seebatch_lane_candidates(g, lane, (unsigned)to_of[lane], occupied_of[lane],
                                     gr->candidates[lane]);
}

/*
 * The exchange when pins, promotions, rule 8 or x-ray candidates may play a part:
 * sets up what they need (the move fields again, rather than keep them alive
 * on the common path) and plays it out, or plays the common way when none
 * does after all. Out of line: it is rare, and its state is large.
 */
static __attribute__((noinline)) void seebatch_play_in_general(group *gr)
{
    general g;
    decoded_moves d = decode_moves(gr);
    g.occupied = d.occupied;
    g.features = (gr->flags & SEEBATCH_STOP_WHEN_AHEAD) ? WITH_STOP_WHEN_AHEAD : 0;
    seebatch_set_up_pins(&g, gr, d.white_moves);
    seebatch_set_up_promotions(&g, gr, d.to_bit);
    seebatch_set_up_candidates(&g, gr, &d);
    if (g.features || g.slots)
        play(&gr->x, gr->b, gr->batch->table, &g, NULL);
    else
        play(&gr->x, gr->b, gr->batch->table, NULL, NULL);
}

/* The lanes where a pinned piece is among `reach` (each live lane's
 * attackers and x-ray candidates; bit i: lane i). On one board its pins are
 * known already; on many, the caller's are read in lanes, or most lanes are
 * cleared in lanes (pin_filter.h) before any board's pins are worked out.
 * `many_boards` is a constant in each inlined copy (the entry points pass
 * it as a literal): a one-board copy then carries none of the many-board
 * code, which it would never run. */
INLINE unsigned lanes_pins_can_matter(const group *gr, lanes reach, const bool many_boards)
{
    if (many_boards && gr->batch->in->pins)
        return lane_bits(not_zero(both(reach, given_pinned(gr))));
    if (many_boards) {
        reach = reach_maybe_pinned(gr->b, reach);
        if (!any_bits(reach))
            return 0;
    }
    bitboard reach_of[LANES];
    to_numbers(reach_of, reach);
    return seebatch_lanes_pins_matter(gr, reach_of);
}

/* Stages 1 and 2 for the group's moves: its exchange up to the first
 * reply, and the path it takes; off the common path each lane's x-ray
 * candidates are kept for it. The group loses SEEBATCH_PINS when no pin can
 * matter in it (lanes_pins_matter). */
INLINE void prepare_group(group *gr, const bool many_boards)
{
    decoded_moves d = decode_moves(gr);
    lane_mask valid = first_lanes(gr->count);
    start_group(gr, &d, valid);
    if (!any(gr->x.live)) {
        /* Every lane is decided by its first move alone (a threshold call
         * where each move wins at least the threshold even if the piece
         * that moved is taken, or cannot reach it): no attackers needed. */
        gr->x.attackers = none_set();
        gr->path = DECIDED;
        return;
    }
    /* Lanes past `count` have no move, and a lane that ended with its
     * first move keeps its answer whatever follows: neither needs x-rays
     * or pins. */
    lanes candidates;
    gr->x.attackers = attackers_of(gr->b, d.to, d.to_bit, d.occupied, gr->x.live, &candidates);
    if (STOPS_AFTER(STOP_AFTER_SETUP)) {
        /* In the answers, so that the compiler keeps their search. */
        gr->x.attackers = either(gr->x.attackers, candidates);
        gr->flags &= ~(uint32_t)SEEBATCH_PINS;
    }
    if (gr->flags & SEEBATCH_PINS) {
        lanes reach_lanes = either(keep(gr->x.live, gr->x.attackers), candidates);
        gr->pin_lanes = lanes_pins_can_matter(gr, reach_lanes, many_boards);
        if (!gr->pin_lanes)
            gr->flags &= ~(uint32_t)SEEBATCH_PINS;
    }
    /* Pins, promotions after the first move and rule 8 are played on the
     * general path only. */
    const uint32_t general_rules = SEEBATCH_PINS | SEEBATCH_PROMOTIONS | SEEBATCH_STOP_WHEN_AHEAD;
    gr->path = COMMON;
    if (__builtin_expect(!(gr->flags & general_rules), 1) && !any_bits(candidates))
        return;
    lanes several = both(candidates, add64(candidates, broadcast(~0ull)));
    if (!(gr->flags & general_rules) && !any_bits(several)) {
        gr->slot = slot_of(&d, candidates);
        gr->path = ONE_CANDIDATE;
        return;
    }
    to_numbers(gr->candidates, candidates);
    gr->path = GENERAL;
}

/* Stage 3: plays one group's exchange on its path. */
INLINE void play_group(group *gr)
{
    if (gr->path == DECIDED)
        return;
    if (gr->path == COMMON)
        play(&gr->x, gr->b, gr->batch->table, NULL, NULL);
    else if (gr->path == ONE_CANDIDATE)
        seebatch_play_with_slot(gr);
    else
        seebatch_play_in_general(gr);
}

INLINE lanes answer(const exchange *x) { return max32(x->lo, min32(x->balance, x->hi)); }

/* The answers, clamped to the batch's window, of one group. */
INLINE lanes evaluate_group(group *gr, const bool many_boards)
{
    prepare_group(gr, many_boards);
    play_group(gr);
    return answer(&gr->x);
}

/* Two groups' exchanges stepped together, as play steps one; a group whose
 * lanes have all ended is stepped along harmlessly (nothing changes its
 * answer). Slots NULL: the common path. */
INLINE void play_two(group *g0, group *g1, candidate_slot *s0, candidate_slot *s1)
{
    exchange *x0 = &g0->x, *x1 = &g1->x;
    lanes table = g0->batch->table;
    step(x0, g0->b, table, NULL, s0, 1);
    step(x1, g1->b, table, NULL, s1, 1);
    step(x0, g0->b, table, NULL, s0, 0);
    step(x1, g1->b, table, NULL, s1, 0);
    while (!STOPS_AFTER(STOP_AFTER_TWO_STEPS) && any(mask_or(x0->live, x1->live))) {
        step(x0, g0->b, table, NULL, s0, 1);
        step(x1, g1->b, table, NULL, s1, 1);
        step(x0, g0->b, table, NULL, s0, 0);
        step(x1, g1->b, table, NULL, s1, 0);
    }
}

/* Two groups at once: their exchanges are independent chains of dependent
 * steps, so stepping them together lets one fill the other's waits. */
INLINE void evaluate_two_groups(group *g0, group *g1, lanes answers[2], const bool many_boards)
{
    prepare_group(g0, many_boards);
    prepare_group(g1, many_boards);
    if (STOPS_AFTER(STOP_AFTER_SETUP) || STOPS_AFTER(STOP_AFTER_PINS)) {
        answers[0] = either(g0->x.balance, g0->x.attackers);
        answers[1] = either(g1->x.balance, g1->x.attackers);
        return;
    }
    int apart =
        g0->path == GENERAL || g1->path == GENERAL || g0->path == DECIDED || g1->path == DECIDED;
    if (apart) {
        play_group(g0);
        play_group(g1);
    } else if (g0->path == COMMON && g1->path == COMMON) {
        play_two(g0, g1, NULL, NULL);
    } else {
        /* One candidate somewhere: both with slots, an empty one for a
         * group on the common path, so that they still overlap. */
        candidate_slot empty = {none_set(), none_set(), none_set()};
        play_two(g0, g1, g0->path == COMMON ? &empty : &g0->slot,
                 g1->path == COMMON ? &empty : &g1->slot);
    }
    answers[0] = answer(&g0->x);
    answers[1] = answer(&g1->x);
}

#endif
