/*
 * One move per call on prepared rules and the caller's pins, straight into
 * the engine path's exchange (no dispatch, no batch): seebatch_value and
 * seebatch_value_ge. And seebatch_values_ge: a batch whose moves each have
 * a threshold of their own (a node's captures), or one threshold for all
 * (the backend's threshold test).
 */
#include <limits.h>

/* The engine pair (tools/generate_engine_pair.c) takes the one-move calls
 * alone: what dispatches a batch is left out of it. */
#ifndef SEEBATCH_ENGINE_PAIR
#include "auto/dispatch.h"
#endif
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
 * Out of line: inline, these branches would add instructions to the common
 * case, which is the call engines make. */
static __attribute__((noinline)) bool seebatch_other_normal_see_ge(const seebatch_rules *rules,
                                                                   pin_source *source,
                                                                   seebatch_move move,
                                                                   int32_t threshold)
{
    const seebatch_board *board = source->board;
    if (normal_move_without_promotion(rules, move))
        return seebatch_scalar_normal_move_see_ge(rules, board, pins_in_play(rules, source), move,
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
                                                         move, threshold);
    if (seebatch_move_kind(move) == SEEBATCH_MOVE_NORMAL)
        return seebatch_other_normal_see_ge(rules, source, move, threshold);
    return window_see_ge(rules, board, source, move, threshold);
}

bool seebatch_value_ge(const seebatch_rules *rules, const seebatch_board *board,
                       const seebatch_pins *pins, seebatch_move move, int32_t threshold)
{
    pin_source source;
    pin_source_start(&source, board, pins);
    return engine_see_ge_move(rules, board, &source, move, threshold);
}

/* The exact SEE off the common case: a normal move as other_normal_see_ge
 * finds it, any other by the widest window (special moves kept out of line
 * here too: inline, they would add instructions to the common case). */
static __attribute__((noinline)) int32_t
seebatch_other_value(const seebatch_rules *rules, pin_source *source, seebatch_move move)
{
    const seebatch_board *board = source->board;
    if (normal_move_without_promotion(rules, move))
        return seebatch_scalar_normal_move_value(rules, board, pins_in_play(rules, source), move);
    return engine_within(rules, board, source, move, INT32_MIN, INT32_MAX);
}

int32_t seebatch_value(const seebatch_rules *rules, const seebatch_board *board,
                       const seebatch_pins *pins, seebatch_move move)
{
    pin_source source;
    pin_source_start(&source, board, pins);
    if (__builtin_expect(plain_normal_move(rules, move), 1))
        return seebatch_scalar_normal_move_value_common(rules, board, pins_in_play(rules, &source),
                                                        move);
    return seebatch_other_value(rules, &source, move);
}

#ifndef SEEBATCH_ENGINE_PAIR
/* A lane kernel evaluates exact values, a slice at a time on the stack, and
 * each is compared with its own threshold (a move passes when value >= t). */
static void seebatch_lanes_see_ge(const see_backend *kernel, const see_batch *batch,
                                  const int32_t *thresholds, uint8_t *passed)
{
    enum { SLICE = 64 };
    int32_t values[SLICE];
    for (size_t start = 0; start < batch->count; start += SLICE) {
        size_t length = batch->count - start < SLICE ? batch->count - start : SLICE;
        see_batch slice = *batch;
        slice.moves += start;
        slice.board_of_move = batch->board_of_move ? batch->board_of_move + start : NULL;
        slice.count = length;
        kernel->values(&slice, values);
        for (size_t i = 0; i < length; i++)
            passed[start + i] = values[i] >= thresholds[start + i];
    }
}

/* Below this many moves a threshold a move goes to the scalar walk,
 * whatever the kernel: a lane kernel pays a group for a node's few
 * captures (2.7 on average) and then compares exact values. */
enum { LANES_FROM = 8 };

/* passed[i] = SEE of moves[i] >= thresholds[i], one board or many: by the
 * scalar walk on short batches (a node's on one board), by kernel on long
 * ones. */
