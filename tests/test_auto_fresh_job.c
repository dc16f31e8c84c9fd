/*
 * A fresh job on this machine keeps no backend slower than the plain pick
 * (the static choice of the CPU's row for the work: its kernel for
 * repeating work where the work repeats, the walk on Zen 1, 3 and 4, else
 * its first guess for the call's shape; with no row, the widest backend
 * the CPU runs) by more than a tenth. For each cell (the
 * sample's first 1,000 positions cycled, and all of its 4,000, too long a
 * cycle for auto to see; values, thresholds, thresholds with pins given;
 * jobs of 10^5 captures, 256 moves a call, many boards in board order: the
 * job of bench/auto_starts.cpp, from bench/auto_choice.c)
 * auto starts afresh FRESH_STARTS times; where it keeps another backend
 * than the plain pick, the two are timed, forced, each job started cold:
 * the plain pick twice and the kept one twice, alternating, a round. The
 * machine is shared and loaded, so a round counts only where the plain
 * pick's own second job lands within NOISE of its first and no job was
 * preempted (the yardstick: what the machine's noise alone gives), and
 * CTest runs no other test beside it (RUN_SERIAL: a test on the other core
 * changes which backend is fastest while it runs: scalar's 1,000-position
 * job took 1.16-1.29 times avx2's in three rounds in a row in CI, 0.9 alone,
 * after auto had kept scalar in its fresh job); the
 * cell fails where DECIDING rounds that count all find the kept one slower
 * by more than a tenth, passes on the first that does not, and where too
 * few rounds count in MOST_ROUNDS, nothing is decided here: exit 77 (as
 * under a sanitizer or the emulated AVX-512 build, whose timings are no
 * CPU's). Nothing is asserted of a speed otherwise: auto's speed is the
 * benchmark's to show (bench/auto_starts.sh).
 */
#include <stdio.h>
#include <string.h>

#include "auto/dispatch.h"
#include "auto_choice.h" /* bench/: the job, its cold start and its timing */
#include "check.h"
#include "sample_positions.h"

enum {
    CYCLED = 1000, /* positions */
    FRESH_STARTS = 5,
    DECIDING = 3,
    MOST_ROUNDS = 12
};
#define JOB_CAPTURES 100000
#define SLOWER 1.10
#define NOISE 0.05

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TIMINGS_MEAN_NOTHING 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define TIMINGS_MEAN_NOTHING 1
#endif
#endif
#if !defined(TIMINGS_MEAN_NOTHING) && defined(SEEBATCH_AVX512_EMULATED)
#define TIMINGS_MEAN_NOTHING SEEBATCH_AVX512_EMULATED
#endif
#ifndef TIMINGS_MEAN_NOTHING
#define TIMINGS_MEAN_NOTHING 0
#endif

typedef enum call { VALUES, THRESHOLDS, PINS_GIVEN, CALLS } call;
static const char *const call_words[CALLS] = {"values", "thresholds", "thresholds, pins given"};

/* The job, as a user's new one meets the machine (cold: bench_cold_start;
 * its positions read once): its thread's seconds; preempted, where another
 * process took its core meanwhile. */
static double run_job(bench_job *job, bool *preempted)
{
    long switches = 0;
    bench_cold_start();
    bench_job_touch(job);
    double seconds = bench_job_timed(job, JOB_CAPTURES, &switches);
    *preempted = *preempted || switches > 0;
    return seconds;
}

static void use(const char *backend)
{
    seebatch_error error;
    CHECK_EQ(seebatch_backend_set(backend, &error), SEEBATCH_OK, "%s: %s", backend, error.message);
}

/* A fresh job under auto: the backend it kept. */
static const char *fresh_job(bench_job *job, call c)
{
    bool preempted = false;
    use("auto");
    run_job(job, &preempted);
    seebatch_auto_shape shape;
    return bench_auto_shape(c != VALUES, c == PINS_GIVEN, &shape) ? shape.kept : "unknown";
}

/* One round: the plain pick and the kept one, each twice, alternating (t,
 * their seconds). -1: it does not count (noisy, preempted); else the kept
 * one's time over the plain pick's. */
static double round_ratio(bench_job *job, const char *plain, const char *kept, double t[4])
{
    bool preempted = false;
    for (int i = 0; i < 4; i++) {
        use(i % 2 ? kept : plain);
        t[i] = run_job(job, &preempted);
    }
    /* A clock that did not advance times nothing (wine's is coarse: 0/0 was
     * taken for a ratio); a NaN noise is no round either. */
    if (preempted || !(t[0] > 0 && t[1] > 0 && t[2] > 0 && t[3] > 0))
        return -1;
    double noise = t[2] / t[0] - 1;
    if (!(noise <= NOISE && noise >= -NOISE))
        return -1;
    return (t[1] + t[3]) / (t[0] + t[2]);
}

