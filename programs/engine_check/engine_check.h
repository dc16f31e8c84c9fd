/*
 * The check of an engine's SEE against seebatch's reference. Positions come
 * in one at a time (a board and its FEN's text is written from it); the
 * questions are every capture, promotion (quiet ones too), en passant and
 * castling move of each (or the moves given), each asked at the reference's
 * exact value under the rules checked and one above (expected 1, then 0),
 * and its value too when the engine answers values (then see_ge(m, t) is
 * held to its own value >= t as well). Questions go out in batches of tens
 * of thousands, grouped by position, so a pipe stays full and a plug-in
 * sets each position up once. A move on which any answer differs is a
 * difference: counted by move kind, and the first of them (up to a bound)
 * classed by what the exchange holds and what explains it
 * (difference_classes.h); the first N kept whole for the report, their
 * regression lines "FEN;move;threshold;expected;got" with them.
 */
#ifndef SEEBATCH_ENGINE_CHECK_H
#define SEEBATCH_ENGINE_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "check_status.h"
#include "difference_classes.h"
#include "engine_see.h"
#include "exchange_features.h"
#include "seebatch.h"

typedef enum check_kind { /* explanations.h's move_kind_index */
    CHECK_KIND_NORMAL,
    CHECK_KIND_PROMOTION,
    CHECK_KIND_EN_PASSANT,
    CHECK_KIND_CASTLING,
    CHECK_KINDS
} check_kind;

/* "normal", "promotion", "en passant", "castling". */
const char *check_kind_name(int kind);
/* The same as JSON keys: "normal", "promotion", "en_passant", "castling". */
const char *check_kind_key(int kind);

/* A difference kept whole for the report. */
typedef struct check_example {
    char fen[SEEBATCH_FEN_MAX];
    char move[8];
    /* The regression line: the first question answered wrong (asked, or
     * its value's answer when the engine answered only a value). */
    int32_t threshold;
    int expected, got;
    int32_t value;           /* the reference's */
    bool engine_value_known; /* the engine's own value: asked, or read from its answers */
    int32_t engine_value;
    bool classified; /* features and explained hold */
    unsigned features;
    uint64_t explained; /* bit i: explanation i agrees (difference_classes.h) */
} check_example;

typedef struct check_counts {
    uint64_t positions;
    uint64_t moves[CHECK_KINDS];     /* moves asked, by kind */
    uint64_t questions;              /* the questions of the check itself */
    uint64_t follow_ups;             /* asked again to class differences */
    uint64_t differing[CHECK_KINDS]; /* moves with a difference, by kind */
    uint64_t differing_questions;    /* threshold answers wrong */
    uint64_t values_differing;       /* values asked and wrong */
    uint64_t inconsistent;           /* see_ge(m, t) not its own value >= t */
    uint64_t not_monotone;           /* 0 at the value, yet 1 one above */
    uint64_t classified;             /* differences classed (the first ones) */
    uint64_t features[EXCHANGE_FEATURE_COUNT];
    /* After engine_check_finish: the differences each held explanation
     * agrees with, and those none does (difference_classes.h). */
    uint64_t explained[EXPLANATIONS_MAX];
    uint64_t unexplained;
} check_counts;

typedef struct engine_check_settings {
    const engine_see *engine;
    seebatch_config config; /* the rules checked under (valid) */
    size_t show;            /* differences kept whole */
    size_t classify_limit;  /* differences classed; 0: 100,000 */
    size_t batch_questions; /* questions an ask, about; 0: 32,768 */
} engine_check_settings;

typedef struct engine_check engine_check;

/* A check; NULL when out of memory. */
engine_check *engine_check_new(const engine_check_settings *settings);

/* Adds a consistent board's questions: moves[0..count) (each satisfying
 * seebatch_move_check), or with moves NULL its captures, promotions, en
 * passant and castling moves; asks when a batch is full. */
check_status engine_check_position(engine_check *check, const seebatch_board *board,
                                   const seebatch_move *moves, size_t count);

/* Asks what is left, then reads the engine's own value of the differences
 * kept whole. After a failure nothing more is asked. */
check_status engine_check_finish(engine_check *check);

const check_counts *engine_check_counts(const engine_check *check);
const check_example *engine_check_examples(const engine_check *check, size_t *count);
const difference_classes *engine_check_classes(const engine_check *check);
/* How the engine failed, after CHECK_ENGINE_FAILED. */
const see_failure *engine_check_failure(const engine_check *check);

/* Differing moves in all, and whether anything differed at all. */
uint64_t check_counts_differing(const check_counts *counts);

void engine_check_free(engine_check *check);

#endif
