/*
 * The exchange behind seebatch_view_see_ge, built from one body
 * (view_exchange_body.h) with magic slider lookups for any CPU
 * (view_exchange.c) and with pext lookups for CPUs with BMI2
 * (avx2/view_exchange_bmi2.c), each with pins (rule 5) and without.
 * seebatch_view_rules_init picks one, so no call tests a flag.
 */
#ifndef SEEBATCH_VIEW_EXCHANGE_H
#define SEEBATCH_VIEW_EXCHANGE_H

#include "seebatch.h"

seebatch_view_exchange_fn seebatch_view_exchange_portable, seebatch_view_exchange_portable_unpinned;
#if SEEBATCH_HAVE_AVX2
seebatch_view_exchange_fn seebatch_view_exchange_bmi2, seebatch_view_exchange_bmi2_unpinned;
#endif

/* The exchange for rules with these flags and the backend in use: pext where
 * the backend is a SIMD one (their CPU check includes BMI2), else magics. */
seebatch_view_exchange_fn *seebatch_view_exchange_for(uint32_t flags);

/* Every exchange this machine runs for rules with these flags (for the
 * differential check); returns how many, at most 2. */
size_t seebatch_view_exchanges(uint32_t flags, seebatch_view_exchange_fn **out);

#endif
