/* The view exchange with magic slider lookups, for any CPU, and the choice
 * between it and the pext one (SEEBATCH_VIEW_EXCHANGE, else the CPU). */
#include "view_exchange.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"
#include "errors.h"

/* The body's default lookups: the portable tables and magics. */
#define VIEW_EXCHANGE seebatch_view_exchange_portable
#define PINS 1
#include "view_exchange_body.h"
#define VIEW_EXCHANGE seebatch_view_exchange_portable_unpinned
#define PINS 0
#include "view_exchange_body.h"

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

/* Pins decide the function, not a test in it. */
seebatch_view_exchange_fn *seebatch_view_exchange_of(seebatch_view_lookup lookup, uint32_t flags)
{
    bool pins = flags & SEEBATCH_PINS;
#if SEEBATCH_HAVE_AVX2
    if (lookup == SEEBATCH_LOOKUP_PEXT)
        return pins ? seebatch_view_exchange_bmi2 : seebatch_view_exchange_bmi2_unpinned;
#else
    (void)lookup; /* never pext: seebatch_view_lookup_choose does not give it */
#endif
    return pins ? seebatch_view_exchange_portable : seebatch_view_exchange_portable_unpinned;
}

seebatch_status seebatch_view_exchange_for(uint32_t flags, seebatch_view_exchange_fn **exchange,
                                           seebatch_error *error)
{
    seebatch_view_lookup lookup = SEEBATCH_LOOKUP_PORTABLE;
    seebatch_status status = seebatch_view_lookup_here(&lookup, error);
    if (status == SEEBATCH_OK)
        *exchange = seebatch_view_exchange_of(lookup, flags);
    return status;
}

/* Slow pext included: the check covers what a forced choice can run. */
size_t seebatch_view_exchanges(uint32_t flags, seebatch_view_exchange_fn **out)
{
    size_t count = 0;
    out[count++] = seebatch_view_exchange_of(SEEBATCH_LOOKUP_PORTABLE, flags);
    seebatch_cpu cpu = seebatch_cpu_read();
    if (pext_runs(&cpu))
        out[count++] = seebatch_view_exchange_of(SEEBATCH_LOOKUP_PEXT, flags);
    return count;
}
