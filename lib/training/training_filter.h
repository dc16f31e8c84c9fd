/* What `seebatch filter` reports of a filter (training_filter.c) besides
 * what seebatch_training.h gives every caller: the counts of its judging so
 * far and the words of each rule on, for its closing table. */
#ifndef SEEBATCH_TRAINING_FILTER_H
#define SEEBATCH_TRAINING_FILTER_H

#include <stddef.h>

#include "seebatch_training.h"

/* The counts of the filter's seebatch_training_filter_keep calls so far
 * (rule r's in matched[r] and alone[r], r as seebatch_training_filter_rule
 * numbers the rules). */
void seebatch_training_filter_counts(const seebatch_training_filter *filter,
                                     seebatch_filter_counts *counts);

/* 1 when rule r (0..15) of the filter is on, with its words in out (size
 * bytes): "--skip-see-ge 0", "--random-skip 3 (seed 11)"; else 0 and "". */
int seebatch_training_filter_rule(const seebatch_training_filter *filter, int rule, char *out,
                                  size_t size);

#endif
