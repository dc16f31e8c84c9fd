/*
 * The exchange behind seebatch_view_see_ge, built from one body
 * (view_exchange_body.h) with magic slider lookups for any CPU
 * (view_exchange.c) and with pext lookups for CPUs with BMI2
 * (avx2/view_exchange_bmi2.c), each with pins (rule 5) and without.
 * seebatch_view_rules_init picks one, so no call tests a flag: pext only
 * where it is fast (cpu_features.h), unless SEEBATCH_VIEW_EXCHANGE says.
 */
#ifndef SEEBATCH_VIEW_EXCHANGE_H
#define SEEBATCH_VIEW_EXCHANGE_H

#include "cpu_features.h"
#include "seebatch.h"

seebatch_view_exchange_fn seebatch_view_exchange_portable, seebatch_view_exchange_portable_unpinned;
#if SEEBATCH_HAVE_AVX2
seebatch_view_exchange_fn seebatch_view_exchange_bmi2, seebatch_view_exchange_bmi2_unpinned;
#endif

/* The slider lookups of a view's exchange. */
typedef enum seebatch_view_lookup {
    SEEBATCH_LOOKUP_PORTABLE, /* magics, any CPU */
    SEEBATCH_LOOKUP_PEXT      /* pext: BMI2, built with the AVX2 kernel's options */
} seebatch_view_lookup;

/* Their names, as SEEBATCH_VIEW_EXCHANGE takes them. */
extern const char *const seebatch_view_lookup_names[2];

/* The lookups for a CPU, the backend of that name in use, and a value of
 * SEEBATCH_VIEW_EXCHANGE (NULL or "" as "auto"). "auto" takes pext where the
 * CPU runs the pext exchange (this build has it and the CPU runs the avx2
 * backend's instructions), runs pext fast, and the backend is not scalar;
 * else the portable lookups. "pext" and "portable" force one. Errors
 * (SEEBATCH_ERROR_BACKEND, naming the variable and the value): an unknown
 * value, or "pext" where the pext exchange cannot run; *lookup is then
 * unchanged. A pure function of its arguments. */
seebatch_status seebatch_view_lookup_choose(const seebatch_cpu *cpu, const char *backend,
                                            const char *requested, seebatch_view_lookup *lookup,
                                            seebatch_error *error);

/* The same for this machine, the backend in use and the environment. */
seebatch_status seebatch_view_lookup_here(seebatch_view_lookup *lookup, seebatch_error *error);

/* The exchange with these lookups for rules with these flags. */
seebatch_view_exchange_fn *seebatch_view_exchange_of(seebatch_view_lookup lookup, uint32_t flags);

/* seebatch_view_rules_init's choice: the exchange with the lookups here for
 * rules with these flags; errors as seebatch_view_lookup_here, *exchange then
 * unchanged. */
seebatch_status seebatch_view_exchange_for(uint32_t flags, seebatch_view_exchange_fn **exchange,
                                           seebatch_error *error);

/* Every exchange this machine runs for rules with these flags (for the
 * differential check); returns how many, at most 2. */
size_t seebatch_view_exchanges(uint32_t flags, seebatch_view_exchange_fn **out);

#endif
