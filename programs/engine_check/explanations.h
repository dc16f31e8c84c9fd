/*
 * What a report of an engine's SEE may say explains a difference: each
 * explanation is a rule giving every move a value, written down here once.
 * The rules checked with one flag changed (rule_words.h); with a fault or
 * an engine's choice walked (exchange_walk.h); with one kind of move treated
 * otherwise (passed unexamined, see_ge true at every threshold; scored 0;
 * played, with or without its promotion); chessprogramming.org's swap
 * algorithm as written; pieces worth one thing as victims and another once
 * on the destination (the values read from the engine, swap_values.h); and
 * see_ge off by one. How each is held to an engine's answers, and which a
 * report prints, is difference_classes.h's. Adding one: docs/your-see.md.
 */
#ifndef SEEBATCH_EXPLANATIONS_H
#define SEEBATCH_EXPLANATIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "exchange_walk.h"
#include "seebatch.h"

enum { EXPLANATIONS_MAX = 40, EXPLANATION_NAME_MAX = 256 };

/* Move kinds as bits, what an explanation treats: bit i the kind a check
 * counts as i (engine_check.h's check_kind). */
enum {
    KIND_NORMAL = 1,
    KIND_PROMOTION = 2,
    KIND_EN_PASSANT = 4,
    KIND_CASTLING = 8,
    KINDS_ALL = 15
};

/* A move's kind: 0 normal, 1 promotion, 2 en passant, 3 castling. */
unsigned move_kind_index(seebatch_move move);

/* The same as a bit, 1 << move_kind_index(move). */
unsigned move_kind_bit(seebatch_move move);

typedef enum explanation_way {
    EXPLAINED_BY_LIBRARY, /* rules.config, no fault: seebatch's own value */
    EXPLAINED_BY_WALK,    /* rules walked on the plain board (exchange_walk.h) */
    EXPLAINED_PASSED,     /* see_ge true at every threshold: EXPLANATION_PASSED */
    EXPLAINED_ZERO,       /* scored 0 */
    EXPLAINED_OFF_BY_ONE  /* see_ge answering SEE > threshold: the value less 1 */
} explanation_way;

/* What a move passed unexamined is worth: every threshold is met. */
#define EXPLANATION_PASSED INT32_MAX

typedef struct explanation {
    char name[EXPLANATION_NAME_MAX]; /* "x-rays missing", "--stop-when-ahead", ... */
    unsigned kinds;                  /* the kinds it treats; others keep the rules' value */
    explanation_way way;
    exchange_rules rules;    /* EXPLAINED_BY_LIBRARY, EXPLAINED_BY_WALK */
    seebatch_rules prepared; /* EXPLAINED_BY_LIBRARY: rules.config, prepared */
    int whole;               /* the explanation whose rule holds this one's, or -1 */
} explanation;

typedef struct explanation_list {
    explanation item[EXPLANATIONS_MAX];
    int count;
} explanation_list;

/* Every explanation of differences from `config` (a valid configuration)
 * but the swap values: the rule changes first (an option the user can pass
 * seebatch), then one kind of move treated otherwise, the faults and
 * engines' choices, chessprogramming.org's swap algorithm (the parts of
 * its rule the faults above give alone name it their whole), see_ge off
 * by one. */
void explanations_for(const seebatch_config *config, explanation_list *list);

/* Adds the explanation "pieces worth `swap_values` once on the destination"
 * (victims at config's values) when some piece's value differs from its
 * victim value; false when none does or the list is full. */
bool explanations_add_swap_values(explanation_list *list, const seebatch_config *config,
                                  const int32_t swap_values[5]);

/* The value `e` gives `move` of the position, the move's value under the
 * rules checked being `value`; EXPLANATION_PASSED for a move passed
 * unexamined. Thread-safe. */
int32_t explanation_value_at(const explanation *e, walk_position *position, seebatch_move move,
                             int32_t value);

/* The same on a consistent board (the position made for this call alone). */
int32_t explanation_value(const explanation *e, const seebatch_board *board, seebatch_move move,
                          int32_t value);

#endif
