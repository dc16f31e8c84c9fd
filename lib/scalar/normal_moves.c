/*
 * The engine path's exchange for normal moves when no promotion is in play
 * (no special rule but pins and rule 8), the common case: the one exchange
 * walk (lib/exchange/walk.h) on seebatch_board, which is Stockfish's
 * layout, after the exits the values of the two pieces decide:
 * - the threshold test: Stockfish's null-window walk (decide on the values
 *   of the two pieces if they suffice, else capture in turn with the least
 *   valuable attacker and stop as soon as the side to move can no longer
 *   change which side of the threshold the balance is on);
 * - the exact value: the window walk.
 * Under rule 8 (SEEBATCH_STOP_WHEN_AHEAD), which the threshold walk does
 * not play, the threshold test compares the exact value. Under the contract
 * both answer what seebatch_scalar_see_within answers; the differential
 * harness holds them to it.
 *
 * Where seebatch's board differs from Stockfish's the code does too: there
 * is no mailbox, so the types on `from` and `to` come from three planes of
 * the piece bitboards without a branch (faster on positions the branch
 * predictor has not learned); pins come from the caller or are worked out
 * the first time the opponent has an attacker.
 */
#include "board/lookups_portable.h"
#include "exchange/walk.h"
#include "scalar.h"

/* The pins of a pin_source, worked out when first asked for. */
static inline const void *seebatch_pins_found(void *source)
{
    return pins_from((pin_source *)source);
}

/* The walk's position: the board, its pins from `pins` when they are in play. */
static inline exchange_position position_of(const seebatch_rules *rules,
                                            const seebatch_board *board, pin_source *pins)
{
    /* A local, not a compound literal: the engine pair compiles as C++ too. */
    exchange_position at = {rules, board->pieces, board->colors, NULL, seebatch_pins_found, pins};
    return at;
}

/* The type codes (pawn 0 .. king 5) of a move's two squares, from one set
 * of type planes; an empty square reads as 7, worth 0 in prepared rules. */
static inline void capture_types(const seebatch_board *board, seebatch_move move, unsigned *mover,
                                 unsigned *victim)
{
    type_planes planes = type_planes_of(board, ~occupied_squares(board));
    *mover = type_in_planes(&planes, seebatch_move_from(move));
    *victim = type_in_planes(&planes, seebatch_move_to(move));
}

/* For the code built once without and once with rule 8. */
#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE int32_t normal_move_value(const seebatch_rules *rules, const seebatch_board *board,
                                        pin_source *pins, seebatch_move move,
                                        const bool stop_when_ahead)
{
    unsigned mover, victim;
    capture_types(board, move, &mover, &victim);
    if (mover == SEEBATCH_KING)
        return rules->value[victim]; /* a king is never taken back (rule 4) */
    exchange_position at = position_of(rules, board, pins);
    exchange_kind kind = {VIEW_STOCKFISH, pins != NULL};
    return value_after(kind, &at, move, rules->value[victim], rules->value[mover], stop_when_ahead);
}

bool seebatch_scalar_normal_move_see_ge_common(const seebatch_rules *rules,
                                               const seebatch_board *board, pin_source *pins,
                                               seebatch_move move, int32_t threshold)
{
    unsigned mover, victim;
    capture_types(board, move, &mover, &victim);
    /* In 64 bits: any threshold minus a value fits. */
    int64_t surplus = (int64_t)rules->value[victim] - threshold;
    if (surplus < 0)
        return false; /* not even if nothing is taken back */
    int64_t shortfall = rules->value[mover] - surplus;
    if (shortfall <= 0)
        return true; /* even if the mover is taken back; a king (worth 0) never is */
    exchange_position at = position_of(rules, board, pins);
    exchange_kind kind = {VIEW_STOCKFISH, pins != NULL};
    return see_ge_on(kind, &at, move, (int32_t)shortfall);
}

int32_t seebatch_scalar_normal_move_value_common(const seebatch_rules *rules,
                                                 const seebatch_board *board, pin_source *pins,
                                                 seebatch_move move)
{
    return normal_move_value(rules, board, pins, move, false);
}

bool seebatch_scalar_normal_move_see_ge(const seebatch_rules *rules, const seebatch_board *board,
                                        pin_source *pins, seebatch_move move, int32_t threshold)
{
    if (rules->flags & SEEBATCH_STOP_WHEN_AHEAD)
        return normal_move_value(rules, board, pins, move, true) >= threshold;
    return seebatch_scalar_normal_move_see_ge_common(rules, board, pins, move, threshold);
}

int32_t seebatch_scalar_normal_move_value(const seebatch_rules *rules, const seebatch_board *board,
                                          pin_source *pins, seebatch_move move)
{
    if (rules->flags & SEEBATCH_STOP_WHEN_AHEAD)
        return normal_move_value(rules, board, pins, move, true);
    return seebatch_scalar_normal_move_value_common(rules, board, pins, move);
}
