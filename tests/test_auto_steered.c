/*
 * Auto's learner (lib/auto/learner.h) steered by the costs a test gives its
 * kernels. The learner is the test's own, driven as the library drives its
 * learners (tests/support/learner_driver.h): each part served takes a time
 * a move that depends on the kernel it is handed and on the step of the
 * test, so the test sets which kernel is cheapest, and by how much, whatever
 * the machine's load, and drives the learner down its rare paths
 * (learner.c says why each exists). On a CPU no measured row covers (the
 * plan's row does not decide):
 *
 *   - on calls that never repeat, a challenger that trails ends after its
 *     second timed pair (a part spoiled once ends none: its cheapest part
 *     must trail), one stalled for 2^32 ticks and more too (its cost held
 *     at the learner's most, never wrapped to a small one); one that leads
 *     serves all its pairs and is kept; one ahead by less than a 32nd is
 *     not;
 *   - on repeating work the look finds the cycle; the kept kernel is judged
 *     once it has learned the cycle, its first pass left out (a first
 *     guess 1.4 times dearer on its first pass keeps a walk 1.1 times its
 *     learned cost out: issue 82); a branch-free challenger is judged
 *     within its first cycle; the scalar walk first serves a subset of each
 *     cycle, left on its third run where it heads behind, then whole cycles
 *     where it heads ahead, kept once ahead (after four passes when it
 *     learns slowly, as on values), left where it stops gaining behind,
 *     kept though a preemption spoiled one of its calls; a walk cold for
 *     long is cut short by the trials' bill, which stays within its bound;
 *   - settled, a kept kernel whose cost rises or falls by far looks again at
 *     once, and changes kernel where another is now cheaper; the next look
 *     then comes after FIRST_LOOK timed calls, and the one after twice as
 *     late when it keeps the same kernel;
 *   - calls on one board (no board_of_move) are told apart by their moves,
 *     calls on the same moves by their first board (the library's print);
 *   - rotating, only the kernels of the plan serve.
 * Where the CPU's row decides: no challenger serves on calls that never
 * repeat, nor on repeating work where the row keeps the first guess there;
 * where it names the walk for repeating work, the walk serves whole cycles
 * from the call that showed the work repeats, and is kept once ahead.
 *
 * Where this machine runs fewer than two kernels, the learner has nothing
 * to choose: exit 77.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "auto/dispatch.h"
#include "check.h"
#include "learner_driver.h"

/* learner.c's constants, which the outcomes below count in. */
enum {
    OBSERVED_CALLS = 18, /* the kept kernel's calls on a stream, opening a look */
    TIMED_PAIRS = 8,     /* a challenger's pairs on a stream, after the first */
    MOST_PAIRS = 15,     /* where the two stand within an eighth of each other */
    MOST_CYCLES = 8,
    SETTLED_TIME_EVERY = 16,
    FIRST_LOOK = 32, /* timed settled calls before a look, after a change of kernel */
    TRIAL_ALLOWANCE = 1024,
    TRIAL_SHARE = 64
};

enum {
    CALL_MOVES = 64, /* LEARN_FROM_MOVES: a pair's parts are 16 moves */
    LONG_CALL = 65536,
    CYCLE = 4,   /* calls of the repeating work */
    BOARDS = 64, /* more than the look's memory of calls */
    MOVES = 1024 + LONG_CALL
};

/* A kernel's cost a move, in the test clock's ticks: a part of 16 moves
 * takes 16,000. */
#define FAST 1000.0

/* The calls served: new every time (stream), the same CYCLE calls over and
 * over, or the same moves on boards that change (first_board_streams); of
 * CALL_MOVES moves or LONG_CALL. */
typedef struct workload {
    bool repeating;
    bool one_board; /* board_of_move NULL */
    bool first_board_streams;
    bool long_calls; /* on one board */
} workload;

typedef struct steering steering;
typedef double kernel_cost(const steering *s, unsigned k);

struct steering {
    learner_driver driver;
    unsigned shape;
    uint64_t plan;
    workload work;
    double ns[CHOICE_KERNELS]; /* each kernel's cost a move, this step */
    kernel_cost *cost;         /* NULL: ns[k] */
    unsigned long calls;       /* served this attempt */
    unsigned long parts[CHOICE_KERNELS];
    const see_batch *call;            /* the one being served */
    size_t part_first;                /* the move the part being served starts at */
    unsigned long walk_served[CYCLE]; /* the walk's parts by place in the cycle */
    unsigned long place_served[CHOICE_KERNELS][CYCLE]; /* every kernel's */
    char failure[256];                                 /* the first outcome missed */
    /* stall_ticks, not 0: the part `stalled` serves after stalled_after
     * others takes that many ticks, not its cost. */
    uint64_t stall_ticks;
    unsigned stalled;
    unsigned long stalled_after;
};

static seebatch_board boards[BOARDS];
static uint32_t first_boards[BOARDS + CALL_MOVES]; /* 0, 1, .., BOARDS - 1, then 0 */
static uint32_t on_board_zero[CALL_MOVES];
static seebatch_move moves[MOVES];

