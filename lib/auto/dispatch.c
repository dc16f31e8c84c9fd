/*
 * The choice per call shape (dispatch.h) made here: the registry's auto
 * choice (implementations.c), a profile's (profile.h) where one applies, or
 * the one backend SEEBATCH_BACKEND or seebatch_backend_set names, once,
 * cached as one word: two bits a shape (a letter index of call_shapes.h),
 * the widest kernel's index above them, and a bit saying it is chosen.
 */
#include "dispatch.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "implementations.h"
#include "profile.h"

#define PLAN_CHOSEN (UINT64_C(1) << 63)

_Atomic uint64_t seebatch_chosen_plan; /* 0: none chosen yet */

static uint64_t seebatch_plan_of(const shape_choices *choices)
{
    uint64_t plan = PLAN_CHOSEN | (uint64_t)seebatch_choices_widest(choices) << PLAN_WIDEST_SHIFT;
    for (unsigned shape = 0; shape < CALL_SHAPES; shape++)
        plan |= (uint64_t)(choices->kernel[shape] & 3u) << (2 * shape);
    return plan;
}

/* Every shape on the kernel of that name (a letter index). */
static uint64_t seebatch_plan_forced(const char *name)
{
    shape_choices choices;
    for (uint8_t k = 0; k < CHOICE_KERNELS; k++)
        if (strcmp(seebatch_choice_kernel_names[k], name) == 0)
            memset(choices.kernel, k, sizeof choices.kernel);
    return seebatch_plan_of(&choices);
}

void seebatch_auto_choice_here(seebatch_auto_here *here, seebatch_error *error)
{
    seebatch_cpu cpu = seebatch_cpu_here();
    bool named;
    here->choice = seebatch_backend_auto(&cpu);
    here->from_profile = seebatch_profile_here(&cpu, &here->choice.shapes, error);
    if (!seebatch_profile_path(&cpu, here->profile, &named))
        here->profile[0] = '\0';
    if (here->from_profile)
        here->choice.backend =
            seebatch_choice_kernel_names[seebatch_choices_widest(&here->choice.shapes)];
}

/* Auto on this machine: a profile's choices where one is read, else the
 * registry's; a refused profile's message in error (auto goes on without it). */
static uint64_t seebatch_plan_auto(seebatch_error *error)
{
    seebatch_auto_here here;
    seebatch_auto_choice_here(&here, error);
    return seebatch_plan_of(&here.choice.shapes);
}

/* The plan for that name ("auto" or NULL: auto); an error leaves *plan. */
static seebatch_status seebatch_resolve(const char *name, uint64_t *plan, seebatch_error *error)
{
    if (!name || strcmp(name, "auto") == 0) {
        *plan = seebatch_plan_auto(error);
        return error ? error->status : SEEBATCH_OK;
    }
    seebatch_cpu cpu = seebatch_cpu_here();
    implementation_request request = {IMPLEMENTATION_BACKEND, &cpu, name, INSTRUCTIONS_AVX512};
    const implementation *chosen;
    seebatch_status status = seebatch_implementation_choose(&request, &chosen, error);
    if (status == SEEBATCH_OK)
        *plan = seebatch_plan_forced(chosen->name);
    return status;
}

const see_backend *seebatch_find_runnable_backend(const char *name)
{
    const implementation *named = seebatch_implementation_named(IMPLEMENTATION_BACKEND, name);
    seebatch_cpu cpu = seebatch_cpu_here();
    return named && seebatch_implementation_runs(named, &cpu) ? named->backend : NULL;
}

/* The plan SEEBATCH_BACKEND asks for; scalar (and an error) if it is
 * unusable; auto (and an error) if a profile is refused. */
static uint64_t seebatch_plan_from_environment(seebatch_status *status, seebatch_error *error)
{
    const char *name = getenv("SEEBATCH_BACKEND");
    uint64_t plan = seebatch_plan_forced("scalar");
    seebatch_error ignored;
    *status = seebatch_resolve(name && *name ? name : "auto", &plan, error ? error : &ignored);
    return plan;
}

seebatch_status seebatch_backend_init(seebatch_error *error)
{
    seebatch_status status;
    uint64_t plan = seebatch_plan_from_environment(&status, error);
    uint64_t expected = 0;
    atomic_compare_exchange_strong(&seebatch_chosen_plan, &expected, plan);
    return status;
}

/* The first choice, made on the first call. A bad SEEBATCH_BACKEND gives
 * scalar; the library never prints, so the error is the caller's to ask
 * for, from seebatch_backend_init. Racing threads agree on the result. */
uint64_t seebatch_plan_first(void)
{
    seebatch_status status;
    uint64_t candidate = seebatch_plan_from_environment(&status, NULL);
    uint64_t expected = 0;
    if (atomic_compare_exchange_strong(&seebatch_chosen_plan, &expected, candidate))
        return candidate;
    return expected;
}

const see_backend *seebatch_current_backend(void)
{
    return seebatch_choice_kernels[seebatch_plan_in_use() >> PLAN_WIDEST_SHIFT & 3u];
}

seebatch_status seebatch_backend_set(const char *name, seebatch_error *error)
{
    if (!name)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "backend name is NULL");
    uint64_t plan;
    seebatch_error profile_error;
    bool automatic = strcmp(name, "auto") == 0;
    /* Auto here is the table's or a profile's; a refused profile is
     * seebatch_backend_init's to report. */
    seebatch_status status = seebatch_resolve(name, &plan, automatic ? &profile_error : error);
    if (automatic)
        status = seebatch_succeed(error);
    if (status == SEEBATCH_OK)
        atomic_store_explicit(&seebatch_chosen_plan, plan, memory_order_release);
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
