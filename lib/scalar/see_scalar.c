/*
 * The reference SEE kernel: the contract of include/seebatch.h played out one
 * capture at a time, in plain C. Every other kernel must agree with it.
 *
 * The negamax of the swap list is carried forward as a window [lo, hi] (see
 * docs/design.md, section 2, for why narrowing keeps it true): the answer
 * is always clamp(rest of the exchange, lo, hi),
 * and each capture narrows the window. The exact value starts from the widest
 * window; the threshold test starts from [t - 1, t] and so stops as soon as
 * the answer is known to be below t or at least t.
 *
 * The same exchange serves the engine path (see_engine.c), one move at a
 * time on prepared rules and the caller's pins.
 */
#include <limits.h>

#include "board/attacks.h"
#include "kernel.h"
#include "board/pins.h"
#include "scalar.h"

/* The exchange on `to` between two captures. */
typedef struct exchange {
    const seebatch_board *board;
    pin_source *pins; /* NULL when pins are ignored */
    unsigned to;
    unsigned side;      /* the side to capture next */
    bitboard occupied;  /* pieces still on their own squares; never `to` */
    bitboard attackers; /* the pieces of `occupied` that attack `to` */
    int32_t standing;   /* value of the piece standing on `to` */
    int32_t promotion;  /* what a pawn capturing on `to` gains by promoting, or 0 */
    int32_t promoted;   /* the value it then has */
} exchange;

enum capture_result { NO_CAPTURE, CAPTURE, KING_CAPTURE };

static inline int32_t min32(int32_t a, int32_t b) { return a < b ? a : b; }
static inline int32_t max32(int32_t a, int32_t b) { return a > b ? a : b; }
static inline int32_t clamp32(int32_t v, int32_t lo, int32_t hi) { return min32(max32(v, lo), hi); }

/* Rule 2: the cheapest type first, the lowest square within a type.
 * `candidates` is not empty. */
static bitboard seebatch_least_valuable_attacker(const seebatch_board *board, bitboard candidates,
                                                 int *type)
{
    for (*type = SEEBATCH_PAWN; *type < SEEBATCH_KING; ++*type) {
        bitboard of_type = candidates & board->pieces[*type];
        if (of_type)
            return lowest_bit(of_type);
    }
    return lowest_bit(candidates);
}

/* The side to move captures on `to` with its least valuable attacker, if the
 * rules let it. *gain is what it wins. */
static enum capture_result seebatch_capture_on_to(exchange *e, int32_t *gain,
                                                  const seebatch_rules *rules)
{
    const seebatch_board *board = e->board;
    bitboard candidates = e->attackers & board->colors[e->side];
    if (candidates && e->pins) {
        /* Rule 5: a side's blockers stay where they are while any of its
         * pinners is still on its square. */
        const seebatch_pins *pins = pins_from(e->pins);
        if (pinners_of(pins, e->side) & e->occupied)
            candidates &= ~pins->blockers[e->side];
    }
    if (!candidates)
        return NO_CAPTURE;

    int type;
    bitboard from = seebatch_least_valuable_attacker(board, candidates, &type);
    *gain = e->standing;
    if (type == SEEBATCH_KING)
        /* Rule 4, judged before the king leaves its square. */
        return (e->attackers & board->colors[e->side ^ 1]) ? NO_CAPTURE : KING_CAPTURE;

    e->standing = rules->value[type];
    if (type == SEEBATCH_PAWN && e->promotion != 0) {
        *gain += e->promotion;
        e->standing = e->promoted;
    }
    /* Rule 3: only a line through the square just vacated can open: a pawn
     * or bishop leaves a diagonal, a rook a rank or file, a queen either, a
     * knight stands on no line through `to`. */
    e->occupied ^= from;
    const bitboard *p = board->pieces;
    if (type == SEEBATCH_PAWN || type == SEEBATCH_BISHOP || type == SEEBATCH_QUEEN)
        e->attackers |=
            bishop_attacks(e->to, e->occupied) & (p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN]);
    if (type == SEEBATCH_ROOK || type == SEEBATCH_QUEEN)
        e->attackers |= rook_attacks(e->to, e->occupied) & (p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN]);
    e->attackers &= e->occupied;
    e->side ^= 1;
    return CAPTURE;
}

