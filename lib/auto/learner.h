/*
 * One learner, as a state and the decisions it takes from the costs it is
 * given (learner.c): which kernel serves the next call of its shape, and
 * what a call's cost, or a pair of parts' costs, teaches it. It reads no
 * clock and holds no global: the library's learners (learning.c) time real
 * calls and hand it their costs; auto's replay (tests/test_auto_replay.c)
 * hands it the costs measured on each CPU, so that what auto keeps on every
 * CPU is seen on any. The policy: docs/design.md, "Auto".
 *
 * A cost is ticks a move times LEARNER_COST_SCALE (any steady clock's
 * ticks: the time-stamp counter's, or nanoseconds). A print tells a call
 * from the others of its workload (learning.c makes it from the call's
 * moves and first board); the learner asks for it only while it looks for
 * the workload's regime.
 *
 * Threads share a learner without a lock: its fields are relaxed atomics,
 * and a race costs a look some accuracy, never an answer (every kernel
 * answers alike).
 */
#ifndef SEEBATCH_LEARNER_H
#define SEEBATCH_LEARNER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "call_shapes.h"
#include "seebatch.h"

enum {
    /* Repeating work of up to 16 calls (4,096 moves of 256-move calls) is
     * a cycle: past that, the predictor learns little of it. */
    LEARNER_LONGEST_CYCLE = 16,
    /* The look's memory of calls: two longest cycles. */
    LEARNER_RECENT_CALLS = 2 * LEARNER_LONGEST_CYCLE,
    /* A cost is ticks a move, times this. */
    LEARNER_COST_SCALE = 16,
    /* Settled, one call in this many (of each thread's) is timed. */
    LEARNER_SETTLED_TIME_EVERY = 16,
    /* A challenger's trial on calls that never repeat serves at most this
     * many calls: one of warm-up, then up to 15 pairs where it and the best
     * stand close (learner.c's MOST_PAIRS), 8 where they do not. */
    STREAM_TRIAL_MOST_CALLS = 16
};

/* A learner's phases: not started, being started (a look set up), looking
 * (trials), settled (serving the kept kernel), rotating (tests). */
typedef enum learner_phase {
    LEARNER_UNSTARTED,
    LEARNER_STARTING,
    LEARNER_EXPLORING,
    LEARNER_SETTLED,
    LEARNER_ROTATING
} learner_phase;

typedef struct learner {
    /* Read by every call: a line of its own, written only when the phase
     * or a trial changes. */
    _Alignas(64) _Atomic uint32_t phase;
    _Atomic uint32_t trial;  /* the kernel on trial, exploring */
    _Atomic uint32_t beside; /* the best so far, serving beside a challenger */
    /* The walk on repeating work first serves this many calls of each cycle,
     * from the look's call trial_start on (the best the others); 0: whole
     * cycles. */
    _Atomic uint32_t subset, trial_start;
    _Atomic uint32_t kept;     /* the kernel settled calls run */
    _Atomic uint32_t runnable; /* a bit a kernel this machine runs, set when starting */
    /* Set when starting, from the plan: the CPU's measured row decides
     * (no trials), the row's kernel on work of no short cycle (the first
     * guess) and on repeating work of one (the walk where the row says it
     * wins there). */
    _Atomic uint32_t decided, first_guess, cycle_kernel;
    /* Written by exploring calls. */
    _Alignas(64) _Atomic uint32_t trial_calls;
    _Atomic uint32_t look_calls;  /* the look's calls, the index into recent */
    _Atomic uint32_t tried;       /* a bit a kernel tried in this look */
    _Atomic uint32_t cycle;       /* the work repeats every `cycle` calls; 0: it does not */
    _Atomic uint32_t cycle_found; /* the look's call that showed it */
    _Atomic uint32_t candidate;   /* the last call's distance to its like, 0: none */
    /* The look's last calls: their prints, costs and kernels. */
    _Atomic uint32_t print[LEARNER_RECENT_CALLS], cost[LEARNER_RECENT_CALLS],
        served[LEARNER_RECENT_CALLS];
    /* The best trial's last cycle, by call of the cycle. */
    _Atomic uint32_t best_cycle[LEARNER_LONGEST_CYCLE];
    _Atomic uint32_t trial_cost[CHOICE_KERNELS]; /* each tried kernel's, this look; 0: untried */
    /* The trials' bill since learning started (learner.c, "A trial's
     * cost"): the moves served, and what losing trials cost beyond the
     * best beside them, in moves at the best's cost, RATIO_ONE times. */
    _Atomic uint64_t served_moves, spent;
    _Atomic uint32_t call_moves; /* the last timed call's moves */
    /* Written by settled calls. */
    _Alignas(64) _Atomic uint32_t kept_cost, recent_cost;
    _Atomic uint32_t look_in, look_every;
    _Atomic uint32_t repeats_every; /* the cycle the last finished look found, 0: none */
    /* For the report: each kernel's calls timed, its cost as the last
     * trial of it judged it (0: never tried), and, where that trial was
     * cut short, its cost over the best's then, RATIO_ONE times (0: it ran
     * its course). */
    _Atomic uint64_t calls[CHOICE_KERNELS];
    _Atomic uint32_t judged_cost[CHOICE_KERNELS], dropped_behind[CHOICE_KERNELS];
} learner;

