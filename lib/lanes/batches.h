/*
 * Batches in groups of LANES moves: one board or many, values or threshold
 * answers, and the two entry points a kernel registers (seebatch_lane_values,
 * seebatch_lane_see_ge).
 */
#ifndef SEEBATCH_LANES_BATCHES_H
#define SEEBATCH_LANES_BATCHES_H

#include "kernel.h"
#include "lanes/groups.h"

/* Where a run of groups writes its answers: values, or whether each reached
 * the threshold (within the window [t - 1, t] the answer is t exactly then). */
typedef struct answers_out {
    int32_t *values; /* NULL when passed is asked for */
    uint8_t *passed;
} answers_out;

INLINE void emit(const answers_out *out, size_t first, lanes answers, size_t count, lanes threshold)
{
    if (out->passed)
        store_flags(out->passed + first, equal_pairs(answers, threshold), count);
    else
        store_values(out->values + first, answers, count);
}

static void seebatch_start_batch(batch_context *batch, const see_batch *in, int32_t lo, int32_t hi)
{
    const seebatch_rules *rules = in->rules;
    batch->in = in;
    batch->table = value_table(rules);
    batch->lo = pair(lo);
    batch->hi = pair(hi);
    batch->flags = rules->flags;
    seebatch_forget_pins(&batch->memory);
}

/* What a group is played on: a board per lane (LANES of them), those
 * boards as lanes, the rules' flags, and whether the batch is on many
 * boards. many_boards is a literal at each entry point (the batch's
 * board_of_move is tested just then), so that each inlined copy of a
 * group's code is one kind's and a one-board copy drops what only many
 * boards run (lanes_pins_can_matter). */
typedef struct group_boards {
    const seebatch_board *const *boards;
    const board_lanes *b;
    uint32_t flags;
    bool many_boards;
} group_boards;

/* The group of `count` moves from the batch's move `first` on. */
INLINE group group_of(batch_context *batch, size_t first, size_t count, group_boards on)
{
    const see_batch *in = batch->in;
    group gr;
    gr.batch = batch;
    gr.moves = in->moves + first;
    gr.board_of_move = on.many_boards && in->board_of_move ? in->board_of_move + first : NULL;
    gr.count = count;
    gr.boards = on.boards;
    gr.b = on.b;
    gr.flags = on.flags;
    return gr;
}

/* At most LANES moves on one board, the usual call of an engine (one move,
 * or the few captures of a node): one group, straight through, so that
 * nothing is prepared for groups that will not come. */
static __attribute__((noinline)) void
seebatch_run_one_group(const see_batch *in, const answers_out *out, int32_t lo, int32_t hi)
{
    batch_context batch;
    seebatch_start_batch(&batch, in, lo, hi);
    const seebatch_board *boards[LANES];
    for (unsigned lane = 0; lane < LANES; lane++)
        boards[lane] = in->boards;
    board_lanes b;
    one_board_lanes(&b, in->boards);
    uint32_t flags = seebatch_flags_for_board(batch.flags, in->boards, &batch);
    group gr = group_of(&batch, 0, in->count, (group_boards){boards, &b, flags, false});
    emit(out, 0, evaluate_group(&gr, false), in->count, batch.hi);
}

/* The boards of two groups stepped together: a board per lane (2 LANES),
 * the first group's in lanes, the second's, the rules' flags, and whether
 * the batch is on many boards (a literal, as in group_boards). */
typedef struct two_groups_boards {
    const seebatch_board *const *boards;
    const board_lanes *b0, *b1;
    uint32_t flags;
    bool many_boards;
} two_groups_boards;

/* Plays moves[i .. i + count) (LANES < count <= 2 LANES) as two groups
 * stepped together, the second perhaps partly full. */
INLINE void run_two_groups(batch_context *batch, const answers_out *out, size_t i, size_t count,
                           two_groups_boards on)
{
    group g0 =
        group_of(batch, i, LANES, (group_boards){on.boards, on.b0, on.flags, on.many_boards});
    group g1 = group_of(batch, i + LANES, count - LANES,
                        (group_boards){on.boards + LANES, on.b1, on.flags, on.many_boards});
    lanes answers[2];
    evaluate_two_groups(&g0, &g1, answers, on.many_boards);
    emit(out, i, answers[0], LANES, batch->hi);
    emit(out, i + LANES, answers[1], count - LANES, batch->hi);
}

