/*
 * The differences of an engine's SEE from the reference, classed: what each
 * exchange holds (exchange_features.h: x-ray, pinned recapturer, ...) and
 * what explains it, among one change of the rules (rule_words.h: "explained
 * by --stop-when-ahead"), a classic fault (exchange_walk.h: "x-rays
 * missing") and a threshold off by one (see_ge answering SEE > threshold).
 * An engine that answers only thresholds is asked again, each difference at
 * every value an explanation gives it and one above, all in one ask: an
 * explanation holds when it agrees with every answer.
 */
#ifndef SEEBATCH_DIFFERENCE_CLASSES_H
#define SEEBATCH_DIFFERENCE_CLASSES_H

#include <stdbool.h>
#include <stdint.h>

#include "check_status.h"
#include "engine_see.h"
#include "exchange_walk.h"
#include "rule_words.h"
#include "seebatch.h"

/* The explanations, in this order: the rule changes, the faults, the
 * threshold off by one. */
enum {
    EXPLAIN_FIRST_FAULT = RULE_CHANGES_MAX,
    EXPLAIN_OFF_BY_ONE = EXPLAIN_FIRST_FAULT + FAULT_COUNT - 1,
    EXPLANATION_COUNT
};

typedef struct difference_classes {
    seebatch_config config; /* the rules checked under */
    rule_change changes[RULE_CHANGES_MAX];
    seebatch_rules changed[RULE_CHANGES_MAX];
    char names[EXPLANATION_COUNT][96]; /* "--stop-when-ahead", "x-rays missing", ... */
    char keys[EXPLANATION_COUNT][40];  /* the same as JSON keys */
} difference_classes;

/* Prepares the explanations of differences under `config` (valid). */
void difference_classes_init(difference_classes *classes, const seebatch_config *config);

/* A move on which the engine differs. */
typedef struct difference {
    const seebatch_board *board; /* alive through difference_classes_apply */
    const char *fen;             /* the board's FEN, alive as long */
    char move[8];                /* UCI, as the engine was asked */
    seebatch_move code;
    int32_t value; /* the reference's */
    bool value_asked; /* engine_value is its answer */
    int32_t engine_value;
    /* Classed by that value, not by the threshold answers below (which an
     * engine that answers both is classed by when they are wrong). */
    bool by_value;
    int32_t at_value, above; /* else its answers at value and value + 1 */
    unsigned features;       /* out: EXCHANGE_* flags */
    uint32_t explained;      /* out: bit i, explanation i agrees with every answer */
} difference;

/* Classes every difference. CHECK_ENGINE_FAILED: why says how. */
check_status difference_classes_apply(const difference_classes *classes, const engine_see *engine,
                                      difference *differences, size_t count, see_failure *why);

#endif