static void make_positions(void)
{
    for (unsigned b = 0; b < BOARDS; b++)
        boards[b].colors[0] = (uint64_t)b << 8 | 0xFF; /* prints differ by board */
    for (unsigned i = 0; i < BOARDS; i++)
        first_boards[i] = i;
    for (unsigned i = 0; i < MOVES; i++)
        moves[i] = (seebatch_move)(i * 97 + 1);
}

static see_batch call_of(const workload *work, unsigned long c)
{
    size_t first =
        work->repeating || work->first_board_streams ? c % CYCLE : c % (MOVES - LONG_CALL);
    const uint32_t *board_of_move = work->one_board || work->long_calls ? NULL
                                    : work->first_board_streams         ? &first_boards[c % BOARDS]
                                                                        : on_board_zero;
    return (see_batch){.boards = boards,
                       .board_of_move = board_of_move,
                       .moves = &moves[first],
                       .count = work->long_calls ? LONG_CALL : CALL_MOVES};
}

static void fail(steering *s, const char *format, ...)
{
    if (s->failure[0])
        return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(s->failure, sizeof s->failure, format, arguments);
    va_end(arguments);
}

/* part_time: counts the part and gives what the step gives its kernel (or
 * a stall). */
static double part_steered(void *context, unsigned k, size_t first, size_t count)
{
    steering *s = context;
    if (k >= CHOICE_KERNELS || !(seebatch_plan_runnable(s->plan) >> k & 1u)) {
        fail(s, "call %lu served by kernel %u, not a kernel of the plan", s->calls, k);
        return FAST;
    }
    s->part_first = first;
    double ticks = (double)count * (s->cost ? s->cost(s, k) : s->ns[k]);
    if (s->stall_ticks && k == s->stalled && s->parts[k] == s->stalled_after)
        ticks = (double)s->stall_ticks;
    s->parts[k]++;
    s->place_served[k][(size_t)(s->call->moves - moves) % CYCLE]++;
    if (!seebatch_choice_kernels[k]->branch_free)
        s->walk_served[(size_t)(s->call->moves - moves) % CYCLE]++;
    return ticks;
}

static void serve(steering *s, unsigned long count)
{
    for (unsigned long c = 0; c < count; c++, s->calls++) {
        see_batch call = call_of(&s->work, s->calls);
        s->call = &call;
        learner_driver_serve(&s->driver, call.count, seebatch_call_print(&call));
    }
}

/* A learner of this shape over two kernels, the first guess `first`; the
 * row decides where `decides`. */
static void steer(steering *s, unsigned shape, unsigned first, unsigned other, workload work)
{
    memset(s, 0, sizeof *s);
    s->shape = shape;
    s->work = work;
    shape_choices choices;
    memset(choices.kernel, (int)first, sizeof choices.kernel);
    s->plan = seebatch_plan_make(&choices, 1u << first | 1u << other, SETTING_AUTO);
    learner_driver_start(&s->driver, shape, s->plan, part_steered, s);
}

/* The plan's row decides from now (the learner starts afresh), with the
 * walk for repeating work where `walk_cycles`. */
static void row_decides(steering *s, bool walk_cycles)
{
    s->plan |= UINT64_C(1) << PLAN_ROW_DECIDES_SHIFT;
    if (walk_cycles)
        s->plan |= UINT64_C(1) << PLAN_WALK_CYCLES_SHIFT;
    learner_driver_start(&s->driver, s->shape, s->plan, part_steered, s);
}

static seebatch_auto_backend reported(steering *s, unsigned k)
{
    seebatch_auto_backend backend;
    seebatch_learner_report(&s->driver.learner, k, 1.0, &backend);
    return backend;
}

static uint64_t timed_calls(steering *s, unsigned k) { return reported(s, k).calls; }

static unsigned kept(steering *s) { return learner_driver_kept(&s->driver); }

static void expect_kept(steering *s, unsigned k, const char *when)
{
    if (kept(s) != k)
        fail(s, "%s: keeps %s, not %s", when,
             seebatch_choice_kernel_names[kept(s) % CHOICE_KERNELS],
             seebatch_choice_kernel_names[k]);
}

static void expect_timed(steering *s, unsigned k, uint64_t calls, const char *when)
{
    if (timed_calls(s, k) != calls)
        fail(s, "%s: %s timed in %llu calls, not %llu", when, seebatch_choice_kernel_names[k],
             (unsigned long long)timed_calls(s, k), (unsigned long long)calls);
}

static void expect_cycle(steering *s, uint32_t cycle, const char *when)
{
    if (seebatch_learner_cycle(&s->driver.learner) != cycle)
        fail(s, "%s: the look found a cycle of %u calls, not %u", when,
             seebatch_learner_cycle(&s->driver.learner), cycle);
}

/* The look is over: more calls go to the kept kernel alone. */
static void expect_settled(steering *s, unsigned challenger, const char *when)
{
    unsigned long parts = s->parts[challenger];
    serve(s, SETTLED_TIME_EVERY);
    if (s->parts[challenger] != parts)
        fail(s, "%s: %s still serves after the look", when,
             seebatch_choice_kernel_names[challenger]);
}

