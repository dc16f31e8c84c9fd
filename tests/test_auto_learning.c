/*
 * Auto learning from the calls it serves (lib/auto/learning.h), on real
 * positions (real_positions_sample.h):
 *
 *   - exact as it switches: with every call served by the next backend in
 *     turn, every answer of seebatch_values and seebatch_values_ge (one
 *     threshold, or one a move), on boards in order and scattered, pins
 *     given or worked out, is the reference's, and every backend this
 *     machine runs served calls of every such shape;
 *   - learning as it serves: a run of calls on one shape keeps one
 *     backend and says so in seebatch_auto_report; where this CPU's
 *     measured row decides (lib/auto/learner.c), the row's backend for the
 *     work's regime serves with no trial of the others, else every backend
 *     is tried; shapes on one board keep their fixed choice; repeating
 *     work is judged by whole cycles, other work by a few calls;
 *   - trials exact on real calls: the learner that tries every backend (a
 *     CPU no row covers: this machine's plan without its row) serves a
 *     stream of real calls, challengers' parts beside the best's, every
 *     answer the reference's;
 *   - reproducible when asked: "fixed" and a backend's name stop learning,
 *     and "auto" learns afresh.
 * Nothing here times anything: which backend is kept depends on the
 * machine; that the one kept is the fastest is the benchmarks' to show.
 */
#include <stdlib.h>
#include <string.h>

#include "auto/dispatch.h"
#include "auto/learning.h"
#include "check.h"
#include "sample_positions.h"

enum { CALL_MOVES = 256 };

typedef sample_positions positions;

static void load(positions *p)
{
    sample_positions_load(p);
    CHECK(p->board_count > 1000 && p->count > 10 * CALL_MOVES, "%zu positions, %zu captures",
          p->board_count, p->count);
}

/* The moves scattered: a fixed shuffle of the pool, board indices with them. */
static void scatter(const positions *in, positions *out)
{
    *out = *in;
    out->moves = malloc(in->count * sizeof *out->moves);
    out->board_of_move = malloc(in->count * sizeof *out->board_of_move);
    out->thresholds = malloc(in->count * sizeof *out->thresholds);
    if (!out->moves || !out->board_of_move || !out->thresholds)
        exit(1);
    for (size_t i = 0; i < in->count; i++) {
        size_t from = i * 7919 % in->count; /* 7919 is prime, so this is a permutation */
        if (in->count % 7919 == 0)
            from = i;
        out->moves[i] = in->moves[from];
        out->board_of_move[i] = in->board_of_move[from];
        out->thresholds[i] = in->thresholds[from];
    }
}

/* Every call shape auto learns, on these moves, CALL_MOVES a call, through
 * the public calls, each answer against the reference kernel's. */
static unsigned long calls_against_reference(const positions *p, const seebatch_rules *rules,
                                             bool pins_given)
{
    static int32_t values[CALL_MOVES], expected[CALL_MOVES];
    static uint8_t passed[CALL_MOVES], passed_each[CALL_MOVES];
    unsigned long wrong = 0;
    for (size_t first = 0; first + CALL_MOVES <= p->count; first += CALL_MOVES) {
        seebatch_batch batch = {
            p->boards,        p->board_count, pins_given ? p->pins : NULL, &p->board_of_move[first],
            &p->moves[first], CALL_MOVES};
        see_batch reference = seebatch_kernel_batch(rules, &batch);
        seebatch_reference_backend.values(&reference, expected);
        seebatch_values(rules, &batch, values);
        seebatch_values_ge(rules, &batch, 0, NULL, passed);
        seebatch_values_ge(rules, &batch, 0, &p->thresholds[first], passed_each);
        for (size_t i = 0; i < CALL_MOVES; i++)
            wrong += (values[i] != expected[i]) + (passed[i] != (expected[i] >= 0)) +
                     (passed_each[i] != (expected[i] >= p->thresholds[first + i]));
    }
    return wrong;
}

