/*
 * The one exchange walk for normal moves, Stockfish's way, for one layout
 * shape and pin setting given as constants (exchange_kind): the threshold
 * test (see_ge_on, see_ge_turns) and the exact value
 * (value_on, value_after, play_out). Both capture with the least valuable
 * able attacker by the one step below, capture_cheapest. It serves the
 * engine path (lib/scalar/normal_moves.c), the views (lib/views/
 * instances.h writes out every shape and pin setting) and the scalar
 * backend's batch walk (lib/scalar/walk_body.h). The reference
 * (lib/scalar/see_scalar.c) stays apart: it is the contract the walk is
 * held to.
 *
 * The includer has defined the attack lookups (see reader.h).
 */
#ifndef SEEBATCH_EXCHANGE_WALK_H
#define SEEBATCH_EXCHANGE_WALK_H

#include <limits.h>

#include "reader.h"

/* What a walk is compiled for: its layout shape and whether it honours pins
 * (rule 5). Constants of each instance, so a walk tests neither. */
typedef struct exchange_kind {
    view_shape shape;
    bool pins;
} exchange_kind;

/* What an exchange carries from capture to capture. */
typedef struct exchange_state {
    bitboard occupied;
    bitboard attackers; /* of both colours; masked with `occupied` before use */
    /* The threshold test's balance relative to the threshold, from the
     * point of view of the side that just captured (unused by value_on). */
    int32_t swap;
} exchange_state;

/* capture_cheapest's answers beside the piece types: the threshold test is
 * decided before the piece is taken off. */
enum { FALLS_SHORT = SEEBATCH_PIECE_TYPES, NO_LIMIT = -1 };

/* Takes the `type` piece `found` (the lowest of them goes) off and adds the
 * sliders it uncovers, unless `limit` says the side stops short first: with
 * a limit, the side's balance after this capture (swap) below it ends the
 * test, with the piece still standing. */
EXCHANGE_INLINE int take_off(const view_reader *r, view_shape shape, exchange_state *s, int type,
                             bitboard found, int limit)
{
    if (limit != NO_LIMIT && (s->swap = r->rules->value[type] - s->swap) < limit)
        return FALLS_SHORT;
    s->occupied ^= lowest_bit(found);
    if (type == SEEBATCH_PAWN || type == SEEBATCH_BISHOP || type == SEEBATCH_QUEEN)
        s->attackers |= diagonal_attacks_at(r->target, s->occupied) & diagonal_sliders(r, shape);
    if (type == SEEBATCH_ROOK || type == SEEBATCH_QUEEN)
        s->attackers |= straight_attacks_at(r->target, s->occupied) & straight_sliders(r, shape);
    return type;
}

/* `side` captures with its least valuable attacker in `mine` (rule 2): its
 * type, or FALLS_SHORT (see take_off), or SEEBATCH_KING with nothing done
 * when only the king is left (rule 4 is the caller's). */
EXCHANGE_INLINE int capture_cheapest(const view_reader *r, view_shape shape, exchange_state *s,
                                     unsigned side, bitboard mine, int limit)
{
    /* Written out rather than looped over: each branch then knows its type
     * as a constant, and take_off keeps only that type's work. */
    bitboard found;
    if ((found = mine & side_bits(r, shape, side, SEEBATCH_PAWN)))
        return take_off(r, shape, s, SEEBATCH_PAWN, found, limit);
    if ((found = mine & side_bits(r, shape, side, SEEBATCH_KNIGHT)))
        return take_off(r, shape, s, SEEBATCH_KNIGHT, found, limit);
    if ((found = mine & side_bits(r, shape, side, SEEBATCH_BISHOP)))
        return take_off(r, shape, s, SEEBATCH_BISHOP, found, limit);
    if ((found = mine & side_bits(r, shape, side, SEEBATCH_ROOK)))
        return take_off(r, shape, s, SEEBATCH_ROOK, found, limit);
    if ((found = mine & side_bits(r, shape, side, SEEBATCH_QUEEN)))
        return take_off(r, shape, s, SEEBATCH_QUEEN, found, limit);
    return SEEBATCH_KING;
}

