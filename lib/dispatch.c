/*
 * The registry's backend choice (implementations.c) made here: on this
 * machine's registers and the environment's SEEBATCH_BACKEND, once, cached.
 */
#include "dispatch.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "errors.h"
#include "implementations.h"

static _Atomic(const see_backend *) chosen_kernel;

/* The backend of that name on this machine ("auto": the registry's choice). */
static seebatch_status seebatch_resolve(const char *name, const see_backend **kernel, seebatch_error *error)
{
    seebatch_cpu cpu = seebatch_cpu_here();
    implementation_request request = {IMPLEMENTATION_BACKEND, &cpu, name, INSTRUCTIONS_AVX512};
    const implementation *chosen;
    seebatch_status status = seebatch_implementation_choose(&request, &chosen, error);
    if (status == SEEBATCH_OK)
        *kernel = chosen->backend;
    return status;
}

const see_backend *seebatch_find_runnable_backend(const char *name)
{
    const implementation *named = seebatch_implementation_named(IMPLEMENTATION_BACKEND, name);
    seebatch_cpu cpu = seebatch_cpu_here();
    return named && seebatch_implementation_runs(named, &cpu) ? named->backend : NULL;
}

/* The kernel SEEBATCH_BACKEND asks for; scalar (and an error) if it is unusable. */
static seebatch_status seebatch_kernel_from_environment(const see_backend **kernel, seebatch_error *error)
{
    const char *name = getenv("SEEBATCH_BACKEND");
    seebatch_status status = seebatch_resolve(name && *name ? name : "auto", kernel, error);
    if (status != SEEBATCH_OK)
        *kernel = &seebatch_scalar_backend;
    return status;
}

seebatch_status seebatch_backend_init(seebatch_error *error)
{
    const see_backend *kernel;
    seebatch_status status = seebatch_kernel_from_environment(&kernel, error);
    const see_backend *expected = NULL;
    atomic_compare_exchange_strong(&chosen_kernel, &expected, kernel);
    return status;
}

const see_backend *seebatch_current_backend(void)
{
    const see_backend *kernel = atomic_load_explicit(&chosen_kernel, memory_order_acquire);
    if (kernel)
        return kernel;
    /* A bad SEEBATCH_BACKEND gives scalar; the library never prints, so the
     * error is the caller's to ask for, from seebatch_backend_init. Racing
     * threads agree on the result. */
    seebatch_error error;
    const see_backend *candidate;
    seebatch_kernel_from_environment(&candidate, &error);
    const see_backend *expected = NULL;
    if (atomic_compare_exchange_strong(&chosen_kernel, &expected, candidate))
        return candidate;
    return expected;
}

seebatch_status seebatch_backend_set(const char *name, seebatch_error *error)
{
    if (!name)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "backend name is NULL");
    const see_backend *kernel;
    seebatch_status status = seebatch_resolve(name, &kernel, error);
    if (status == SEEBATCH_OK)
        atomic_store_explicit(&chosen_kernel, kernel, memory_order_release);
    return status;
}

const char *seebatch_backend_name(void) { return seebatch_current_backend()->name; }

size_t seebatch_backends_available(const char **names, size_t capacity)
{
    seebatch_cpu cpu = seebatch_cpu_here();
    size_t count = 0;
    for (size_t i = 0; i < seebatch_implementation_count; i++) {
        const implementation *entry = &seebatch_implementations[i];
        if (entry->role != IMPLEMENTATION_BACKEND || !seebatch_implementation_runs(entry, &cpu))
            continue;
        if (names && count < capacity)
            names[count] = entry->name;
        count++;
    }
    return count;
}
