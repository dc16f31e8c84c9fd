/*
 * Auto's learners (auto/learning.h): one a call shape, shared by every thread.
 *
 * A learner explores, then settles. Exploring, it gives each kernel this
 * machine runs a trial of consecutive calls, the kept one first: the first
 * calls warm the kernel's branches and cache lines and are not counted
 * (SHORTEST_WARM_UP, four times as long each periodic look the kernel loses,
 * up to LONGEST_WARM_UP: the scalar walk's first pass over positions the
 * branch predictor would learn runs at a third of its learned speed), the next
 * TIMED_CALLS are timed, and their median is the kernel's cost (a median, so
 * that a call a context switch spoiled does not count). A trial whose first
 * two timed calls both cost twice the best trial's median ends there. Then
 * it keeps the cheapest and settles: one call in SETTLED_TIME_EVERY of each
 * thread's is timed, into a running mean of the kept kernel's cost. It
 * explores again when that mean drifts by a third from the cost it was kept
 * at (the regime changed), or after look_every timed calls,
 * a period that
 * doubles each time a look keeps the same kernel (up to LAST_LOOK) and
 * starts again from FIRST_LOOK when it changes.
 *
 * Threads race on the counters without a lock; a race can count a call in
 * the wrong trial or lose a sample, which costs a look some accuracy, never
 * an answer: every kernel answers alike.
 */
#include "learning.h"

#include <stdatomic.h>
#include <string.h>

#include "implementations.h"
#include "plan.h"
#include "ticks.h"

enum {
    SHORTEST_WARM_UP = 2,
    LONGEST_WARM_UP = 32,
    TIMED_CALLS = 4,
    SETTLED_TIME_EVERY = 16,
    /* Timed settled calls between looks: 32 is 512 calls of a thread. */
    FIRST_LOOK = 32,
    LAST_LOOK = 4096,
    /* A cost is ticks a move, times this. */
    COST_SCALE = 16
};

typedef enum learner_phase { UNSTARTED, STARTING, EXPLORING, SETTLED } learner_phase;

typedef struct learner {
    /* Read by every call: a line of its own, written only when the phase
     * or a trial changes. */
    _Alignas(64) _Atomic uint32_t phase;
    _Atomic uint32_t trial; /* the kernel on trial, exploring */
    _Atomic uint32_t kept;  /* the kernel settled calls run */
    _Atomic uint32_t runnable; /* a bit a kernel this machine runs, set when starting */
    /* Written by timed calls. */
    _Alignas(64) _Atomic uint32_t trial_calls;
    _Atomic uint32_t tried; /* a bit a kernel tried in this look */
    _Atomic uint32_t cost[CHOICE_KERNELS][TIMED_CALLS];
    _Atomic uint32_t warm[CHOICE_KERNELS]; /* a trial's calls not timed, each kernel's */
    _Atomic uint32_t warmer;               /* this look lengthens the losers' warm-up */
    _Atomic uint32_t median[CHOICE_KERNELS]; /* each tried kernel's, this look */
    _Atomic uint32_t kept_cost, recent_cost;
    _Atomic uint32_t look_in, look_every;
    /* Every timed call, for seebatch_auto_report. */
    _Atomic uint64_t calls[CHOICE_KERNELS], ticks[CHOICE_KERNELS], moves[CHOICE_KERNELS];
} learner;

static learner seebatch_learners[CALL_SHAPES];
static _Atomic bool seebatch_rotating;
static _Thread_local uint32_t seebatch_thread_calls;
/* When learning started, on the clock and in ns: the clock's rate. */
static _Atomic uint64_t seebatch_origin_ticks, seebatch_origin_ns;

#define LOAD(x) atomic_load_explicit(&(x), memory_order_relaxed)
#define STORE(x, v) atomic_store_explicit(&(x), (v), memory_order_relaxed)

/* A new look, its first trial `first`'s. */
static void seebatch_look_begin(learner *l, unsigned first)
{
    for (unsigned k = 0; k < CHOICE_KERNELS; k++) {
        STORE(l->median[k], 0);
        for (unsigned i = 0; i < TIMED_CALLS; i++)
            STORE(l->cost[k][i], 0);
    }
    STORE(l->tried, 1u << first);
    STORE(l->trial_calls, 0);
    STORE(l->trial, first);
    atomic_store_explicit(&l->phase, EXPLORING, memory_order_release);
}

static void seebatch_learner_start(learner *l, unsigned shape, uint64_t plan)
{
    uint32_t unstarted = UNSTARTED;
    if (!atomic_compare_exchange_strong(&l->phase, &unstarted, STARTING))
        return;
    uint64_t none = 0;
    if (atomic_compare_exchange_strong(&seebatch_origin_ticks, &none, seebatch_ticks()))
        STORE(seebatch_origin_ns, seebatch_clock_ns());
    STORE(l->runnable, (uint32_t)(plan >> PLAN_RUNNABLE_SHIFT) & 7u);
    unsigned first = (unsigned)(plan >> (2 * shape)) & 3u;
    STORE(l->kept, first);
    STORE(l->look_every, FIRST_LOOK);
    for (unsigned k = 0; k < CHOICE_KERNELS; k++) {
        STORE(l->warm[k], SHORTEST_WARM_UP);
        STORE(l->calls[k], 0);
        STORE(l->ticks[k], 0);
        STORE(l->moves[k], 0);
    }
    seebatch_look_begin(l, first);
}