/* The attackers rule 5 lets `color` capture with, among `mine`. */
EXCHANGE_INLINE bitboard able(const view_reader *r, exchange_kind kind, unsigned color,
                              bitboard mine, bitboard occupied)
{
    if (kind.pins && mine && (pinners_of_color(r, kind.shape, color) & occupied))
        mine &= ~blockers_of(r, kind.shape, color);
    return mine;
}

enum { GOES_ON = -1 };

/*
 * One turn of the threshold test by the side whose pieces are `own`
 * (colour `color`): it captures with its least valuable able attacker, or
 * the test ends with `stops`, the answer when that side stops. The turns
 * alternate from the opponent's (stops 1: the mover keeps what it has) to
 * the mover's (stops 0), so neither the side nor the answer so far is kept
 * in a register. Returns the answer, or GOES_ON.
 */
EXCHANGE_INLINE int turn(const view_reader *r, exchange_kind kind, exchange_state *s, bitboard own,
                         unsigned color, int stops)
{
    /* Read the bitboards where they lie at each turn: kept in registers
     * across the loop they would be spilled, at a cost. */
    __asm__("" ::: "memory");
    s->attackers &= s->occupied;
    bitboard mine = able(r, kind, color, s->attackers & own, s->occupied);
    if (!mine)
        return stops;
    /* Each capture: the side gains the piece just moved; if even that
     * leaves it short, it stops there (and loses). */
    int type = capture_cheapest(r, kind.shape, s, color, mine, !stops);
    if (type == FALLS_SHORT)
        return !stops;
    if (type == SEEBATCH_KING) /* rule 4: only if nothing can take it back */
        return (s->attackers & ~own) ? stops : !stops;
    return GOES_ON;
}

/* Every attacker of the target, both colours, Stockfish's way: its shape
 * reads each bitboard with one load, so no lookup is worth saving. */
EXCHANGE_INLINE bitboard all_attackers(const view_reader *r, bitboard occupied)
{
    const view_shape shape = VIEW_STOCKFISH;
    view_target target = r->target;
    return (pawn_attacks_at(target, pawn_table(r, shape, SEEBATCH_WHITE)) &
            pawns_of(r, shape, SEEBATCH_WHITE)) |
           (pawn_attacks_at(target, pawn_table(r, shape, SEEBATCH_BLACK)) &
            pawns_of(r, shape, SEEBATCH_BLACK)) |
           (knight_attacks_at(target) & type_bits(r, shape, SEEBATCH_KNIGHT)) |
           (diagonal_attacks_at(target, occupied) & diagonal_sliders(r, shape)) |
           (straight_attacks_at(target, occupied) & straight_sliders(r, shape)) |
           (king_attacks_at(target) & type_bits(r, shape, SEEBATCH_KING));
}

/* The threshold test's turns once every attacker is known (s: the position
 * after the move, swap the shortfall), from the opponent's, whose pieces
 * are `them` (colour side ^ 1), on. */
EXCHANGE_INLINE bool see_ge_turns(const view_reader *r, exchange_kind kind, exchange_state *s,
                                  unsigned side, bitboard them, bitboard us)
{
    /* The opponent's first turn, before the loop: often it cannot capture,
     * and the answer is known before the loop's registers are set up. */
    int answer = turn(r, kind, s, them, side ^ 1, 1);
    while (answer == GOES_ON && (answer = turn(r, kind, s, us, side, 0)) == GOES_ON)
        answer = turn(r, kind, s, them, side ^ 1, 1);
    return answer;
}

/* Pins found when first needed: find(context) gives their base, called at
 * most once by a walk and only where it reads them (the engine path and
 * the scalar backend's walk work a board's pins out then). */
typedef const void *exchange_pins_finder(void *context);

