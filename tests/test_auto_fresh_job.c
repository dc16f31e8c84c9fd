/*
 * A fresh job on this machine keeps no backend slower than the plain pick
 * (the plan's first guess for the call's shape: the CPU's row, else the
 * widest backend it runs) by more than a tenth. For each cell (the
 * sample's first 1,000 positions cycled, and all of its 4,000, too long a
 * cycle for auto to see; values,
 * thresholds, thresholds with pins given; jobs of 10^5 captures, 256 moves
 * a call, many boards in board order, as bench/auto_starts.cpp runs them)
 * auto starts afresh FRESH_STARTS times; where it keeps another backend
 * than the plain pick, the two are timed, forced, each job started cold:
 * the plain pick twice and the kept one twice, alternating, a round. The
 * machine is shared and loaded, so a round counts only where the plain
 * pick's own second job lands within NOISE of its first and no job was
 * preempted (the yardstick: what the machine's noise alone gives); the
 * cell fails where DECIDING rounds that count all find the kept one slower
 * by more than a tenth, passes on the first that does not, and where too
 * few rounds count in MOST_ROUNDS, nothing is decided here: exit 77 (as
 * under a sanitizer or the emulated AVX-512 build, whose timings are no
 * CPU's). Nothing is asserted of a speed otherwise: auto's speed is the
 * benchmark's to show (bench/auto_starts.sh).
 */
#define _GNU_SOURCE /* RUSAGE_THREAD */
#include <stdio.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/resource.h>
#endif

#include "auto/dispatch.h"
#include "check.h"
#include "sample_positions.h"

enum {
    CALL_MOVES = 256,
    JOB_CAPTURES = 100000,
    CYCLED = 1000, /* positions */
    FRESH_STARTS = 5,
    DECIDING = 3,
    MOST_ROUNDS = 12
};
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

typedef struct job {
    const sample_positions *p;
    size_t count; /* the captures cycled over */
    call call;
    seebatch_rules rules;
    int32_t values[CALL_MOVES];
    uint8_t passed[CALL_MOVES];
} job;

static double thread_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

/* Involuntary context switches of this thread so far (0 where not counted). */
static long switches(void)
{
#if defined(__linux__) && defined(RUSAGE_THREAD)
    struct rusage usage;
    if (getrusage(RUSAGE_THREAD, &usage) == 0)
        return usage.ru_nivcsw;
#endif
    return 0;
}

/* Other data through the caches and other branches through the predictor,
 * as a user's new job meets the machine (bench/auto_choice.c's cold start). */
static volatile long cold_sink;
static void cold_start(void)
{
    static unsigned char lines[2 << 20];
    long sum = 0;
    for (size_t i = 0; i < sizeof lines; i += 64)
        sum += ++lines[i];
    uint64_t x = 0x9E3779B97F4A7C15u;
    for (long i = 0; i < 1 << 18; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        if (x & 1)
            sum += (long)(x >> 3 & 7);
    }
    cold_sink = cold_sink + sum;
}

/* The job under the backend set now: its thread's seconds, and whether
 * another process preempted it. */
static double run_job(job *j, bool *preempted)
{
    seebatch_batch all = {j->p->boards, j->p->board_count, j->call == PINS_GIVEN ? j->p->pins : NULL,
                          j->p->board_of_move, j->p->moves, j->count};
    long before = switches();
    double start = thread_seconds();
    for (size_t done = 0, at = 0; done < JOB_CAPTURES;) {
        size_t n = j->count - at < CALL_MOVES ? j->count - at : CALL_MOVES;
        seebatch_batch batch = all;
        batch.board_of_move += at;
        batch.moves += at;
        batch.count = n;
        if (j->call == VALUES)
            seebatch_values(&j->rules, &batch, j->values);
        else
            seebatch_values_ge(&j->rules, &batch, 0, NULL, j->passed);
        done += n;
        at = at + n >= j->count ? 0 : at + n;
    }
    double seconds = thread_seconds() - start;
    *preempted = *preempted || switches() != before;
    return seconds;
}

