/*
 * SEE rules in the tool's own words: a configuration as the options that
 * give it (`--preset stockfish --values 126,781,825,1276,2538`, `--values
 * 100,300,300,500,900 --pins --promotions=move`), and every configuration one
 * change away from it (pins on or off, another promotion rule, stop when
 * ahead on or off, normal moves only on or off), each named by that change:
 * what a report of an engine's SEE says its differences are explained by.
 */
#ifndef SEEBATCH_RULE_WORDS_H
#define SEEBATCH_RULE_WORDS_H

#include <stddef.h>

#include "seebatch.h"

/* Room for any configuration's options, with the NUL. */
enum { RULE_WORDS_MAX = 160 };

/* Writes the options that give `config` (a valid one) into words. */
void rule_words(const seebatch_config *config, char words[RULE_WORDS_MAX]);

/* One change of a configuration's flags. */
typedef struct rule_change {
    seebatch_config config; /* the configuration it makes */
    char words[40];         /* "--stop-when-ahead", "without --pins", "--promotions=none" */
} rule_change;

enum { RULE_CHANGES_MAX = 5 };

/* Writes every configuration one change away from `config` and returns how
 * many (always RULE_CHANGES_MAX): pins, the two other promotion rules, stop
 * when ahead, normal moves only. */
size_t rule_changes(const seebatch_config *config, rule_change changes[RULE_CHANGES_MAX]);

/* How many flags a configuration sets: the simpler of two that answer
 * alike has fewer. */
int rule_flag_count(const seebatch_config *config);

#endif