/* The position a walk plays on, in its kind's layout: its bitboards, and
 * its pins at pin_base, or from find(context) when find is not NULL. */
typedef struct exchange_position {
    const seebatch_rules *rules;
    const bitboard *pieces, *colors;
    const void *pin_base;
    exchange_pins_finder *find;
    void *context;
} exchange_position;

/* The reader of a walk's position, on `to`. */
EXCHANGE_INLINE view_reader reader_on(const exchange_position *at, view_shape shape, unsigned to)
{
    view_reader r = reader_of(at->rules, at->pieces, at->colors, at->pin_base, shape);
    r.target = target_of(to);
    return r;
}

/*
 * The threshold test: Stockfish's null-window walk. Each side in turn
 * captures on `to` with its least valuable able attacker, and the walk
 * stops as soon as the side to move can no longer change which side of the
 * threshold the balance is on. `swap` carries the balance relative to the
 * threshold from the point of view of the side that just captured, so one
 * subtraction per capture keeps it. The move is normal (bits 12-15 clear);
 * rule 8 is not played.
 */
EXCHANGE_INLINE bool see_ge_on(exchange_kind kind, const exchange_position *at, unsigned move,
                               int32_t shortfall)
{
    const view_shape shape = kind.shape;
    unsigned from = move >> 6, to = move & 63;
    view_reader r = reader_on(at, shape, to);
    exchange_state s = {0, 0, shortfall};
    s.occupied = (color_bits(&r, shape, 0) | color_bits(&r, shape, 1)) ^ seebatch_square_bit(from) ^
                 seebatch_square_bit(to);
    unsigned side = (color_bits(&r, shape, SEEBATCH_BLACK) >> from) & 1u;
    if (shape == VIEW_STOCKFISH) {
        s.attackers = all_attackers(&r, s.occupied);
    } else {
        /* The opponent's attackers first: often it has none (and the mover
         * keeps what it has), and then the mover's need not be looked up. */
        bitboard diagonal = diagonal_attacks_at(r.target, s.occupied);
        bitboard straight = straight_attacks_at(r.target, s.occupied);
        s.attackers = attackers_of(&r, shape, side ^ 1, diagonal, straight);
        if (!s.attackers)
            return true;
        s.attackers |= attackers_of(&r, shape, side, diagonal, straight);
        read_sliders(&r, shape);
    }
    /* The two sides' pieces, read once: the turns alternate between them. */
    const bitboard them = color_bits(&r, shape, side ^ 1), us = color_bits(&r, shape, side);
    if (kind.pins && at->find) { /* an opponent with no attacker needs no pins */
        if (!(s.attackers & them))
            return true;
        r.pins = at->find(at->context);
    }
    return see_ge_turns(&r, kind, &s, side, them, us);
}

/* The negamax of the swap list carried forward as a window: the value is
 * clamp(rest of the exchange, lo, hi) (docs/design.md, section 2). */
typedef struct value_window {
    int32_t balance; /* for the mover, so far */
    int32_t lo, hi;
    int32_t standing; /* the value of the piece that stands on the target */
} value_window;

/* A capture by the mover's opponent (`theirs`) or the mover, taking the
 * piece that stands on the target: the window first narrows on the side of
 * the player who may stop instead (the opponent at most `balance`, the
 * mover at least). */
EXCHANGE_INLINE void count_capture(value_window *w, bool theirs)
{
    if (theirs) {
        int32_t bound = w->balance > w->lo ? w->balance : w->lo;
        w->hi = bound < w->hi ? bound : w->hi;
        w->balance -= w->standing;
    } else {
        int32_t bound = w->balance < w->hi ? w->balance : w->hi;
        w->lo = bound > w->lo ? bound : w->lo;
        w->balance += w->standing;
    }
}

/* The exchange after the first move, played out: side is the mover's
 * opponent's colour. Rule 8 when `stop_when_ahead` (the rules'
 * SEEBATCH_STOP_WHEN_AHEAD, or false where the caller knows it is off): a
 * capture, from the reply on, that leaves its side ahead by more than the
 * piece it put on the target ends the exchange. */