/* How the learner serves the next call: by one kernel, timed (every call
 * while it explores) or, settled, timed where the caller's count of calls
 * says (one in LEARNER_SETTLED_TIME_EVERY); or, judging a challenger on
 * work that does not repeat, in parts (seebatch_learner_pair). */
typedef struct learner_serving {
    unsigned kernel;
    bool timed;   /* every call while exploring */
    bool settled; /* time one call in LEARNER_SETTLED_TIME_EVERY */
    bool in_parts;
} learner_serving;

/* The kept kernel where the learner is settled (the common case: a load
 * and a compare, inline), else false: ask seebatch_learner_serving. */
static inline bool seebatch_learner_settled_on(learner *l, unsigned *kernel)
{
    if (atomic_load_explicit(&l->phase, memory_order_acquire) != LEARNER_SETTLED)
        return false;
    *kernel = atomic_load_explicit(&l->kept, memory_order_relaxed);
    return true;
}

/* The serving of a call of this shape under this plan; the first call
 * starts the learner (its first guess, runnable kernels and row are the
 * plan's). Rotating (seebatch_learner_rotate), the next runnable kernel in
 * turn, timed, nothing learned. */
learner_serving seebatch_learner_serving(learner *l, unsigned shape, uint64_t plan);

/* A whole call of `moves` moves served by kernel k at this cost; print:
 * the call's (asked for only where seebatch_learner_wants_print). */
void seebatch_learner_timed(learner *l, unsigned k, uint32_t cost, size_t moves, uint32_t print);

/* Whether the next timed call's print is looked at (the look seeks the
 * regime): the caller may skip making it otherwise. */
bool seebatch_learner_wants_print(learner *l);

/* A call served in parts (learner_serving.in_parts): the challenger k
 * serves a part of PART moves (a quarter of the call, whole groups of
 * LEARNER_PART_MOVES), the best as many beside it, the best the rest. */
enum { LEARNER_PART_MOVES = 16 };
typedef struct learner_pair {
    unsigned challenger, best;
    bool challenger_first; /* which part comes first: it alternates */
    size_t part;           /* moves of each part */
    size_t count;          /* the call's moves */
} learner_pair;
learner_pair seebatch_learner_pair(learner *l, unsigned k, size_t count);

/* The pair's costs: the challenger's part and the best's. */
void seebatch_learner_pair_timed(learner *l, const learner_pair *pair, uint32_t own,
                                 uint32_t theirs);

/* A settled call's cost (one the caller timed of those it served). */
void seebatch_learner_settled(learner *l, unsigned k, uint32_t cost, size_t moves);

/* Forgets what it learned: the next call starts it afresh. */
void seebatch_learner_restart(learner *l);

/* Every call to the next runnable kernel in turn (true), or learning afresh
 * (false). */
void seebatch_learner_rotate(learner *l, bool rotate);

/* The kernel it keeps now; false where it has not started. */
bool seebatch_learner_kept(learner *l, unsigned *kernel);

/* The calls' cycle its last finished look found (0: none, or none yet). */
uint32_t seebatch_learner_cycle(learner *l);

/* What it judged of kernel k (seebatch.h, seebatch_auto_backend; all but
 * the name), speeds in ns at ns_per_tick. */
void seebatch_learner_report(learner *l, unsigned k, double ns_per_tick,
                             seebatch_auto_backend *backend);

/* The trials' bill (learner.c, "A trial's cost"): the moves the learner
 * served, and the excess its losing trials cost, in moves at the best's
 * cost (the replay's measure of the bound). */
typedef struct learner_bill {
    uint64_t served_moves;
    double spent_moves;
} learner_bill;
learner_bill seebatch_learner_bill(learner *l);

#endif