/* Rule 1: plays the forced first move, sets up the exchange that follows and
 * returns what the move wins. */
static int32_t seebatch_play_first_move(exchange *e, const seebatch_board *board,
                                        seebatch_move move, const seebatch_rules *rules)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move);
    unsigned color = color_on(board, from);
    int32_t gain;
    bitboard all = occupied_squares(board);
    bitboard occupied = all & ~seebatch_square_bit(from) & ~seebatch_square_bit(to);
    if (kind == SEEBATCH_MOVE_EN_PASSANT) {
        /* The victim stands behind `to`, and its square opens too. (The mask
         * only keeps a broken precondition from shifting out of range.) */
        occupied &= ~seebatch_square_bit(en_passant_victim(to, color));
        gain = rules->value[SEEBATCH_PAWN];
    } else {
        int32_t victim = rules->value[piece_type_on(board, to)]; /* read as a pawn if empty */
        gain = (all & seebatch_square_bit(to)) ? victim : 0;
    }
    e->standing = rules->value[piece_type_on(board, from)];

    /* Rule 6. The move's own promotion counts under either promotion rule.
     * On its last rank `to` can be reached only by pawns of the side
     * promoting there, so under SEEBATCH_PROMOTIONS every later pawn capture
     * on it promotes too (under SEEBATCH_MOVE_PROMOTION_ONLY none does). */
    e->promotion = 0;
    e->promoted = 0;
    const uint32_t promotion_rules = SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY;
    if ((rules->flags & promotion_rules) && (rank_of(to) == 0 || rank_of(to) == 7)) {
        if (kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN) {
            int32_t named = rules->value[seebatch_promotion_piece(move)];
            gain += named - rules->value[SEEBATCH_PAWN];
            e->standing = named;
        }
        if (rules->flags & SEEBATCH_PROMOTIONS) {
            e->promoted = rules->value[SEEBATCH_QUEEN];
            e->promotion = e->promoted - rules->value[SEEBATCH_PAWN];
        }
    }

    e->board = board;
    e->to = to;
    e->side = color ^ 1;
    e->occupied = occupied;
    e->attackers = 0; /* left to the caller: often the answer is known without */
    return gain;
}

/* Rule 8: the side that has just captured, `ahead` on balance (its own
 * material over the whole exchange so far), is ahead by more than the piece
 * it has standing on `to`, so its opponent is taken to stop. */
static inline bool breaks_off(const seebatch_rules *rules, const exchange *e, int32_t ahead)
{
    return (rules->flags & SEEBATCH_STOP_WHEN_AHEAD) && ahead - e->standing > 0;
}

/* The answer is clamp(rest of the exchange, lo, hi); lo <= hi. */
typedef struct window {
    int32_t lo, hi;
} window;

/* The exchange stands at `balance` for the first mover. The side to move may
 * stop there, which bounds the rest on its side; or capture, winning at most
 * the piece on `to` (and a promotion), after which the other side may stop,
 * which bounds it on the other side. */
static void seebatch_narrow(window *w, int32_t balance, const exchange *e, bool opponent_next)
{
    int32_t reach = e->standing + max32(e->promotion, 0);
    if (opponent_next) {
        w->hi = min32(w->hi, max32(balance, w->lo));
        w->lo = max32(w->lo, min32(balance - reach, w->hi));
    } else {
        w->lo = max32(w->lo, min32(balance, w->hi));
        w->hi = min32(w->hi, max32(balance + reach, w->lo));
    }
}

