/*
 * An engine's SEE made of a function, in this process, for the tests of the
 * check (programs/engine_check/engine_check.h): seebatch's reference under a
 * configuration, or with a fault planted (a classic SEE fault of
 * exchange_walk.h or an engine's choice, pieces worth more once on the
 * destination, special moves passed unexamined, see_ge off by one, answers
 * not monotone, a failure at a given question), or answers no SEE gives
 * (board-blind, constant, random). It counts how it is asked.
 */
#ifndef SEEBATCH_FUNCTION_SEE_H
#define SEEBATCH_FUNCTION_SEE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine_see.h"
#include "exchange_walk.h"
#include "explanations.h"
#include "seebatch.h"

/* Answers that are no SEE's, for the check's guard against a false pass. */
typedef enum function_nonsense {
    NONSENSE_NONE,
    NONSENSE_BLIND,  /* 1 when the threshold is at most 0; values 0: never reads the board */
    NONSENSE_ONE,    /* 1 always (values: 1) */
    NONSENSE_ZERO,   /* 0 always (values: 0) */
    NONSENSE_RANDOM, /* a coin, each question (values: -1000..1000) */
    NONSENSE_DRIFT   /* the reference, but 100 more from question drift_at on */
} function_nonsense;

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

/* Answers 1 at every threshold for moves of the kinds `passes` (KIND_* of
 * explanations.h): special moves passed unexamined. */
void function_see_passes(const engine_see *engine, unsigned passes);

/* Scores moves of the kinds `zeroes` (KIND_* of explanations.h) 0. */
void function_see_zeroes(const engine_see *engine, unsigned zeroes);

/* Pieces worth values[0..4] (pawn to queen) once on the destination, the
 * configuration's values as victims. */
void function_see_swap_values(const engine_see *engine, const int32_t values[5]);

/* Opens one with faults planted: the kinds `passes` passed and `zeroes`
 * scored 0, and pieces on the destination at swap_values (NULL: as victims).
 * Out of memory, the test cannot go on: exits 3. */
void function_see_open_planted(const function_see_settings *settings, unsigned passes,
                               unsigned zeroes, const int32_t *swap_values, engine_see *engine);

/* Answers no SEE gives, from now on (NONSENSE_NONE: as the settings say). */
void function_see_nonsense(const engine_see *engine, function_nonsense nonsense);

/* NONSENSE_DRIFT's question, set once the test knows it. */
void function_see_drift_from(const engine_see *engine, uint64_t question);

/* Positions whose FEN is of odd length answered under `config` from now
 * on: an engine that follows neither of two rule sets. */
void function_see_odd_positions(const engine_see *engine, const seebatch_config *config);

/* Its counts, until it is closed. */
const function_see_calls *function_see_calls_of(const engine_see *engine);

#endif