static void use(const char *backend)
{
    seebatch_error error;
    CHECK_EQ(seebatch_backend_set(backend, &error), SEEBATCH_OK, "%s: %s", backend, error.message);
}

static unsigned shape_of(call c)
{
    return seebatch_shape_index(c == VALUES ? CALL_VALUES : CALL_THRESHOLD, BOARDS_IN_ORDER,
                                c == PINS_GIVEN, true);
}

/* A fresh job under auto: the backend it kept. */
static const char *fresh_job(job *j)
{
    static seebatch_auto_shape shapes[SEEBATCH_CALL_SHAPES];
    bool preempted = false;
    cold_start();
    use("auto");
    run_job(j, &preempted);
    seebatch_auto_report(shapes, SEEBATCH_CALL_SHAPES);
    return shapes[shape_of(j->call)].kept;
}

/* One round: the plain pick and the kept one, each twice, alternating.
 * -1: it does not count (noisy, preempted); else the kept one's time over
 * the plain pick's. */
static double round_ratio(job *j, const char *plain, const char *kept)
{
    double t[4];
    bool preempted = false;
    for (int i = 0; i < 4; i++) {
        cold_start();
        use(i % 2 ? kept : plain);
        t[i] = run_job(j, &preempted);
    }
    double noise = t[2] / t[0] - 1;
    if (preempted || noise > NOISE || noise < -NOISE)
        return -1;
    return (t[1] + t[3]) / (t[0] + t[2]);
}

/* 1: kept is slower by more than SLOWER in DECIDING rounds that count; 0:
 * a round found it not; -1: too few rounds counted. */
static int judged_slower(job *j, const char *plain, const char *kept, double *ratio)
{
    unsigned slower = 0;
    for (unsigned round = 0; round < MOST_ROUNDS && slower < DECIDING; round++) {
        double r = round_ratio(j, plain, kept);
        if (r < 0)
            continue;
        *ratio = r;
        if (r <= SLOWER)
            return 0;
        slower++;
    }
    return slower == DECIDING ? 1 : -1;
}

/* A cell: 1 passed, 0 failed, -1 undecided. */
static int check_cell(job *j, const char *cell)
{
    const char *plain =
        seebatch_choice_kernel_names[seebatch_plan_kernel(seebatch_plan_in_use(), shape_of(j->call))];
    int outcome = 1;
    for (unsigned start = 0; start < FRESH_STARTS && outcome == 1; start++) {
        const char *kept = fresh_job(j);
        if (strcmp(kept, plain) == 0)
            continue;
        double ratio = 0;
        int slower = judged_slower(j, plain, kept, &ratio);
        printf("  %s, %s: a fresh job kept %s, the plain pick %s: %s (%.3f)\n", cell,
               call_words[j->call], kept, plain,
               slower > 0 ? "slower by more than a tenth" : slower ? "undecided" : "not slower",
               ratio);
        CHECK(slower <= 0, "%s, %s: a fresh job kept %s, %.3f times the plain pick %s's job",
              cell, call_words[j->call], kept, ratio, plain);
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
    static job j;
    j.p = &p;
    seebatch_config config = seebatch_config_stockfish();
    seebatch_rules_init(&j.rules, &config, NULL);
    unsigned undecided = 0;
    size_t cycled = 0;
    while (cycled < p.count && p.board_of_move[cycled] < CYCLED)
        cycled++;
    const size_t counts[2] = {cycled, p.count};
    const char *const cells[2] = {"the first 1000 positions cycled",
                                  "the whole sample cycled (no cycle a predictor holds)"};
    for (unsigned c = 0; c < 2; c++)
        for (call k = VALUES; k < CALLS; k++) {
            j.count = counts[c];
            j.call = k;
            undecided += check_cell(&j, cells[c]) < 0;
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