static const seebatch_auto_shape *shape_report(seebatch_auto_shape *all, call_kind kind,
                                               call_boards boards, bool pins_given)
{
    seebatch_auto_report(all, SEEBATCH_CALL_SHAPES);
    return &all[seebatch_shape_index(kind, boards, pins_given, true)];
}

static void exact_as_it_switches(const positions *in_order, const positions *scattered,
                                 const seebatch_rules *rules)
{
    seebatch_error error;
    CHECK_EQ(seebatch_backend_set("auto", &error), SEEBATCH_OK, "%s", error.message);
    seebatch_learning_rotate(true);
    for (int pins_given = 0; pins_given < 2; pins_given++) {
        CHECK_EQ(calls_against_reference(in_order, rules, pins_given), 0, "in board order, pins %s",
                 pins_given ? "given" : "worked out");
        CHECK_EQ(calls_against_reference(scattered, rules, pins_given), 0, "scattered, pins %s",
                 pins_given ? "given" : "worked out");
    }
    static seebatch_auto_shape all[SEEBATCH_CALL_SHAPES];
    for (int kind = 0; kind < 2; kind++)
        for (int boards = BOARDS_IN_ORDER; boards <= BOARDS_SCATTERED; boards++)
            for (int pins_given = 0; pins_given < 2; pins_given++) {
                const seebatch_auto_shape *shape =
                    shape_report(all, (call_kind)kind, (call_boards)boards, pins_given);
                CHECK_EQ(shape->backend_count, seebatch_backends_available(NULL, 0), "%s",
                         shape->shape);
                CHECK(shape->learns == (shape->backend_count > 1),
                      "%s learns where there is a choice", shape->shape);
                for (size_t b = 0; shape->learns && b < shape->backend_count; b++)
                    CHECK(shape->backends[b].calls > 0, "%s: %s served calls", shape->shape,
                          shape->backends[b].name);
            }
    seebatch_learning_rotate(false); /* and learning starts afresh */
    const seebatch_auto_shape *shape = shape_report(all, CALL_VALUES, BOARDS_IN_ORDER, false);
    for (size_t b = 0; b < shape->backend_count; b++)
        CHECK_EQ(shape->backends[b].calls, 0, "after rotating: %s", shape->backends[b].name);
}

