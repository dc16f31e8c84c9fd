/*
 * The strata `seebatch suite` draws its moves by: a move's kind (a promotion
 * by its piece and whether it captures), what its exchange holds
 * (exchange_features.h), which explanations of an engine's differences
 * (programs/engine_check/explanations.h) change its value under the rules,
 * and which of those give it the same value. A check of an engine's SEE
 * classes a difference by its kind and the explanations that give the
 * engine's answer (or, when none does, what its exchange holds), so a suite
 * holding a move of every stratum holds one of every class an engine can
 * show on the real positions; the moves no explanation changes keep their
 * strata too, as engines fail in ways nobody listed. The engine's own swap
 * values (explanations_add_swap_values) are not known here: a piece valued
 * otherwise in the swap is found through the strata of the rest.
 */
#ifndef SEEBATCH_SUITE_STRATA_H
#define SEEBATCH_SUITE_STRATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "explanations.h"
#include "seebatch.h"

typedef struct suite_strata {
    seebatch_config config;
    explanation_list explanations; /* those of `config` but the swap values */
    /* The strata met, keyed by their pattern (open addressing, owned). */
    uint64_t *keys;
    uint32_t *ids;
    size_t count, room;
} suite_strata;

/* No stratum met yet, the explanations of `config` (valid) prepared. */
void suite_strata_init(suite_strata *strata, const seebatch_config *config);

void suite_strata_free(suite_strata *strata);

/* The stratum of `move` of the position (its value under the rules
 * `value`) in *stratum: 0 for the first stratum met, 1 for the next...; in
 * *features what its exchange holds (exchange_features.h), a part of its
 * pattern; false out of memory. */
bool suite_stratum(suite_strata *strata, walk_position *position, seebatch_move move, int32_t value,
                   uint32_t *stratum, unsigned *features);

#endif
