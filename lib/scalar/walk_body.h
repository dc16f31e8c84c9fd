/*
 * The scalar backend's batch walk, move after move: each move decided by
 * the values of its two pieces where they suffice (their types read from
 * the board's data, made once per board: walk.h), else played out by the
 * engine views' exchanges (lib/views/exchange.h) in the shape of
 * Stockfish's layout, which is seebatch_board's: Stockfish's null-window
 * walk for the threshold test, the window walk for the exact value. The
 * moves the walk does not play (walk_plays) go to the fallback
 * (walk_fallback.c).
 *
 * Included once by each file that defines a way of looking up attacks
 * (walk_portable.c, walk_pext.c), which names its backend WALK_BACKEND and
 * its name WALK_NAME; the functions are that file's own. Not to be built
 * with AVX-512 code generation: the compiler then keeps the walk's
 * bitboards in mask registers, and the walk slows down.
 */
#include <string.h>

#include "views/exchange.h"
#include "walk.h"

/* What the batch loop reads of the batch, once: a store of an answer could
 * change the batch as far as the compiler knows, and it would be read
 * again. */
typedef struct walk_input {
    const seebatch_rules *rules;
    int32_t value[8];
    bitboard promoting; /* walk_promoting_squares */
    const seebatch_board *boards;
    const seebatch_pins *given;
    const seebatch_move *moves;
    /* The board of move i is boards[board_of_move[i & index_mask]]: with
     * no board_of_move, index 0 of a zero and a mask of 0, so the loop
     * reads the index without a branch. */
    const uint32_t *board_of_move;
    size_t index_mask;
} walk_input;

/* The exchanges' pins finder (view_pins_finder): the board's pins, worked
 * out the first time an exchange reads them. */
WALK_INLINE const void *walk_pins_found(void *board) { return walk_board_pins(board); }

/* Whether SEE(move) >= threshold, for a move walk_plays on b. */
WALK_INLINE bool walk_see_ge(const walk_input *in, walk_board *b, seebatch_move move,
                             int32_t threshold, const bool pinned)
{
    /* 64 bits: any threshold minus a value fits. */
    int64_t surplus = (int64_t)in->value[walk_type_on(b, seebatch_move_to(move))] - threshold;
    if (surplus < 0)
        return false; /* not even if nothing is taken back */
    int64_t shortfall = in->value[walk_type_on(b, seebatch_move_from(move))] - surplus;
    if (shortfall <= 0)
        return true; /* even if the mover is taken back; a king (worth 0) never is (rule 4) */
    const seebatch_board *board = b->board;
    return see_ge_finding(VIEW_STOCKFISH, pinned, in->rules, board->pieces, board->colors, NULL,
                          walk_pins_found, b, move, (int32_t)shortfall);
}

/* The exact SEE of a move walk_plays on b. */
WALK_INLINE int32_t walk_value(const walk_input *in, walk_board *b, seebatch_move move,
                               const bool pinned)
{
    int32_t victim = in->value[walk_type_on(b, seebatch_move_to(move))];
    unsigned mover = walk_type_on(b, seebatch_move_from(move));
    if (mover == SEEBATCH_KING)
        return victim; /* a king is never taken back (rule 4) */
    const seebatch_board *board = b->board;
    return value_after(VIEW_STOCKFISH, pinned, in->rules, board->pieces, board->colors, NULL,
                       walk_pins_found, b, move, victim, in->value[mover], false);
}

/* Every move of the batch: values[i] = SEE when `exact`, else passed[i] =
 * SEE >= threshold; the rules' pins honoured when `pinned`, and moves onto
 * a last rank sent to the fallback when `promotions` (SEEBATCH_PROMOTIONS).
 * Each of the eight is its own loop, testing no flag. */
WALK_INLINE void walk_batch(const see_batch *batch, int32_t threshold, int32_t *values,
                            uint8_t *passed, const bool exact, const bool pinned,
                            const bool promotions)
{
    static const uint32_t first_board = 0;
    walk_input in = {batch->rules,
                     {0},
                     walk_promoting_squares(batch->rules->flags),
                     batch->boards,
                     batch->pins,
                     batch->moves,
                     batch->board_of_move ? batch->board_of_move : &first_board,
                     batch->board_of_move ? SIZE_MAX : 0};
    memcpy(in.value, batch->rules->value, sizeof in.value);
    const size_t count = batch->count;
    walk_board board;
    uint64_t current = UINT64_MAX; /* the index of the board in `board` */
    for (size_t i = 0; i < count; i++) {
        uint32_t index = in.board_of_move[i & in.index_mask];
        if (index != current) {
            current = index;
            walk_board_set(&board, &in.boards[index], in.given ? &in.given[index] : NULL);
        }
        seebatch_move move = in.moves[i];
        bool played = promotions ? walk_plays(in.promoting, move)
                                 : seebatch_move_kind(move) == SEEBATCH_MOVE_NORMAL;
        if (__builtin_expect(!played, 0)) {
            if (exact)
                values[i] = seebatch_walk_fallback_value(in.rules, &board, move);
            else
                passed[i] = seebatch_walk_fallback_see_ge(in.rules, &board, move, threshold);
        } else if (exact) {
            values[i] = walk_value(&in, &board, move, pinned);
        } else {
            passed[i] = walk_see_ge(&in, &board, move, threshold, pinned);
        }
    }
}

/* The loop for the rules' flags. */
#define WALK_BY_FLAGS(flags, exact, ...)                                                           \
    do {                                                                                           \
        bool pinned = (flags)&SEEBATCH_PINS, promotions = (flags)&SEEBATCH_PROMOTIONS;             \
        if (pinned && promotions)                                                                  \
            walk_batch(__VA_ARGS__, exact, true, true);                                            \
        else if (pinned)                                                                           \
            walk_batch(__VA_ARGS__, exact, true, false);                                           \
        else if (promotions)                                                                       \
            walk_batch(__VA_ARGS__, exact, false, true);                                           \
        else                                                                                       \
            walk_batch(__VA_ARGS__, exact, false, false);                                          \
    } while (0)

static void seebatch_walk_values(const see_batch *batch, int32_t *values)
{
    uint32_t flags = batch->rules->flags;
    if (flags & SEEBATCH_STOP_WHEN_AHEAD)
        seebatch_walk_stopping_when_ahead(batch, 0, values, NULL);
    else
        WALK_BY_FLAGS(flags, true, batch, 0, values, NULL);
}

static void seebatch_walk_see_ge(const see_batch *batch, int32_t threshold, uint8_t *passed)
{
    uint32_t flags = batch->rules->flags;
    if (flags & SEEBATCH_STOP_WHEN_AHEAD)
        seebatch_walk_stopping_when_ahead(batch, threshold, NULL, passed);
    else
        WALK_BY_FLAGS(flags, false, batch, threshold, NULL, passed);
}

const see_backend WALK_BACKEND = {WALK_NAME, seebatch_walk_values, seebatch_walk_see_ge, 0,
                                  seebatch_batch_sound_portable};