/* What the report says of kernel k: how it was judged, its speed (ns a
 * move, within 2% of `ns`; 0: none) and how far it trailed (within 2% of
 * `trailed`; 0: it did not drop). */
static void expect_report(steering *s, unsigned k, seebatch_auto_judged judged, double ns,
                          double trailed, const char *when)
{
    seebatch_auto_backend got = reported(s, k);
    bool speed = ns ? got.ns_per_capture > 0.98 * ns && got.ns_per_capture < 1.02 * ns
                    : got.ns_per_capture == 0;
    bool behind =
        trailed ? got.trailed > 0.98 * trailed && got.trailed < 1.02 * trailed : got.trailed == 0;
    if (got.judged != judged || !speed || !behind)
        fail(s, "%s: %s reported judged %d at %.0f ns, trailing %.2f, not judged %d at %.0f, %.2f",
             when, seebatch_choice_kernel_names[k], (int)got.judged, got.ns_per_capture,
             got.trailed, (int)judged, ns, trailed);
}

typedef void scenario(steering *s, unsigned a, unsigned b);

/* Runs a scenario over kernels a (the first guess) and b: every outcome it
 * expects must be met. */
static void attempted(const char *name, scenario *run, unsigned shape, unsigned a, unsigned b,
                      workload work)
{
    static steering s;
    steer(&s, shape, a, b, work);
    run(&s, a, b);
    CHECK(!s.failure[0], "%s (%s first, %s challenging): %s", name, seebatch_choice_kernel_names[a],
          seebatch_choice_kernel_names[b], s.failure);
}

/* On a stream: a's OBSERVED_CALLS, then b's trial in pairs. */

/* A challenger trailing from its first part ends on its second timed pair,
 * its cheapest part behind: one pair never ends a trial (a preemption may
 * have spoiled it). */
static void challenger_cold(steering *s, unsigned a, unsigned b)
{
    s->ns[a] = FAST;
    s->ns[b] = 4 * FAST;
    serve(s, OBSERVED_CALLS + 3);
    expect_timed(s, b, 3, "a challenger four times dearer ends on its second timed pair");
    expect_kept(s, a, "after a cold challenger");
    expect_cycle(s, 0, "calls that never repeat");
    expect_settled(s, b, "after a cold challenger");
    /* Cut short on its first pairs: no speed, how far it trailed (issue 76). */
    expect_report(s, b, SEEBATCH_AUTO_DROPPED, 0, 4, "a cold challenger");
    expect_report(s, a, SEEBATCH_AUTO_KEPT, FAST, 0, "the first guess kept");
}

static unsigned first_guess(const steering *s) { return seebatch_plan_kernel(s->plan, s->shape); }

/* A challenger four times dearer whose first timed part (its first pair
 * warms it) stalls for 2^32 ticks and a few thousand (a page fault on a
 * loaded machine, the process stopped): a cost past all the learner keeps,
 * held at its most, so the trial ends on its second timed pair as
 * challenger_cold's, the first guess kept. With the clamp of costs to a
 * quarter of 32 bits removed (learner.c, seebatch_as_cost), the stall
 * wraps to 4,000 ticks, a quarter of the best's part beside it, and the
 * trial goes on (issues 68, 76). */
static void challenger_stalled(steering *s, unsigned a, unsigned b)
{
    s->ns[a] = FAST;
    s->ns[b] = 4 * FAST;
    s->stalled = b;
    s->stalled_after = 1;
    s->stall_ticks = ((uint64_t)1 << 32) + 4000;
    serve(s, OBSERVED_CALLS + 3);
    expect_timed(s, b, 3, "a dearer challenger stalled on its first timed pair ends on its second");
    expect_kept(s, a, "after a stalled challenger");
    expect_settled(s, b, "after a stalled challenger");
}

/* The challenger's first part as cheap as the best's, the next three times
 * dearer. */
static double trails_after_warming(const steering *s, unsigned k)
{
    return s->parts[k] && k != first_guess(s) ? 3 * FAST : FAST;
}

static void challenger_trails(steering *s, unsigned a, unsigned b)
{
    s->cost = trails_after_warming;
    serve(s, OBSERVED_CALLS + 3);
    expect_timed(s, b, 3, "a challenger trailing on its first two timed pairs");
    expect_kept(s, a, "after a trailing challenger");
    expect_settled(s, b, "after a trailing challenger");
}

static void challenger_leads(steering *s, unsigned a, unsigned b)
{
    s->ns[a] = 3 * FAST;
    s->ns[b] = FAST;
    serve(s, OBSERVED_CALLS + 1 + TIMED_PAIRS);
    expect_timed(s, b, 1 + TIMED_PAIRS, "a leading challenger serves all its pairs");
    expect_kept(s, b, "after a leading challenger");
    expect_settled(s, a, "after a leading challenger");
    expect_report(s, a, SEEBATCH_AUTO_JUDGED, 3 * FAST, 0, "the first guess, judged");
    expect_report(s, b, SEEBATCH_AUTO_KEPT, FAST, 0, "a leading challenger, kept");
}