EXCHANGE_INLINE int32_t play_out(const view_reader *r, exchange_kind kind, exchange_state *s,
                                 unsigned side, value_window *w, bool stop_when_ahead)
{
    const view_shape shape = kind.shape;
    for (bool theirs = true;; theirs = !theirs, side ^= 1) {
        __asm__("" ::: "memory"); /* as in turn() */
        s->attackers &= s->occupied;
        bitboard mine = able(r, kind, side, s->attackers & color_bits(r, shape, side), s->occupied);
        if (!mine)
            break;
        int type = capture_cheapest(r, shape, s, side, mine, NO_LIMIT);
        /* Rule 4: the king only onto a square nothing attacks any more. */
        if (type == SEEBATCH_KING && (s->attackers & ~color_bits(r, shape, side)))
            break;
        count_capture(w, theirs);
        w->standing = r->rules->value[type];
        /* A king's capture ends the exchange (rule 4), and so may rule 8. */
        if (type == SEEBATCH_KING ||
            (stop_when_ahead && (theirs ? -w->balance : w->balance) > w->standing))
            break;
    }
    return w->balance < w->lo ? w->lo : w->balance > w->hi ? w->hi : w->balance;
}

/* The exact value of a move whose mover is not a king, given the value of
 * the piece it takes (`balance`) and its own (`standing`), rule 8 as
 * play_out takes it. Promotions are not played here: under
 * SEEBATCH_PROMOTIONS a move onto a last rank is sent elsewhere. */
EXCHANGE_INLINE int32_t value_after(exchange_kind kind, const exchange_position *at, unsigned move,
                                    int32_t balance, int32_t standing, bool stop_when_ahead)
{
    const view_shape shape = kind.shape;
    value_window w = {balance, INT32_MIN, INT32_MAX, standing};
    unsigned from = (move >> 6) & 63, to = move & 63;
    view_reader r = reader_on(at, shape, to);
    exchange_state s = {0, 0, 0};
    s.occupied = (color_bits(&r, shape, 0) | color_bits(&r, shape, 1)) &
                 ~(seebatch_square_bit(from) | seebatch_square_bit(to));
    unsigned side = ((color_bits(&r, shape, SEEBATCH_BLACK) >> from) & 1u) ^ 1;
    if (shape == VIEW_STOCKFISH) { /* as in see_ge_on */
        s.attackers = all_attackers(&r, s.occupied);
        if (!(s.attackers & color_bits(&r, shape, side)))
            return w.balance;
    } else {
        bitboard diagonal = diagonal_attacks_at(r.target, s.occupied);
        bitboard straight = straight_attacks_at(r.target, s.occupied);
        /* The opponent's attackers first: often it has none, and then the
         * mover's need not be looked up. */
        s.attackers = attackers_of(&r, shape, side, diagonal, straight);
        if (!s.attackers)
            return w.balance;
        s.attackers |= attackers_of(&r, shape, side ^ 1, diagonal, straight);
        read_sliders(&r, shape);
    }
    if (kind.pins && at->find)
        r.pins = at->find(at->context);
    return play_out(&r, kind, &s, side, &w, stop_when_ahead);
}

/* The exact value on a view, the pieces' values found by their engine codes. */
EXCHANGE_INLINE int32_t value_on(exchange_kind kind, const exchange_position *at, unsigned move,
                                 unsigned mover_code, unsigned victim_code)
{
    const seebatch_view_rules *view_rules = view_rules_of(at->rules);
    int32_t balance = view_rules->code_value[victim_code];
    if ((view_rules->king_codes >> mover_code) & 1)
        return balance; /* a king is never taken back (rule 4) */
    return value_after(kind, at, move, balance, view_rules->code_value[mover_code],
                       at->rules->flags & SEEBATCH_STOP_WHEN_AHEAD);
}

#endif
