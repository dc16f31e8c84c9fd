/*
 * The SEE entry points from many threads at once (run under ThreadSanitizer
 * by tests/run_all.sh, where a data race fails the test):
 *
 *   - the first choice of the backend: threads released together make the
 *     library's very first SEE calls, each through a different entry point,
 *     so the dispatch's atomic is raced for. A process chooses only once, so
 *     the test runs itself again as a child for each SEEBATCH_BACKEND value
 *     (unset, every runnable backend, and an unknown name, which must fall
 *     back to scalar with nothing on stderr: the library never prints);
 *   - seebatch_backend_set (every backend, "fixed" and "auto", whose
 *     learners the workers' long calls race on), _init and _name called
 *     over and over while other
 *     threads evaluate.
 * Every result is compared with the reference kernel, called directly so the
 * comparison never touches the dispatch.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "auto/dispatch.h"
#include "auto/implementations.h"
#include "check.h"
#include "see_calls.h"
#include "self_child.h"
#include "kernel.h"
#include "workload.h"

enum { RACERS = 8, WORKERS = 4, SWITCHERS = 2, ROUNDS = 40, SWITCHES_WHILE_WORKING = 64 };

/* The cases and their reference answers; read-only once built. */
static workload work;
static int32_t expected_values[WORKLOAD_BOARDS][SEEBATCH_MAX_MOVES];
static int32_t expected_pool[WORKLOAD_POOL];
/* Each board's moves that seebatch_check accepts (their pieces can make
 * them), for the checked calls, and their reference answers. */
static seebatch_move checkable[WORKLOAD_BOARDS][SEEBATCH_MAX_MOVES];
static int32_t checkable_values[WORKLOAD_BOARDS][SEEBATCH_MAX_MOVES];
static size_t checkable_counts[WORKLOAD_BOARDS];
static seebatch_config config;
static seebatch_rules rules; /* config prepared, for the reference kernel */

static void build_workload(void)
{
    workload_build(&work, 17);
    config = seebatch_config_classic();
    config.flags = SEEBATCH_PINS | SEEBATCH_PROMOTIONS;
    seebatch_rules_init(&rules, &config, NULL);
    for (size_t b = 0; b < WORKLOAD_BOARDS; b++) {
        see_batch batch = {&work.boards[b], NULL, work.moves[b], work.counts[b], &rules, NULL};
        seebatch_reference_backend.values(&batch, expected_values[b]);
        for (size_t i = 0; i < work.counts[b]; i++) {
            seebatch_move move = work.moves[b][i];
            if (possible_moves_only(&work.boards[b], &move, 1) == 1) {
                checkable_values[b][checkable_counts[b]] = expected_values[b][i];
                checkable[b][checkable_counts[b]++] = move;
            }
        }
    }
    see_batch pool = {work.boards, work.board_of_move, work.pool, work.pool_count, &rules, NULL};
    seebatch_reference_backend.values(&pool, expected_pool);
}

/* One pass through every entry point on board b (and the whole pool for
 * the mixed-board ones); returns the answers that differ from the reference. */