static void seebatch_each_see_ge_on(const see_backend *kernel, const see_batch *batch,
                                    const int32_t *thresholds, uint8_t *passed)
{
    if (kernel->shortest_useful_batch && batch->count >= LANES_FROM) {
        seebatch_lanes_see_ge(kernel, batch, thresholds, passed);
    } else if (!batch->board_of_move) {
        seebatch_batch node = {batch->boards, 1, batch->pins, NULL, batch->moves, batch->count};
        seebatch_node_see_ge(batch->rules, &node, thresholds, passed);
    } else {
        seebatch_scalar_see_ge_each(batch, thresholds, passed);
    }
}

/* A call with a threshold a move, as auto's learner serves it in parts. */
typedef struct each_see_ge_call {
    const int32_t *thresholds;
    uint8_t *passed;
} each_see_ge_call;

static void seebatch_serve_each_see_ge(const see_backend *kernel, const see_batch *part,
                                       size_t first, void *context)
{
    const each_see_ge_call *call = context;
    seebatch_each_see_ge_on(kernel, part, call->thresholds + first, call->passed + first);
}

/* Out of line, so that the fixed path (a search's calls) keeps no context
 * on its stack. */
static __attribute__((noinline)) void seebatch_each_see_ge_learned(unsigned shape,
                                                                   const see_batch *batch,
                                                                   const int32_t *thresholds,
                                                                   uint8_t *passed)
{
    each_see_ge_call call = {thresholds, passed};
    seebatch_auto_serve(shape, batch, seebatch_serve_each_see_ge, &call);
}

/* Out of line, as seebatch_one_threshold: the node's call, a search's,
 * then reaches its walk by a jump, with no stack frame on the way. */
static __attribute__((noinline)) void seebatch_each_see_ge(const seebatch_rules *rules,
                                                           const seebatch_batch *batch,
                                                           const int32_t *thresholds,
                                                           uint8_t *passed)
{
    see_batch kernel_batch = seebatch_kernel_batch(rules, batch);
    auto_choice choice = seebatch_auto_fixed(CALL_THRESHOLD, &kernel_batch);
    if (__builtin_expect(choice.kernel != NULL, 1))
        seebatch_each_see_ge_on(choice.kernel, &kernel_batch, thresholds, passed);
    else
        seebatch_each_see_ge_learned(choice.shape, &kernel_batch, thresholds, passed);
}

/* A call with one threshold, as auto's learner serves it in parts. */
typedef struct one_threshold_call {
    int32_t threshold;
    uint8_t *passed;
} one_threshold_call;

static void seebatch_serve_one_threshold(const see_backend *kernel, const see_batch *part,
                                         size_t first, void *context)
{
    const one_threshold_call *call = context;
    kernel->see_ge(part, call->threshold, call->passed + first);
}

/* One threshold for the whole batch: the kernel's threshold test. Out of
 * line, so that the call with a threshold per move, a search's, reaches its
 * walk with no stack frame on the way. */
static __attribute__((noinline)) void seebatch_one_threshold(const seebatch_rules *rules,
                                                             const seebatch_batch *batch,
                                                             int32_t threshold, uint8_t *passed)
{
    see_batch kernel_batch = seebatch_kernel_batch(rules, batch);
    auto_choice choice = seebatch_auto_fixed(CALL_THRESHOLD, &kernel_batch);
    if (__builtin_expect(choice.kernel != NULL, 1)) {
        choice.kernel->see_ge(&kernel_batch, threshold, passed);
        return;
    }
    seebatch_auto_serve(choice.shape, &kernel_batch, seebatch_serve_one_threshold,
                        &(one_threshold_call){threshold, passed});
}

void seebatch_values_ge(const seebatch_rules *rules, const seebatch_batch *batch, int32_t threshold,
                        const int32_t *thresholds, uint8_t *passed)
{
    /* A node's captures, the call engines make: straight to the scalar
     * walk's, with no dispatch (seebatch_each_see_ge_on would take it). */
    if (thresholds && !batch->board_of_move && batch->count < LANES_FROM)
        seebatch_node_see_ge(rules, batch, thresholds, passed);
    else if (thresholds)
        seebatch_each_see_ge(rules, batch, thresholds, passed);
    else
        seebatch_one_threshold(rules, batch, threshold, passed);
}
#endif
