/*
 * The exchanges behind the views, built from two bodies (view_exchange_body.h
 * for the threshold test, view_value_body.h for the exact value) for every
 * layout shape (view_layout.h) and pin setting, once with magic slider
 * lookups for any CPU (view_exchange.c) and once with pext lookups for CPUs
 * with BMI2 (avx2/view_exchange_bmi2.c). seebatch_view_rules_set_layout
 * picks one of each, so no call tests a flag or a layout.
 */
#ifndef SEEBATCH_VIEW_EXCHANGE_H
#define SEEBATCH_VIEW_EXCHANGE_H

#include "seebatch.h"
#include "view_layout.h"

/* Every exchange for one way of looking up attacks: [shape][pins]. */
typedef struct view_exchange_set {
    seebatch_view_exchange_fn *see_ge[VIEW_SHAPES][2];
    seebatch_view_value_fn *value[VIEW_SHAPES][2];
} view_exchange_set;

extern const view_exchange_set seebatch_view_portable;
#if SEEBATCH_HAVE_AVX2
extern const view_exchange_set seebatch_view_pext;
#endif

/* The set for the backend in use: pext where the backend is a SIMD one
 * (their CPU check includes BMI2), else magics. */
const view_exchange_set *seebatch_view_set_in_use(void);

/* Every set this machine runs (for the differential check); returns how
 * many, at most 2. */
size_t seebatch_view_sets(const view_exchange_set **out);

/* Chooses rules->exchange and rules->value for the rules' flags and layout
 * from `set`. */
void seebatch_view_choose_exchanges(seebatch_view_rules *rules, const view_exchange_set *set);

/* The exchanges for moves the shape's bodies do not play: any move, on the
 * board gathered from the view (view_layout.c). */
seebatch_view_exchange_fn seebatch_view_walk_gathered;
seebatch_view_value_fn seebatch_view_value_gathered;

#endif