static unsigned long evaluate_all(size_t b, unsigned entry_point)
{
    const seebatch_board *board = &work.boards[b];
    const seebatch_move *moves = work.moves[b];
    const int32_t *expected = expected_values[b];
    size_t count = work.counts[b];
    int32_t values[WORKLOAD_POOL];
    uint8_t passed[WORKLOAD_POOL];
    unsigned long wrong = 0;
    switch (entry_point % 7) {
    case 0:
        values_under(&config, &(seebatch_batch){board, 1, NULL, NULL, moves, count}, values);
        for (size_t i = 0; i < count; i++)
            wrong += values[i] != expected[i];
        break;
    case 1:
        values_ge_under(&config, &(seebatch_batch){board, 1, NULL, NULL, moves, count}, 0, passed);
        for (size_t i = 0; i < count; i++)
            wrong += passed[i] != (expected[i] >= 0);
        break;
    case 2:
        for (size_t i = 0; i < count; i++)
            wrong += value_under(&config, board, moves[i]) != expected[i];
        break;
    case 3:
        for (size_t i = 0; i < count; i++)
            wrong += value_ge_under(&config, board, moves[i], expected[i]) != true;
        break;
    case 4:
        values_under(&config,
                     &(seebatch_batch){work.boards, WORKLOAD_BOARDS, NULL, work.board_of_move,
                                       work.pool, work.pool_count},
                     values);
        for (size_t i = 0; i < work.pool_count; i++)
            wrong += values[i] != expected_pool[i];
        break;
    case 5:
        values_ge_under(&config,
                        &(seebatch_batch){work.boards, WORKLOAD_BOARDS, NULL, work.board_of_move,
                                          work.pool, work.pool_count},
                        1, passed);
        for (size_t i = 0; i < work.pool_count; i++)
            wrong += passed[i] != (expected_pool[i] >= 1);
        break;
    default:
        if (checked_values_under(
                &config, &(seebatch_batch){board, 1, NULL, NULL, checkable[b], checkable_counts[b]},
                values, NULL) != SEEBATCH_OK)
            return count + 1;
        for (size_t i = 0; i < checkable_counts[b]; i++)
            wrong += values[i] != checkable_values[b][i];
        break;
    }
    return wrong;
}

/* ---- the first choice of the backend, in a child process ---- */

typedef struct racer {
    pthread_barrier_t *start;
    unsigned index;
    unsigned long wrong;
    const char *backend; /* the name it saw in use afterwards */
} racer;

static void *race(void *argument)
{
    racer *r = argument;
    pthread_barrier_wait(r->start);
    for (size_t b = 0; b < WORKLOAD_BOARDS; b++)
        r->wrong += evaluate_all(b, r->index + (unsigned)b);
    r->backend = seebatch_current_backend()->name;
    return NULL;
}

/* The child's whole work: the race, then the name every racer saw. */
static int first_choice(const char *expected_backend)
{
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, RACERS);
    pthread_t threads[RACERS];
    racer racers[RACERS];
    for (unsigned t = 0; t < RACERS; t++) {
        racers[t] = (racer){&start, t, 0, NULL};
        pthread_create(&threads[t], NULL, race, &racers[t]);
    }
    for (unsigned t = 0; t < RACERS; t++)
        pthread_join(threads[t], NULL);
    pthread_barrier_destroy(&start);
    for (unsigned t = 0; t < RACERS; t++) {
        CHECK_EQ(racers[t].wrong, 0, "racer %u: answers differ from the reference", t);
        CHECK(strcmp(racers[t].backend, expected_backend) == 0, "racer %u saw %s, expected %s", t,
              racers[t].backend, expected_backend);
    }
    return check_finish("test_threads (first choice)");
}

/* Runs this program as a child with SEEBATCH_BACKEND set to `backend` (NULL:
 * unset); returns its exit status and the lines of its stderr naming
 * SEEBATCH_BACKEND. */
static int run_child(const char *backend, const char *expected, int *warnings)
{
    const char *arguments[] = {"--first-choice", expected, NULL};
    return run_self_child("SEEBATCH_BACKEND", backend, arguments, "SEEBATCH_BACKEND", warnings);
}

static void first_choice_in_children(void)
{
    const char *names[8];
    size_t count = seebatch_backends_available(names, 8);
    seebatch_cpu cpu = seebatch_cpu_read();
    const char *automatic = seebatch_backend_auto(&cpu).backend;
    int warnings;
    CHECK_EQ(run_child(NULL, automatic, &warnings), 0,
             "SEEBATCH_BACKEND unset: the measured table's choice, %s", automatic);
    CHECK_EQ(warnings, 0, "no warning without SEEBATCH_BACKEND");
    CHECK_EQ(run_child("auto", automatic, &warnings), 0, "SEEBATCH_BACKEND=auto");
    for (size_t i = 0; i < count; i++) {
        CHECK_EQ(run_child(names[i], names[i], &warnings), 0, "SEEBATCH_BACKEND=%s", names[i]);
        CHECK_EQ(warnings, 0, "no warning for SEEBATCH_BACKEND=%s", names[i]);
    }
    CHECK_EQ(run_child("no-such-backend", "scalar", &warnings), 0, "unknown backend: scalar");
    /* The library never prints: seebatch_backend_init is where a caller
     * learns of the error (issue 36). */
    CHECK_EQ(warnings, 0, "the library printed about an unknown SEEBATCH_BACKEND");
}