/* Both kernels cost alike, but a part served second in a call costs 0.7 of
 * the first (boards the first part prefetched, a warmer cache): which
 * kernel serves first alternates, so the challenger never trails on every
 * pair, and the two, within an eighth of each other over 8 pairs, go on
 * to MOST_PAIRS. Served first always, the challenger was cut short on its
 * third timed pair at 1.4 times the best's cost (issue 76: on Zen 1 auto
 * kept avx2 in 39-47 of 100 fresh jobs where the walk was the faster). */
static double second_part_cheaper(const steering *s, unsigned k)
{
    (void)k;
    return s->part_first ? 0.7 * FAST : FAST;
}

static void order_favours_neither(steering *s, unsigned a, unsigned b)
{
    s->cost = second_part_cheaper;
    serve(s, OBSERVED_CALLS + 1 + MOST_PAIRS + 1);
    expect_timed(s, b, 1 + MOST_PAIRS, "a challenger as dear as the best serves MOST_PAIRS pairs");
    expect_kept(s, a, "two alike: the first guess");
    expect_report(s, b, SEEBATCH_AUTO_JUDGED, 1.013 * FAST, 0, "a challenger as dear, judged");
}

/* On CYCLE calls over and over: the first guess serves until the cycle
 * shows (a call like the one CYCLE before it, twice running), and on until
 * it has learned the cycle (a cycle more where its cost is even: LEARNED),
 * then the challenger serves whole calls. Where the row decides, the
 * walk's guard starts where the cycle shows. */
enum { CYCLE_SHOWS = CYCLE + 2, LEARNED = CYCLE_SHOWS + CYCLE, WALK_LEARNED = LEARNED };

static void branch_free_leads(steering *s, unsigned a, unsigned b)
{
    s->ns[a] = 3 * FAST;
    s->ns[b] = FAST;
    serve(s, WALK_LEARNED + CYCLE);
    expect_cycle(s, CYCLE, "repeating work");
    expect_timed(s, b, CYCLE, "a branch-free challenger is judged by its first cycle");
    expect_kept(s, b, "after a leading branch-free challenger");
}

static void branch_free_trails(steering *s, unsigned a, unsigned b)
{
    s->ns[a] = FAST;
    s->ns[b] = 3 * FAST;
    serve(s, WALK_LEARNED + 3);
    expect_timed(s, b, 3, "a branch-free challenger trailing on its two calls after its warm-up");
    expect_kept(s, a, "after a trailing branch-free challenger");
    expect_settled(s, b, "after a trailing branch-free challenger");
}

/* The walk as the first guess on repeating work (Zen 1's thresholds), at
 * first three times avx2's cost, gaining each pass to half of it. Judged
 * by its first cycle it lost to avx2 (issue 76: 269 fresh jobs of 900 on
 * Zen 1 kept avx2, at 1.5 times the walk's time); it serves on until a
 * cycle gains under a sixteenth, from the call that showed the work
 * repeats: its fourth such cycle. Then avx2, trailing, is cut short and
 * the report says so: dropped, at twice the walk's cost, no speed; the
 * walk kept at its learned speed. */
static double walk_kept_learning(const steering *s, unsigned k)
{
    static const double curve[] = {3.0, 1.6, 0.8, 0.55, 0.5, 0.49, 0.49};
    if (seebatch_choice_kernels[k]->branch_free)
        return FAST;
    size_t place = (size_t)(s->call->moves - moves) % CYCLE;
    unsigned long served = s->walk_served[place];
    return FAST * curve[served < 7 ? served : 6];
}

static void walk_kept_learns(steering *s, unsigned a, unsigned b)
{
    s->cost = walk_kept_learning;
    serve(s, CYCLE_SHOWS + 4 * CYCLE - 1);
    expect_timed(s, b, 0, "the walk kept serves until it has learned the cycle");
    serve(s, 1 + 3);
    expect_timed(s, b, 3, "avx2 trailing the walk that learned, cut short on its third call");
    expect_kept(s, a, "the walk, judged once it learned the cycle");
    expect_settled(s, b, "after the walk learned");
    seebatch_auto_backend walk = reported(s, a), other = reported(s, b);
    if (walk.judged != SEEBATCH_AUTO_KEPT || walk.ns_per_capture < 0.48 * FAST ||
        walk.ns_per_capture > 0.5 * FAST)
        fail(s, "the walk reported as judged %d at %.0f ns, not kept at its learned 490",
             (int)walk.judged, walk.ns_per_capture);
    if (other.judged != SEEBATCH_AUTO_DROPPED || other.ns_per_capture != 0 ||
        other.trailed < 1.95 || other.trailed > 2.1 || other.calls != 3)
        fail(s,
             "avx2 reported as judged %d at %.0f ns, %.2f times the walk's, %llu calls: not "
             "dropped after 3 calls at twice its cost, no speed",
             (int)other.judged, other.ns_per_capture, other.trailed,
             (unsigned long long)other.calls);
}

/* The walk on repeating work first serves SUBSET calls of each cycle (a
 * quarter, three at least; the first guess serves the rest), a run every
 * cycle, then, where it heads ahead, whole cycles. */
