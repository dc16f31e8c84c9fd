/*
 * The plan (dispatch.h) made here: auto's first guess per call shape from the
 * registry (implementations.c: the measured table's row, or the widest
 * kernel), learning on ("auto") or off ("fixed"), or the one backend
 * SEEBATCH_BACKEND or seebatch_backend_set names; cached as one word.
 */
#include "dispatch.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "implementations.h"

_Atomic uint64_t seebatch_chosen_plan; /* 0: none chosen yet */

_Static_assert((int)CALL_SHAPES == (int)SEEBATCH_CALL_SHAPES, "seebatch.h's count of call shapes");

/* A bit a kernel (its index) this build runs on these registers. */
static uint32_t seebatch_runnable_kernels(const seebatch_cpu *cpu)
{
    uint32_t runnable = 0;
    for (unsigned k = 0; k < CHOICE_KERNELS; k++) {
        const implementation *entry =
            seebatch_implementation_named(IMPLEMENTATION_BACKEND, seebatch_choice_kernel_names[k]);
        if (entry && seebatch_implementation_runs(entry, cpu))
            runnable |= 1u << k;
    }
    return runnable;
}

/* The plan with the walks' lookups this machine takes (plan.h). */
static uint64_t seebatch_with_walks(uint64_t plan)
{
    return plan | (uint64_t)seebatch_scalar_walks_take_pext() << PLAN_PEXT_WALKS_SHIFT;
}

/* Every shape on the kernel of that name (one this machine runs). */
static uint64_t seebatch_plan_forced(const char *name)
{
    shape_choices choices = {{0}};
    for (uint8_t k = 0; k < CHOICE_KERNELS; k++)
        if (strcmp(seebatch_choice_kernel_names[k], name) == 0)
            memset(choices.kernel, k, sizeof choices.kernel);
    seebatch_cpu cpu = seebatch_cpu_here();
    return seebatch_with_walks(
        seebatch_plan_make(&choices, seebatch_runnable_kernels(&cpu), SETTING_FORCED));
}

uint64_t seebatch_plan_auto(const seebatch_cpu *cpu, plan_setting setting)
{
    seebatch_backend_choice guess = seebatch_backend_auto(cpu);
    uint64_t plan = seebatch_plan_make(&guess.shapes, seebatch_runnable_kernels(cpu), setting);
    plan |= (uint64_t)guess.measured << PLAN_ROW_DECIDES_SHIFT;
    return plan | (uint64_t)guess.walk_learns_cycles << PLAN_WALK_CYCLES_SHIFT;
}

/* The plan for that name, never NULL (its callers give "auto" for none):
 * "auto", learning; "fixed", auto's first guess, never learning; else the
 * one backend named. An error leaves *plan. */
static seebatch_status seebatch_resolve(const char *name, uint64_t *plan, seebatch_error *error)
{
    bool fixed = strcmp(name, "fixed") == 0;
    if (fixed || strcmp(name, "auto") == 0) {
        seebatch_cpu cpu = seebatch_cpu_here();
        *plan = seebatch_with_walks(seebatch_plan_auto(&cpu, fixed ? SETTING_FIXED : SETTING_AUTO));
        return seebatch_succeed(error);
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
 * unusable. */
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
    if (status == SEEBATCH_OK && seebatch_pext_setting() == SEEBATCH_PEXT_BAD) {
        char shown[44];
        seebatch_printable(getenv("SEEBATCH_PEXT"), SIZE_MAX, 40, shown);
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                             "unknown SEEBATCH_PEXT \"%s\" (known: auto, fast, slow)", shown);
    }
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
    return seebatch_choice_kernels[seebatch_plan_widest(seebatch_plan_in_use())];
}

seebatch_status seebatch_backend_set(const char *name, seebatch_error *error)
{
    if (!name)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "backend name is NULL");
    uint64_t plan;
    seebatch_status status = seebatch_resolve(name, &plan, error);
    if (status != SEEBATCH_OK)
        return status;
    /* Back to auto from a phase under a forced backend: learn afresh, as
     * the workload may have changed. */
    if (seebatch_plan_learning(plan))
        seebatch_learning_restart();
    atomic_store_explicit(&seebatch_chosen_plan, plan, memory_order_release);
    return status;
}

const char *seebatch_backend_name(void)
{
    uint64_t plan = seebatch_plan_in_use();
    switch (seebatch_plan_setting(plan)) {
    case SETTING_AUTO:
        return "auto";
    case SETTING_FIXED:
        return "fixed";
    default:
        return seebatch_choice_kernel_names[seebatch_plan_widest(plan)];
    }
}

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

size_t seebatch_auto_report(seebatch_auto_shape *shapes, size_t capacity)
{
    uint64_t plan = seebatch_plan_in_use();
    uint32_t runnable = seebatch_plan_runnable(plan);
    for (unsigned shape = 0; shape < CALL_SHAPES && shape < capacity; shape++) {
        seebatch_auto_shape *report = &shapes[shape];
        memset(report, 0, sizeof *report);
        seebatch_shape_name(shape, report->shape);
        unsigned kept = seebatch_plan_kernel(plan, shape);
        report->learns = seebatch_plan_learning(plan) && seebatch_shape_learns(shape);
        if (report->learns) {
            seebatch_learning_kept(shape, &kept);
            report->repeats_every = seebatch_learning_cycle(shape);
        }
        report->kept = seebatch_choice_kernel_names[kept];
        for (unsigned k = CHOICE_KERNELS; k-- > 0;) {
            if (!(runnable >> k & 1u) || report->backend_count == SEEBATCH_BACKENDS_MAX)
                continue;
            seebatch_auto_backend *backend = &report->backends[report->backend_count++];
            backend->name = seebatch_choice_kernel_names[k];
            if (report->learns)
                seebatch_learning_report(shape, k, backend);
        }
    }
    return CALL_SHAPES;
}
