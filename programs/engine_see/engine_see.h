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

#include "seebatch_plugin.h"

/* Is the engine's SEE of `move` on `fen` at least `threshold`; or, asking
 * values, what is it. Consecutive questions with the same fen pointer are
 * on one position (a plug-in sets it up once for them). */
typedef struct see_question {
    const char *fen;   /* NUL-terminated, alive until the answers are in */
    char move[8];      /* UCI, NUL-terminated; castling as the FEN's notation asks */
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

/* The timeout when see_opening.timeout_seconds is not above 0. */
#define ENGINE_SEE_TIMEOUT_DEFAULT 10.0

/* The status the process ends with when a plug-in crashes, hangs or ends
 * the process inside a call (after one line on stderr naming it). */
#define ENGINE_SEE_EXIT_STATUS 4

/*
 * The line protocol (see_lines.c): `command` run by /bin/sh -c (Windows:
 * CreateProcess with it as the command line), its standard input and
 * output piped, standard error left as this process's. Each question is a
 * line "FEN;move;threshold", each answer a line "1" (the SEE of the move
 * is at least the threshold) or "0"; opened with values, "FEN;move" and a
 * whole number. Blanks and a carriage return around an answer are read
 * past. Many lines are in flight at once, so the program must answer each
 * line as it reads it and flush its output at least whenever it is about
 * to wait for more input. Every fault is named in why, the question by its
 * number from 1 over the run and its line, with what came back: an answer
 * that is not one (quoted, control bytes as ?), the program ending before
 * its last answer (its exit status or signal; 127: not found), no progress
 * for the timeout (the program is stopped, with every process it started),
 * a line after the last answer, a non-zero exit at close. Answers that
 * came back before a fault are never returned as a success. Opening fails
 * only when the program cannot be started (Windows: not found); on POSIX
 * a command that is not found is named at the first question.
 */
bool engine_see_open_lines(const char *command, const see_opening *opening, engine_see *out,
                           see_failure *why);

/*
 * A plug-in (see_plugin.c, include/seebatch_plugin.h): library_and_words
 * is the library's path (quoted with "..." when it holds blanks), then the
 * words passed to seebatch_plugin_open. Refused by name: a library that
 * does not load (the system's reason), a required function it does not
 * export, an ABI other than SEEBATCH_PLUGIN_ABI (both numbers), an open
 * that fails (the plug-in's message). answers_values when it exports
 * seebatch_plugin_see_value. It runs in this process, for speed: a
 * position is set up once for each run of questions with one fen pointer,
 * each move converted, then asked. A position or move it refuses, or an
 * answer of see_ge other than 0 or 1, is a failure named in why. A crash
 * inside it (POSIX: SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, handled on
 * an alternate stack; Windows: an unhandled exception or abort), a call
 * that does not return within the timeout (a watchdog thread), or the
 * plug-in ending the process (exit) cannot be returned from: one line on
 * stderr, "seebatch: the SEE plug-in LIB crashed (SIGSEGV) on question 17:
 * FEN;move;threshold", and the process ends with ENGINE_SEE_EXIT_STATUS.
 * Ask from one thread (the one that opened it), one plug-in call at a
 * time; several plug-ins may be open at once.
 */
bool engine_see_open_plugin(const char *library_and_words, const see_opening *opening,
                            engine_see *out, see_failure *why);

/* The functions of a plug-in (include/seebatch_plugin.h), as loaded. */
typedef struct plugin_functions {
    seebatch_plugin_abi_function abi;
    seebatch_plugin_open_function open;
    seebatch_plugin_position_function position;
    seebatch_plugin_move_function move;
    seebatch_plugin_see_ge_function see_ge;
    seebatch_plugin_position_free_function position_free;
    seebatch_plugin_close_function close;
    seebatch_plugin_see_value_function see_value; /* NULL: not exported */
} plugin_functions;

/* The functions of a plug-in engine_see_open_plugin opened, for `seebatch
 * time` to call itself (see_timing.h); NULL for an engine that is no
 * plug-in. Valid until the engine is closed. */
const plugin_functions *engine_see_plugin_functions(const engine_see *engine);

/* The guard of that plug-in (see_system.h: its library's name, its
 * timeout), for `seebatch time` to guard its own calls with, as `ask`
 * guards the engine's: a crash, a hang or an exit inside them named and
 * ENGINE_SEE_EXIT_STATUS. NULL for an engine that is no plug-in. */
typedef struct see_guarded see_guarded;
see_guarded *engine_see_plugin_guard(const engine_see *engine);

#endif