enum { SUBSET = 3, SUBSET_RUNS = 4 };

static void branch_taking_leads(steering *s, unsigned a, unsigned b)
{
    s->ns[a] = 3 * FAST;
    s->ns[b] = FAST;
    /* Its first run, cold; its second, ahead: a whole cycle, ahead. */
    serve(s, LEARNED + CYCLE + SUBSET + CYCLE - 1);
    expect_kept(s, a, "the walk's trial goes on to its first whole cycle's end");
    serve(s, 1);
    expect_timed(s, b, 2 * SUBSET + CYCLE, "a walk ahead: two runs of its subset, a whole cycle");
    expect_kept(s, b, "after a leading walk");
}

/* Where this CPU's row decides and names the walk for repeating work
 * (measured_cpus.h, walk_learns_cycles), the walk serves whole cycles from
 * the call that showed the work repeats, no subset: ahead at its first
 * cycle's end, kept. */
static void branch_taking_whole_cycles(steering *s, unsigned a, unsigned b)
{
    row_decides(s, true);
    s->ns[a] = 3 * FAST;
    s->ns[b] = FAST;
    serve(s, CYCLE_SHOWS + CYCLE - 1);
    expect_timed(s, b, CYCLE - 1, "the walk serves every call of its first cycle, no subset");
    expect_kept(s, a, "the walk's trial goes on to its first cycle's end");
    serve(s, 1);
    expect_timed(s, b, CYCLE, "a walk ahead in whole cycles: its first cycle");
    expect_kept(s, b, "after a walk leading in whole cycles");
}

static void branch_taking_trails(steering *s, unsigned a, unsigned b)
{
    s->ns[a] = FAST;
    s->ns[b] = 3 * FAST;
    /* Where it heads shows from its third run: behind, and no faster. */
    serve(s, LEARNED + 2 * CYCLE + SUBSET);
    expect_timed(s, b, 3 * SUBSET, "a walk behind and no faster ends on its subset's third run");
    expect_kept(s, a, "after a trailing walk");
    expect_settled(s, b, "after a trailing walk");
}

/* A walk leading, its fifth call spoiled by a preemption (ten times its
 * cost): the call is left out, the walk kept. (Judged by whole cycles
 * from its second, the walk was left on that call alone.) */
static double spoiled_once(const steering *s, unsigned k)
{
    if (k == first_guess(s))
        return FAST;
    return s->parts[k] == CYCLE ? 10 * FAST : 0.6 * FAST;
}

static void branch_taking_spoiled(steering *s, unsigned a, unsigned b)
{
    (void)a;
    s->cost = spoiled_once;
    serve(s, LEARNED + 2 * CYCLE + SUBSET + MOST_CYCLES * CYCLE);
    expect_kept(s, b, "a leading walk one of whose calls was spoiled is kept");
}

/* The walk's cost on repeating work by how often it served the call
 * before: a curve, times the first guess's cost (FAST), its last value
 * past its end. */
static double walk_curve(const steering *s, unsigned k, const double *curve, size_t length)
{
    if (k == first_guess(s))
        return FAST;
    size_t place = (size_t)(s->call->moves - moves) % CYCLE;
    unsigned long served = s->walk_served[place];
    return FAST * curve[served < length ? served : length - 1];
}

/* The scalar walk's values on 1,000 positions cycled, over the first
 * guess's (Zen 3, avx2): 3.2 times its learned speed cold, a fifth over it
 * on its second pass, converging on 0.84 of avx2's only by the fifth. */
static double learning_slowly(const steering *s, unsigned k)
{
    static const double curve[] = {2.7, 1.08, 0.90, 0.88, 0.86, 0.85, 0.84};
    return walk_curve(s, k, curve, sizeof curve / sizeof curve[0]);
}

static void branch_taking_learns(steering *s, unsigned a, unsigned b)
{
    (void)a;
    s->cost = learning_slowly;
    serve(s, LEARNED + 2 * CYCLE + SUBSET + MOST_CYCLES * CYCLE);
    expect_kept(s, b, "a walk that gains until it leads, slowly, is kept");
}

/* Cold, then gaining less each pass, and stopping a third behind. */
static double stops_behind(const steering *s, unsigned k)
{
    static const double curve[] = {3.0, 1.7, 1.45, 1.38, 1.35, 1.34, 1.33};
    return walk_curve(s, k, curve, sizeof curve / sizeof curve[0]);
}

static void branch_taking_stops_behind(steering *s, unsigned a, unsigned b)
{
    s->cost = stops_behind;
    serve(s, LEARNED + SUBSET_RUNS * CYCLE + MOST_CYCLES * CYCLE);
    expect_kept(s, a, "a walk that stops gaining behind the first guess is left");
    expect_settled(s, b, "after a walk that stopped gaining behind");
}

/* Where the row decides: on calls that never repeat the first guess serves
 * alone, though the other kernel is half its cost (the row measured this
 * CPU: no trial). */
