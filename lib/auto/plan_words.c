/* The plan in words (plan_words.h). */
#include "plan_words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "implementations.h"
#include "learning.h"
#include "plan.h"

enum { LINE_TEXT = 400 };

/* "avx2", or "avx512 from 8 moves, avx2 under 8": a group's kernels for
 * short and long batches, pins the same. */
static void seebatch_lengths_words(unsigned short_kernel, unsigned long_kernel, char *out,
                                   size_t size)
{
    if (short_kernel == long_kernel)
        snprintf(out, size, "%s", seebatch_choice_kernel_names[long_kernel]);
    else
        snprintf(out, size, "%s from %d moves, %s under %d",
                 seebatch_choice_kernel_names[long_kernel], SHORT_BATCH_BELOW,
                 seebatch_choice_kernel_names[short_kernel], SHORT_BATCH_BELOW);
}

/* One group of call shapes (one kind, on one board or many): its first
 * guess and whether auto learns it. */
static void seebatch_group_words(uint64_t plan, call_kind kind, call_boards boards, char *out,
                                 size_t size)
{
    static const char *const where[CALL_BOARDS] = {"on one board", "on many boards in board order",
                                                   "on many boards scattered"};
    unsigned kernel[2][2]; /* [pins given][long batch] */
    for (unsigned given = 0; given < 2; given++)
        for (unsigned length = 0; length < 2; length++)
            kernel[given][length] =
                seebatch_plan_kernel(plan, seebatch_shape_index(kind, boards, given, length));
    char worked_out[80], given[80];
    seebatch_lengths_words(kernel[0][0], kernel[0][1], worked_out, sizeof worked_out);
    seebatch_lengths_words(kernel[1][0], kernel[1][1], given, sizeof given);
    int at = snprintf(out, size, "  %s %s: ", kind == CALL_VALUES ? "values" : "thresholds",
                      where[boards]);
    if (strcmp(worked_out, given) == 0)
        at += snprintf(out + at, size - (size_t)at, "%s", given);
    else
        at += snprintf(out + at, size - (size_t)at, "%s with pins worked out, %s with pins given",
                       worked_out, given);
    unsigned long_shape = seebatch_shape_index(kind, boards, false, true);
    if (seebatch_plan_learning(plan) && seebatch_shape_learns(long_shape))
        snprintf(out + at, size - (size_t)at, ", then learned on calls of %d moves or more",
                 LEARN_FROM_MOVES);
}

/* The first line: how the backend is chosen. */
static void seebatch_setting_words(uint64_t plan, char *out, size_t size)
{
    const char *widest = seebatch_choice_kernel_names[seebatch_plan_widest(plan)];
    uint32_t runnable = seebatch_plan_runnable(plan);
    switch (seebatch_plan_setting(plan)) {
    case SETTING_AUTO:
        if (seebatch_plan_learning(plan) && seebatch_plan_row_decides(plan))
            snprintf(out, size,
                     "backend: auto (learning): each kind of call below starts on its first "
                     "guess; on many boards auto watches calls of %d moves or more for the "
                     "work's regime and serves it as this CPU's measured row says (%s on work "
                     "that repeats every few calls), trying no other backend",
                     LEARN_FROM_MOVES,
                     seebatch_plan_walk_learns_cycles(plan) ? "the scalar walk"
                                                            : "the first guess");
        else if (seebatch_plan_learning(plan))
            snprintf(out, size,
                     "backend: auto (learning): each kind of call below starts on its first "
                     "guess; on many boards auto times calls of %d moves or more on every "
                     "backend this machine runs, in trials that cost a job a few percent at "
                     "most, and serves them by the fastest",
                     LEARN_FROM_MOVES);
        else
            snprintf(out, size,
                     "backend: auto, on %s, the one backend this machine runs (nothing "
                     "to learn)",
                     seebatch_choice_kernel_names[__builtin_ctz(runnable)]);
        return;
    case SETTING_FIXED:
        snprintf(out, size,
                 "backend: fixed: auto's first guess for each kind of call below, "
                 "never learning (timings that repeat)");
        return;
    default: {
        const char *variable = getenv("SEEBATCH_BACKEND");
        bool by_variable = variable && strcmp(variable, widest) == 0;
        snprintf(out, size, "backend: %s (forced%s: every call runs it)", widest,
                 by_variable ? " by SEEBATCH_BACKEND" : "");
    }
    }
}

void seebatch_plan_words(uint64_t plan, plan_line *line, void *context)
{
    char text[LINE_TEXT];
    seebatch_setting_words(plan, text, sizeof text);
    line(context, text);
    plan_setting setting = seebatch_plan_setting(plan);
    uint32_t runnable = seebatch_plan_runnable(plan);
    /* A forced backend, or auto with one backend, takes no guess. */
    bool guessed =
        setting == SETTING_FIXED || (setting == SETTING_AUTO && (runnable & (runnable - 1)));
    for (unsigned kind = 0; guessed && kind < CALL_KINDS; kind++)
        for (unsigned boards = 0; boards < CALL_BOARDS; boards++) {
            seebatch_group_words(plan, (call_kind)kind, (call_boards)boards, text, sizeof text);
            line(context, text);
        }
    seebatch_cpu cpu = seebatch_cpu_here();
    seebatch_backend_choice guess = seebatch_backend_auto(&cpu);
    if (guessed)
        snprintf(text, sizeof text, "  why: %s", guess.reason);
    else
        snprintf(text, sizeof text, "  auto would start on %s here: %s", guess.backend,
                 guess.reason);
    line(context, text);
}
