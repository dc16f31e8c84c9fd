/* The view exchange with magic slider lookups, for any CPU, and the choice
 * between it and the pext one. */
#include "view_exchange.h"

#include <string.h>

#include "dispatch.h"

/* The body's default lookups: the portable tables and magics. */
#define VIEW_EXCHANGE seebatch_view_exchange_portable
#define PINS 1
#include "view_exchange_body.h"
#define VIEW_EXCHANGE seebatch_view_exchange_portable_unpinned
#define PINS 0
#include "view_exchange_body.h"

/* Pins decide the function, not a test in it. */
seebatch_view_exchange_fn *seebatch_view_exchange_for(uint32_t flags)
{
    bool pins = flags & SEEBATCH_PINS;
#if SEEBATCH_HAVE_AVX2
    if (strcmp(seebatch_current_backend()->name, "scalar") != 0)
        return pins ? seebatch_view_exchange_bmi2 : seebatch_view_exchange_bmi2_unpinned;
#endif
    return pins ? seebatch_view_exchange_portable : seebatch_view_exchange_portable_unpinned;
}

size_t seebatch_view_exchanges(uint32_t flags, seebatch_view_exchange_fn **out)
{
    bool pins = flags & SEEBATCH_PINS;
    size_t count = 0;
    out[count++] =
        pins ? seebatch_view_exchange_portable : seebatch_view_exchange_portable_unpinned;
#if SEEBATCH_HAVE_AVX2
    if (seebatch_find_runnable_backend("avx2"))
        out[count++] = pins ? seebatch_view_exchange_bmi2 : seebatch_view_exchange_bmi2_unpinned;
#endif
    return count;
}
