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
 * with pext (walk_pext.c, in builds with the AVX2 kernel); each with its
 * threshold test a threshold a move. */
extern const see_backend seebatch_scalar_walk_portable;
see_ge_each_fn seebatch_scalar_walk_portable_each;
#if SEEBATCH_HAVE_AVX2
extern const see_backend seebatch_scalar_walk_pext;
see_ge_each_fn seebatch_scalar_walk_pext_each;
#endif

/* Whether the scalar backend takes the pext walk here: this CPU runs it and
 * runs pext fast (scalar_backend.c); the plan keeps the answer
 * (PLAN_PEXT_WALKS). */
bool seebatch_scalar_walks_take_pext(void);

/* A node's captures, the moves of one board (node->board_of_move NULL,
 * node->pins given or NULL): passed[i] = SEE >= thresholds[i], or the
 * exact values (node_body.h), with each walk's lookups. */
typedef void node_see_ge_fn(const seebatch_rules *rules, const seebatch_batch *node,
                            const int32_t *thresholds, uint8_t *passed);
typedef void node_values_fn(const seebatch_rules *rules, const seebatch_batch *node,
                            int32_t *values);

/* A walk's calls beside its see_backend's: the threshold test a threshold
 * a move, and a node's two. */
typedef struct walk_calls {
    see_ge_each_fn *see_ge_each;
    node_see_ge_fn *node_see_ge;
    node_values_fn *node_values;
} walk_calls;

/* Those of one of the walks above, or NULL for any other kernel
 * (scalar_backend.c). */
const walk_calls *seebatch_walk_calls_of(const see_backend *walk);

node_see_ge_fn seebatch_node_see_ge_portable;
node_values_fn seebatch_node_values_portable;
#if SEEBATCH_HAVE_AVX2
node_see_ge_fn seebatch_node_see_ge_pext;
node_values_fn seebatch_node_values_pext;
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
 * values[i], or when values is NULL passed[i] at `threshold`, or at
 * thresholds[i] when thresholds is not NULL (walk_fallback.c). */
void seebatch_walk_stopping_when_ahead(const see_batch *batch, int32_t threshold,
                                       const int32_t *thresholds, int32_t *values, uint8_t *passed);

#endif
