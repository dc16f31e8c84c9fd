/*
 * What the scalar backend's batch walk (walk_body.h) shares between its
 * builds: the boards it hands the fallback, and the moves it leaves to the
 * reference's rules (walk_fallback.c). The walks
 * themselves, one per way of looking up attacks, and their choice:
 * scalar_backend.c.
 */
#ifndef SEEBATCH_SCALAR_WALK_H
#define SEEBATCH_SCALAR_WALK_H

#include "kernel.h"
#include "board/pins.h"

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
