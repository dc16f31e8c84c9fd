/*
 * A learner's decisions (learner.h), from the costs it is handed.
 *
 * A learner explores, then settles. Exploring, it first watches the kept
 * kernel serve the look's first OBSERVED_CALLS calls (they would be its
 * anyway) while each call's print is compared with the calls before it:
 * that finds the workload's regime.
 * - Repeating work (the same calls every p calls, p up to LONGEST_CYCLE):
 *   the branch predictor learns it, the scalar walk's branches most (its
 *   first pass costs three to six times its learned speed: Zen 3, 1,000
 *   positions, values 2.7, 1.08, 0.90, 0.85 of avx2's on its first four
 *   passes), the lane kernels' too (their loops' exits and paths: avx2's
 *   first pass over 1,000 positions cycled cost 1.4-2.4 times its third on
 *   Zen 3, bench/auto_passes.cpp).
 * - Otherwise (a stream, or cycles too long for the predictor): positions
 *   come in runs of like cost (a game's, a file's), a call costing a tenth
 *   more or less than one a few calls away, as much as two kernels differ.
 *
 * Where the CPU's measured row decides (decided, from the plan: a row of
 * measured_cpus.c), there is no trial: the row's first guess serves work of
 * no short cycle, and on repeating work the row's kernel for it, the walk
 * where the row says the walk wins there (Zen 1, 3 and 4): it serves whole
 * cycles from the look's end, kept once a cycle of it costs less than the
 * first guess's first cycle, left only where it cannot get there
 * (seebatch_cycles_judged: its guard, never a trial of the others).
 *
 * Elsewhere (a CPU no row covers) the first guess is the widest kernel the
 * CPU runs, and every other kernel gets a trial of consecutive calls,
 * bounded three ways, so that auto never costs more than the widest kernel
 * plus its trials' bill:
 * - a fair bar: the kept kernel is judged once it has learned the work (on
 *   repeating work, a cycle gaining under a LEARNED_GAIN-th on the one
 *   before: judged by its first pass, the first guess stood 1.2-1.5 times
 *   over its learned cost, and on Zen 5 (issue 82) the walk, 1.06-1.23
 *   times avx512's learned cost, stood ahead of that and was kept in 80-99
 *   of 100 jobs of 1,000 positions cycled);
 * - a margin: a challenger is kept only where it costs under the kept
 *   kernel's by more than a KEEP_MARGIN-th (a near tie is no reason to
 *   leave the widest);
 * - a bill ("A trial's cost", below): a trial is cut short once the
 *   learner's losing trials have cost more than TRIAL_ALLOWANCE moves and
 *   a TRIAL_SHARE-th of the moves served.
 * A trial on repeating work sets each call of the challenger beside the
 * same call in the best trial's last cycle, the same positions, the middle
 * half of the ratios counted (a call a preemption spoiled, either
 * kernel's, is left out): a branch-free kernel's from its second call to
 * its cycle's end; the walk first on a subset of each cycle (a quarter,
 * three calls at least), left where even twice its last gain leaves it
 * behind, then whole cycles where it heads ahead (seebatch_cycles_judged).
 * A trial on other work serves a quarter of each call by the challenger
 * and as many moves beside it by the best, which first alternating, each
 * part judged beside the other (seebatch_pairs_judged).
 *
 * A trial's cost. What the losing trials cost beyond the best beside them
 * is billed as it is served, in moves at the best's cost: a call that cost
 * r times the best's same call (or part) bills its moves times r - 1. A
 * trial is cut short as soon as the bill passes TRIAL_ALLOWANCE moves
 * (four calls of 256) plus a TRIAL_SHARE-th of the moves served, so that
 * it passes that by one call's bill at most (a part billed at most
 * BILLED_MOST times the best's): on a job of 10^5 captures (391 calls of
 * 256 moves) 2.6% of the job and one call, on longer jobs less, towards
 * 1.6%. The walk's trial on repeating work starts only where the bill can
 * pay its first run at WALK_COLD times the best's cost (a subset of the
 * cycle, three calls at least: in a fresh job, not before some 10^5 moves
 * are served; it waits for a later look). A trial cut short measured a
 * cold start, no speed: the report says how far it trailed
 * (seebatch_learner_report).
 *
 * Settled, one call in LEARNER_SETTLED_TIME_EVERY of each thread's is
 * timed, into a running mean of the kept kernel's cost. It explores again
 * when that mean drifts by a third from the cost it was kept at (the regime
 * changed), or after look_every timed calls, a period that doubles each
 * time a look keeps the same kernel (up to LAST_LOOK) and starts again from
 * FIRST_LOOK when it changes.
 */