/* SEE of the move clamped to [lo, hi], lo <= hi: the exact value for the
 * widest window, and t exactly when SEE >= t for [t - 1, t] (for
 * t = INT32_MIN, which every value reaches, [t, t] answers t). */
int32_t seebatch_scalar_see_within(const seebatch_rules *rules, const seebatch_board *board,
                                   pin_source *pins, seebatch_move move, int32_t lo, int32_t hi)
{
    unsigned kind = seebatch_move_kind(move);
    if (kind == SEEBATCH_MOVE_CASTLING ||
        (kind != SEEBATCH_MOVE_NORMAL && (rules->flags & SEEBATCH_NORMAL_MOVES_ONLY)))
        return clamp32(0, lo, hi);

    exchange e;
    e.pins = pins;
    int32_t balance = seebatch_play_first_move(&e, board, move, rules);
    if (board->pieces[SEEBATCH_KING] & seebatch_square_bit(seebatch_move_from(move)))
        return clamp32(balance, lo, hi); /* rule 4: a king moving first is never taken */
    window bounds = {lo, hi};

    /* The first reply is often already decided by the values alone (a pawn
     * taking a queen is at least 0): look at attackers only when it is not. */
    seebatch_narrow(&bounds, balance, &e, true);
    if (bounds.lo == bounds.hi)
        return bounds.lo;
    e.attackers = attackers_to(board, e.to, e.occupied) & e.occupied;

    for (bool opponent_next = true;; opponent_next = !opponent_next) {
        int32_t gain;
        enum capture_result result = seebatch_capture_on_to(&e, &gain, rules);
        if (result == NO_CAPTURE)
            return clamp32(balance, bounds.lo, bounds.hi);
        balance += opponent_next ? -gain : gain;
        /* After a king's capture, or a capture rule 8 breaks off at, the
         * other side does not move: the rest is the balance. */
        if (result == KING_CAPTURE || breaks_off(rules, &e, opponent_next ? -balance : balance))
            return clamp32(balance, bounds.lo, bounds.hi);
        seebatch_narrow(&bounds, balance, &e, !opponent_next);
        if (bounds.lo == bounds.hi)
            return bounds.lo;
    }
}

/* The reference as a kernel over batches: not in the engine pair. */
#ifndef SEEBATCH_ENGINE_PAIR
/* Every move of a batch clamped to [lo, hi]: answers[i] gets the value, or
 * passed[i] whether it reached hi (lo = hi - 1). Pins not given are
 * computed at most once per board, and only when a move needs them. */
static void seebatch_run_batch(const see_batch *batch, int32_t lo, int32_t hi, int32_t *values,
                               uint8_t *passed)
{
    const seebatch_rules *rules = batch->rules;
    pin_source source;
    pin_source *pins = (rules->flags & SEEBATCH_PINS) ? &source : NULL;
    source.board = NULL;
    for (size_t i = 0; i < batch->count; i++) {
        const seebatch_board *board = board_of(batch, i);
        if (board != source.board)
            pin_source_start(&source, board, given_pins_of(batch, board));
        int32_t answer = seebatch_scalar_see_within(rules, board, pins, batch->moves[i], lo, hi);
        if (values)
            values[i] = answer;
        else
            passed[i] = answer == hi;
    }
}

static void seebatch_reference_values(const see_batch *batch, int32_t *values)
{
    seebatch_run_batch(batch, INT32_MIN, INT32_MAX, values, NULL);
}

static void seebatch_reference_see_ge(const see_batch *batch, int32_t threshold, uint8_t *passed)
{
    if (threshold == INT32_MIN) { /* every value passes, and [t - 1, t] needs t - 1 */
        for (size_t i = 0; i < batch->count; i++)
            passed[i] = 1;
        return;
    }
    seebatch_run_batch(batch, threshold - 1, threshold, NULL, passed);
}

const see_backend seebatch_reference_backend = {
    "reference", seebatch_reference_values,     seebatch_reference_see_ge,
    0,           seebatch_batch_sound_portable, false};
#endif
