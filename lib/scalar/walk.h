/*
 * What the scalar backend's batch walk (walk_body.h) shares between its
 * builds: the boards' pins worked out as the walk needs them, and the moves
 * it leaves to the reference's rules (walk_fallback.c). The walks
 * themselves, one per way of looking up attacks, and their choice:
 * scalar_backend.c.
 */
#ifndef SEEBATCH_SCALAR_WALK_H
#define SEEBATCH_SCALAR_WALK_H

#include "kernel.h"
#include "attacks.h"
#include "pins.h"

#define WALK_INLINE static inline __attribute__((always_inline))

/* The walks: the same body with the portable lookups (walk_portable.c) and
 * with pext (walk_pext.c, in builds with the AVX2 kernel). */
extern const see_backend seebatch_scalar_walk_portable;
#if SEEBATCH_HAVE_AVX2
extern const see_backend seebatch_scalar_walk_pext;
#endif

/* A board as the fallback (walk_fallback.c) takes it: with its pins when
 * known, given or worked out by the fallback. */
typedef struct walk_board {
    const seebatch_board *board;
    /* Its pins when known: given, or worked_out when a move first needs
     * them; NULL until then. */
    const seebatch_pins *pins;
    seebatch_pins worked_out;
} walk_board;

WALK_INLINE void walk_board_set(walk_board *b, const seebatch_board *board,
                                const seebatch_pins *given)
{
    b->board = board;
    b->pins = given;
}

/* One side's half of the board's pins as seebatch_pins_compute works it
 * out (pins.c), inline: most sides have no enemy slider on a line with
 * their king (on an empty board), and their half is found in a few loads
 * with no call. */
WALK_INLINE void walk_pins_of_side(const seebatch_board *board, unsigned color, seebatch_pins *pins)
{
    const bitboard *p = board->pieces;
    bitboard kings = p[SEEBATCH_KING] & board->colors[color];
    bitboard snipers = 0;
    if (kings && !more_than_one(kings)) {
        unsigned king = lowest_square(kings);
        snipers = board->colors[color ^ 1] &
                  ((seebatch_line_table[0][king] & (p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN])) |
                   (seebatch_line_table[1][king] & (p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN])));
    }
    bitboard blockers = 0, pinners = 0;
    if (__builtin_expect(snipers != 0, 0)) {
        unsigned king = lowest_square(kings);
        bitboard occupancy = occupied_squares(board) ^ snipers;
        for (bitboard s = snipers; s; s &= s - 1) {
            bitboard inside = between(king, lowest_square(s)) & occupancy;
            if (inside && !more_than_one(inside)) {
                blockers |= inside;
                if (inside & board->colors[color])
                    pinners |= lowest_bit(s); /* the sniper's side */
            }
        }
    }
    pins->blockers[color] = blockers;
    pins->pinners[color ^ 1] = pinners;
}

/* The board's pins, as seebatch_pins_compute works them out. */
WALK_INLINE void walk_pins_compute(const seebatch_board *board, seebatch_pins *pins)
{
    walk_pins_of_side(board, SEEBATCH_WHITE, pins);
    walk_pins_of_side(board, SEEBATCH_BLACK, pins);
}

/* The squares where a pawn taking back would promote under these rules:
 * the last ranks under SEEBATCH_PROMOTIONS, else none. */
WALK_INLINE bitboard walk_promoting_squares(uint32_t flags)
{
    return (flags & SEEBATCH_PROMOTIONS) ? 0xFF000000000000FFull : 0;
}

/* Whether the walk plays the move: a normal move onto none of the
 * `promoting` squares (walk_promoting_squares). Castling, en passant and
 * promotions go to the fallback, and so does every move under
 * SEEBATCH_STOP_WHEN_AHEAD (rule 8), which the walk does not play. */
WALK_INLINE bool walk_plays(bitboard promoting, seebatch_move move)
{
    return seebatch_move_kind(move) == SEEBATCH_MOVE_NORMAL &&
           !((promoting >> seebatch_move_to(move)) & 1);
}

/* Whether a move walk_plays does not play is worth 0 whatever the board,
 * as the reference has it: castling always, and any special move under
 * SEEBATCH_NORMAL_MOVES_ONLY (the stockfish preset). */
WALK_INLINE bool walk_scores_nothing(const seebatch_rules *rules, seebatch_move move)
{
    unsigned kind = seebatch_move_kind(move);
    return kind == SEEBATCH_MOVE_CASTLING ||
           (kind != SEEBATCH_MOVE_NORMAL && (rules->flags & SEEBATCH_NORMAL_MOVES_ONLY));
}

/* A move walk_plays does not play, on b: the engine path's normal-move
 * exchange where it applies (it keeps rule 8), else the reference; pins
 * worked out for it are kept for the board's other moves
 * (walk_fallback.c). */
int32_t seebatch_walk_fallback_value(const seebatch_rules *rules, walk_board *b,
                                     seebatch_move move);
bool seebatch_walk_fallback_see_ge(const seebatch_rules *rules, walk_board *b, seebatch_move move,
                                   int32_t threshold);

/* Every move of a batch under SEEBATCH_STOP_WHEN_AHEAD, by the fallback:
 * values[i], or passed[i] when values is NULL (walk_fallback.c). */
void seebatch_walk_stopping_when_ahead(const see_batch *batch, int32_t threshold, int32_t *values,
                                       uint8_t *passed);

#endif
