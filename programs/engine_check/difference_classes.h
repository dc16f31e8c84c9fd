/*
 * The differences of an engine's SEE from the reference, classed: what each
 * exchange holds (exchange_features.h: x-ray, pinned recapturer, ...) and
 * what explains it (explanations.h: each a rule giving every move a value).
 *
 * An explanation agrees with a difference when its rule gives every answer
 * the engine gave on that move; an engine that answers only thresholds is
 * asked again, each difference at every value an explanation gives it and
 * one above (a move passed unexamined: at 2^21), all in one ask.
 *
 * An explanation is held when its rule also gives the reference's answer on
 * every move of a sample of those the engine answered as the reference does
 * (up to 16,384 moves spread over the whole check): a rule the engine does
 * not have shows there, as "x-rays missing" changes moves an engine that
 * sees x-rays gets right.
 *
 * Of the held explanations the report names the fewest that explain the
 * differences: it takes the one agreeing with the most differences not yet
 * explained, then the next, until none is left (ties: the more specific
 * first, the one whose rule changes the values of fewer differences; then
 * the order explanations.h writes them in). A difference is explained by
 * those taken that agree with it, the most specific first, with the parts
 * of a whole (explanations.h) that agree with it alone; by nothing when no
 * held explanation agrees.
 */
#ifndef SEEBATCH_DIFFERENCE_CLASSES_H
#define SEEBATCH_DIFFERENCE_CLASSES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "check_status.h"
#include "engine_see.h"
#include "exchange_walk.h"
#include "explanations.h"
#include "rule_words.h"
#include "seebatch.h"

/* What the classing found of one explanation. */
typedef struct explanation_evidence {
    uint64_t agreeing;     /* differences whose every answer it gives */
    uint64_t changed;      /* differences whose value its rule changes: fewer, more specific */
    uint64_t sampled;      /* moves of the sample it was held to */
    uint64_t contradicted; /* of them, moves it answers otherwise (judging stops at one) */
    char first_contradiction[SEEBATCH_FEN_MAX + 16]; /* "FEN;move" ("" when none) */
} explanation_evidence;

typedef struct difference_sample difference_sample; /* the moves judged on */

typedef struct difference_classes {
    seebatch_config config; /* the rules checked under */
    explanation_list explanations;
    explanation_evidence evidence[EXPLANATIONS_MAX];
    bool swap_values_read; /* the engine's values on the destination read (once) */
    /* After difference_classes_judge: */
    bool judged;
    uint64_t held;   /* bit i: explanation i held */
    uint64_t chosen; /* bit i: explanation i taken to explain the differences */
    /* Differences each explanation taken agrees with; for a part of a whole
     * taken, those both agree with. */
    uint64_t explained[EXPLANATIONS_MAX];
    uint64_t unexplained; /* differences no held explanation agrees with */
    /* Owned (difference_classes_free): */
    difference_sample *sample;
    uint64_t *agreeing_sets; /* one a difference classed */
    size_t set_count, set_capacity;
} difference_classes;

/* Prepares the explanations of differences under `config` (valid). */
void difference_classes_init(difference_classes *classes, const seebatch_config *config);

void difference_classes_free(difference_classes *classes);

/* A move on which the engine differs. */
typedef struct difference {
    const seebatch_board *board; /* alive through difference_classes_apply */
    const char *fen;             /* the board's FEN, alive as long */
    char move[8];                /* UCI, as the engine was asked */
    seebatch_move code;
    int32_t value;    /* the reference's */
    bool value_asked; /* engine_value is its answer */
    int32_t engine_value;
    /* Classed by that value, not by the threshold answers below (which an
     * engine that answers both is classed by when they are wrong). */
    bool by_value;
    int32_t at_value, above; /* else its answers at value and value + 1 */
    unsigned features;       /* out: EXCHANGE_* flags */
    uint64_t explained;      /* out: bit i, explanation i agrees with every answer */
} difference;

/* Classes every difference (the first call also reads the engine's values
 * on the destination, swap_values.h). CHECK_ENGINE_FAILED: why says how. */
check_status difference_classes_apply(difference_classes *classes, const engine_see *engine,
                                      difference *differences, size_t count, see_failure *why);

/* A move the engine answered as the reference does (its value `value`):
 * some are kept to judge the explanations on. */
void difference_classes_sample(difference_classes *classes, const seebatch_board *board,
                               seebatch_move move, int32_t value);

/* After the last difference classed: which explanations are held, and the
 * differences each explains. CHECK_NO_MEMORY when a set could not be kept. */
check_status difference_classes_judge(difference_classes *classes);

/* After judging: the explanations that explain a difference whose
 * agreeing set is `agreeing` (those taken, and the held parts of a whole
 * taken; 0: unexplained, as no held explanation agrees then). */
uint64_t difference_classes_explaining(const difference_classes *classes, uint64_t agreeing);

/* The explanations taken among `agreeing` (bit i, explanation i), the
 * most specific first: writes their indices, returns how many. */
int difference_classes_order(const difference_classes *classes, uint64_t agreeing, int *order);

/* The held parts of the whole `whole` among `agreeing`, the same way. */
int difference_classes_parts(const difference_classes *classes, uint64_t agreeing, int whole,
                             int *order);

#endif