/* The next runnable kernel after k, round the letters. */
static unsigned seebatch_next_runnable(uint32_t runnable, unsigned k)
{
    do
        k = (k + 1) % CHOICE_KERNELS;
    while (!(runnable >> k & 1u));
    return k;
}

auto_call seebatch_learning_begin(unsigned shape, uint64_t plan)
{
    learner *l = &seebatch_learners[shape];
    uint32_t phase = atomic_load_explicit(&l->phase, memory_order_acquire);
    if (phase == UNSTARTED) {
        seebatch_learner_start(l, shape, plan);
        phase = atomic_load_explicit(&l->phase, memory_order_acquire);
    }
    unsigned k;
    bool timed = false;
    if (__builtin_expect(LOAD(seebatch_rotating), 0)) {
        uint32_t runnable = (uint32_t)(plan >> PLAN_RUNNABLE_SHIFT) & 7u;
        k = seebatch_next_runnable(runnable, atomic_fetch_add(&l->trial_calls, 1) % CHOICE_KERNELS);
        timed = true; /* counted, for the test to see each kernel served */
    } else if (phase == EXPLORING) {
        k = LOAD(l->trial);
        timed = true;
    } else {
        k = LOAD(l->kept);
        timed = phase == SETTLED && ++seebatch_thread_calls % SETTLED_TIME_EVERY == 0;
    }
    return (auto_call){seebatch_choice_kernels[k], timed ? seebatch_ticks() : 0, (uint8_t)shape,
                       (uint8_t)k, timed};
}

/* The median of a trial's costs, those not yet written (0) left out. */
static uint32_t seebatch_median_cost(learner *l, unsigned k)
{
    uint32_t sorted[TIMED_CALLS];
    unsigned n = 0;
    for (unsigned i = 0; i < TIMED_CALLS; i++) {
        uint32_t cost = LOAD(l->cost[k][i]);
        if (!cost)
            continue;
        unsigned at = n++;
        for (; at > 0 && sorted[at - 1] > cost; at--)
            sorted[at] = sorted[at - 1];
        sorted[at] = cost;
    }
    return n ? sorted[(n - 1) / 2] : UINT32_MAX;
}

/* The least median of the trials this look has finished (UINT32_MAX: none). */
static uint32_t seebatch_best_median(learner *l, unsigned *best)
{
    uint32_t least = UINT32_MAX;
    for (unsigned k = 0; k < CHOICE_KERNELS; k++) {
        uint32_t median = LOAD(l->median[k]);
        if (median && median < least) {
            least = median;
            *best = k;
        }
    }
    return least;
}

/* The look is over: keep the cheapest kernel, and look again later the
 * later the more often the same one is kept. */
static void seebatch_look_end(learner *l)
{
    unsigned best = LOAD(l->kept);
    uint32_t cost = seebatch_best_median(l, &best);
    /* A kernel that lost may have been judged cold (the scalar walk's first
     * pass over positions the predictor would learn is three times its
     * learned speed): after a periodic look, its next trial warms it up four
     * times as long. */
    for (unsigned k = 0; k < CHOICE_KERNELS; k++) {
        uint32_t warm = LOAD(l->warm[k]);
        if (k == best)
            warm = SHORTEST_WARM_UP;
        else if ((LOAD(l->tried) >> k & 1u) && LOAD(l->warmer))
            warm = warm * 4 < LONGEST_WARM_UP ? warm * 4 : LONGEST_WARM_UP;
        STORE(l->warm[k], warm);
    }
    uint32_t every = LOAD(l->look_every);
    every = best == LOAD(l->kept) ? (every < LAST_LOOK ? 2 * every : LAST_LOOK) : FIRST_LOOK;
    STORE(l->look_every, every);
    STORE(l->look_in, every);
    STORE(l->kept_cost, cost);
    STORE(l->recent_cost, cost);
    STORE(l->kept, best);
    atomic_store_explicit(&l->phase, SETTLED, memory_order_release);
}

/* Kernel k's trial is over, at this cost: the next kernel not yet tried,
 * or the end of the look. */
static void seebatch_trial_end(learner *l, unsigned k, uint32_t median)
{
    STORE(l->median[k], median == UINT32_MAX ? 0 : median);
    uint32_t left = LOAD(l->runnable) & ~LOAD(l->tried);
    if (!left) {
        seebatch_look_end(l);
        return;
    }
    unsigned next = (unsigned)__builtin_ctz(left);
    STORE(l->tried, LOAD(l->tried) | 1u << next);
    STORE(l->trial_calls, 0);
    STORE(l->trial, next);
}