static bool runs_here(const char *name)
{
    const char *names[SEEBATCH_BACKENDS_MAX];
    size_t count = seebatch_backends_available(names, SEEBATCH_BACKENDS_MAX);
    for (size_t i = 0; i < count && i < SEEBATCH_BACKENDS_MAX; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

/* Whether this CPU's measured row decides: no trials. */
static bool row_decides(void) { return seebatch_plan_row_decides(seebatch_plan_in_use()); }

/* Enough calls on one shape for a whole look: every backend tried (none but
 * the first guess where the row decides), one kept. */
static void learns_as_it_serves(const positions *p, const seebatch_rules *rules)
{
    seebatch_error error;
    CHECK_EQ(seebatch_backend_set("auto", &error), SEEBATCH_OK, "%s", error.message);
    static seebatch_auto_shape all[SEEBATCH_CALL_SHAPES];
    const seebatch_auto_shape *shape = shape_report(all, CALL_THRESHOLD, BOARDS_IN_ORDER, false);
    for (size_t b = 0; b < shape->backend_count; b++)
        CHECK_EQ(shape->backends[b].calls, 0, "learning starts afresh: %s",
                 shape->backends[b].name);
    for (int round = 0; round < 4; round++)
        CHECK_EQ(calls_against_reference(p, rules, false), 0, "learning, round %d", round);
    shape = shape_report(all, CALL_THRESHOLD, BOARDS_IN_ORDER, false);
    bool multiple = shape->backend_count > 1;
    CHECK(shape->learns == multiple, "%s learns where there is a choice", shape->shape);
    CHECK(runs_here(shape->kept), "it keeps %s, which runs here", shape->kept);
    for (size_t b = 0; multiple && b < shape->backend_count; b++) {
        bool kept_one = strcmp(shape->backends[b].name, shape->kept) == 0;
        CHECK((shape->backends[b].calls >= 1) == (kept_one || !row_decides()),
              "%s: %llu calls (the row %s)", shape->backends[b].name,
              (unsigned long long)shape->backends[b].calls,
              row_decides() ? "decides" : "does not decide");
        /* The kept one's speed is judged (its settled mean); another's only
         * where its trial went past a cold first call. */
        if (strcmp(shape->backends[b].name, shape->kept) == 0)
            CHECK(shape->backends[b].ns_per_capture > 0, "%s, kept, judged", shape->kept);
    }
    shape = shape_report(all, CALL_THRESHOLD, BOARDS_ONE, false);
    CHECK(!shape->learns, "%s keeps its fixed choice", shape->shape);
}

/* Serves a call of values on many boards in order, checks its answers
 * against the reference, and returns a bit for each backend that served a
 * timed part of it, by the backend's index in auto's report (0: untimed,
 * settled auto times one call in sixteen). */
static unsigned served_next(seebatch_auto_shape *all, const seebatch_rules *rules,
                            const seebatch_batch *batch)
{
    static int32_t values[CALL_MOVES], expected[CALL_MOVES];
    uint64_t before[SEEBATCH_BACKENDS_MAX];
    const seebatch_auto_shape *shape = shape_report(all, CALL_VALUES, BOARDS_IN_ORDER, false);
    for (size_t b = 0; b < shape->backend_count; b++)
        before[b] = shape->backends[b].calls;
    seebatch_values(rules, batch, values);
    see_batch reference = seebatch_kernel_batch(rules, batch);
    seebatch_reference_backend.values(&reference, expected);
    CHECK(memcmp(values, expected, batch->count * sizeof *values) == 0, "a call's answers");
    shape = shape_report(all, CALL_VALUES, BOARDS_IN_ORDER, false);
    unsigned served = 0;
    for (size_t b = 0; b < shape->backend_count; b++)
        if (shape->backends[b].calls != before[b])
            served |= 1u << b;
    return served;
}

/* Repeating work is found and judged over cycles, other work by a few
 * calls (learner.c): on CYCLE calls served over and over, the report says
 * they repeat every CYCLE calls, and a backend not kept served at least
 * three runs of its subset of the cycle where the branch predictor learns it
 * (learner.c's walk: a quarter of the cycle, three calls at least, is
 * judged hopeless from its third run on, never before; whether it goes on
 * depends on this machine's timings, so no more is asserted), at most its
 * first cycle where it is branch-free; on calls that never repeat, each
 * served a short trial, a part of each call beside the best's. */
static void judged_by_the_regime(const positions *p, const seebatch_rules *rules)
{
    /* Calls of 64 moves, the shortest timed. Each run holds one look and
     * too few timed calls after it for another (learner.c): on the cycle,
     * 14 of the first guess, at most 6 cycles of the scalar walk and one of
     * a branch-free kernel; on the stream, 18 of the first guess and, for
     * each other, a short trial: a call of warm-up and at most 8 timed, 15
     * where the two stand close (as under a sanitizer, which slows avx2
     * more than the walk), each shared with the best so far (its own,
     * while it leads, beside each later trial). */
    enum { MOVES = 64, CYCLE = 12, REPEATS = 10, STREAM = 60 };
    enum { SUBSET = (CYCLE + 3) / 4 > 3 ? (CYCLE + 3) / 4 : 3 }; /* the walk's runs */
    static seebatch_auto_shape all[SEEBATCH_CALL_SHAPES];
    seebatch_error error;
    for (int repeating = 1; repeating >= 0; repeating--) {
        CHECK_EQ(seebatch_backend_set("auto", &error), SEEBATCH_OK, "%s", error.message);
        size_t calls = repeating ? CYCLE * REPEATS : STREAM;
        unsigned served[CYCLE * REPEATS]; /* each call's backends, a bit each */
        for (size_t c = 0; c < calls; c++) {
            size_t first = (repeating ? c % CYCLE : c) * MOVES;
            seebatch_batch batch = {
                p->boards, p->board_count, NULL, &p->board_of_move[first], &p->moves[first], MOVES};
            served[c] = served_next(all, rules, &batch);
        }
        const seebatch_auto_shape *shape = shape_report(all, CALL_VALUES, BOARDS_IN_ORDER, false);
        CHECK_EQ(shape->repeats_every, (size_t)(repeating && shape->learns ? CYCLE : 0),
                 "the regime");
        /* The first guess served the look's first calls, finding the regime. */
        unsigned index = seebatch_shape_index(CALL_VALUES, BOARDS_IN_ORDER, false, true);
        const char *first =
            seebatch_choice_kernels[seebatch_plan_kernel(seebatch_plan_in_use(), index)]->name;
        unsigned kept = 0, guess = 0;
        for (size_t b = 0; b < shape->backend_count; b++) {
            kept |= (unsigned)(strcmp(shape->backends[b].name, shape->kept) == 0) << b;
            guess |= (unsigned)(strcmp(shape->backends[b].name, first) == 0) << b;
        }
        /* On the stream, a challenger never serves a whole call: each call
         * of its trial is shared with the best so far. After the last
         * shared call, the kept one serves every call, timed or not. */
        size_t last_shared = 0;
        for (size_t c = 0; !repeating && c < calls; c++) {
            CHECK(!(served[c] & ~(kept | guess)) || __builtin_popcount(served[c]) == 2,
                  "call %zu of the stream: a challenger served it alone (backends 0x%x)", c,
                  served[c]);
            if (__builtin_popcount(served[c]) == 2)
                last_shared = c;
        }
        for (size_t c = last_shared + 1; !repeating && shape->learns && c < calls; c++)
            CHECK(served[c] == kept || served[c] == 0,
                  "call %zu of the stream, after the trials: backends 0x%x, not the kept 0x%x", c,
                  served[c], kept);
        for (size_t b = 0; b < shape->backend_count; b++) {
            uint64_t n = shape->backends[b].calls;
            if (1u << b & (kept | guess))
                continue;
            if (row_decides()) { /* the row's backends alone serve */
                bool walk_cycles = seebatch_plan_walk_learns_cycles(seebatch_plan_in_use());
                bool walk = strcmp(shape->backends[b].name, "scalar") == 0;
                CHECK(n == 0 || (repeating && walk_cycles && walk),
                      "%s where the row decides, %s: %llu calls", shape->backends[b].name,
                      repeating ? "repeating work" : "a stream", (unsigned long long)n);
                continue;
            }
            const see_backend *kernel = seebatch_find_runnable_backend(shape->backends[b].name);
            if (repeating && kernel->branch_free)
                CHECK(n <= CYCLE, "%s, branch-free, on a cycle of %d calls: %llu calls",
                      shape->backends[b].name, CYCLE, (unsigned long long)n);
            else if (repeating)
                CHECK(n >= 3 * SUBSET,
                      "%s on a cycle of %d calls: %llu calls, not three runs of %d",
                      shape->backends[b].name, CYCLE, (unsigned long long)n, SUBSET);
            else /* its trial, and its parts beside each later one while it led */
                CHECK(n >= 1 && n <= STREAM_TRIAL_MOST_CALLS * (shape->backend_count - 1),
                      "%s on calls that never repeat: %llu calls", shape->backends[b].name,
                      (unsigned long long)n);
        }
    }
}

/* seebatch_learning_serve's serve: a part's values, by the kernel given. */
static void serve_values(const see_backend *kernel, const see_batch *part, size_t first,
                         void *context)
{
    kernel->values(part, (int32_t *)context + first);
}

/* The learner that tries every backend, on a stream of real calls of 256
 * moves on many boards in order: every answer the reference's, every
 * backend this machine runs served timed calls or parts of them. */
static void trials_on_real_calls(const positions *p, const seebatch_rules *rules)
{
    static int32_t values[CALL_MOVES], expected[CALL_MOVES];
    uint64_t plan = seebatch_plan_in_use() & ~(UINT64_C(1) << PLAN_ROW_DECIDES_SHIFT);
    unsigned shape = seebatch_shape_index(CALL_VALUES, BOARDS_IN_ORDER, false, true);
    seebatch_learning_restart();
    unsigned long wrong = 0;
    for (size_t first = 0; first + CALL_MOVES <= p->count; first += CALL_MOVES) {
        seebatch_batch call = {p->boards,        p->board_count, NULL, &p->board_of_move[first],
                               &p->moves[first], CALL_MOVES};
        see_batch batch = seebatch_kernel_batch(rules, &call);
        seebatch_learning_serve(shape, plan, &batch, serve_values, values);
        seebatch_reference_backend.values(&batch, expected);
        wrong += memcmp(values, expected, sizeof values) != 0;
    }
    CHECK_EQ(wrong, 0, "calls of a learner trying every backend, against the reference");
    uint32_t runnable = seebatch_plan_runnable(plan);
    for (unsigned k = 0; k < CHOICE_KERNELS; k++) {
        seebatch_auto_backend backend;
        seebatch_learning_report(shape, k, &backend);
        CHECK((backend.calls > 0) == (runnable >> k & 1u), "%s: %llu timed calls or parts",
              seebatch_choice_kernel_names[k], (unsigned long long)backend.calls);
    }
    seebatch_learning_restart();
}

/* "fixed" and a name stop learning; every shape then reports its kernel. */
static void reproducible_when_asked(void)
{
    seebatch_error error;
    static seebatch_auto_shape all[SEEBATCH_CALL_SHAPES];
    const char *names[SEEBATCH_BACKENDS_MAX + 1] = {"fixed"};
    size_t count = 1 + seebatch_backends_available(names + 1, SEEBATCH_BACKENDS_MAX);
    for (size_t n = 0; n < count; n++) {
        CHECK_EQ(seebatch_backend_set(names[n], &error), SEEBATCH_OK, "%s", error.message);
        CHECK_EQ(seebatch_auto_report(all, SEEBATCH_CALL_SHAPES), SEEBATCH_CALL_SHAPES, "%s",
                 names[n]);
        for (unsigned shape = 0; shape < SEEBATCH_CALL_SHAPES; shape++) {
            CHECK(!all[shape].learns, "%s: %s does not learn", names[n], all[shape].shape);
            CHECK(n == 0 || strcmp(all[shape].kept, names[n]) == 0, "%s: %s keeps %s", names[n],
                  all[shape].shape, all[shape].kept);
        }
    }
    CHECK_EQ(seebatch_backend_set("auto", &error), SEEBATCH_OK, "%s", error.message);
    CHECK_EQ(seebatch_backend_set("learned", &error), SEEBATCH_ERROR_BACKEND, "an unknown name");
    CHECK_EQ(seebatch_auto_report(all, 3), SEEBATCH_CALL_SHAPES, "a short capacity");
}

int main(void)
{
    seebatch_config config = seebatch_config_stockfish();
    config.flags |= SEEBATCH_PINS;
    seebatch_rules rules;
    seebatch_rules_init(&rules, &config, NULL);
    positions in_order, scattered;
    load(&in_order);
    scatter(&in_order, &scattered);
    exact_as_it_switches(&in_order, &scattered, &rules);
    learns_as_it_serves(&in_order, &rules);
    judged_by_the_regime(&in_order, &rules);
    trials_on_real_calls(&in_order, &rules);
    reproducible_when_asked();
    free(scattered.moves);
    free(scattered.board_of_move);
    free(scattered.thresholds);
    sample_positions_release(&in_order);
    return check_finish("test_auto_learning");
}
