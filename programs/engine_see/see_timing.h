/*
 * What `seebatch time` measures: every capture of a set of positions, each
 * asked with a threshold of its own (the tool gives those a search asks:
 * programs/positions/capture_thresholds.h); SEEs set
 * up on those questions in their own terms (positions from FENs, moves from
 * UCI: not timed); then their see_ge calls timed, ns a call, in three
 * regimes, "1,000 cycled" (the first 1,000 positions' captures, over and
 * over: the branch predictor and the caches learn them), "10,000 cycled"
 * and "streamed" (every position, one after another), the SEEs in turn
 * within each round, so that their ratios hold on a loaded machine.
 */
#ifndef SEEBATCH_SEE_TIMING_H
#define SEEBATCH_SEE_TIMING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
    const int32_t *thresholds; /* a capture each, in the SEE's own values */
    void **positions;
    uint32_t *moves;
} timing_entrant;

/* Sets see up on every question: false with why (a line naming the
 * position or move it refused, or memory) and nothing held. */
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

/* ns[e * rounds + r]: entrant e's ns a call in round r. Returns the sum of
 * every answer (so that no call is optimised away). */
long timing_run(const timing_entrant *entrants, size_t count, const timing_questions *q,
                const timing_plan *plan, double *ns);

/* `calls` calls of one entrant, passing over the regime's positions again
 * and again, for counting instructions (valgrind --tool=callgrind): the sum
 * of the answers. */
long timing_calls(const timing_entrant *entrant, const timing_questions *q, int regime,
                  uint64_t calls);

/* How many questions two entrants answer differently. */
size_t timing_differences(const timing_entrant *a, const timing_entrant *b,
                          const timing_questions *q);

/* The median of values[0 .. count - 1] (reordered). */
double timing_median(double *values, size_t count);

#endif