static void decided_stream(steering *s, unsigned a, unsigned b)
{
    row_decides(s, true);
    s->ns[a] = FAST;
    s->ns[b] = FAST / 2;
    serve(s, OBSERVED_CALLS + 2 * MOST_PAIRS);
    expect_timed(s, b, 0, "a stream where the row decides: no trial");
    expect_kept(s, a, "a stream where the row decides");
    expect_cycle(s, 0, "a stream where the row decides");
}

/* Where the row decides and keeps the first guess on repeating work (Zen
 * 5), the walk never serves, though it is cheaper. */
static void decided_cycles_first_guess(steering *s, unsigned a, unsigned b)
{
    row_decides(s, false);
    s->ns[a] = FAST;
    s->ns[b] = FAST / 2;
    serve(s, LEARNED + MOST_CYCLES * CYCLE);
    expect_timed(s, b, 0, "repeating work where the row keeps the first guess");
    expect_kept(s, a, "repeating work where the row keeps the first guess");
    expect_cycle(s, CYCLE, "repeating work where the row keeps the first guess");
}

/* Where the row names the walk for repeating work, the walk kept there;
 * the work then streams, and the walk, three times dearer there, drifts:
 * the look that follows gives the row's first guess back, with no trial
 * of it beside the walk. */
static void decided_back_to_first_guess(steering *s, unsigned a, unsigned b)
{
    row_decides(s, true);
    s->ns[a] = 3 * FAST;
    s->ns[b] = FAST;
    serve(s, CYCLE_SHOWS + CYCLE);
    expect_kept(s, b, "the walk, where the row names it for repeating work");
    s->work.repeating = false;
    s->ns[b] = 9 * FAST;
    unsigned long parts = s->parts[a] + s->parts[b], calls = s->calls;
    serve(s, 3 * SETTLED_TIME_EVERY + OBSERVED_CALLS + 1);
    expect_kept(s, a, "the stream after the cycle, where the row decides");
    if (s->parts[a] + s->parts[b] - parts != s->calls - calls)
        fail(s, "%lu calls in %lu parts: a trial in parts where the row decides", s->calls - calls,
             s->parts[a] + s->parts[b] - parts);
}

/* A challenger cheaper by a fiftieth, under the KEEP_MARGIN-th a
 * challenger must gain, is judged and not kept. */
static void challenger_near(steering *s, unsigned a, unsigned b)
{
    s->ns[a] = FAST;
    s->ns[b] = 0.98 * FAST;
    serve(s, OBSERVED_CALLS + 1 + MOST_PAIRS);
    expect_timed(s, b, 1 + MOST_PAIRS, "a near challenger serves MOST_PAIRS pairs");
    expect_kept(s, a, "a challenger ahead by a fiftieth");
    expect_report(s, b, SEEBATCH_AUTO_JUDGED, 0.98 * FAST, 0, "a near challenger, judged");
}

/* A kernel's cost by how often it served the call before: a curve, times
 * FAST, its last value past its end. */
static double by_pass(const steering *s, unsigned k, const double *curve, size_t length)
{
    size_t place = (size_t)(s->call->moves - moves) % CYCLE;
    unsigned long served = s->place_served[k][place];
    return FAST * curve[served < length ? served : length - 1];
}

/* Zen 5 in small (issue 82): the first guess's first pass costs 1.5 times
 * its learned cost, its second 1.15 (the lanes learn repeating work too);
 * the walk learns down to 1.1 times it. Judged by its first cycle, the
 * first guess stood at 1.4 and the walk beside it won; judged once it has
 * learned, at 1.0, the walk is left. */
static double lanes_learning(const steering *s, unsigned k)
{
    static const double lanes[] = {1.5, 1.15, 1.0}, walk[] = {3.0, 1.6, 1.25, 1.15, 1.1};
    return seebatch_choice_kernels[k]->branch_free ? by_pass(s, k, lanes, 3)
                                                   : by_pass(s, k, walk, 5);
}

static void first_pass_left_out(steering *s, unsigned a, unsigned b)
{
    s->cost = lanes_learning;
    serve(s, LEARNED + CYCLE + SUBSET_RUNS * CYCLE + MOST_CYCLES * CYCLE);
    expect_kept(s, a, "a first guess that learns, beside a walk a tenth behind it learned");
    expect_settled(s, b, "after the walk a tenth behind");
}

/* A walk that stays four times the first guess's cost is cut short by the
 * trials' bill before its subset's third run, and the bill, past its
 * bound by one call at most, is no more. */
static void bill_bounded(steering *s, unsigned a, unsigned b)
{
    s->ns[a] = FAST;
    s->ns[b] = 4 * FAST;
    serve(s, LEARNED + 3 * CYCLE);
    expect_kept(s, a, "a walk four times dearer");
    if (timed_calls(s, b) >= 3 * SUBSET)
        fail(s, "the bill did not cut the walk short: %llu calls",
             (unsigned long long)timed_calls(s, b));
    learner_bill bill = seebatch_learner_bill(&s->driver.learner);
    double bound = TRIAL_ALLOWANCE + (double)bill.served_moves / TRIAL_SHARE + 3 * CALL_MOVES;
    if (bill.spent_moves > bound || bill.spent_moves < TRIAL_ALLOWANCE)
        fail(s, "the bill: %.0f moves, not between %d and %.0f", bill.spent_moves, TRIAL_ALLOWANCE,
             bound);
}

