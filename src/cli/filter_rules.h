/* The rules of `seebatch filter`: which training entries to drop. */
#ifndef SEEBATCH_FILTER_RULES_H
#define SEEBATCH_FILTER_RULES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "training_entry.h"

typedef enum filter_rule {
    RULE_IN_CHECK,  /* the side to move is in check */
    RULE_CAPTURE,   /* the move takes a piece (en passant included) */
    RULE_SEE_GE,    /* the move takes a piece and its SEE is at least the threshold */
    RULE_PROMOTION, /* the move promotes */
    RULE_CASTLING,  /* the move castles */
    RULE_COUNT
} filter_rule;

typedef struct filter_rules {
    unsigned active;         /* bit r: rule r is on */
    int32_t see_threshold;   /* for RULE_SEE_GE */
    seebatch_rules see;      /* for RULE_SEE_GE: the configuration, prepared */
} filter_rules;

/* If argv[*index] is a rule option (--skip-in-check, --skip-capture,
 * --skip-see-ge T, --skip-promotion, --skip-castling), turns the rule on,
 * advances *index past its argument and returns true; a bad threshold
 * prints why and sets *bad. */
bool parse_rule_option(int argc, char **argv, int *index, filter_rules *rules, bool *bad);

extern const char rule_options_help[];

/* The rules an entry matches, as bits 1 << rule (0: the entry is kept). */
unsigned matching_rules(const filter_rules *rules, const training_entry *entry);

/* Prints the counts: entries read, kept, dropped, and per active rule the
 * entries it matched among those dropped. */
void print_rule_counts(FILE *stream, const filter_rules *rules, uint64_t read, uint64_t kept,
                       const uint64_t matched[RULE_COUNT]);

#endif