#include "learner.h"

#include <stdatomic.h>

#include "implementations.h"
#include "plan.h"

enum {
    LONGEST_CYCLE = LEARNER_LONGEST_CYCLE,
    RECENT_CALLS = LEARNER_RECENT_CALLS,
    /* A cycle shows as a call like the one p calls before, twice in a row. */
    OBSERVED_CALLS = LONGEST_CYCLE + 2,
    /* The walk's trial on repeating work: its whole cycles at most, and how
     * many times its last gain it is taken to gain still (measured, the
     * walk's gain shrinks to a third to a half on each pass: at most twice
     * its last gain). */
    MOST_CYCLES = 8,
    PROJECTED_GAINS = 2,
    /* The kept kernel on repeating work has learned it once a cycle of its
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
    KEPT_TIMED_CALLS = 16, /* of its OBSERVED_CALLS */
    /* Timed settled calls between looks: 32 is 512 calls of a thread. */
    FIRST_LOOK = 32,
    LAST_LOOK = 4096,
    /* A challenger is kept where it costs under the kept kernel's by more
     * than a KEEP_MARGIN-th. */
    KEEP_MARGIN = 32,
    /* The trials' bill: TRIAL_ALLOWANCE moves, and a TRIAL_SHARE-th of the
     * moves served. A part billed at most BILLED_MOST times the best's: a
     * call a preemption stalled for seconds bills as one eight times dearer
     * (one spoiled part ends no trial; the judging leaves it out). */
    TRIAL_ALLOWANCE = 1024,
    TRIAL_SHARE = 64,
    BILLED_MOST = 8,
    /* The walk's first pass over repeating work, taken as this many times
     * the best's cost when its trial is priced (it costs three to six times
     * its learned speed, near the best's where it can win). */
    WALK_COLD = 4
};

_Static_assert(SHORTEST_WARM_UP + MOST_PAIRS == STREAM_TRIAL_MOST_CALLS, "learner.h's bound");

enum {
    UNSTARTED = LEARNER_UNSTARTED,
    STARTING = LEARNER_STARTING,
    EXPLORING = LEARNER_EXPLORING,
    SETTLED = LEARNER_SETTLED,
    ROTATING = LEARNER_ROTATING
};

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

#define LOAD(x) atomic_load_explicit(&(x), memory_order_relaxed)
#define STORE(x, v) atomic_store_explicit(&(x), (v), memory_order_relaxed)
#define ADD(x, v) atomic_fetch_add_explicit(&(x), (v), memory_order_relaxed)

/* The walk: the one kernel that is not branch-free. */
static bool seebatch_is_walk(unsigned k) { return !seebatch_choice_kernels[k]->branch_free; }

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

static void seebatch_trial_begin(learner *l, unsigned k)
{
    unsigned best = k;
    seebatch_best_cost(l, &best);
    uint32_t p = LOAD(l->cycle);
    bool walk = k != LOAD(l->kept) && seebatch_is_walk(k);
    STORE(l->trial_calls, 0);
    /* A quarter of the cycle, three calls at least (one spoiled call among
     * them is left out); none where that is the whole cycle, or where the
     * row decides: there the walk must learn every call of the cycle to
     * win, and a subset only put that off while the first guess served
     * the rest at its cold cost. */
    uint32_t subset = (p + SUBSET_OF_CYCLE - 1) / SUBSET_OF_CYCLE;
    subset = subset > SUBSET_LEAST ? subset : SUBSET_LEAST;
    STORE(l->subset, walk && subset < p && !LOAD(l->decided) ? subset : 0);
    STORE(l->trial_start, LOAD(l->look_calls));
    STORE(l->beside, best);
    STORE(l->trial, k);
}

/* A new look, its first trial `first`'s (the kept kernel, observing). */
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
    unsigned first = seebatch_plan_kernel(plan, shape);
    STORE(l->runnable, seebatch_plan_runnable(plan));
    STORE(l->decided, seebatch_plan_row_decides(plan));
    STORE(l->first_guess, first);
    STORE(l->cycle_kernel, seebatch_plan_cycle_kernel(plan, shape));
    STORE(l->kept, first);
    STORE(l->kept_cost, 0);
    STORE(l->look_every, FIRST_LOOK);
    STORE(l->repeats_every, 0);
    STORE(l->served_moves, 0);
    STORE(l->spent, 0);
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

