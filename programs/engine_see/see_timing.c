/* What seebatch time measures (see_timing.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "see_timing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "see_system.h"
#include "see_text.h"

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
/* The guard                                                                */
/* ------------------------------------------------------------------------ */

/* Question `number` (counted on over passes) of the entrant that is the
 * source, for the guard's line: " on question N: FEN;move;threshold".
 * Called by a crash handler: it calls no library function. */
static void describe_question(const void *source, uint64_t number, char *out, size_t size,
                              size_t *used)
{
    const timing_entrant *e = source;
    const timing_questions *q = e->q;
    size_t i = (size_t)((number - 1) % q->capture_count), low = 0, high = q->position_count;
    while (high - low > 1) { /* the position p with first[p] <= i < first[p + 1] */
        size_t middle = low + (high - low) / 2;
        *(q->first[middle] <= i ? &low : &high) = middle;
    }
    see_question question = {q->fens[low], {0}, e->thresholds[i]};
    memcpy(question.move, q->moves[i], sizeof question.move);
    char line[SEE_TEXT_FEN_MAX + 32];
    size_t length = see_text_question(line, sizeof line - 1, &question, SEE_ASK_THRESHOLDS);
    line[length] = '\0';
    see_text_append(out, size, used, " on question ");
    see_text_append_number(out, size, used, (int64_t)i + 1);
    see_text_append(out, size, used, ": ");
    see_text_append(out, size, used, line);
}

/* The guard's line names `call` and, by its number, a question of e's. */
static void aim(see_guarded *guard, timing_entrant *e, const char *call)
{
    guard->call = call;
    guard->describe = describe_question;
    guard->source = e;
}

/* The guard as the plug-in's own asking leaves it: no question, no call. */
static void unaim(see_guarded *guard)
{
    see_guard_question(guard, 0);
    guard->describe = NULL;
    guard->call = NULL;
}

/* Calls into the entrant's plug-in from here on are `call`, guarded. */
static void guard_enter(timing_entrant *e, const char *call)
{
    if (e->see->guard) {
        aim(e->see->guard, e, call);
        see_guard_question(e->see->guard, 0);
        see_guard_enter(e->see->guard);
    }
}

static void guard_leave(timing_entrant *e)
{
    if (e->see->guard) {
        see_guard_leave();
        unaim(e->see->guard);
    }
}

/* Where the entrant's calls store the number of the question asked. */
static _Atomic uint64_t *asked_number(timing_entrant *e)
{
    return e->see->guard ? &e->see->guard->number : &e->unguarded;
}

void timing_failure_line(timing_entrant *entrant, char *line, size_t size)
{
    char what[96] = "answered ";
    size_t used = strlen(what);
    see_text_append_number(what, sizeof what, &used, entrant->bad_answer);
    see_text_append(what, sizeof what, &used, " (seebatch_plugin_see_ge must give 0 or 1)");
    see_guarded unguarded = {entrant->see->name, NULL, NULL, 0, SEE_ASK_THRESHOLDS, 0, 0,
                             NULL,               NULL};
    see_guarded *guard = entrant->see->guard ? entrant->see->guard : &unguarded;
    aim(guard, entrant, "seebatch_plugin_see_ge");
    see_guard_question(guard, entrant->bad_number);
    see_text_guard_line(line, size, guard, what);
    unaim(guard);
}

/* ------------------------------------------------------------------------ */
/* Setting up                                                               */
/* ------------------------------------------------------------------------ */

/* The call about to be made into the entrant's plug-in, on question
 * `number`, for the guard. */
static void mark(timing_entrant *e, const char *call, uint64_t number)
{
    see_guarded *guard = e->see->guard;
    if (guard) {
        guard->call = call;
        see_guard_question(guard, number);
    }
}

/* Position p and its moves in the SEE's terms. */
static bool set_up_position(timing_entrant *e, size_t p, char *why, size_t why_size)
{
    const timed_see *see = e->see;
    const timing_questions *q = e->q;
    mark(e, "seebatch_plugin_position", q->first[p] + 1);
    e->positions[p] = see->position(see->context, q->fens[p]);
    if (!e->positions[p]) {
        snprintf(why, why_size, "%s refused the position %s", see->name, q->fens[p]);
        return false;
    }
    for (size_t i = q->first[p]; i < q->first[p + 1]; i++) {
        mark(e, "seebatch_plugin_move", i + 1);
        if (see->move(see->context, e->positions[p], q->moves[i], &e->moves[i]) != 0) {
            snprintf(why, why_size, "%s refused the move %s of %s", see->name, q->moves[i],
                     q->fens[p]);
            return false;
        }
    }
    return true;
}

bool timing_set_up(timing_entrant *entrant, const timed_see *see, const timing_questions *q,
                   const int32_t *thresholds, char *why, size_t why_size)
{
    memset(entrant, 0, sizeof *entrant);
    entrant->see = see;
    entrant->q = q;
    entrant->thresholds = thresholds;
    entrant->positions = calloc(q->position_count + 1, sizeof *entrant->positions);
    entrant->moves = calloc(q->capture_count + 1, sizeof *entrant->moves);
    bool set = entrant->positions && entrant->moves;
    if (!set)
        snprintf(why, why_size, "out of memory setting %s up", see->name);
    guard_enter(entrant, NULL);
    for (size_t p = 0; set && p < q->position_count; p++)
        set = set_up_position(entrant, p, why, why_size);
    guard_leave(entrant);
    if (!set)
        timing_take_down(entrant, q);
    return set;
}

