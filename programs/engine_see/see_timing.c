/* What seebatch time measures (see_timing.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "see_timing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *const timing_regime_names[TIMING_REGIMES] = {"1,000 cycled", "10,000 cycled",
                                                         "streamed"};

size_t timing_regime_positions(int regime, size_t position_count)
{
    size_t cycled = regime == 0 ? 1000 : regime == 1 ? 10000 : position_count;
    return cycled < position_count ? cycled : position_count;
}

/* The FENs' text: each written by seebatch, NUL-terminated, one after
 * another; fens[p] into it. */
static bool write_fens(timing_questions *q)
{
    q->text = malloc(q->position_count * SEEBATCH_FEN_MAX + 1);
    q->fens = malloc((q->position_count + 1) * sizeof *q->fens);
    if (!q->text || !q->fens)
        return false;
    size_t used = 0;
    for (size_t p = 0; p < q->position_count; p++) {
        q->fens[p] = q->text + used;
        used += seebatch_board_to_fen(&q->boards[p], q->fens[p], SEEBATCH_FEN_MAX) + 1;
    }
    return true;
}

/* Room for the boards with a capture among count, and their captures. */
static bool make_room(timing_questions *q, const seebatch_board *boards, size_t count)
{
    memset(q, 0, sizeof *q);
    seebatch_move found[SEEBATCH_MAX_MOVES];
    size_t captures = 0;
    for (size_t b = 0; b < count; b++)
        captures += seebatch_generate_captures(&boards[b], found);
    q->boards = malloc((count + 1) * sizeof *q->boards);
    q->first = malloc((count + 1) * sizeof *q->first);
    q->captures = malloc((captures + 1) * sizeof *q->captures);
    q->moves = malloc((captures + 1) * sizeof *q->moves);
    return q->boards && q->first && q->captures && q->moves;
}

bool timing_questions_make(const seebatch_board *boards, size_t count, timing_questions *q)
{
    if (!make_room(q, boards, count)) {
        timing_questions_free(q);
        return false;
    }
    seebatch_move found[SEEBATCH_MAX_MOVES];
    for (size_t b = 0; b < count; b++) {
        size_t n = seebatch_generate_captures(&boards[b], found);
        if (n == 0)
            continue;
        q->boards[q->position_count] = boards[b];
        q->first[q->position_count++] = q->capture_count;
        for (size_t i = 0; i < n; i++) {
            q->captures[q->capture_count] = found[i];
            seebatch_move_to_uci(found[i], q->moves[q->capture_count++]);
        }
    }
    q->first[q->position_count] = q->capture_count;
    if (!write_fens(q)) {
        timing_questions_free(q);
        return false;
    }
    return true;
}

void timing_questions_free(timing_questions *q)
{
    free(q->boards);
    free(q->fens);
    free(q->first);
    free(q->captures);
    free(q->moves);
    free(q->text);
    memset(q, 0, sizeof *q);
}

/* ------------------------------------------------------------------------ */
/* Setting up                                                               */
/* ------------------------------------------------------------------------ */

/* Position p and its moves in the SEE's terms. */
static bool set_up_position(timing_entrant *e, const timing_questions *q, size_t p, char *why,
                            size_t why_size)
{
    const timed_see *see = e->see;
    e->positions[p] = see->position(see->context, q->fens[p]);
    if (!e->positions[p]) {
        snprintf(why, why_size, "%s refused the position %s", see->name, q->fens[p]);
        return false;
    }
    for (size_t i = q->first[p]; i < q->first[p + 1]; i++)
        if (see->move(see->context, e->positions[p], q->moves[i], &e->moves[i]) != 0) {
            snprintf(why, why_size, "%s refused the move %s of %s", see->name, q->moves[i],
                     q->fens[p]);
            return false;
        }
    return true;
}

