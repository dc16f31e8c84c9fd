/*
 * An engine's SEE made of a function, in this process, for the tests of the
 * check (programs/engine_check/engine_check.h): seebatch's reference under a
 * configuration, or with a fault planted (a classic SEE fault of
 * exchange_walk.h, see_ge off by one, answers not monotone, a failure at a
 * given question). It counts how it is asked.
 */
#ifndef SEEBATCH_FUNCTION_SEE_H
#define SEEBATCH_FUNCTION_SEE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine_see.h"
#include "exchange_walk.h"
#include "seebatch.h"

typedef struct function_see_settings {
    seebatch_config config; /* its rules */
    exchange_fault fault;   /* FAULT_NONE: the reference's values */
    bool off_by_one;        /* see_ge answers value > threshold */
    bool not_monotone;      /* see_ge answers 1 at every threshold above 10,000 too */
    bool thresholds;        /* answers see_ge */
    bool values;            /* answers values */
    uint64_t fail_at;       /* the question (from 1) it fails at; 0: never */
} function_see_settings;

/* How it was asked. */
typedef struct function_see_calls {
    uint64_t asks, questions, largest_ask;
    uint64_t setups; /* positions set up: one a run of questions with one fen pointer */
} function_see_calls;

/* Opens it: false when out of memory. */
bool function_see_open(const function_see_settings *settings, engine_see *engine);

/* Its counts, until it is closed. */
const function_see_calls *function_see_calls_of(const engine_see *engine);

#endif
