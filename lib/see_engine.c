/*
 * The engine path: one move per call on prepared rules and the caller's pins,
 * straight into the scalar exchange (no dispatch, no batch), and a node's
 * captures with a threshold each. The plain single-move functions of the API
 * (see_api.c) call it with their configuration prepared.
 */
#include <limits.h>

#include "dispatch.h"
#include "scalar/scalar.h"

/* Where the exchange finds pins: nowhere when the rules ignore them. */
static inline pin_source *pins_in_play(const seebatch_rules *rules, pin_source *source)
{
    return (rules->flags & SEEBATCH_PINS) ? source : NULL;
}

/* clamp(SEE, lo, hi), lo <= hi (lo == hi answers lo). */
static inline int32_t engine_within(const seebatch_rules *rules, const seebatch_board *board,
                                    pin_source *source, seebatch_move move, int32_t lo, int32_t hi)
{
    return seebatch_scalar_see_within(rules, board, pins_in_play(rules, source), move, lo, hi);
}

/* The common case, found with one test of the flags: a normal move under
 * rules that neither promote it nor break the exchange off (whose flags are
 * among PINS, NORMAL_MOVES_ONLY and MOVE_PROMOTION_ONLY, which promotes
 * nothing on a normal move). */
static inline bool plain_normal_move(const seebatch_rules *rules, seebatch_move move)
{
    return seebatch_move_kind(move) == SEEBATCH_MOVE_NORMAL &&
           !(rules->flags & (SEEBATCH_PROMOTIONS | SEEBATCH_STOP_WHEN_AHEAD));
}

/* SEE >= threshold by the reference's window [t - 1, t], which answers t
 * exactly then (for INT32_MIN, which every value reaches, the window [t, t]
 * answers t). */
static inline bool window_see_ge(const seebatch_rules *rules, const seebatch_board *board,
                                 pin_source *source, seebatch_move move, int32_t threshold)
{
    int32_t below = threshold - (threshold > INT32_MIN);
    return engine_within(rules, board, source, move, below, threshold) == threshold;
}

/* SEE >= threshold of a normal move under SEEBATCH_PROMOTIONS or
 * SEEBATCH_STOP_WHEN_AHEAD: the threshold walk (built with rule 8 for rules
 * that have it) unless a pawn taking back would promote, then the window.
 * Out of line: inline, these branches cost the common case 1 to 4
 * instructions per call (callgrind). */
static __attribute__((noinline)) bool seebatch_other_normal_see_ge(const seebatch_rules *rules,
                                                                   pin_source *source,
                                                                   seebatch_move move,
                                                                   int32_t threshold)
{
    const seebatch_board *board = source->board;
    if (normal_move_without_promotion(rules, move))
        return seebatch_scalar_normal_move_see_ge(rules, board, pins_in_play(rules, source),
                                                  seebatch_move_from(move), seebatch_move_to(move),
                                                  threshold);
    return window_see_ge(rules, board, source, move, threshold);
}

/* SEE >= threshold: the common case by the threshold walk built without
 * rule 8, special moves by the window. */
static inline bool engine_see_ge_move(const seebatch_rules *rules, const seebatch_board *board,
                                      pin_source *source, seebatch_move move, int32_t threshold)
{
    if (__builtin_expect(plain_normal_move(rules, move), 1))
        return seebatch_scalar_normal_move_see_ge_common(rules, board, pins_in_play(rules, source),
                                                         seebatch_move_from(move),
                                                         seebatch_move_to(move), threshold);
    if (seebatch_move_kind(move) == SEEBATCH_MOVE_NORMAL)
        return seebatch_other_normal_see_ge(rules, source, move, threshold);
    return window_see_ge(rules, board, source, move, threshold);
}

bool seebatch_engine_see_ge(const seebatch_rules *rules, const seebatch_board *board,
                            const seebatch_pins *pins, seebatch_move move, int32_t threshold)
{
    pin_source source;
    pin_source_start(&source, board, pins);
    return engine_see_ge_move(rules, board, &source, move, threshold);
}

/* The exact SEE off the common case: a normal move as other_normal_see_ge
 * finds it, any other by the widest window (special moves kept out of line
 * here too: inline, the common case took 0.6 instructions more per call). */
static __attribute__((noinline)) int32_t
seebatch_other_value(const seebatch_rules *rules, pin_source *source, seebatch_move move)
{
    const seebatch_board *board = source->board;
    if (normal_move_without_promotion(rules, move))
        return seebatch_scalar_normal_move_value(rules, board, pins_in_play(rules, source),
                                                 seebatch_move_from(move), seebatch_move_to(move));
    return engine_within(rules, board, source, move, INT32_MIN, INT32_MAX);
}

int32_t seebatch_engine_see_value(const seebatch_rules *rules, const seebatch_board *board,
                                  const seebatch_pins *pins, seebatch_move move)
{
    pin_source source;
    pin_source_start(&source, board, pins);
    if (__builtin_expect(plain_normal_move(rules, move), 1))
        return seebatch_scalar_normal_move_value_common(rules, board, pins_in_play(rules, &source),
                                                        seebatch_move_from(move),
                                                        seebatch_move_to(move));
    return seebatch_other_value(rules, &source, move);
}

/* A lane kernel evaluates exact values, a slice at a time on the stack, and
 * each is compared with its own threshold (see_ge(m, t) is value >= t). The
 * kernel works out pins itself: given pins equal them (a precondition). */
static void lanes_see_ge(const see_backend *kernel, const seebatch_rules *rules,
                         const seebatch_board *board, const seebatch_move *moves, size_t count,
                         const int32_t *thresholds, uint8_t *passed)
{
    enum { SLICE = 64 };
    int32_t values[SLICE];
    for (size_t start = 0; start < count; start += SLICE) {
        size_t length = count - start < SLICE ? count - start : SLICE;
        see_batch batch = {board, NULL, moves + start, length, rules, NULL};
        kernel->values(&batch, values);
        for (size_t i = 0; i < length; i++)
            passed[start + i] = values[i] >= thresholds[start + i];
    }
}

/* From this many moves on, a lane kernel's exact values beat the threshold
 * walk move by move (bench, real positions: the walk runs 60-70 M moves/s on
 * learned positions; avx2 lanes 79 M/s at 4 moves, 90 M/s at 8; per node, 2.7
 * captures on average, the walk alone measured 5-30% faster than lanes from
 * 3 moves on). */
enum { LANES_FROM = 8 };

void seebatch_engine_see_ge_each(const seebatch_rules *rules, const seebatch_board *board,
                                 const seebatch_pins *pins, const seebatch_move *moves,
                                 size_t count, const int32_t *thresholds, uint8_t *passed)
{
    const see_backend *kernel = seebatch_current_backend();
    if (kernel->shortest_useful_batch && count >= LANES_FROM) {
        lanes_see_ge(kernel, rules, board, moves, count, thresholds, passed);
        return;
    }
    pin_source source; /* shared: computed at most once for the board */
    pin_source_start(&source, board, pins);
    for (size_t i = 0; i < count; i++)
        passed[i] = engine_see_ge_move(rules, board, &source, moves[i], thresholds[i]);
}
