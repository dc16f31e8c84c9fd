/* The choice of the views' attack lookups (SEEBATCH_VIEW_EXCHANGE, else the CPU). */
#include "choice.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "attacks.h"
#include "dispatch.h"
#include "errors.h"

const char *const seebatch_view_lookup_names[2] = {"portable", "pext"};

/* Whether this build has the pext exchange and the CPU runs its file. */
static bool pext_runs(const seebatch_cpu *cpu)
{
#if SEEBATCH_HAVE_AVX2
    return seebatch_cpu_runs_avx2(cpu);
#else
    (void)cpu;
    return false;
#endif
}

enum { SHOWN_MAX = 40 }; /* bytes of a bad value a message repeats */

seebatch_status seebatch_view_lookup_choose(const seebatch_cpu *cpu, const char *backend,
                                            const char *requested, seebatch_view_lookup *lookup,
                                            seebatch_error *error)
{
    char shown[SHOWN_MAX + 4];
    if (!requested || !*requested || strcmp(requested, "auto") == 0) {
        bool pext = pext_runs(cpu) && seebatch_cpu_fast_pext(cpu) && strcmp(backend, "scalar") != 0;
        *lookup = pext ? SEEBATCH_LOOKUP_PEXT : SEEBATCH_LOOKUP_PORTABLE;
    } else if (strcmp(requested, "portable") == 0) {
        *lookup = SEEBATCH_LOOKUP_PORTABLE;
    } else if (strcmp(requested, "pext") == 0) {
        if (!pext_runs(cpu))
            return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                                 "SEEBATCH_VIEW_EXCHANGE is \"pext\", which this CPU or build "
                                 "cannot run (it needs what the avx2 backend needs)");
        *lookup = SEEBATCH_LOOKUP_PEXT;
    } else {
        seebatch_printable(requested, SIZE_MAX, SHOWN_MAX, shown);
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                             "unknown SEEBATCH_VIEW_EXCHANGE \"%s\" (known: auto, pext, portable)",
                             shown);
    }
    return seebatch_succeed(error);
}

seebatch_status seebatch_view_lookup_here(seebatch_view_lookup *lookup, seebatch_error *error)
{
    seebatch_cpu cpu = seebatch_cpu_read();
    return seebatch_view_lookup_choose(&cpu, seebatch_current_backend()->name,
                                       getenv("SEEBATCH_VIEW_EXCHANGE"), lookup, error);
}

const view_exchange_set *seebatch_view_set_of(seebatch_view_lookup lookup)
{
#if SEEBATCH_HAVE_AVX2
    if (lookup == SEEBATCH_LOOKUP_PEXT)
        return &seebatch_view_pext;
#else
    (void)lookup; /* never pext: seebatch_view_lookup_choose does not give it */
#endif
    return &seebatch_view_portable;
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
    size_t count = 0;
    out[count++] = seebatch_view_set_of(SEEBATCH_LOOKUP_PORTABLE);
    seebatch_cpu cpu = seebatch_cpu_read();
    if (pext_runs(&cpu))
        out[count++] = seebatch_view_set_of(SEEBATCH_LOOKUP_PEXT);
    return count;
}