learner_serving seebatch_learner_serving(learner *l, unsigned shape, uint64_t plan)
{
    uint32_t phase = atomic_load_explicit(&l->phase, memory_order_acquire);
    if (__builtin_expect(phase == SETTLED, 1))
        return (learner_serving){LOAD(l->kept), false, true, false};
    if (phase == UNSTARTED) {
        seebatch_learner_start(l, shape, plan);
        phase = atomic_load_explicit(&l->phase, memory_order_acquire);
    }
    if (phase == ROTATING) {
        /* Timed, for the test to see each kernel served. */
        unsigned turn = ADD(l->trial_calls, 1) % CHOICE_KERNELS;
        return (learner_serving){seebatch_next_runnable(seebatch_plan_runnable(plan), turn), true,
                                 false, false};
    }
    if (phase != EXPLORING) /* another thread is starting a look */
        return (learner_serving){LOAD(l->kept), false, false, false};
    unsigned trial = LOAD(l->trial);
    uint32_t p = LOAD(l->cycle), subset = LOAD(l->subset);
    /* The walk's subset of a cycle: the best serves the rest. */
    if (subset && (LOAD(l->look_calls) - LOAD(l->trial_start)) % p >= subset)
        return (learner_serving){LOAD(l->beside), true, false, false};
    return (learner_serving){trial, true, false, trial != LOAD(l->kept) && !p};
}

