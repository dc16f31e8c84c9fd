/*
 * Auto's learners (auto/learning.h): one a call shape, shared by every thread.
 *
 * A learner explores, then settles. Exploring, it gives each kernel this
 * machine runs a trial of consecutive calls, the kept one first, and keeps
 * the cheapest by their typical cost a move (seebatch_typical_cost: spoiled
 * calls left out). How a trial is judged depends on the workload's regime,
 * which the kept kernel's trial finds out: it serves the look's first
 * OBSERVED_CALLS calls (they would be its anyway) while each call's
 * fingerprint (its moves and first board) is compared with the calls
 * before it.
 * - Repeating work (the same calls every p calls, p up to LONGEST_CYCLE):
 *   the branch predictor can learn it. The kept kernel, warm, is judged by
 *   one cycle as soon as the cycle shows, the scalar walk once it has
 *   learned the cycle (its cycle gaining under a LEARNED_GAIN-th): its
 *   first pass costs three times its learned speed, which is not its
 *   speed (seebatch_kept_judged). A challenger's calls are set
 *   beside the same calls in the best trial's last cycle, the same
 *   positions, call by call, the middle half of the ratios counted (a call
 *   a preemption spoiled, either kernel's, is left out): a branch-free
 *   kernel's from its second call to its cycle's end (the predictor has
 *   nothing to learn of it). The scalar walk's first pass over a cycle
 *   costs three to six times its learned speed (Zen 3, 1,000 positions:
 *   values 2.7, 1.08, 0.90, 0.85 of avx2's on its first four passes,
 *   thresholds 3.7, 1.41, 0.96, 0.75, 0.70), so it first serves a subset of
 *   each cycle (a quarter, three calls at least), left where even twice its
 *   last gain leaves it behind, then whole cycles where it heads ahead:
 *   kept once ahead, left once it heads behind (seebatch_cycles_judged).
 *   Where the CPU's row says the walk wins such work (measured_cpus.h,
 *   walk_learns_cycles: Zen 1, 3 and 4), it serves whole cycles from its
 *   first call: it must learn every call of the cycle to win, and the
 *   subset only put that off while the first guess served the rest.
 *   A whole pass judged too early (a cycle gaining less than an eighth,
 *   values still 1.2 of their learned cost) or on one spoiled call kept
 *   the slower kernel for a whole job.
 * - Otherwise (a stream, or cycles too long for the predictor): positions
 *   come in runs of like cost (a game's, a file's), a call costing a tenth
 *   more or less than one a few calls away, as much as two kernels differ.
 *   So a challenger serves a quarter of each call of its trial and the
 *   best as many moves beside it, which first alternating, and each part is
 *   judged beside the other, on the same stretch (seebatch_pair_served):
 *   its first pair warms its code and tables and is not counted; then
 *   TIMED_PAIRS pairs, or MOST_PAIRS where the two stand close, ending as
 *   soon as it trails. The kept kernel is judged by the last
 *   KEPT_TIMED_CALLS of its OBSERVED_CALLS.
 * A trial costs the job it serves, so a challenger that trails is cut short
 * and, where it can, serves a quarter of a call: on streamed positions a
 * cold call of the scalar walk costs four or five of avx512's, and a job of
 * 10^5 captures is 390 calls. A trial cut short measured a cold start, no
 * speed: the report says how far it trailed, not a speed
 * (seebatch_learning_report).
 * Settled, one call in SETTLED_TIME_EVERY of each thread's is timed, into a
 * running mean of the kept kernel's cost. It explores again when that mean
 * drifts by a third from the cost it was kept at (the regime changed), or
 * after look_every timed calls, a period that doubles each time a look keeps
 * the same kernel (up to LAST_LOOK) and starts again from FIRST_LOOK when it
 * changes.
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
    /* Repeating work of up to 16 calls (4,096 moves of 256-move calls) is
     * a cycle: past that, the predictor learns little of it. */
    LONGEST_CYCLE = 16,
    /* The look's memory of calls: two longest cycles. */
    RECENT_CALLS = 2 * LONGEST_CYCLE,
    /* A cycle shows as a call like the one p calls before, twice in a row. */
    OBSERVED_CALLS = LONGEST_CYCLE + 2,
    /* The walk's trial on repeating work: its whole cycles at most, and how
     * many times its last gain it is taken to gain still (measured, the
     * walk's gain shrinks to a third to a half on each pass: at most twice
     * its last gain). */
    MOST_CYCLES = 8,
    PROJECTED_GAINS = 2,
    /* The walk kept on repeating work has learned it once a cycle of its
     * calls costs less than a sixteenth under the cycle before. */
    LEARNED_GAIN = 16,
    /* First, a quarter of each cycle (rounded up), at most SUBSET_RUNS times. */
    SUBSET_OF_CYCLE = 4,
    SUBSET_LEAST = 3,
    SUBSET_RUNS = 4,
    /* Its margin: as after twice its calls (a run's few calls show less). */
    SUBSET_MARGIN = 2,
    /* A ratio of costs, times this; at most MOST_BEHIND. */
    RATIO_ONE = 1024,
    MOST_BEHIND = 1 << 16,
    /* A call of 64 moves or more brings a kernel's code and tables into
     * the caches: its trial's first call is not counted. */
    SHORTEST_WARM_UP = 1,
    /* Pairs of parts, the challenger's and the best's: 8 tell a tenth;
     * where they stand within an eighth of each other, up to MOST_PAIRS
     * (the look's memory of calls holds them) tell the nearer. */
    TIMED_PAIRS = 8,
    CLOSE_PAIRS = 8,
    MOST_PAIRS = RECENT_CALLS / 2 - SHORTEST_WARM_UP,
    /* A part is whole lane groups (16 of avx512, two of avx2's 8). */
    PART_MOVES = 16,
    KEPT_TIMED_CALLS = 16, /* of its OBSERVED_CALLS */
    SETTLED_TIME_EVERY = 16,
    /* Timed settled calls between looks: 32 is 512 calls of a thread. */
    FIRST_LOOK = 32,
    LAST_LOOK = 4096,
    /* A cost is ticks a move, times this. */
    COST_SCALE = 16
};
_Static_assert(SHORTEST_WARM_UP + MOST_PAIRS == STREAM_TRIAL_MOST_CALLS, "learning.h's bound");