/* A kernel whose parts take under a tick for 16 moves (the learner's cost
 * a move, ticks times 16, is 0) is the cheapest, not one with no cost yet:
 * on calls of LONG_CALL moves, beside a kernel at 1 ns a move. */
static void costing_nothing(steering *s, unsigned a, unsigned b)
{
    s->ns[a] = FAST / 1000; /* 16 us a part of 16,384 moves */
    s->ns[b] = 0;
    serve(s, OBSERVED_CALLS + 1 + TIMED_PAIRS);
    expect_timed(s, b, 1 + TIMED_PAIRS, "a kernel costing nothing serves all its pairs");
    expect_kept(s, b, "after a kernel costing nothing");
}

/* How the calls are told apart: on one board by their moves, on the same
 * moves by their first board. */
static void told_apart(steering *s, unsigned a, unsigned b)
{
    s->ns[a] = FAST;
    s->ns[b] = 4 * FAST;
    serve(s, OBSERVED_CALLS + 1);
    expect_cycle(s, s->work.repeating ? CYCLE : 0, "the calls' regime");
    expect_kept(s, a, "after the look");
}

/* Settled on a, its cost rises fourfold and b is cheapest: a look at once
 * (within the settled calls of two timed ones, the look's and the pairs'),
 * keeping b. Then looks come FIRST_LOOK timed calls later, then twice
 * that, as each keeps b. */
static unsigned long calls_until_served(steering *s, unsigned k, unsigned long most)
{
    unsigned long from = s->calls, parts = s->parts[k];
    while (s->parts[k] == parts && s->calls - from < most)
        serve(s, 1);
    return s->calls - from;
}

static void drift_up_changes_kernel(steering *s, unsigned a, unsigned b)
{
    s->ns[a] = FAST;
    s->ns[b] = 4 * FAST;
    serve(s, OBSERVED_CALLS + 3);
    expect_kept(s, a, "the first look");
    s->ns[a] = 4 * FAST;
    s->ns[b] = FAST;
    enum { AT_ONCE = 3 * SETTLED_TIME_EVERY + OBSERVED_CALLS + 1 + TIMED_PAIRS };
    unsigned long from = s->calls;
    while (kept(s) == a && s->calls - from < AT_ONCE)
        serve(s, 1);
    expect_kept(s, b, "the kept kernel's cost rose fourfold, the other's fell");
    /* From the look's end: the settled calls up to the FIRST_LOOK-th timed
     * one (one in SETTLED_TIME_EVERY of the thread's, the first within that
     * many), the kept kernel observing, then the challenger's first pair. */
    unsigned long least =
        (unsigned long)SETTLED_TIME_EVERY * (FIRST_LOOK - 1) + 1 + OBSERVED_CALLS + 1;
    unsigned long first_gap = calls_until_served(s, a, 4 * least);
    if (first_gap < least || first_gap >= least + SETTLED_TIME_EVERY)
        fail(s, "a look %lu calls after a change of kernel, not %lu to %lu", first_gap, least,
             least + SETTLED_TIME_EVERY - 1);
    /* a's two timed pairs, behind: the look ends, b kept. */
    serve(s, 2);
    least += (unsigned long)SETTLED_TIME_EVERY * FIRST_LOOK;
    unsigned long second_gap = calls_until_served(s, a, 4 * least);
    if (second_gap < least || second_gap >= least + SETTLED_TIME_EVERY)
        fail(s, "the next look %lu calls after the same kernel kept, not %lu to %lu", second_gap,
             least, least + SETTLED_TIME_EVERY - 1);
    expect_kept(s, b, "the looks after");
}

/* Settled on a, its cost falls fourfold: a look at once, keeping a. */
static void drift_down_looks_again(steering *s, unsigned a, unsigned b)
{
    s->ns[a] = 3 * FAST;
    s->ns[b] = 12 * FAST;
    serve(s, OBSERVED_CALLS + 3);
    expect_kept(s, a, "the first look");
    s->ns[a] = 0.75 * FAST;
    unsigned long most = 3 * SETTLED_TIME_EVERY + OBSERVED_CALLS + 1;
    unsigned long until = calls_until_served(s, b, 2 * most);
    if (until > most)
        fail(s,
             "the kept kernel's cost fell fourfold: the next look came %lu calls later, not "
             "within %lu",
             until, most);
    expect_kept(s, a, "after the look");
}

/* The walk settled on repeating work, its cost falling fourfold as it goes
 * on learning the cycle: no look for it (one comes later, as always). */
static void walk_learning_looks_later(steering *s, unsigned a, unsigned b)
{
    s->ns[a] = 3 * FAST;
    s->ns[b] = FAST;
    serve(s, LEARNED + CYCLE + SUBSET + CYCLE); /* as branch_taking_leads */
    expect_kept(s, b, "the walk kept");
    s->ns[b] = 0.25 * FAST;
    unsigned long soon = 3 * SETTLED_TIME_EVERY + CYCLE_SHOWS + 1;
    unsigned long until = calls_until_served(s, a, soon);
    if (until < soon)
        fail(s, "the walk went on learning the cycle: a look came %lu calls later", until);
    expect_kept(s, b, "the walk, still learning the cycle");
}

