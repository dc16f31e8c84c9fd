#include "dispatch.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "backend_choice.h"
#include "errors.h"

/* Every kernel built into the library, widest first; scalar runs everywhere. */
static const see_backend *const kernels_by_preference[] = {
#if SEEBATCH_HAVE_AVX512
    &seebatch_avx512_backend,
#endif
#if SEEBATCH_HAVE_AVX2
    &seebatch_avx2_backend,
#endif
    &seebatch_scalar_backend,
};
enum { KERNEL_COUNT = sizeof kernels_by_preference / sizeof kernels_by_preference[0] };

static _Atomic(const see_backend *) chosen_kernel;

static const see_backend *find_kernel(const char *name)
{
    for (size_t i = 0; i < KERNEL_COUNT; i++)
        if (strcmp(kernels_by_preference[i]->name, name) == 0)
            return kernels_by_preference[i];
    return NULL;
}

seebatch_backend_choice seebatch_backend_auto(const seebatch_cpu *cpu)
{
    const char *runnable[KERNEL_COUNT];
    size_t count = 0;
    for (size_t i = 0; i < KERNEL_COUNT; i++)
        if (seebatch_cpu_runs_backend(cpu, kernels_by_preference[i]->name))
            runnable[count++] = kernels_by_preference[i]->name;
    return seebatch_backend_choose(cpu, runnable, count);
}

/* What auto takes here: the measured table's choice for this CPU. */
static const see_backend *best_runnable_kernel(void)
{
    seebatch_cpu cpu = seebatch_cpu_read();
    const see_backend *kernel = find_kernel(seebatch_backend_auto(&cpu).backend);
    return kernel && kernel->runnable() ? kernel : &seebatch_scalar_backend;
}

const see_backend *seebatch_find_runnable_backend(const char *name)
{
    const see_backend *kernel = find_kernel(name);
    return kernel && kernel->runnable() ? kernel : NULL;
}

enum { SHOWN_MAX = 40 }; /* bytes of a bad name a message repeats */

/* Resolves a backend name; "auto" means detection. */
static seebatch_status resolve(const char *name, const see_backend **kernel, seebatch_error *error)
{
    if (strcmp(name, "auto") == 0) {
        *kernel = best_runnable_kernel();
        return seebatch_succeed(error);
    }
    const see_backend *named = find_kernel(name);
    char shown[SHOWN_MAX + 4];
    seebatch_printable(name, SIZE_MAX, SHOWN_MAX, shown);
    if (!named) {
        char known[128] = "";
        for (size_t i = 0; i < KERNEL_COUNT; i++) {
            strcat(known, kernels_by_preference[i]->name);
            strcat(known, ", ");
        }
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                             "unknown backend \"%s\" (this build has: %sauto)", shown, known);
    }
    if (!named->runnable())
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                             "backend \"%s\" is not available: this CPU or build cannot run it",
                             shown);
    *kernel = named;
    return seebatch_succeed(error);
}

/* The kernel SEEBATCH_BACKEND asks for; scalar (and an error) if it is unusable. */
static seebatch_status kernel_from_environment(const see_backend **kernel, seebatch_error *error)
{
    const char *name = getenv("SEEBATCH_BACKEND");
    seebatch_status status = resolve(name && *name ? name : "auto", kernel, error);
    if (status != SEEBATCH_OK)
        *kernel = &seebatch_scalar_backend;
    return status;
}

seebatch_status seebatch_backend_init(seebatch_error *error)
{
    const see_backend *kernel;
    seebatch_status status = kernel_from_environment(&kernel, error);
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
    kernel_from_environment(&candidate, &error);
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
    seebatch_status status = resolve(name, &kernel, error);
    if (status == SEEBATCH_OK)
        atomic_store_explicit(&chosen_kernel, kernel, memory_order_release);
    return status;
}

const char *seebatch_backend_name(void) { return seebatch_current_backend()->name; }

size_t seebatch_backends_available(const char **names, size_t capacity)
{
    size_t count = 0;
    for (size_t i = 0; i < KERNEL_COUNT; i++) {
        if (!kernels_by_preference[i]->runnable())
            continue;
        if (names && count < capacity)
            names[count] = kernels_by_preference[i]->name;
        count++;
    }
    return count;
}