/* ---- switching backends during evaluation ---- */

typedef struct shared_run {
    atomic_int workers_left;
    atomic_ulong switches; /* made so far, by every switcher */
    const char *names[8];
    size_t name_count;
} shared_run;

typedef struct worker {
    shared_run *run;
    unsigned index;
    unsigned long wrong, evaluations;
} worker;

/* More rounds while the switchers have not switched SWITCHES_WHILE_WORKING
 * times: on a slow start (wine, a loaded machine) the workers could end
 * before a switcher ran at all. Bounded, so that switchers that never
 * switch fail the check below rather than hang the test. */
static bool more_rounds(const worker *w, int round)
{
    if (round < scaled(ROUNDS))
        return true;
    return round < 50 * ROUNDS && atomic_load(&w->run->switches) < SWITCHES_WHILE_WORKING;
}

static void *evaluate_rounds(void *argument)
{
    worker *w = argument;
    for (int round = 0; more_rounds(w, round); round++)
        for (size_t b = 0; b < WORKLOAD_BOARDS; b++, w->evaluations++)
            w->wrong += evaluate_all(b, w->index + (unsigned)(round + b));
    atomic_fetch_sub(&w->run->workers_left, 1);
    return NULL;
}

static void *switch_backends(void *argument)
{
    worker *w = argument;
    shared_run *run = w->run;
    for (size_t i = w->index; atomic_load(&run->workers_left) > 0; i++, w->evaluations++) {
        /* Every backend, then "fixed" and "auto": auto learns afresh while
         * the workers' calls race on its learners. */
        size_t choice = i % (run->name_count + 2);
        const char *name = choice < run->name_count    ? run->names[choice]
                           : choice == run->name_count ? "fixed"
                                                       : "auto";
        w->wrong += seebatch_backend_set(name, NULL) != SEEBATCH_OK;
        w->wrong += seebatch_backend_init(NULL) != SEEBATCH_OK;
        atomic_fetch_add(&run->switches, 1);
        const char *in_use = seebatch_current_backend()->name;
        bool known = false;
        for (size_t k = 0; k < run->name_count; k++)
            known = known || strcmp(in_use, run->names[k]) == 0;
        w->wrong += !known;
    }
    return NULL;
}

static void switching_during_evaluation(void)
{
    shared_run run;
    run.name_count = seebatch_backends_available(run.names, 8);
    atomic_init(&run.workers_left, WORKERS);
    atomic_init(&run.switches, 0);
    pthread_t threads[WORKERS + SWITCHERS];
    worker workers[WORKERS + SWITCHERS];
    for (unsigned t = 0; t < WORKERS + SWITCHERS; t++) {
        workers[t] = (worker){&run, t, 0, 0};
        pthread_create(&threads[t], NULL, t < WORKERS ? evaluate_rounds : switch_backends,
                       &workers[t]);
    }
    for (unsigned t = 0; t < WORKERS + SWITCHERS; t++)
        pthread_join(threads[t], NULL);
    unsigned long switches = 0;
    for (unsigned t = 0; t < WORKERS + SWITCHERS; t++) {
        CHECK_EQ(workers[t].wrong, 0, "%s %u", t < WORKERS ? "worker" : "switcher", t);
        if (t >= WORKERS)
            switches += workers[t].evaluations;
    }
    CHECK(switches >= SWITCHES_WHILE_WORKING, "the switchers made %lu switches", switches);
    printf("switching: %u workers, %lu backend switches among %zu backends\n", WORKERS, switches,
           run.name_count);
}

int main(int argc, char **argv)
{
    build_workload();
    if (argc == 3 && strcmp(argv[1], "--first-choice") == 0)
        return first_choice(argv[2]);
    first_choice_in_children();
    switching_during_evaluation();
    return check_finish("test_threads");
}
