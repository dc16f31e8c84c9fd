/*
 * What `seebatch time` measures: every capture of a set of positions, each
 * asked with a threshold of its own (the tool gives those a search asks:
 * programs/positions/capture_thresholds.h); SEEs set
 * up on those questions in their own terms (positions from FENs, moves from
 * UCI: not timed); then their see_ge calls timed, ns a call, in three
 * regimes, "1,000 cycled" (the first 1,000 positions' captures, over and
 * over: the branch predictor and the caches learn them), "10,000 cycled"
 * and "streamed" (every position, one after another), the SEEs in turn
 * within each round, so that their ratios hold on a loaded machine. Every
 * question is first asked once of each SEE (timing_differences); a plug-in
 * is called inside its guard throughout, its answers held to 0 or 1.
 */
#ifndef SEEBATCH_SEE_TIMING_H
#define SEEBATCH_SEE_TIMING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine_see.h"
#include "seebatch.h"

/* An SEE as seebatch time calls it: a plug-in's calls, or seebatch's view
 * (see_view.h) in the same shape. see_ge is the call timed, called through
 * this pointer for every SEE alike. */
typedef struct timed_see {
    const char *name;
    void *context;
    void *(*position)(void *context, const char *fen);                           /* NULL: refused */
    int (*move)(void *context, void *position, const char *uci, uint32_t *move); /* 0: found */
    int (*see_ge)(void *position, uint32_t move, int32_t threshold);
    void (*position_free)(void *context, void *position);
    /* A plug-in's guard (engine_see_plugin_guard): every call into it is
     * made inside it, each question's number stored before it is asked,
     * so that a crash, a hang (its timeout) or an exit there ends the
     * process with ENGINE_SEE_EXIT_STATUS and a line naming the function
     * and the question. NULL (the view): unguarded, the same store made
     * elsewhere, so that both SEEs' calls cost the same. */
    see_guarded *guard;
} timed_see;

/* The questions: each position's FEN and captures (legal captures,
 * en passant and promotions: seebatch_generate_captures), in UCI. */
typedef struct timing_questions {
    size_t position_count, capture_count;
    seebatch_board *boards;
    char **fens;             /* fens[p]: position p's, as seebatch writes it */
    size_t *first;           /* position p's captures: first[p] .. first[p + 1] - 1 */
    seebatch_move *captures; /* seebatch's */
    char (*moves)[8];        /* the same in UCI */
    char *text;              /* where the FENs lie */
} timing_questions;

/* The questions of boards[0 .. count - 1] (those with no capture left out);
 * false when out of memory. */
bool timing_questions_make(const seebatch_board *boards, size_t count, timing_questions *q);
void timing_questions_free(timing_questions *q);

/* One SEE set up on the questions: its positions and moves. */
typedef struct timing_entrant {
    const timed_see *see;
    const timing_questions *q;
    const int32_t *thresholds; /* a capture each, in the SEE's own values */
    void **positions;
    uint64_t passes; /* passes asked so far: questions are numbered on from them */
    /* The first answer other than 0 or 1: its question's number
     * (timing_failure_line names it), 0 for none; and the answer. */
    uint64_t bad_number;
    int bad_answer;
    _Atomic uint64_t unguarded; /* where a call with no guard stores its number */
    uint32_t *moves;
} timing_entrant;

/* Sets see up on every question (each position and move asked of it, in
 * the guard when it has one): false with why (a line naming the position
 * or move it refused, or memory) and nothing held. */
bool timing_set_up(timing_entrant *entrant, const timed_see *see, const timing_questions *q,
                   const int32_t *thresholds, char *why, size_t why_size);
void timing_take_down(timing_entrant *entrant, const timing_questions *q);

enum { TIMING_REGIMES = 3 };
/* "1,000 cycled", "10,000 cycled", "streamed". */
extern const char *const timing_regime_names[TIMING_REGIMES];
/* How many of position_count positions a regime's pass asks. */
size_t timing_regime_positions(int regime, size_t position_count);

/* How to time: rounds of one sample of every entrant in turn, each sample
 * passes over the regime's positions until sample_seconds of this thread's
 * CPU time have gone (the time another process holds the core is not
 * counted). */
typedef struct timing_plan {
    int regime;
    int rounds;
    double sample_seconds;
} timing_plan;

/* ns[e * rounds + r]: entrant e's ns a call in round r. false when an
 * entrant answered other than 0 or 1 (its bad_number set): the timing
 * stopped there. */
bool timing_run(timing_entrant *entrants, size_t count, const timing_plan *plan, double *ns);

/* `calls` calls of one entrant, passing over the regime's positions again
 * and again, for counting instructions (valgrind --tool=callgrind): the
 * answers' sum into *sum; false as timing_run. */
bool timing_calls(timing_entrant *entrant, int regime, uint64_t calls, long *sum);

/* Every question asked once of each entrant, in turn, each answer 0 or 1
 * (else false, as timing_run): how many the two answer differently into
 * *differ. */
bool timing_differences(timing_entrant *a, timing_entrant *b, size_t *differ);

/* The line that names an entrant's answer other than 0 or 1, as the guard
 * names a crash: "seebatch: the SEE plug-in LIB answered 7 (not 0 or 1) in
 * seebatch_plugin_see_ge on question N: FEN;move;threshold\n". */
void timing_failure_line(timing_entrant *entrant, char *line, size_t size);

/* The median of values[0 .. count - 1] (reordered). */
double timing_median(double *values, size_t count);

#endif