/* All moves on one board. */
static void seebatch_run_one_board(const see_batch *in, const answers_out *out, int32_t lo,
                                   int32_t hi)
{
    batch_context batch;
    seebatch_start_batch(&batch, in, lo, hi);
    const seebatch_board *boards[2 * LANES];
    for (unsigned lane = 0; lane < 2 * LANES; lane++)
        boards[lane] = in->boards;
    uint32_t flags = seebatch_flags_for_board(batch.flags, in->boards, &batch);
    board_lanes b;
    one_board_lanes(&b, in->boards);
    size_t i = 0, count = in->count;
    for (; i + 2 * LANES <= count; i += 2 * LANES)
        run_two_groups(&batch, out, i, 2 * LANES,
                       (two_groups_boards){boards, &b, &b, flags, false});
    if (count - i > LANES) {
        /* More than a group left: two groups, the second partly full, are
         * stepped together too: their instructions overlap, where one after the
         * other they wait on each step's chain. */
        run_two_groups(&batch, out, i, count - i,
                       (two_groups_boards){boards, &b, &b, flags, false});
    } else if (i < count) {
        group gr = group_of(&batch, i, count - i, (group_boards){boards, &b, flags, false});
        emit(out, i, evaluate_group(&gr, false), count - i, batch.hi);
    }
}

/* Asks for the boards of the moves a few groups past `i`, so that they are
 * on their way from memory when their turn comes. */
INLINE void prefetch_board(const see_batch *in, size_t move)
{
    const char *next = (const char *)&in->boards[in->board_of_move[move]];
    _mm_prefetch(next, _MM_HINT_T0);
    _mm_prefetch(next + sizeof(seebatch_board) - 1, _MM_HINT_T0);
}

INLINE void prefetch_boards(const see_batch *in, size_t i)
{
    size_t first = i + 4 * LANES, end = i + 6 * LANES;
    if (end <= in->count) {
        /* The usual case, a fixed count the compiler unrolls: no test per move. */
        for (size_t k = 0; k < 2 * LANES; k++)
            prefetch_board(in, first + k);
        return;
    }
    for (size_t ahead = first; ahead < in->count; ahead++)
        prefetch_board(in, ahead);
}

/* Each move on the board it names. */
static void seebatch_run_many_boards(const see_batch *in, const answers_out *out, int32_t lo,
                                     int32_t hi)
{
    batch_context batch;
    seebatch_start_batch(&batch, in, lo, hi);
    uint32_t flags = batch.flags | MANY_BOARDS;
    size_t i = 0, count = in->count;
    for (; i + 2 * LANES <= count; i += 2 * LANES) {
        const seebatch_board *boards[2 * LANES];
        for (unsigned lane = 0; lane < 2 * LANES; lane++)
            boards[lane] = &in->boards[in->board_of_move[i + lane]];
        prefetch_boards(in, i);
        if (STOPS_AFTER(STOP_AFTER_POINTERS)) {
            uint64_t addresses[LANES];
            memcpy(addresses, boards, sizeof addresses);
            emit(out, i, from_numbers(addresses), LANES, batch.hi);
            continue;
        }
        board_lanes b[2];
        board_per_lane(&b[0], boards);
        board_per_lane(&b[1], boards + LANES);
        if (STOPS_AFTER(STOP_AFTER_TRANSPOSITION)) {
            emit(out, i, toggle(either(b[0].white, b[0].straight), either(b[1].black, b[1].twos)),
                 LANES, batch.hi);
            continue;
        }
        run_two_groups(&batch, out, i, 2 * LANES,
                       (two_groups_boards){boards, &b[0], &b[1], flags, true});
    }
    for (; i < count; i += LANES) {
        size_t n = count - i < LANES ? count - i : LANES;
        const seebatch_board *boards[LANES];
        for (unsigned lane = 0; lane < LANES; lane++)
            boards[lane] = &in->boards[in->board_of_move[i + (lane < n ? lane : 0)]];
        prefetch_boards(in, i);
        board_lanes b;
        board_per_lane(&b, boards);
        group gr = group_of(&batch, i, n, (group_boards){boards, &b, flags, true});
        emit(out, i, evaluate_group(&gr, true), n, batch.hi);
    }
}

/* The batch's fields are read one by one: the caller has just stored them,
 * and one wide read of them would wait for those stores to reach the cache. */
static void seebatch_run_batch(const see_batch *in, const answers_out *out, int32_t lo, int32_t hi)
{
    if (in->count == 0)
        return;
    if (in->board_of_move)
        seebatch_run_many_boards(in, out, lo, hi);
    else if (in->count <= LANES)
        seebatch_run_one_group(in, out, lo, hi);
    else
        seebatch_run_one_board(in, out, lo, hi);
}

static void seebatch_lane_values(const see_batch *batch, int32_t *values)
{
    answers_out out = {values, NULL};
    seebatch_run_batch(batch, &out, INT32_MIN, INT32_MAX);
}

static void seebatch_lane_see_ge(const see_batch *batch, int32_t threshold, uint8_t *passed)
{
    if (threshold == INT32_MIN) {
        /* Every answer is at least INT32_MIN, and the window needs t - 1. */
        if (batch->count > 0)
            memset(passed, 1, batch->count);
        return;
    }
    answers_out out = {NULL, passed};
    seebatch_run_batch(batch, &out, threshold - 1, threshold);
}

#endif
