/*
 * The library's learners (learning.h): one a call shape, shared by every
 * thread, each handed the costs of the calls it asks to be timed, by the
 * time-stamp counter. What a learner decides from them: learner.c.
 */
#include "learning.h"

#include <stdatomic.h>

#include "implementations.h"
#include "ticks.h"

static learner seebatch_learners[CALL_SHAPES];
/* Settled, the calls of this thread, one in LEARNER_SETTLED_TIME_EVERY timed. */
static _Thread_local uint32_t seebatch_thread_calls;
/* When learning first started, on the clock and in ns: the clock's rate. */
static _Atomic uint64_t seebatch_origin_ticks, seebatch_origin_ns;

uint32_t seebatch_call_print(const see_batch *batch)
{
    size_t n = batch->count;
    const seebatch_board *board =
        &batch->boards[batch->board_of_move ? batch->board_of_move[0] : 0];
    uint64_t x = (uint64_t)batch->moves[0] | (uint64_t)batch->moves[n / 2] << 16 |
                 (uint64_t)batch->moves[n - 1] << 32 | (uint64_t)n << 48;
    x ^= board->colors[0] * 0x9E3779B97F4A7C15u ^ board->colors[1];
    x *= 0xD6E8FEB86659FD93u;
    uint32_t print = (uint32_t)(x >> 32);
    return print ? print : 1;
}

uint32_t seebatch_cost_of(uint64_t elapsed, size_t moves)
{
    uint64_t cost = elapsed * LEARNER_COST_SCALE / (moves ? moves : 1);
    return cost >= UINT32_MAX / 4 ? UINT32_MAX / 4 : cost ? (uint32_t)cost : 1;
}

/* Moves [first, first + count) of a call. */
static see_batch seebatch_part(const see_batch *batch, size_t first, size_t count)
{
    see_batch part = *batch;
    part.board_of_move = batch->board_of_move ? batch->board_of_move + first : NULL;
    part.moves += first;
    part.count = count;
    return part;
}

/* A challenger on other work serves a part of the call (a quarter, whole
 * groups of LEARNER_PART_MOVES) and the best so far as many moves beside
 * it, each timed, each right beside the other kernel's on the next
 * positions: a pair judged on the same stretch, which neighbouring calls
 * are not (positions come in runs of like cost). Which serves first
 * alternates from pair to pair, so that whatever the first part leaves the
 * second (prefetched boards, a warmer cache) favours neither. The best
 * serves the rest, untimed. */
static void seebatch_pair_served(learner *l, unsigned k, const see_batch *batch, auto_serve *serve,
                                 void *context)
{
    learner_pair pair = seebatch_learner_pair(l, k, batch->count);
    size_t part = pair.part;
    unsigned first = pair.challenger_first ? k : pair.best,
             second = pair.challenger_first ? pair.best : k;
    see_batch front = seebatch_part(batch, 0, part), back = seebatch_part(batch, part, part);
    see_batch rest = seebatch_part(batch, 2 * part, batch->count - 2 * part);
    uint64_t start = seebatch_ticks();
    serve(seebatch_choice_kernels[first], &front, 0, context);
    uint64_t middle = seebatch_ticks();
    serve(seebatch_choice_kernels[second], &back, part, context);
    uint64_t end = seebatch_ticks();
    serve(seebatch_choice_kernels[pair.best], &rest, 2 * part, context);
    uint32_t first_cost = seebatch_cost_of(middle - start, part);
    uint32_t second_cost = seebatch_cost_of(end - middle, part);
    seebatch_learner_pair_timed(l, &pair, pair.challenger_first ? first_cost : second_cost,
                                pair.challenger_first ? second_cost : first_cost);
}

/* Notes when learning first started, for the clock's rate. */
static void seebatch_origin(void)
{
    uint64_t none = 0;
    if (atomic_load_explicit(&seebatch_origin_ticks, memory_order_relaxed) == 0 &&
        atomic_compare_exchange_strong(&seebatch_origin_ticks, &none, seebatch_ticks()))
        atomic_store(&seebatch_origin_ns, seebatch_clock_ns());
}

/* A call served whole by kernel k, timed; its cost to the learner. */
static void seebatch_timed_served(learner *l, learner_serving how, const see_batch *batch,
                                  auto_serve *serve, void *context)
{
    uint32_t print =
        !how.settled && seebatch_learner_wants_print(l) ? seebatch_call_print(batch) : 0;
    uint64_t start = seebatch_ticks();
    serve(seebatch_choice_kernels[how.kernel], batch, 0, context);
    uint32_t cost = seebatch_cost_of(seebatch_ticks() - start, batch->count);
    if (how.settled)
        seebatch_learner_settled(l, how.kernel, cost, batch->count);
    else
        seebatch_learner_timed(l, how.kernel, cost, batch->count, print);
}

void seebatch_learning_serve(unsigned shape, uint64_t plan, const see_batch *batch,
                             auto_serve *serve, void *context)
{
    learner *l = &seebatch_learners[shape];
    unsigned kept;
    /* Settled, most calls: the kept kernel, untimed. */
    if (seebatch_learner_settled_on(l, &kept) &&
        ++seebatch_thread_calls % LEARNER_SETTLED_TIME_EVERY != 0) {
        serve(seebatch_choice_kernels[kept], batch, 0, context);
        return;
    }
    learner_serving how = seebatch_learner_serving(l, shape, plan);
    seebatch_origin();
    if (how.in_parts)
        seebatch_pair_served(l, how.kernel, batch, serve, context);
    else if (how.timed || how.settled)
        seebatch_timed_served(l, how, batch, serve, context);
    else
        serve(seebatch_choice_kernels[how.kernel], batch, 0, context);
}

void seebatch_learning_restart(void)
{
    for (unsigned shape = 0; shape < CALL_SHAPES; shape++)
        seebatch_learner_restart(&seebatch_learners[shape]);
}

void seebatch_learning_rotate(bool rotate)
{
    for (unsigned shape = 0; shape < CALL_SHAPES; shape++)
        seebatch_learner_rotate(&seebatch_learners[shape], rotate);
}

/* Nanoseconds a tick, from the clock's rise since learning started. */
static double seebatch_ns_per_tick(void)
{
#ifdef SEEBATCH_TICKS_ARE_NS
    return 1.0;
#else
    uint64_t origin = atomic_load(&seebatch_origin_ticks);
    uint64_t ticks = seebatch_ticks() - origin;
    uint64_t ns = seebatch_clock_ns() - atomic_load(&seebatch_origin_ns);
    return origin && ticks ? (double)ns / (double)ticks : 0.0;
#endif
}

bool seebatch_learning_kept(unsigned shape, unsigned *kernel)
{
    return seebatch_learner_kept(&seebatch_learners[shape], kernel);
}

uint32_t seebatch_learning_cycle(unsigned shape)
{
    return seebatch_learner_cycle(&seebatch_learners[shape]);
}

void seebatch_learning_report(unsigned shape, unsigned k, seebatch_auto_backend *backend)
{
    seebatch_learner_report(&seebatch_learners[shape], k, seebatch_ns_per_tick(), backend);
}