static void seebatch_explored(learner *l, unsigned k, uint32_t cost)
{
    if (k != LOAD(l->trial))
        return; /* the trial moved on while this call ran */
    uint32_t n = atomic_fetch_add_explicit(&l->trial_calls, 1, memory_order_relaxed);
    uint32_t warm = LOAD(l->warm[k]);
    if (n < warm || n >= warm + TIMED_CALLS)
        return;
    unsigned i = n - warm;
    STORE(l->cost[k][i], cost);
    unsigned best;
    uint32_t bar = seebatch_best_median(l, &best);
    bool hopeless = i == 1 && bar != UINT32_MAX && LOAD(l->cost[k][0]) / 2 > bar && cost / 2 > bar;
    if (i + 1 == TIMED_CALLS || hopeless)
        seebatch_trial_end(l, k, seebatch_median_cost(l, k));
}

static void seebatch_settled(learner *l, unsigned k, uint32_t cost)
{
    uint32_t kept_cost = LOAD(l->kept_cost);
    if (k != LOAD(l->kept) || kept_cost == 0)
        return;
    /* A spoiled call moves the mean up by a quarter at most; two in a row,
     * or a real change, move it by a third. */
    if (cost > 2 * kept_cost)
        cost = 2 * kept_cost;
    uint32_t recent = LOAD(l->recent_cost);
    recent = recent - recent / 4 + cost / 4;
    STORE(l->recent_cost, recent);
    bool drifted = recent / 4 > kept_cost / 3 || recent / 3 < kept_cost / 4;
    uint32_t in = atomic_fetch_sub_explicit(&l->look_in, 1, memory_order_relaxed);
    if (!drifted && in > 1)
        return;
    uint32_t settled = SETTLED;
    if (!atomic_compare_exchange_strong(&l->phase, &settled, STARTING))
        return;
    /* A look the period called gives each loser a longer warm-up; one a
     * drift called (often noise) does not. */
    STORE(l->warmer, !drifted);
    seebatch_look_begin(l, k);
}

void seebatch_learning_end(const auto_call *call, size_t moves)
{
    uint64_t elapsed = seebatch_ticks() - call->start;
    learner *l = &seebatch_learners[call->shape];
    unsigned k = call->index;
    atomic_fetch_add_explicit(&l->calls[k], 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&l->ticks[k], elapsed, memory_order_relaxed);
    atomic_fetch_add_explicit(&l->moves[k], moves, memory_order_relaxed);
    uint64_t scaled = elapsed * COST_SCALE / (moves ? moves : 1);
    uint32_t cost = scaled >= UINT32_MAX / 4 ? UINT32_MAX / 4 : scaled ? (uint32_t)scaled : 1;
    if (LOAD(seebatch_rotating))
        return;
    uint32_t phase = atomic_load_explicit(&l->phase, memory_order_acquire);
    if (phase == EXPLORING)
        seebatch_explored(l, k, cost);
    else if (phase == SETTLED)
        seebatch_settled(l, k, cost);
}

void seebatch_learning_restart(void)
{
    for (unsigned shape = 0; shape < CALL_SHAPES; shape++)
        atomic_store_explicit(&seebatch_learners[shape].phase, UNSTARTED, memory_order_release);
}

void seebatch_learning_rotate(bool rotate)
{
    atomic_store(&seebatch_rotating, rotate);
    /* Rotating counted calls in the trial counter: learn afresh after it. */
    if (!rotate)
        seebatch_learning_restart();
}

/* Nanoseconds a tick, from the clock's rise since learning started. */
static double seebatch_ns_per_tick(void)
{
#ifdef SEEBATCH_TICKS_ARE_NS
    return 1.0;
#else
    uint64_t ticks = seebatch_ticks() - LOAD(seebatch_origin_ticks);
    uint64_t ns = seebatch_clock_ns() - LOAD(seebatch_origin_ns);
    return LOAD(seebatch_origin_ticks) && ticks ? (double)ns / (double)ticks : 0.0;
#endif
}

bool seebatch_learning_kept(unsigned shape, unsigned *kernel)
{
    learner *l = &seebatch_learners[shape];
    if (LOAD(l->phase) == UNSTARTED)
        return false;
    *kernel = LOAD(l->kept);
    return true;
}

void seebatch_learning_totals(unsigned shape, unsigned k, uint64_t *calls, double *ns_per_capture)
{
    learner *l = &seebatch_learners[shape];
    bool started = LOAD(l->phase) != UNSTARTED;
    uint64_t moves = started ? LOAD(l->moves[k]) : 0;
    *calls = started ? LOAD(l->calls[k]) : 0;
    *ns_per_capture = moves ? (double)LOAD(l->ticks[k]) * seebatch_ns_per_tick() / (double)moves : 0.0;
}
