/* The choice of the views' attack lookups: in the library, the registry's
 * view-lookup role (lib/auto/implementations.c) on the CPU, the backend in
 * use and SEEBATCH_VIEW_EXCHANGE; in the engine pair, the compiler's target,
 * as the first part says. */
#include "choice.h"

#ifdef SEEBATCH_ENGINE_PAIR
#include "errors.h"

/* The engine pair (tools/generate_engine_pair.c) asks neither the CPU nor
 * the environment: it carries one set of exchanges, the one its compiler's
 * target runs (tools/engine_pair/exchanges.c), the library's pext ones
 * where the engine builds for BMI2 on x86-64, else its portable ones. */
seebatch_status seebatch_view_set_here(const view_exchange_set **set, seebatch_error *error)
{
#if SEEBATCH_PAIR_PEXT
    *set = &seebatch_view_pext;
#else
    *set = &seebatch_view_portable;
#endif
    return seebatch_succeed(error);
}
#else
#include <stdlib.h>
#include <string.h>

#include "auto/dispatch.h"
#include "auto/implementations.h"

const char *const seebatch_view_lookup_names[2] = {"portable", "pext"};

/* The walks of each lookup this build has, by seebatch_view_lookup. */
static const view_exchange_set *const seebatch_view_walks[2] = {
    &seebatch_view_portable,
#if SEEBATCH_HAVE_AVX2
    &seebatch_view_pext,
#else
    NULL,
#endif
};

/* The walks of a registry entry of the view-lookup role (NULL if not built). */
static const view_exchange_set *seebatch_walks_of(const implementation *entry)
{
    for (size_t i = 0; i < 2; i++)
        if (strcmp(entry->name, seebatch_view_lookup_names[i]) == 0)
            return seebatch_view_walks[i];
    return NULL;
}

seebatch_status seebatch_view_lookup_choose(const seebatch_cpu *cpu, const char *backend,
                                            const char *requested, seebatch_view_lookup *lookup,
                                            seebatch_error *error)
{
    /* Auto gives no instructions the backend in use does not run. */
    const implementation *in_use = seebatch_implementation_named(IMPLEMENTATION_BACKEND, backend);
    implementation_request request = {IMPLEMENTATION_VIEW_LOOKUP, cpu,
                                      requested && *requested ? requested : NULL,
                                      in_use ? in_use->needs : INSTRUCTIONS_PLAIN};
    const implementation *chosen;
    seebatch_status status = seebatch_implementation_choose(&request, &chosen, error);
    if (status == SEEBATCH_OK)
        *lookup = strcmp(chosen->name, seebatch_view_lookup_names[SEEBATCH_LOOKUP_PEXT]) == 0
                      ? SEEBATCH_LOOKUP_PEXT
                      : SEEBATCH_LOOKUP_PORTABLE;
    return status;
}

seebatch_status seebatch_view_lookup_here(seebatch_view_lookup *lookup, seebatch_error *error)
{
    seebatch_cpu cpu = seebatch_cpu_here();
    return seebatch_view_lookup_choose(&cpu, seebatch_current_backend()->name,
                                       getenv("SEEBATCH_VIEW_EXCHANGE"), lookup, error);
}

seebatch_status seebatch_view_init(seebatch_error *error)
{
    seebatch_view_lookup lookup;
    return seebatch_view_lookup_here(&lookup, error);
}

const view_exchange_set *seebatch_view_set_of(seebatch_view_lookup lookup)
{
    /* pext where this build lacks it is never chosen: the portable set. */
    return seebatch_view_walks[lookup] ? seebatch_view_walks[lookup] : &seebatch_view_portable;
}

seebatch_status seebatch_view_set_here(const view_exchange_set **set, seebatch_error *error)
{
    seebatch_view_lookup lookup = SEEBATCH_LOOKUP_PORTABLE;
    seebatch_status status = seebatch_view_lookup_here(&lookup, error);
    if (status == SEEBATCH_OK)
        *set = seebatch_view_set_of(lookup);
    return status;
}

size_t seebatch_view_sets(const view_exchange_set **out)
{
    seebatch_cpu cpu = seebatch_cpu_here();
    size_t count = 0;
    /* Plainest first, as choice.h promises: the registry read backwards. */
    for (size_t i = seebatch_implementation_count; i-- > 0;) {
        const implementation *entry = &seebatch_implementations[i];
        if (entry->role == IMPLEMENTATION_VIEW_LOOKUP && seebatch_implementation_runs(entry, &cpu))
            out[count++] = seebatch_walks_of(entry);
    }
    return count;
}
#endif