typedef enum learner_phase { UNSTARTED, STARTING, EXPLORING, SETTLED } learner_phase;

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
    /* The plan's seebatch_plan_walk_learns_cycles, set when starting: the
     * walk's trial on repeating work serves no subset. */
    _Atomic uint32_t whole_cycles;
    /* Written by exploring calls. */
    _Alignas(64) _Atomic uint32_t trial_calls;
    _Atomic uint32_t look_calls;  /* the look's calls, the index into recent */
    _Atomic uint32_t tried;       /* a bit a kernel tried in this look */
    _Atomic uint32_t cycle;       /* the work repeats every `cycle` calls; 0: it does not */
    _Atomic uint32_t cycle_found; /* the look's call that showed it */
    _Atomic uint32_t candidate;   /* the last call's distance to its like, 0: none */
    /* The look's last calls: their prints, costs and kernels. */
    _Atomic uint32_t print[RECENT_CALLS], cost[RECENT_CALLS], served[RECENT_CALLS];
    _Atomic uint32_t
        best_cycle[LONGEST_CYCLE]; /* the best trial's last cycle, by call of the cycle */
    _Atomic uint32_t trial_cost[CHOICE_KERNELS]; /* each tried kernel's, this look; 0: untried */
    /* Written by settled calls. */
    _Alignas(64) _Atomic uint32_t kept_cost, recent_cost;
    _Atomic uint32_t look_in, look_every;
    _Atomic uint32_t repeats_every; /* the cycle the last finished look found, 0: none */
    /* For seebatch_auto_report: each kernel's calls timed, its cost as the
     * last trial of it judged it (0: never tried), and, where that trial
     * was cut short, its cost over the best's then, RATIO_ONE times (0: it
     * ran its course). */
    _Atomic uint64_t calls[CHOICE_KERNELS];
    _Atomic uint32_t judged_cost[CHOICE_KERNELS], dropped_behind[CHOICE_KERNELS];
} learner;

/* A trial's outcome: its cost a move (0: the trial goes on), and whether
 * it was cut short, trailing by far before its trial ran its course (its
 * first calls, still cold or learning: a cost that is no speed). */
typedef struct judgement {
    uint32_t cost;
    bool cut_short;
} judgement;

static const judgement going_on = {0, false};

static judgement seebatch_ran_course(uint32_t cost) { return (judgement){cost, false}; }

static judgement seebatch_cut_short(uint32_t cost) { return (judgement){cost, true}; }

static learner seebatch_learners[CALL_SHAPES];
static _Atomic bool seebatch_rotating;
/* A test's clock in place of the time-stamp counter (NULL: the counter). */
static learning_clock *_Atomic seebatch_test_clock;
static _Thread_local uint32_t seebatch_thread_calls;
/* When learning started, on the clock and in ns: the clock's rate. */
static _Atomic uint64_t seebatch_origin_ticks, seebatch_origin_ns;

#define LOAD(x) atomic_load_explicit(&(x), memory_order_relaxed)
#define STORE(x, v) atomic_store_explicit(&(x), (v), memory_order_relaxed)

static uint32_t seebatch_best_cost(learner *l, unsigned *best);

/* The clock calls are timed by: the time-stamp counter, or a test's. */
static inline uint64_t seebatch_learning_ticks(void)
{
    learning_clock *clock = atomic_load_explicit(&seebatch_test_clock, memory_order_relaxed);
    return __builtin_expect(clock == NULL, 1) ? seebatch_ticks() : clock();
}

