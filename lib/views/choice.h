/*
 * Which attack lookups the views' exchanges use: the portable magics on any
 * CPU, or pext where the CPU has BMI2 and AVX2 and runs pext fast, unless
 * SEEBATCH_VIEW_EXCHANGE says. seebatch_view_rules_init asks once.
 */
#ifndef SEEBATCH_VIEWS_CHOICE_H
#define SEEBATCH_VIEWS_CHOICE_H

#include "machine/cpu_features.h"
#include "seebatch_view.h"
#include "views.h"

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
 * backend's instructions), runs pext fast, and the backend in use runs
 * those instructions too (the registry's ceiling: not the scalar backend);
 * else the portable lookups. "pext" and "portable" force one. Errors
 * (SEEBATCH_ERROR_BACKEND, naming the variable and the value): an unknown
 * value, or "pext" where the pext exchange cannot run; *lookup is then
 * unchanged. A pure function of its arguments. */
seebatch_status seebatch_view_lookup_choose(const seebatch_cpu *cpu, const char *backend,
                                            const char *requested, seebatch_view_lookup *lookup,
                                            seebatch_error *error);

/* The same for this machine, the backend in use and the environment. */
seebatch_status seebatch_view_lookup_here(seebatch_view_lookup *lookup, seebatch_error *error);

/* The exchanges with these lookups. */
const view_exchange_set *seebatch_view_set_of(seebatch_view_lookup lookup);

/* seebatch_view_rules_init's choice: the exchanges with the lookups here;
 * errors as seebatch_view_lookup_here, *set then unchanged. */
seebatch_status seebatch_view_set_here(const view_exchange_set **set, seebatch_error *error);

/* Every set this machine runs, slow pext included (for the differential
 * check, which covers what a forced choice can run); returns how many, at
 * most 2, portable first. */
size_t seebatch_view_sets(const view_exchange_set **out);

#endif