void timing_take_down(timing_entrant *entrant, const timing_questions *q)
{
    guard_enter(entrant, NULL);
    for (size_t p = 0; entrant->positions && p < q->position_count; p++)
        if (entrant->positions[p]) {
            mark(entrant, "seebatch_plugin_position_free", q->first[p] + 1);
            entrant->see->position_free(entrant->see->context, entrant->positions[p]);
        }
    guard_leave(entrant);
    free(entrant->positions);
    free(entrant->moves);
    entrant->positions = NULL;
    entrant->moves = NULL;
}

/* ------------------------------------------------------------------------ */
/* Asking                                                                   */
/* ------------------------------------------------------------------------ */

/* CPU time of this thread, in seconds. */
static double thread_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

/* One pass over questions 0 .. questions - 1 (in the guard, entered by
 * the caller), a see_ge call for each, its number stored first: the sum of
 * the answers added to *sum, each kept in answers[i] unless NULL; false at
 * the first answer other than 0 or 1. Inline, so that the timed pass
 * (answers NULL) keeps no trace of answers. */
static inline bool ask_pass(timing_entrant *e, size_t questions, uint8_t *answers, long *sum)
{
    const timing_questions *q = e->q;
    int (*see_ge)(void *, uint32_t, int32_t) = e->see->see_ge;
    void *const *positions = e->positions;
    const uint32_t *moves = e->moves;
    const int32_t *thresholds = e->thresholds;
    _Atomic uint64_t *number = asked_number(e);
    uint64_t first = e->passes++ * q->capture_count + 1;
    long answered = 0;
    for (size_t p = 0; q->first[p] < questions; p++) {
        size_t end = q->first[p + 1] < questions ? q->first[p + 1] : questions;
        void *position = positions[p];
        for (size_t i = q->first[p]; i < end; i++) {
            atomic_store_explicit(number, first + i, memory_order_relaxed);
            int answer = see_ge(position, moves[i], thresholds[i]);
            if ((unsigned)answer > 1) {
                e->bad_number = first + i;
                e->bad_answer = answer;
                return false;
            }
            answered += answer;
            if (answers)
                answers[i] = (uint8_t)answer;
        }
    }
    *sum += answered;
    return true;
}

/* ns a call over passes of at least plan->sample_seconds, into *ns. */
static bool sample(timing_entrant *e, const timing_plan *plan, double *ns, long *sum)
{
    const timing_questions *q = e->q;
    size_t questions = q->first[timing_regime_positions(plan->regime, q->position_count)];
    guard_enter(e, "seebatch_plugin_see_ge");
    double start = thread_seconds(), elapsed = 0;
    uint64_t calls = 0;
    bool answered = true;
    while (answered && (elapsed < plan->sample_seconds || calls == 0)) {
        answered = ask_pass(e, questions, NULL, sum);
        calls += questions;
        elapsed = thread_seconds() - start;
    }
    guard_leave(e);
    *ns = elapsed * 1e9 / (double)calls;
    return answered;
}

bool timing_run(timing_entrant *entrants, size_t count, const timing_plan *plan, double *ns)
{
    long sum = 0;
    bool answered = true;
    for (int r = 0; r < plan->rounds && answered; r++)
        for (size_t e = 0; e < count && answered; e++)
            answered = sample(&entrants[e], plan, &ns[e * (size_t)plan->rounds + (size_t)r], &sum);
    return answered;
}

bool timing_calls(timing_entrant *entrant, int regime, uint64_t calls, long *sum)
{
    const timing_questions *q = entrant->q;
    size_t per_pass = q->first[timing_regime_positions(regime, q->position_count)];
    bool answered = true;
    guard_enter(entrant, "seebatch_plugin_see_ge");
    for (; answered && calls > 0 && per_pass > 0; calls -= calls < per_pass ? calls : per_pass)
        answered = ask_pass(entrant, calls < per_pass ? (size_t)calls : per_pass, NULL, sum);
    guard_leave(entrant);
    return answered;
}

bool timing_differences(timing_entrant *a, timing_entrant *b, size_t *differ)
{
    size_t count = a->q->capture_count;
    uint8_t *answers = malloc(2 * count + 2);
    long sum = 0;
    *differ = 0;
    timing_entrant *both[2] = {a, b};
    bool answered = answers != NULL;
    for (int k = 0; k < 2 && answered; k++) {
        guard_enter(both[k], "seebatch_plugin_see_ge");
        answered = ask_pass(both[k], count, answers + k * (count + 1), &sum);
        guard_leave(both[k]);
    }
    for (size_t i = 0; answered && i < count; i++)
        *differ += answers[i] != answers[count + 1 + i];
    free(answers);
    return answered;
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