/* 1: kept is slower by more than SLOWER in DECIDING rounds that count; 0:
 * a round found it not; -1: too few rounds counted. ratio: the last round
 * counted's; counted: how many rounds counted. */
static int judged_slower(bench_job *job, const char *plain, const char *kept, double *ratio,
                         unsigned *counted)
{
    unsigned slower = 0;
    for (unsigned round = 0; round < MOST_ROUNDS && slower < DECIDING; round++) {
        double t[4];
        double r = round_ratio(job, plain, kept, t);
        if (r < 0)
            continue;
        /* Each round that counts, said: a failure in CI shows its jobs. */
        printf("    round %u: %s %.2f ms, %s %.2f ms, %s %.2f ms, %s %.2f ms\n", round + 1, plain,
               1e3 * t[0], kept, 1e3 * t[1], plain, 1e3 * t[2], kept, 1e3 * t[3]);
        ++*counted;
        *ratio = r;
        if (r <= SLOWER)
            return 0;
        slower++;
    }
    return slower == DECIDING ? 1 : -1;
}

/* The plain pick for the call: where the CPU's row decides and the work
 * repeats in a cycle the predictor holds, the row's kernel for repeating
 * work, else its first guess for the call's shape. */
static const char *plain_pick(call c, bool repeating)
{
    uint64_t plan = seebatch_plan_in_use();
    unsigned shape = seebatch_shape_index(c == VALUES ? CALL_VALUES : CALL_THRESHOLD,
                                          BOARDS_IN_ORDER, c == PINS_GIVEN, true);
    unsigned kernel = repeating && seebatch_plan_row_decides(plan)
                          ? seebatch_plan_cycle_kernel(plan, shape)
                          : seebatch_plan_kernel(plan, shape);
    return seebatch_choice_kernel_names[kernel];
}

/* A cell: 1 passed, 0 failed, -1 undecided. */
static int check_cell(bench_job *job, call c, const char *cell, bool repeating)
{
    const char *plain = plain_pick(c, repeating);
    int outcome = 1;
    for (unsigned start = 0; start < FRESH_STARTS && outcome == 1; start++) {
        const char *kept = fresh_job(job, c);
        if (strcmp(kept, plain) == 0)
            continue;
        double ratio = 0;
        unsigned counted = 0;
        int slower = judged_slower(job, plain, kept, &ratio, &counted);
        printf("  %s, %s: a fresh job kept %s, the plain pick %s: %s", cell, call_words[c], kept,
               plain,
               slower > 0 ? "slower by more than a tenth"
               : slower   ? "undecided"
                          : "not slower");
        if (counted)
            printf(" (%.3f times its job, the last of %u rounds counted)\n", ratio, counted);
        else
            printf(" (none of %d rounds counted: each preempted, or the plain pick's second job "
                   "over %.0f%% from its first)\n",
                   MOST_ROUNDS, NOISE * 100);
        CHECK(slower <= 0, "%s, %s: a fresh job kept %s, %.3f times the plain pick %s's job", cell,
              call_words[c], kept, ratio, plain);
        outcome = slower > 0 ? 0 : slower < 0 ? -1 : 1;
    }
    use("auto");
    return outcome;
}

int main(void)
{
    if (TIMINGS_MEAN_NOTHING) {
        printf("test_auto_fresh_job: a sanitizer's or the emulated AVX-512 build's timings are no "
               "CPU's: skipped\n");
        return 77;
    }
    static sample_positions p;
    sample_positions_load(&p);
    static int32_t values[SEEBATCH_MAX_MOVES * 8192];
    static uint8_t passed[SEEBATCH_MAX_MOVES * 8192];
    seebatch_config config = seebatch_config_stockfish();
    seebatch_rules rules;
    seebatch_rules_init(&rules, &config, NULL);
    size_t cycled = 0;
    while (cycled < p.count && p.board_of_move[cycled] < CYCLED)
        cycled++;
    const size_t counts[2] = {cycled, p.count};
    const char *const cells[2] = {"the first 1000 positions cycled",
                                  "the whole sample cycled (no cycle a predictor holds)"};
    unsigned undecided = 0;
    for (unsigned r = 0; r < 2; r++)
        for (call c = VALUES; c < CALLS; c++) {
            seebatch_batch all = {p.boards,        p.board_count, c == PINS_GIVEN ? p.pins : NULL,
                                  p.board_of_move, p.moves,       counts[r]};
            bench_job job = {&rules, all, c == VALUES, values, passed};
            undecided += check_cell(&job, c, cells[r], r == 0) < 0;
        }
    sample_positions_release(&p);
    int status = check_finish("test_auto_fresh_job");
    if (status == 0 && undecided) {
        printf("test_auto_fresh_job: %u cells undecided (this machine too noisy): skipped\n",
               undecided);
        return 77;
    }
    return status;
}