bool seebatch_learner_wants_print(learner *l)
{
    return LOAD(l->phase) == EXPLORING && LOAD(l->trial) == LOAD(l->kept) && !LOAD(l->cycle);
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

/* The kernel the look keeps, and its cost. Where the row decides, on work
 * of no short cycle the row's first guess (its cost unknown when another
 * kernel observed: 0, the first settled timed call gives it); on repeating
 * work the cheaper of the row's kernel for it and the one observed.
 * Elsewhere the cheapest, but a challenger only where it costs under the
 * kept kernel's by more than a KEEP_MARGIN-th. */
static unsigned seebatch_look_choice(learner *l, uint32_t *cost)
{
    unsigned kept = LOAD(l->kept), best = kept;
    *cost = seebatch_best_cost(l, &best);
    if (LOAD(l->decided)) {
        unsigned first = LOAD(l->first_guess);
        if (!LOAD(l->cycle) && best != first) {
            *cost = LOAD(l->trial_cost[first]);
            best = first;
        }
        return best;
    }
    uint64_t own = LOAD(l->trial_cost[kept]);
    if (best != kept && own && (uint64_t)*cost * KEEP_MARGIN > own * (KEEP_MARGIN - 1)) {
        *cost = (uint32_t)own;
        best = kept;
    }
    return best;
}

/* The look is over: keep its choice, and look again later the later the
 * more often the same one is kept. */
static void seebatch_look_end(learner *l)
{
    uint32_t cost;
    unsigned best = seebatch_look_choice(l, &cost);
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

static bool seebatch_billed_over(learner *l, size_t moves, int64_t ratio);

/* Whether the bill can pay kernel k's trial now: the walk's on repeating
 * work, its first run of the cycle at WALK_COLD times the best's cost (a
 * trial cut short on its first call bought nothing); any other, always
 * (its first part or call shows where it stands). */
static bool seebatch_affordable(learner *l, unsigned k)
{
    uint32_t p = LOAD(l->cycle);
    if (!p || !seebatch_is_walk(k))
        return true;
    uint32_t run = (p + SUBSET_OF_CYCLE - 1) / SUBSET_OF_CYCLE;
    run = run > SUBSET_LEAST ? run : SUBSET_LEAST;
    size_t moves = (size_t)(run < p ? run : p) * LOAD(l->call_moves);
    return !seebatch_billed_over(l, moves, WALK_COLD * RATIO_ONE);
}

/* The next trial of the look, where one is due: where the row decides, the
 * row's kernel for repeating work once the work repeats (the guard's
 * trial), none on other work; elsewhere each runnable kernel not yet
 * tried, the narrowest first, but one the bill cannot pay yet
 * (seebatch_affordable), left for a later look. */
static bool seebatch_next_trial(learner *l, unsigned *next)
{
    uint32_t tried = LOAD(l->tried);
    if (LOAD(l->decided)) {
        unsigned kernel = LOAD(l->cycle_kernel);
        if (!LOAD(l->cycle) || tried >> kernel & 1u)
            return false;
        *next = kernel;
        return true;
    }
    for (uint32_t left = LOAD(l->runnable) & ~tried; left; left &= left - 1) {
        unsigned k = (unsigned)__builtin_ctz(left);
        if (seebatch_affordable(l, k)) {
            *next = k;
            return true;
        }
    }
    return false;
}

/* Kernel k's trial is over, so judged: the next trial, or the end of the
 * look. */
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
    unsigned next;
    if (!seebatch_next_trial(l, &next)) {
        seebatch_look_end(l);
        return;
    }
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

/* own over theirs, RATIO_ONE times, at most MOST_BEHIND times: a cost
 * worked out from it (a cost's range times it) never wraps, and a call
 * stalled for seconds stands far behind, never ahead. */
static int64_t seebatch_over(uint64_t own, uint64_t theirs)
{
    uint64_t ratio = own * RATIO_ONE / (theirs ? theirs : 1);
    return (int64_t)(ratio < (uint64_t)MOST_BEHIND * RATIO_ONE ? ratio
                                                               : (uint64_t)MOST_BEHIND * RATIO_ONE);
}

/* A call's cost over the best's same call of the cycle, RATIO_ONE times:
 * call i - m of the look (its cycle before: back = p) beside the best
 * trial's call at the same place in the cycle. */
static int64_t seebatch_ratio(learner *l, uint32_t i, uint32_t m, uint32_t back, uint32_t p)
{
    return seebatch_over(LOAD(l->cost[(i - m - back) % RECENT_CALLS]),
                         LOAD(l->best_cycle[(i - m) % p]));
}

/* The trials' bill: a losing part of `moves` moves, `ratio` times the
 * best's beside it (RATIO_ONE times), bills its excess, at most
 * BILLED_MOST times; what trials may cost: TRIAL_ALLOWANCE moves and a
 * TRIAL_SHARE-th of those served. Where the row decides there is no trial
 * to bill. */
static uint64_t seebatch_bill_of(size_t moves, int64_t ratio)
{
    ratio = ratio < BILLED_MOST * RATIO_ONE ? ratio : BILLED_MOST * RATIO_ONE;
    return ratio > RATIO_ONE ? (uint64_t)moves * (uint64_t)(ratio - RATIO_ONE) : 0;
}

/* Whether the bill with this part's on it would pass what trials may
 * cost; seebatch_billed puts it on. */
static bool seebatch_billed_over(learner *l, size_t moves, int64_t ratio)
{
    uint64_t may = TRIAL_ALLOWANCE + LOAD(l->served_moves) / TRIAL_SHARE;
    return LOAD(l->spent) + seebatch_bill_of(moves, ratio) > may * RATIO_ONE;
}

static bool seebatch_billed(learner *l, size_t moves, int64_t ratio)
{
    if (LOAD(l->decided))
        return false;
    bool over = seebatch_billed_over(l, moves, ratio);
    STORE(l->spent, LOAD(l->spent) + seebatch_bill_of(moves, ratio));
    return over;
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
 * - A branch-free kernel: judged from its second call (its first brings
 *   its code and tables into the caches) to the end of its first cycle,
 *   and cut short, from its third, as soon as even its cheapest call
 *   trails the best (one call may be spoiled).
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
    if (!seebatch_is_walk(kernel)) {
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
 * many of the best's moves (seebatch_learner_pair): its cost, or going on.
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
        int64_t ratio = seebatch_over(LOAD(l->cost[own_at]), LOAD(l->cost[theirs_at]));
        ratios[counted++] = ratio;
        lowest = ratio < lowest ? ratio : lowest;
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

/* The kept kernel, observing: its cost once the look knows the regime, or
 * going on. On other work, by the last KEPT_TIMED_CALLS of its
 * OBSERVED_CALLS. On repeating work, where the row decides, by the cycle
 * that showed the work repeats (the bar of the walk's guard, no more); else
 * by its last whole cycle once it has learned the calls (a cycle gaining
 * under a LEARNED_GAIN-th on the one before), or after MOST_CYCLES: judged
 * by its first pass, a kernel stood over its learned cost (the walk three
 * times, and a branch-free challenger beside it won: Zen 1, thresholds on
 * 1,000 positions cycled, avx2 kept in 269 fresh jobs of 900 at 1.5 times
 * the walk's time; avx512 1.2-1.5 times on Zen 5, and the walk beside it
 * won, issue 82). The calls are its to serve anyway. */
static judgement seebatch_kept_judged(learner *l, uint32_t n, uint32_t i, uint32_t p)
{
    if (!p)
        return n >= OBSERVED_CALLS
                   ? seebatch_ran_course(seebatch_typical_cost(l, i, KEPT_TIMED_CALLS, ANY_KERNEL))
                   : going_on;
    uint32_t last = seebatch_typical_cost(l, i, p, ANY_KERNEL);
    if (LOAD(l->decided))
        return seebatch_ran_course(last);
    uint32_t since = i - LOAD(l->cycle_found);
    if (since == 0 || since % p)
        return going_on;
    uint64_t before = seebatch_typical_cost(l, i - p, p, ANY_KERNEL);
    bool learned = (uint64_t)last * LEARNED_GAIN >= before * (LEARNED_GAIN - 1);
    return learned || since / p >= MOST_CYCLES ? seebatch_ran_course(last) : going_on;
}

/* The call at look's place i (its cost kept already) of a challenger on
 * repeating work, judged, and billed beside the best's same call. */
static judgement seebatch_challenger_judged(learner *l, unsigned trial, size_t moves, uint32_t n,
                                            uint32_t i)
{
    uint32_t p = LOAD(l->cycle);
    judgement judged = seebatch_cycles_judged(l, trial, n, i, p);
    int64_t ratio = seebatch_ratio(l, i, 0, 0, p);
    if (seebatch_billed(l, moves, ratio) && !judged.cost) {
        unsigned best;
        uint64_t bar = seebatch_best_cost(l, &best);
        judged = seebatch_cut_short(seebatch_cost_beside(bar, (uint64_t)ratio, RATIO_ONE));
    }
    return judged;
}

/* Keeps call i's cost, kernel and (observing) print. */
static void seebatch_keep_call(learner *l, uint32_t i, unsigned k, uint32_t cost, uint32_t print)
{
    if (print) {
        seebatch_look_for_cycle(l, i, print);
        STORE(l->print[i % RECENT_CALLS], print);
    }
    STORE(l->cost[i % RECENT_CALLS], cost);
    STORE(l->served[i % RECENT_CALLS], k);
}

void seebatch_learner_timed(learner *l, unsigned k, uint32_t cost, size_t moves, uint32_t print)
{
    ADD(l->calls[k], 1);
    if (atomic_load_explicit(&l->phase, memory_order_acquire) != EXPLORING)
        return;
    unsigned trial = LOAD(l->trial);
    bool observing = trial == LOAD(l->kept);
    /* The best's call of a cycle beside the walk's subset: it keeps the
     * look's count of calls, so that each call keeps its place in the cycle. */
    bool beside_subset = LOAD(l->subset) && k != trial && k == LOAD(l->beside);
    if ((k != trial && !beside_subset) || (!observing && !LOAD(l->cycle)))
        return; /* the trial moved on while this call ran */
    ADD(l->served_moves, moves);
    STORE(l->call_moves, (uint32_t)moves);
    uint32_t i = ADD(l->look_calls, 1);
    bool printed = observing && !beside_subset && !LOAD(l->cycle);
    seebatch_keep_call(l, i, k, cost, printed ? (print ? print : 1) : 0);
    if (beside_subset)
        return;
    uint32_t n = ADD(l->trial_calls, 1) + 1;
    uint32_t p = LOAD(l->cycle);
    judgement judged = observing ? seebatch_kept_judged(l, n, i, p)
                                 : seebatch_challenger_judged(l, trial, moves, n, i);
    if (!judged.cost)
        return;
    unsigned best;
    /* The calls the next trials are set beside. */
    if (p && judged.cost < seebatch_best_cost(l, &best))
        for (uint32_t m = 0; m < p; m++)
            STORE(l->best_cycle[(i - m) % p], LOAD(l->cost[(i - m) % RECENT_CALLS]));
    seebatch_trial_end(l, trial, judged);
}

learner_pair seebatch_learner_pair(learner *l, unsigned k, size_t count)
{
    size_t quarter = count / 4 / LEARNER_PART_MOVES * LEARNER_PART_MOVES;
    return (learner_pair){k, LOAD(l->beside), LOAD(l->trial_calls) % 2 == 0, quarter, count};
}

void seebatch_learner_pair_timed(learner *l, const learner_pair *pair, uint32_t own,
                                 uint32_t theirs)
{
    unsigned k = pair->challenger, best = pair->best;
    ADD(l->calls[k], 1);
    ADD(l->calls[best], 1);
    if (atomic_load_explicit(&l->phase, memory_order_acquire) != EXPLORING || k != LOAD(l->trial) ||
        best != LOAD(l->beside) || LOAD(l->cycle))
        return; /* the trial moved on while this call ran */
    ADD(l->served_moves, pair->count);
    uint32_t n = ADD(l->trial_calls, 1) + 1;
    uint32_t i = ADD(l->look_calls, 2) + 1;
    seebatch_keep_call(l, i - 1, k, own, 0);
    seebatch_keep_call(l, i, best, theirs, 0);
    judgement judged = seebatch_pairs_judged(l, k, n, i);
    int64_t ratio = seebatch_over(own, theirs);
    if (seebatch_billed(l, pair->part, ratio) && !judged.cost)
        judged = seebatch_cut_short(
            seebatch_cost_beside(LOAD(l->trial_cost[best]), (uint64_t)ratio, RATIO_ONE));
    if (judged.cost)
        seebatch_trial_end(l, k, judged);
}

void seebatch_learner_settled(learner *l, unsigned k, uint32_t cost, size_t moves)
{
    ADD(l->calls[k], 1);
    ADD(l->served_moves, (uint64_t)moves * LEARNER_SETTLED_TIME_EVERY);
    uint32_t kept_cost = LOAD(l->kept_cost);
    if (k != LOAD(l->kept) || atomic_load_explicit(&l->phase, memory_order_acquire) != SETTLED)
        return;
    if (kept_cost == 0) { /* a kernel kept unjudged: its first timed call */
        STORE(l->kept_cost, cost);
        STORE(l->recent_cost, cost);
        return;
    }
    /* A spoiled call moves the mean up by a quarter at most; two in a row,
     * or a real change, move it by a third. */
    if (cost > 2 * kept_cost)
        cost = 2 * kept_cost;
    uint32_t recent = LOAD(l->recent_cost);
    recent = recent - recent / 4 + cost / 4;
    STORE(l->recent_cost, recent);
    bool fell = recent / 3 < kept_cost / 4;
    /* A kernel kept on repeating work goes on learning it after its trial
     * (the walk: thresholds, 1,000 positions, Zen 3: kept at 0.96 of avx2's
     * cost, then 0.75, 0.70; the lanes less): its fall says nothing new of
     * the others, and a look then cost a fresh job one trial of each
     * (seebatch_auto_starts). Its cost so far becomes the one drifts are
     * measured from. */
    if (fell && LOAD(l->repeats_every)) {
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

void seebatch_learner_restart(learner *l)
{
    atomic_store_explicit(&l->phase, UNSTARTED, memory_order_release);
}

void seebatch_learner_rotate(learner *l, bool rotate)
{
    /* Rotating counts calls in the trial counter, and each kernel's calls
     * for the report: learn afresh after it. */
    STORE(l->trial_calls, 0);
    for (unsigned k = 0; k < CHOICE_KERNELS; k++) {
        STORE(l->calls[k], 0);
        STORE(l->judged_cost[k], 0);
        STORE(l->dropped_behind[k], 0);
    }
    atomic_store_explicit(&l->phase, rotate ? ROTATING : UNSTARTED, memory_order_release);
}

bool seebatch_learner_kept(learner *l, unsigned *kernel)
{
    uint32_t phase = LOAD(l->phase);
    if (phase == UNSTARTED || phase == ROTATING)
        return false;
    *kernel = LOAD(l->kept);
    return true;
}

uint32_t seebatch_learner_cycle(learner *l)
{
    uint32_t phase = LOAD(l->phase);
    return phase == UNSTARTED || phase == ROTATING ? 0 : LOAD(l->repeats_every);
}

void seebatch_learner_report(learner *l, unsigned k, double ns_per_tick,
                             seebatch_auto_backend *backend)
{
    uint32_t phase = LOAD(l->phase);
    bool started = phase != UNSTARTED;
    backend->calls = started ? LOAD(l->calls[k]) : 0;
    backend->ns_per_capture = backend->trailed = 0;
    uint32_t judged = started ? LOAD(l->judged_cost[k]) : 0;
    uint32_t behind = started ? LOAD(l->dropped_behind[k]) : 0;
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
    backend->ns_per_capture = (double)cost / LEARNER_COST_SCALE * ns_per_tick;
}

learner_bill seebatch_learner_bill(learner *l)
{
    return (learner_bill){LOAD(l->served_moves), (double)LOAD(l->spent) / RATIO_ONE};
}
