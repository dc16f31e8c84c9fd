/*
 * An engine's SEE under test, whatever carries the questions to it: a
 * program speaking the line protocol (see_lines.c), a plug-in
 * (see_plugin.c, include/seebatch_plugin.h), or in tests a function. The
 * check (engine_check.c), the rules search and `seebatch time` ask through
 * this alone.
 */
#ifndef SEEBATCH_ENGINE_SEE_H
#define SEEBATCH_ENGINE_SEE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Is the engine's SEE of `move` on `fen` at least `threshold`; or, asking
 * values, what is it. Consecutive questions with the same fen pointer are
 * on one position (a plug-in sets it up once for them). */
typedef struct see_question {
    const char *fen; /* NUL-terminated, alive until the answers are in */
    char move[8];    /* UCI, NUL-terminated; castling as the FEN's notation asks */
    int32_t threshold; /* not read when asking values */
} see_question;

typedef enum see_asking { SEE_ASK_THRESHOLDS = 0, SEE_ASK_VALUES = 1 } see_asking;

/* Why the engine stopped answering, one line: the question (its number from
 * 1 over the engine's whole run, and its text) and what came back. */
typedef struct see_failure {
    char message[1024];
} see_failure;

/* How to reach it. */
typedef struct see_opening {
    double timeout_seconds; /* no answer for this long: the engine is named as hung */
    bool values;            /* lines: the program reads "FEN;move" and writes values */
} see_opening;

/* An engine reached one way or another. */
typedef struct engine_see {
    const char *name;        /* for reports: the command or library, as given */
    bool answers_thresholds; /* may be asked SEE_ASK_THRESHOLDS */
    bool answers_values;     /* may be asked SEE_ASK_VALUES */
    /* answers[i]: 0 or 1 (thresholds), or the value. false: the engine
     * failed, why names it; ask nothing more, close it. */
    bool (*ask)(void *context, see_asking asking, const see_question *questions, size_t count,
                int32_t *answers, see_failure *why);
    /* Ends it and frees the context: false when the end shows a fault (a
     * program's line after its last answer, a non-zero exit). */
    bool (*close)(void *context, see_failure *why);
    void *context;
} engine_see;

#endif
