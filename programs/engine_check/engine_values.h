/*
 * An engine's own SEE value of moves, read from its answers: asked directly
 * when it answers values, else found from its threshold answers by a search
 * many thresholds at a time (one ask a round, every move at once: a few
 * round trips, whatever the number of moves). Answers that are not
 * monotone in the threshold (1 at a threshold above one answered 0) are
 * named, not searched through. For the rules search (piece values) and for
 * the differences a report shows.
 */
#ifndef SEEBATCH_ENGINE_VALUES_H
#define SEEBATCH_ENGINE_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "check_status.h"
#include "engine_see.h"

/* The search's reach: values beyond +-ENGINE_VALUES_REACH are not found. */
#define ENGINE_VALUES_REACH (1 << 21)

typedef enum value_outcome {
    VALUE_FOUND,        /* value: the greatest threshold answered 1 (or the value asked) */
    VALUE_NOT_MONOTONE, /* answered 0 at zero_at and 1 at one_at > zero_at */
    VALUE_OUT_OF_REACH  /* 1 or 0 at every threshold asked */
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

#endif