bool timing_set_up(timing_entrant *entrant, const timed_see *see, const timing_questions *q,
                   const int32_t *thresholds, char *why, size_t why_size)
{
    entrant->see = see;
    entrant->thresholds = thresholds;
    entrant->positions = calloc(q->position_count + 1, sizeof *entrant->positions);
    entrant->moves = calloc(q->capture_count + 1, sizeof *entrant->moves);
    bool set = entrant->positions && entrant->moves;
    if (!set)
        snprintf(why, why_size, "out of memory setting %s up", see->name);
    for (size_t p = 0; set && p < q->position_count; p++)
        set = set_up_position(entrant, q, p, why, why_size);
    if (!set)
        timing_take_down(entrant, q);
    return set;
}

void timing_take_down(timing_entrant *entrant, const timing_questions *q)
{
    for (size_t p = 0; entrant->positions && p < q->position_count; p++)
        if (entrant->positions[p])
            entrant->see->position_free(entrant->see->context, entrant->positions[p]);
    free(entrant->positions);
    free(entrant->moves);
    entrant->positions = NULL;
    entrant->moves = NULL;
}

/* ------------------------------------------------------------------------ */
/* Timing                                                                   */
/* ------------------------------------------------------------------------ */

/* CPU time of this thread, in seconds. */
static double thread_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

/* One pass over positions 0 .. positions - 1, a see_ge call for each
 * capture: the sum of the answers. */
static long pass(const timing_entrant *e, const timing_questions *q, size_t positions)
{
    int (*see_ge)(void *, uint32_t, int32_t) = e->see->see_ge;
    long sum = 0;
    for (size_t p = 0; p < positions; p++) {
        void *position = e->positions[p];
        for (size_t i = q->first[p]; i < q->first[p + 1]; i++)
            sum += see_ge(position, e->moves[i], e->thresholds[i]);
    }
    return sum;
}

/* ns a call over passes of at least plan->sample_seconds. */
static double sample(const timing_entrant *e, const timing_questions *q, const timing_plan *plan,
                     long *sum)
{
    size_t positions = timing_regime_positions(plan->regime, q->position_count);
    double start = thread_seconds(), elapsed = 0;
    uint64_t calls = 0;
    while (elapsed < plan->sample_seconds || calls == 0) {
        *sum += pass(e, q, positions);
        calls += q->first[positions];
        elapsed = thread_seconds() - start;
    }
    return elapsed * 1e9 / (double)calls;
}

long timing_run(const timing_entrant *entrants, size_t count, const timing_questions *q,
                const timing_plan *plan, double *ns)
{
    long sum = 0;
    for (int r = 0; r < plan->rounds; r++)
        for (size_t e = 0; e < count; e++)
            ns[e * (size_t)plan->rounds + (size_t)r] = sample(&entrants[e], q, plan, &sum);
    return sum;
}

long timing_calls(const timing_entrant *entrant, const timing_questions *q, int regime,
                  uint64_t calls)
{
    size_t positions = timing_regime_positions(regime, q->position_count);
    size_t per_pass = q->first[positions];
    long sum = 0;
    for (; calls >= per_pass && per_pass > 0; calls -= per_pass)
        sum += pass(entrant, q, positions);
    int (*see_ge)(void *, uint32_t, int32_t) = entrant->see->see_ge;
    for (size_t p = 0; calls > 0 && p < positions; p++)
        for (size_t i = q->first[p]; calls > 0 && i < q->first[p + 1]; i++, calls--)
            sum += see_ge(entrant->positions[p], entrant->moves[i], entrant->thresholds[i]);
    return sum;
}

size_t timing_differences(const timing_entrant *a, const timing_entrant *b,
                          const timing_questions *q)
{
    size_t differ = 0;
    for (size_t p = 0; p < q->position_count; p++)
        for (size_t i = q->first[p]; i < q->first[p + 1]; i++)
            differ += !a->see->see_ge(a->positions[p], a->moves[i], a->thresholds[i]) !=
                      !b->see->see_ge(b->positions[p], b->moves[i], b->thresholds[i]);
    return differ;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double timing_median(double *values, size_t count)
{
    qsort(values, count, sizeof *values, compare_doubles);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}
