/*
 * An engine's own SEE value of moves, read from its answers: asked directly
 * when it answers values, else found from its threshold answers by a search
 * many thresholds at a time (one ask a round, every move at once: a few
 * round trips, whatever the number of moves). Answers that are not
 * monotone in the threshold (1 at a threshold above one answered 0) are
 * named, not searched through. For the piece values (below), and for the
 * differences a report shows.
 */
#ifndef SEEBATCH_ENGINE_VALUES_H
#define SEEBATCH_ENGINE_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "check_status.h"
#include "engine_see.h"
#include "seebatch.h"

/* The search's reach: values beyond +-ENGINE_VALUES_REACH are not found. */
#define ENGINE_VALUES_REACH (1 << 21)

typedef enum value_outcome {
    VALUE_FOUND,        /* value: the greatest threshold answered 1 (or the value asked) */
    VALUE_NOT_MONOTONE, /* answered 0 at zero_at and 1 at one_at > zero_at */
    VALUE_OUT_OF_REACH  /* value (1 or 0) answered at every threshold asked */
} value_outcome;

typedef struct value_probe {
    const char *fen;       /* in: alive through the call */
    char move[8];          /* in: UCI */
    value_outcome outcome; /* out */
    int32_t value;
    int32_t zero_at, one_at;
} value_probe;

/* Reads each probe's value. CHECK_ENGINE_FAILED: why says how; the probes
 * are then unspecified, as after CHECK_NO_MEMORY. */
check_status engine_values_read(const engine_see *engine, value_probe *probes, size_t count,
                                see_failure *why);

/* An engine's piece values, read on made-up positions: an undefended
 * victim of each type on c6 taken by the rook c1, kings out of the way
 * (worth the piece under any rules: the same move on five boards that
 * differ in that piece alone), and a quiet rook move to a safe square
 * (worth 0 under any rules: -1 tells see_ge answering SEE > threshold). */
typedef struct piece_values {
    value_probe pieces[5]; /* pawn to queen */
    value_probe quiet;
    bool off_by_one;   /* see_ge answers SEE > threshold: the values are read so */
    bool read;         /* all five found, each in 0..SEEBATCH_VALUE_MAX */
    int32_t values[5]; /* as read (off by one taken back); classic's where not read */
} piece_values;

/* The made-up positions' FENs: the victims, pawn to queen, then the quiet move. */
extern const char *const piece_value_fens[6];

/* Reads them. CHECK_ENGINE_FAILED: why says how. */
check_status piece_values_read(const engine_see *engine, piece_values *out, see_failure *why);

#endif