static void seebatch_trial_begin(learner *l, unsigned k)
{
    unsigned best = k;
    seebatch_best_cost(l, &best);
    uint32_t p = LOAD(l->cycle);
    bool walk = k != LOAD(l->kept) && !seebatch_choice_kernels[k]->branch_free;
    STORE(l->trial_calls, 0);
    /* A quarter of the cycle, three calls at least (one spoiled call among
     * them is left out); none where that is the whole cycle, or where the
     * walk was measured fastest on such work (measured_cpus.h): there a
     * subset only delays its learning the whole cycle, which it must do to
     * win, while the first guess serves the rest at its cold cost. */
    uint32_t subset = (p + SUBSET_OF_CYCLE - 1) / SUBSET_OF_CYCLE;
    subset = subset > SUBSET_LEAST ? subset : SUBSET_LEAST;
    STORE(l->subset, walk && subset < p && !LOAD(l->whole_cycles) ? subset : 0);
    STORE(l->trial_start, LOAD(l->look_calls));
    STORE(l->beside, best);
    STORE(l->trial, k);
}

/* A new look, its first trial `first`'s. */
static void seebatch_look_begin(learner *l, unsigned first)
{
    for (unsigned k = 0; k < CHOICE_KERNELS; k++)
        STORE(l->trial_cost[k], 0);
    for (unsigned i = 0; i < RECENT_CALLS; i++)
        STORE(l->print[i], 0);
    STORE(l->look_calls, 0);
    STORE(l->cycle, 0);
    STORE(l->candidate, 0);
    STORE(l->tried, 1u << first);
    seebatch_trial_begin(l, first);
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
    STORE(l->runnable, seebatch_plan_runnable(plan));
    STORE(l->whole_cycles, seebatch_plan_walk_learns_cycles(plan));
    unsigned first = seebatch_plan_kernel(plan, shape);
    STORE(l->kept, first);
    STORE(l->look_every, FIRST_LOOK);
    STORE(l->repeats_every, 0);
    for (unsigned k = 0; k < CHOICE_KERNELS; k++) {
        STORE(l->calls[k], 0);
        STORE(l->judged_cost[k], 0);
        STORE(l->dropped_behind[k], 0);
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

/* How a call is served: by one kernel, or, judging a challenger on other
 * work, in parts (seebatch_pair_served). */
typedef struct serving {
    unsigned kernel;
    bool timed;
    bool in_parts;
} serving;

static serving seebatch_serving(learner *l, unsigned shape, uint64_t plan)
{
    uint32_t phase = atomic_load_explicit(&l->phase, memory_order_acquire);
    if (phase == UNSTARTED) {
        seebatch_learner_start(l, shape, plan);
        phase = atomic_load_explicit(&l->phase, memory_order_acquire);
    }
    if (__builtin_expect(LOAD(seebatch_rotating), 0)) {
        /* Timed, for the test to see each kernel served. */
        unsigned turn = atomic_fetch_add(&l->trial_calls, 1) % CHOICE_KERNELS;
        return (serving){seebatch_next_runnable(seebatch_plan_runnable(plan), turn), true, false};
    }
    if (phase == EXPLORING) {
        unsigned trial = LOAD(l->trial);
        uint32_t p = LOAD(l->cycle), subset = LOAD(l->subset);
        /* The walk's subset of a cycle: the best serves the rest. */
        if (subset && (LOAD(l->look_calls) - LOAD(l->trial_start)) % p >= subset)
            return (serving){LOAD(l->beside), true, false};
        return (serving){trial, true, trial != LOAD(l->kept) && !p};
    }
    bool timed = phase == SETTLED && ++seebatch_thread_calls % SETTLED_TIME_EVERY == 0;
    return (serving){LOAD(l->kept), timed, false};
}

/* What tells a call from the others of a workload: its length, three of
 * its moves and its first board's pieces. */
static uint32_t seebatch_call_print(const see_batch *batch)
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

/* Call i of the look, printed so: whether it is like the call `cycle`
 * calls before it, as the call before it was; the nearest like wins. */
static void seebatch_look_for_cycle(learner *l, uint32_t i, uint32_t print)
{
    uint32_t distance = 0;
    for (uint32_t d = 1; d <= LONGEST_CYCLE && d <= i && !distance; d++)
        if (LOAD(l->print[(i - d) % RECENT_CALLS]) == print)
            distance = d;
    if (distance && distance == LOAD(l->candidate)) {
        STORE(l->cycle_found, i);
        STORE(l->cycle, distance);
    }
    STORE(l->candidate, distance);
}

/* The typical cost of kernel's calls among the look's last n (n <=
 * RECENT_CALLS; ANY_KERNEL: all of them), call i the last: the mean of the
 * cheapest three quarters, so that calls a context switch or an interrupt
 * spoiled do not count, and the rest all do (a median of a few calls on
 * different positions is off by a tenth). 0: none of them kernel's. */
#define ANY_KERNEL CHOICE_KERNELS
static uint32_t seebatch_typical_cost(learner *l, uint32_t i, unsigned n, unsigned kernel)
{
    uint32_t sorted[RECENT_CALLS];
    unsigned count = 0;
    for (unsigned m = 0; m < n; m++) {
        if (kernel != ANY_KERNEL && LOAD(l->served[(i - m) % RECENT_CALLS]) != kernel)
            continue;
        uint32_t cost = LOAD(l->cost[(i - m) % RECENT_CALLS]);
        unsigned at = count++;
        for (; at > 0 && sorted[at - 1] > cost; at--)
            sorted[at] = sorted[at - 1];
        sorted[at] = cost;
    }
    unsigned kept = count - count / 4;
    uint64_t sum = 0;
    for (unsigned m = 0; m < kept; m++)
        sum += sorted[m];
    return kept ? (uint32_t)(sum / kept) : 0;
}

/* The least cost of the trials this look has finished (UINT32_MAX: none). */
static uint32_t seebatch_best_cost(learner *l, unsigned *best)
{
    uint32_t least = UINT32_MAX;
    for (unsigned k = 0; k < CHOICE_KERNELS; k++) {
        uint32_t cost = LOAD(l->trial_cost[k]);
        if (cost && cost < least) {
            least = cost;
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
    uint32_t cost = seebatch_best_cost(l, &best);
    uint32_t every = LOAD(l->look_every);
    every = best == LOAD(l->kept) ? (every < LAST_LOOK ? 2 * every : LAST_LOOK) : FIRST_LOOK;
    STORE(l->look_every, every);
    STORE(l->look_in, every);
    STORE(l->kept_cost, cost);
    STORE(l->recent_cost, cost);
    STORE(l->repeats_every, LOAD(l->cycle));
    STORE(l->kept, best);
    atomic_store_explicit(&l->phase, SETTLED, memory_order_release);
}

/* Kernel k's trial is over, so judged: the next kernel not yet tried, or
 * the end of the look. */
static void seebatch_trial_end(learner *l, unsigned k, judgement judged)
{
    unsigned best = k;
    uint64_t bar = seebatch_best_cost(l, &best);
    uint64_t behind = judged.cut_short && bar != UINT32_MAX ? judged.cost * RATIO_ONE / bar : 0;
    behind =
        behind < (uint64_t)MOST_BEHIND * RATIO_ONE ? behind : (uint64_t)MOST_BEHIND * RATIO_ONE;
    STORE(l->dropped_behind[k], judged.cut_short ? (uint32_t)(behind ? behind : 1) : 0);
    STORE(l->trial_cost[k], judged.cost);
    STORE(l->judged_cost[k], judged.cost);
    uint32_t left = LOAD(l->runnable) & ~LOAD(l->tried);
    if (!left) {
        seebatch_look_end(l);
        return;
    }
    unsigned next = (unsigned)__builtin_ctz(left);
    STORE(l->tried, LOAD(l->tried) | 1u << next);
    seebatch_trial_begin(l, next);
}

/* A cost as the learner keeps it: at least 1 (0 is "none"), at most a
 * quarter of the range, so that sums of a few never wrap. */
static uint32_t seebatch_as_cost(uint64_t cost)
{
    return cost >= UINT32_MAX / 4 ? UINT32_MAX / 4 : cost ? (uint32_t)cost : 1;
}

/* A challenger's cost: the best's, as the look measured it (bar), times
 * the two's ratio on the same positions. */
static uint32_t seebatch_cost_beside(uint64_t bar, uint64_t own, uint64_t theirs)
{
    return seebatch_as_cost(bar * own / (theirs ? theirs : 1));
}

/* A call's cost over the best's same call of the cycle, RATIO_ONE times:
 * call i - m of the look (its cycle before: back = p) beside the best
 * trial's call at the same place in the cycle. At most MOST_BEHIND times,
 * so that a cost worked out from it (a cost's range times it) never wraps:
 * a call stalled for seconds stands far behind, never ahead. */
static int64_t seebatch_ratio(learner *l, uint32_t i, uint32_t m, uint32_t back, uint32_t p)
{
    uint64_t best = LOAD(l->best_cycle[(i - m) % p]);
    uint64_t own = LOAD(l->cost[(i - m - back) % RECENT_CALLS]);
    uint64_t ratio = own * RATIO_ONE / (best ? best : 1);
    return (int64_t)(ratio < (uint64_t)MOST_BEHIND * RATIO_ONE ? ratio
                                                               : (uint64_t)MOST_BEHIND * RATIO_ONE);
}

/* The mean of the middle half of n values (n <= LONGEST_CYCLE; of 3, the
 * median): a call spoiled either way, the challenger's or the best's, is
 * left out. Sorts them. */
static int64_t seebatch_middle_mean(int64_t *values, uint32_t n)
{
    for (uint32_t at = 1; at < n; at++)
        for (uint32_t j = at; j > 0 && values[j - 1] > values[j]; j--) {
            int64_t swap = values[j];
            values[j] = values[j - 1];
            values[j - 1] = swap;
        }
    uint32_t first = (n + 1) / 4, last = n - (n + 1) / 4;
    int64_t sum = 0;
    for (uint32_t j = first; j < last; j++)
        sum += values[j];
    return last > first ? sum / (last - first) : 0;
}

/* A challenger on repeating work, over its last k calls (call i the last,
 * each in its place in the cycle) beside the best's same calls, RATIO_ONE
 * times: where it stands (the middle mean of its calls' ratios), its
 * cheapest call's ratio, and, where it served the same calls the cycle
 * before (before), where it heads: each call's ratio less PROJECTED_GAINS
 * times what it gained on its cycle before (the walk, learning the calls'
 * branches, gains less each pass). */
typedef struct standing {
    int64_t now, heading, lowest;
} standing;

static standing seebatch_standing(learner *l, uint32_t i, uint32_t k, uint32_t p, bool before)
{
    int64_t now[LONGEST_CYCLE], heading[LONGEST_CYCLE], lowest = INT64_MAX;
    k = k < LONGEST_CYCLE ? k : LONGEST_CYCLE;
    for (uint32_t m = 0; m < k; m++) {
        now[m] = seebatch_ratio(l, i, m, 0, p);
        int64_t gained = before ? seebatch_ratio(l, i, m, p, p) - now[m] : 0;
        heading[m] = now[m] - PROJECTED_GAINS * (gained > 0 ? gained : 0);
        lowest = now[m] < lowest ? now[m] : lowest;
    }
    standing where = {seebatch_middle_mean(now, k), seebatch_middle_mean(heading, k), lowest};
    return where;
}

/* Whether a challenger that has served k calls stands behind the best by
 * more than a margin that narrows as calls come: twice after one call, half
 * as much again after two, an eighth after eight (a call on its own may be
 * spoiled; more seldom all). */
static bool seebatch_trails(int64_t ratio, uint32_t k)
{
    return ratio * (int64_t)k > RATIO_ONE * (int64_t)(k + 1);
}

/* The walk's subset of each cycle, a run of `subset` calls a cycle: its
 * cost where it ends there (cut short), or going on. From its second run
 * on, at each run's end: it ends where even its projected gains leave it
 * behind; it goes on to whole cycles where it heads below the best (or at
 * SUBSET_RUNS, unless it heads behind); else it serves the subset again. A
 * few calls learned alone are learned better than whole cycles (fewer
 * branches to hold), so the subset only sorts out the hopeless, cheaply:
 * whole cycles judge the rest. */
static judgement seebatch_subset_judged(learner *l, uint32_t n, uint32_t i, uint32_t p,
                                        uint32_t subset, uint64_t bar)
{
    uint32_t runs = (n - 1) / subset + 1;
    if (n % subset || runs == 1)
        return going_on;
    standing where = seebatch_standing(l, i, subset, p, true);
    /* Its second run's gain is mostly its first run's cold start: where
     * the walk heads shows from its third run on. */
    bool promising = where.now <= RATIO_ONE || (runs >= 3 && where.heading <= RATIO_ONE);
    bool hopeless = runs >= 3 && seebatch_trails(where.heading, SUBSET_MARGIN * subset);
    if (hopeless || (runs >= SUBSET_RUNS && !promising))
        return seebatch_cut_short(seebatch_cost_beside(bar, (uint64_t)where.now, RATIO_ONE));
    if (promising) {
        STORE(l->trial_calls, 0);
        STORE(l->subset, 0);
    }
    return going_on;
}

/* A challenger on repeating work, each of its calls set beside the same
 * call in the best trial's last cycle, the same positions.
 * - A branch-free kernel learns nothing from the repetition: judged from
 *   its second call (its first brings its code and tables into the caches)
 *   to the end of its first cycle, and cut short, from its third, as soon
 *   as even its cheapest call trails the best (one call may be spoiled).
 * - The scalar walk learns the calls' branches cycle by cycle, slowly on
 *   some work (values: a fifth over its learned speed on its second pass):
 *   first a subset of each cycle (seebatch_subset_judged), then whole
 *   cycles, judged at each one's end and kept on while it heads below the
 *   best. It ends ahead of the best (its cost then is at most what it will
 *   be), or from its third whole cycle where even its projected gains
 *   leave it behind (cut short: still learning), or at MOST_CYCLES. Judged
 *   at whole cycles' ends only: a few calls of a cycle judged it on a
 *   loaded machine's noise, and left a walk that would have won (a fresh
 *   job on 1,000 positions cycled in one of ten, on a machine at load 5). */
static judgement seebatch_cycles_judged(learner *l, unsigned kernel, uint32_t n, uint32_t i,
                                        uint32_t p)
{
    unsigned best;
    uint64_t bar = seebatch_best_cost(l, &best);
    if (seebatch_choice_kernels[kernel]->branch_free) {
        /* Its calls after the first, to the end of its first cycle (one at
         * least). */
        uint32_t counted = n - SHORTEST_WARM_UP, last = p > 1 ? p - SHORTEST_WARM_UP : 1;
        if (!counted)
            return going_on;
        standing where = seebatch_standing(l, i, counted, p, false);
        uint32_t cost = seebatch_cost_beside(bar, (uint64_t)where.now, RATIO_ONE);
        if (counted >= last)
            return seebatch_ran_course(cost);
        return counted >= 2 && seebatch_trails(where.lowest, counted) ? seebatch_cut_short(cost)
                                                                      : going_on;
    }
    uint32_t subset = LOAD(l->subset);
    if (subset)
        return seebatch_subset_judged(l, n, i, p, subset, bar);
    uint32_t cycles = (n - 1) / p + 1;
    if (n % p)
        return going_on;
    /* Its gain over its first cycle is mostly its cold start (the calls
     * its subset did not serve): where it heads shows from its third. */
    standing where = seebatch_standing(l, i, p, p, cycles > 1);
    uint32_t cost = seebatch_cost_beside(bar, (uint64_t)where.now, RATIO_ONE);
    if (where.now <= RATIO_ONE || cycles >= MOST_CYCLES)
        return seebatch_ran_course(cost);
    bool hopeless = cycles > 2 && seebatch_trails(where.heading, 4 * LONGEST_CYCLE);
    return hopeless ? seebatch_cut_short(cost) : going_on;
}

/* A challenger on other work, its calls' first quarters each beside as
 * many of the best's moves (seebatch_pair_served): its cost, or going on.
 * Its first pair warms its code and tables and is not counted. Each pair
 * gives the ratio of the two parts, on neighbouring positions; the middle
 * half of the ratios judges it (a part a preemption spoiled, either's, is
 * left out). After two timed pairs at least it is cut short once even its
 * cheapest part trails the best's beside it (one spoiled part ends no
 * trial: it did, on a cold first pair or the first timed one); it ends
 * after TIMED_PAIRS, or, where the two stand within an eighth of each
 * other, after MOST_PAIRS (the nearer the two, the more pairs tell them
 * apart; a pair costs the job a quarter call at most, at their
 * difference). Its cost is the best's, as the look measured it, times
 * that ratio. */
static judgement seebatch_pairs_judged(learner *l, unsigned kernel, uint32_t n, uint32_t i)
{
    unsigned beside = LOAD(l->beside);
    uint64_t bar = LOAD(l->trial_cost[beside]);
    if (n <= SHORTEST_WARM_UP)
        return going_on;
    uint32_t pairs = n - SHORTEST_WARM_UP, counted = 0;
    int64_t ratios[MOST_PAIRS], lowest = INT64_MAX;
    for (uint32_t m = 0; m < pairs && m < MOST_PAIRS; m++) {
        uint32_t own_at = (i - 2 * m - 1) % RECENT_CALLS, theirs_at = (i - 2 * m) % RECENT_CALLS;
        if (LOAD(l->served[own_at]) != kernel || LOAD(l->served[theirs_at]) != beside)
            continue; /* threads' pairs out of order */
        uint64_t mine = LOAD(l->cost[own_at]), next = LOAD(l->cost[theirs_at]);
        uint64_t ratio = mine * RATIO_ONE / (next ? next : 1);
        ratio =
            ratio < (uint64_t)MOST_BEHIND * RATIO_ONE ? ratio : (uint64_t)MOST_BEHIND * RATIO_ONE;
        ratios[counted++] = (int64_t)ratio;
        lowest = (int64_t)ratio < lowest ? (int64_t)ratio : lowest;
    }
    if (!counted)
        return pairs >= MOST_PAIRS ? seebatch_cut_short(UINT32_MAX / 4) : going_on;
    bool behind = counted >= 2 && seebatch_trails(lowest, counted);
    int64_t middle = seebatch_middle_mean(ratios, counted);
    uint32_t cost = seebatch_cost_beside(bar, (uint64_t)middle, RATIO_ONE);
    if (behind)
        return seebatch_cut_short(cost);
    int64_t apart = middle > RATIO_ONE ? middle - RATIO_ONE : RATIO_ONE - middle;
    bool told = pairs >= MOST_PAIRS || (pairs >= TIMED_PAIRS && apart * CLOSE_PAIRS > RATIO_ONE);
    return told ? seebatch_ran_course(cost) : going_on;
}

/* The kept kernel, warm: its cost once the look knows the regime, or going
 * on. On other work, by the last KEPT_TIMED_CALLS of its OBSERVED_CALLS. On
 * repeating work a branch-free kernel is judged by one cycle as soon as it
 * shows; the scalar walk by its last whole cycle once it has learned the
 * calls (a cycle gaining under a LEARNED_GAIN-th on the one before), or
 * after MOST_CYCLES: judged by its first cycle, as a first guess serving
 * from a cold start, it cost three times its learned speed, and a
 * branch-free challenger beside it won (Zen 1, thresholds on 1,000
 * positions cycled: avx2 kept in 269 fresh jobs of 900, at 1.5 times the
 * walk's time). The calls are its to serve anyway. */
static judgement seebatch_kept_judged(learner *l, unsigned kernel, uint32_t n, uint32_t i,
                                      uint32_t p)
{
    if (!p)
        return n >= OBSERVED_CALLS
                   ? seebatch_ran_course(seebatch_typical_cost(l, i, KEPT_TIMED_CALLS, ANY_KERNEL))
                   : going_on;
    uint32_t last = seebatch_typical_cost(l, i, p, ANY_KERNEL);
    if (seebatch_choice_kernels[kernel]->branch_free)
        return seebatch_ran_course(last);
    uint32_t since = i - LOAD(l->cycle_found);
    if (since == 0 || since % p)
        return going_on;
    uint64_t before = seebatch_typical_cost(l, i - p, p, ANY_KERNEL);
    bool learned = (uint64_t)last * LEARNED_GAIN >= before * (LEARNED_GAIN - 1);
    return learned || since / p >= MOST_CYCLES ? seebatch_ran_course(last) : going_on;
}

/* A whole call of the look: the kept kernel's, observing, or a
 * challenger's on repeating work. */
static void seebatch_explored(learner *l, unsigned k, uint32_t cost, const see_batch *batch)
{
    unsigned trial = LOAD(l->trial);
    bool observing = trial == LOAD(l->kept);
    /* The best's call of a cycle beside the walk's subset: it keeps the
     * look's count of calls, so that each call keeps its place in the cycle. */
    bool beside_subset = LOAD(l->subset) && k != trial && k == LOAD(l->beside);
    if ((k != trial && !beside_subset) || (!observing && !LOAD(l->cycle)))
        return; /* the trial moved on while this call ran */
    uint32_t i = atomic_fetch_add_explicit(&l->look_calls, 1, memory_order_relaxed);
    if (beside_subset) {
        STORE(l->cost[i % RECENT_CALLS], cost);
        STORE(l->served[i % RECENT_CALLS], k);
        return;
    }
    uint32_t n = atomic_fetch_add_explicit(&l->trial_calls, 1, memory_order_relaxed) + 1;
    if (observing && !LOAD(l->cycle)) {
        uint32_t print = seebatch_call_print(batch);
        seebatch_look_for_cycle(l, i, print);
        STORE(l->print[i % RECENT_CALLS], print);
    }
    STORE(l->cost[i % RECENT_CALLS], cost);
    STORE(l->served[i % RECENT_CALLS], k);
    uint32_t p = LOAD(l->cycle);
    judgement judged = observing ? seebatch_kept_judged(l, trial, n, i, p)
                                 : seebatch_cycles_judged(l, trial, n, i, p);
    if (!judged.cost)
        return;
    unsigned best;
    /* The calls the next trials are set beside. */
    if (p && judged.cost < seebatch_best_cost(l, &best))
        for (uint32_t m = 0; m < p; m++)
            STORE(l->best_cycle[(i - m) % p], LOAD(l->cost[(i - m) % RECENT_CALLS]));
    seebatch_trial_end(l, trial, judged);
}

/* A challenger's pair on other work: its part and the best's. */
static void seebatch_pair_explored(learner *l, unsigned k, unsigned best, uint32_t own,
                                   uint32_t theirs)
{
    if (k != LOAD(l->trial) || best != LOAD(l->beside) || LOAD(l->cycle))
        return; /* the trial moved on while this call ran */
    uint32_t n = atomic_fetch_add_explicit(&l->trial_calls, 1, memory_order_relaxed) + 1;
    uint32_t i = atomic_fetch_add_explicit(&l->look_calls, 2, memory_order_relaxed) + 1;
    STORE(l->cost[(i - 1) % RECENT_CALLS], own);
    STORE(l->served[(i - 1) % RECENT_CALLS], k);
    STORE(l->cost[i % RECENT_CALLS], theirs);
    STORE(l->served[i % RECENT_CALLS], best);
    judgement judged = seebatch_pairs_judged(l, k, n, i);
    if (judged.cost)
        seebatch_trial_end(l, k, judged);
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
    bool fell = recent / 3 < kept_cost / 4;
    /* The walk kept on repeating work goes on learning it after its trial
     * (thresholds, 1,000 positions, Zen 3: kept at 0.96 of avx2's cost,
     * then 0.75, 0.70): its fall says nothing new of the others, and a look
     * then cost a fresh job one trial of each (seebatch_auto_starts). Its
     * cost so far becomes the one drifts are measured from. */
    if (fell && LOAD(l->repeats_every) && !seebatch_choice_kernels[k]->branch_free) {
        STORE(l->kept_cost, recent);
        fell = false;
    }
    bool drifted = recent / 4 > kept_cost / 3 || fell;
    uint32_t in = atomic_fetch_sub_explicit(&l->look_in, 1, memory_order_relaxed);
    if (!drifted && in > 1)
        return;
    uint32_t settled = SETTLED;
    if (!atomic_compare_exchange_strong(&l->phase, &settled, STARTING))
        return;
    seebatch_look_begin(l, k);
}

/* Kernel k served `moves` moves in `elapsed` ticks: counted for the
 * report, and their cost a move. */
static uint32_t seebatch_counted(learner *l, unsigned k, uint64_t elapsed, size_t moves)
{
    atomic_fetch_add_explicit(&l->calls[k], 1, memory_order_relaxed);
    return seebatch_as_cost(elapsed * COST_SCALE / (moves ? moves : 1));
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

/* A challenger on other work serves a quarter of the call (whole groups of
 * PART_MOVES) and the best so far as many moves beside it, each timed,
 * each right beside the other kernel's on the next positions: a pair
 * judged on the same stretch, which neighbouring calls are not (positions
 * come in runs of like cost). Which serves first alternates from pair to
 * pair, so that whatever the first part leaves the second (prefetched
 * boards, a warmer cache) favours neither. The best serves the rest,
 * untimed. A quarter, so that the trial costs the job a quarter of what
 * whole calls would. */
static void seebatch_pair_served(learner *l, unsigned k, const see_batch *batch, auto_serve *serve,
                                 void *context)
{
    unsigned best = LOAD(l->beside);
    size_t quarter = batch->count / 4 / PART_MOVES * PART_MOVES;
    bool own_first = LOAD(l->trial_calls) % 2 == 0;
    unsigned first = own_first ? k : best, second = own_first ? best : k;
    see_batch front = seebatch_part(batch, 0, quarter),
              back = seebatch_part(batch, quarter, quarter);
    see_batch rest = seebatch_part(batch, 2 * quarter, batch->count - 2 * quarter);
    uint64_t start = seebatch_learning_ticks();
    serve(seebatch_choice_kernels[first], &front, 0, context);
    uint64_t middle = seebatch_learning_ticks();
    serve(seebatch_choice_kernels[second], &back, quarter, context);
    uint64_t end = seebatch_learning_ticks();
    serve(seebatch_choice_kernels[best], &rest, 2 * quarter, context);
    uint32_t first_cost = seebatch_counted(l, first, middle - start, quarter);
    uint32_t second_cost = seebatch_counted(l, second, end - middle, quarter);
    uint32_t own_cost = own_first ? first_cost : second_cost;
    uint32_t their_cost = own_first ? second_cost : first_cost;
    if (atomic_load_explicit(&l->phase, memory_order_acquire) == EXPLORING)
        seebatch_pair_explored(l, k, best, own_cost, their_cost);
}

void seebatch_learning_serve(unsigned shape, uint64_t plan, const see_batch *batch,
                             auto_serve *serve, void *context)
{
    learner *l = &seebatch_learners[shape];
    serving how = seebatch_serving(l, shape, plan);
    const see_backend *kernel = seebatch_choice_kernels[how.kernel];
    if (how.in_parts) {
        seebatch_pair_served(l, how.kernel, batch, serve, context);
        return;
    }
    if (!how.timed) {
        serve(kernel, batch, 0, context);
        return;
    }
    uint64_t start = seebatch_learning_ticks();
    serve(kernel, batch, 0, context);
    uint32_t cost =
        seebatch_counted(l, how.kernel, seebatch_learning_ticks() - start, batch->count);
    if (LOAD(seebatch_rotating))
        return;
    uint32_t phase = atomic_load_explicit(&l->phase, memory_order_acquire);
    if (phase == EXPLORING)
        seebatch_explored(l, how.kernel, cost, batch);
    else if (phase == SETTLED)
        seebatch_settled(l, how.kernel, cost);
}

void seebatch_learning_restart(void)
{
    for (unsigned shape = 0; shape < CALL_SHAPES; shape++)
        atomic_store_explicit(&seebatch_learners[shape].phase, UNSTARTED, memory_order_release);
}

void seebatch_learning_clock(learning_clock *clock) { atomic_store(&seebatch_test_clock, clock); }

void seebatch_learning_rotate(bool rotate)
{
    atomic_store(&seebatch_rotating, rotate);
    /* Rotating counted calls in the trial counter: learn afresh after it. */
    if (!rotate)
        seebatch_learning_restart();
}

/* Nanoseconds a tick, from the clock's rise since learning started (a
 * test's clock counts nanoseconds). */
static double seebatch_ns_per_tick(void)
{
    if (LOAD(seebatch_test_clock))
        return 1.0;
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

uint32_t seebatch_learning_cycle(unsigned shape)
{
    learner *l = &seebatch_learners[shape];
    return LOAD(l->phase) == UNSTARTED ? 0 : LOAD(l->repeats_every);
}

void seebatch_learning_report(unsigned shape, unsigned k, seebatch_auto_backend *backend)
{
    learner *l = &seebatch_learners[shape];
    uint32_t phase = LOAD(l->phase);
    backend->calls = phase == UNSTARTED ? 0 : LOAD(l->calls[k]);
    backend->ns_per_capture = backend->trailed = 0;
    uint32_t judged = phase == UNSTARTED ? 0 : LOAD(l->judged_cost[k]);
    uint32_t behind = phase == UNSTARTED ? 0 : LOAD(l->dropped_behind[k]);
    bool kept = phase == SETTLED && k == LOAD(l->kept) && LOAD(l->recent_cost);
    uint32_t cost = 0;
    if (kept) { /* settled: the running mean of its timed calls */
        backend->judged = SEEBATCH_AUTO_KEPT;
        cost = LOAD(l->recent_cost);
    } else if (judged && behind) {
        backend->judged = SEEBATCH_AUTO_DROPPED;
        backend->trailed = (double)behind / RATIO_ONE;
    } else if (judged) {
        backend->judged = SEEBATCH_AUTO_JUDGED;
        cost = judged;
    } else {
        backend->judged = backend->calls ? SEEBATCH_AUTO_ON_TRIAL : SEEBATCH_AUTO_NOT_TRIED;
    }
    backend->ns_per_capture = (double)cost / COST_SCALE * seebatch_ns_per_tick();
}