/* Rotating, each call goes to the next kernel of the plan's (the kernel
 * between them, or after the last, is skipped). */
static void rotating_within_the_plan(steering *s, unsigned a, unsigned b)
{
    seebatch_learner_rotate(&s->driver.learner, true);
    serve(s, 2 * CHOICE_KERNELS);
    seebatch_learner_rotate(&s->driver.learner, false);
    if (!s->parts[a] || !s->parts[b])
        fail(s, "rotating: %s served %lu calls, %s %lu", seebatch_choice_kernel_names[a],
             s->parts[a], seebatch_choice_kernel_names[b], s->parts[b]);
}

int main(void)
{
    unsigned runnable[CHOICE_KERNELS], count = 0, branch_free = CHOICE_KERNELS;
    for (unsigned k = 0; k < CHOICE_KERNELS; k++)
        if (seebatch_choice_kernels[k] &&
            seebatch_find_runnable_backend(seebatch_choice_kernel_names[k])) {
            runnable[count++] = k;
            if (seebatch_choice_kernels[k]->branch_free)
                branch_free = k;
        }
    if (count < 2) {
        printf("test_auto_steered: this machine runs one kernel, auto has nothing to learn: "
               "skipped\n");
        return 77;
    }
    make_positions();
    unsigned a = runnable[0], b = runnable[1], last = runnable[count - 1];
    unsigned shape = seebatch_shape_index(CALL_VALUES, BOARDS_IN_ORDER, false, true);
    workload stream = {.repeating = false}, repeating = {.repeating = true};
    attempted("a cold challenger", challenger_cold, shape, a, b, stream);
    attempted("a stalled challenger", challenger_stalled, shape, a, b, stream);
    attempted("a trailing challenger", challenger_trails, shape, a, b, stream);
    attempted("a leading challenger", challenger_leads, shape, a, b, stream);
    attempted("a challenger ahead by a fiftieth", challenger_near, shape, a, b, stream);
    attempted("parts served second cheaper", order_favours_neither, shape, a, b, stream);
    attempted("a rise in the kept kernel's cost", drift_up_changes_kernel, shape, a, b, stream);
    attempted("a fall in the kept kernel's cost", drift_down_looks_again, shape, a, b, stream);
    attempted("a kernel costing nothing", costing_nothing, shape, a, b,
              (workload){.long_calls = true});
    attempted("rotating", rotating_within_the_plan, shape, a, last, stream);
    attempted("calls on one board", told_apart, shape, a, b, (workload){.one_board = true});
    attempted("repeating calls on one board", told_apart, shape, a, b,
              (workload){.repeating = true, .one_board = true});
    attempted("the same moves on other boards", told_apart, shape, a, b,
              (workload){.first_board_streams = true});
    /* The scalar walk learns the branches of repeating work; a kernel with
     * no branch on the positions does not. */
    unsigned walk = runnable[0];
    if (branch_free != CHOICE_KERNELS && !seebatch_choice_kernels[walk]->branch_free) {
        attempted("a branch-free challenger leading", branch_free_leads, shape, walk, branch_free,
                  repeating);
        attempted("a branch-free challenger trailing", branch_free_trails, shape, walk, branch_free,
                  repeating);
        attempted("the walk kept, learning the cycle", walk_kept_learns, shape, walk, branch_free,
                  repeating);
        attempted("the walk leading", branch_taking_leads, shape, branch_free, walk, repeating);
        attempted("the walk in whole cycles where it was measured fastest",
                  branch_taking_whole_cycles, shape, branch_free, walk, repeating);
        attempted("the walk still learning, settled", walk_learning_looks_later, shape, branch_free,
                  walk, repeating);
        attempted("the walk trailing", branch_taking_trails, shape, branch_free, walk, repeating);
        attempted("the walk learning slowly", branch_taking_learns, shape, branch_free, walk,
                  repeating);
        attempted("the walk with a spoiled call", branch_taking_spoiled, shape, branch_free, walk,
                  repeating);
        attempted("the walk stopping behind", branch_taking_stops_behind, shape, branch_free, walk,
                  repeating);
        attempted("the first guess's first pass left out", first_pass_left_out, shape, branch_free,
                  walk, repeating);
        attempted("the trials' bill", bill_bounded, shape, branch_free, walk, repeating);
        attempted("the row decides, a stream", decided_stream, shape, branch_free, walk, stream);
        attempted("the row decides, the first guess on repeating work", decided_cycles_first_guess,
                  shape, branch_free, walk, repeating);
        attempted("the row decides, the walk's cycle then a stream", decided_back_to_first_guess,
                  shape, branch_free, walk, repeating);
    } else {
        printf("test_auto_steered: no branch-free kernel and walk here; cycles' judging not "
               "checked\n");
    }
    return check_finish("test_auto_steered");
}
