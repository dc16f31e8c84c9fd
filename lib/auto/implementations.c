/*
 * The registry and the one choice among its implementations (see
 * implementations.h). lib/views/choice.c asks it for the views' lookups,
 * lib/auto/dispatch.c for the backend.
 */
#include "implementations.h"

#include <string.h>

#include "errors.h"
#include "measured_cpus.h"

/* Each kernel of the list (kernel_list.h) this build has, else NULL. */
#define SEEBATCH_KERNEL_scalar (&seebatch_scalar_backend)
#if SEEBATCH_HAVE_AVX512
#define SEEBATCH_KERNEL_avx512 (&seebatch_avx512_backend)
#else
#define SEEBATCH_KERNEL_avx512 NULL
#endif
#if SEEBATCH_HAVE_AVX2
#define SEEBATCH_KERNEL_avx2 (&seebatch_avx2_backend)
#define PEXT_LOOKUPS_BUILT true /* views/exchanges_pext.c comes with the avx2 kernel */
#else
#define SEEBATCH_KERNEL_avx2 NULL
#define PEXT_LOOKUPS_BUILT false
#endif

#define SEEBATCH_CHOICE_KERNEL(name, letter, needs) [CHOICE_INDEX(name)] = SEEBATCH_KERNEL_##name,
const see_backend *const seebatch_choice_kernels[CHOICE_KERNELS] = {
    SEEBATCH_KERNEL_LIST(SEEBATCH_CHOICE_KERNEL)};
#undef SEEBATCH_CHOICE_KERNEL

/* A backend is preferred where it is the widest the measured row chooses. */
static bool seebatch_measured_fastest(const seebatch_cpu *cpu, const implementation *self)
{
    const measured_cpu *row = seebatch_measured_row(cpu);
    if (!row)
        return false;
    shape_choices choices = seebatch_measured_choices(row);
    return strcmp(seebatch_choice_kernel_names[seebatch_choices_widest(&choices)], self->name) == 0;
}

/* pext is preferred where it runs in a few cycles (elsewhere it is
 * microcoded, slower than the portable magics). */
static bool seebatch_pext_fast(const seebatch_cpu *cpu, const implementation *self)
{
    (void)self;
    return seebatch_cpu_fast_pext(cpu);
}

/* The portable magics are fast on every CPU. */
static bool seebatch_everywhere(const seebatch_cpu *cpu, const implementation *self)
{
    (void)cpu;
    (void)self;
    return true;
}

#define SEEBATCH_BACKEND_ENTRY(name, letter, needs)                                                \
    {#name, IMPLEMENTATION_BACKEND, needs, seebatch_measured_fastest, SEEBATCH_KERNEL_##name,      \
     false},
const implementation seebatch_implementations[] = {
    SEEBATCH_KERNEL_LIST(SEEBATCH_BACKEND_ENTRY)
    /* pext's file (views/exchanges_pext.c) is compiled with the avx2 options. */
    {"pext", IMPLEMENTATION_VIEW_LOOKUP, INSTRUCTIONS_AVX2, seebatch_pext_fast, NULL,
     PEXT_LOOKUPS_BUILT},
    {"portable", IMPLEMENTATION_VIEW_LOOKUP, INSTRUCTIONS_PLAIN, seebatch_everywhere, NULL, true},
};
#undef SEEBATCH_BACKEND_ENTRY
const size_t seebatch_implementation_count =
    sizeof seebatch_implementations / sizeof seebatch_implementations[0];

/* The CPU's answer (cpu_features.h), but for the test build whose AVX-512
 * kernel is AVX2 code (SEEBATCH_AVX512_EMULATED). */
static bool seebatch_cpu_runs_needs(const seebatch_cpu *cpu, instruction_set needs)
{
#if SEEBATCH_AVX512_EMULATED
    if (needs == INSTRUCTIONS_AVX512)
        needs = INSTRUCTIONS_AVX2;
#endif
    return seebatch_cpu_runs(cpu, needs);
}

static bool seebatch_built(const implementation *implementation)
{
    return implementation->backend || implementation->lookups_built;
}

bool seebatch_implementation_runs(const implementation *implementation, const seebatch_cpu *cpu)
{
    return seebatch_built(implementation) && seebatch_cpu_runs_needs(cpu, implementation->needs);
}

/* The names a forced choice may give without "unknown": a backend this
 * build has ("this build has: ..."), and every view lookup (a pext this
 * build lacks is one it "cannot run"), as the messages have always said. */
static bool seebatch_known(const implementation *implementation)
{
    return implementation->role == IMPLEMENTATION_VIEW_LOOKUP || seebatch_built(implementation);
}

const implementation *seebatch_implementation_named(implementation_role role, const char *name)
{
    for (size_t i = 0; i < seebatch_implementation_count; i++) {
        const implementation *entry = &seebatch_implementations[i];
        if (entry->role == role && strcmp(entry->name, name) == 0)
            return entry;
    }
    return NULL;
}

/* Auto's choice (see implementations.h); the role's last entry needs nothing. */
static const implementation *seebatch_automatic(const implementation_request *request)
{
    const implementation *first = NULL;
    for (size_t i = 0; i < seebatch_implementation_count; i++) {
        const implementation *entry = &seebatch_implementations[i];
        if (entry->role != request->role || entry->needs > request->ceiling ||
            !seebatch_implementation_runs(entry, request->cpu))
            continue;
        if (entry->preferred_on(request->cpu, entry))
            return entry;
        if (!first)
            first = entry;
    }
    return first;
}

enum { SHOWN_MAX = 40, NAMES_MAX = 96 }; /* bytes of a bad name a message repeats */

/* The role's known names, or (cpu not NULL) those it runs, ", " between
 * them. */
static const char *seebatch_names_of(implementation_role role, const seebatch_cpu *cpu,
                                     char out[NAMES_MAX])
{
    out[0] = '\0';
    for (size_t i = 0; i < seebatch_implementation_count; i++) {
        const implementation *entry = &seebatch_implementations[i];
        if (entry->role != role || !seebatch_known(entry) ||
            (cpu && !seebatch_implementation_runs(entry, cpu)))
            continue;
        if (out[0])
            strcat(out, ", ");
        strcat(out, entry->name);
    }
    return out;
}

static seebatch_status seebatch_unknown_name(implementation_role role, const char *shown,
                                             seebatch_error *error)
{
    char names[NAMES_MAX];
    seebatch_names_of(role, NULL, names);
    /* "auto" and "fixed" are the plan's (auto/dispatch.c), not entries. */
    if (role == IMPLEMENTATION_BACKEND)
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                             "unknown backend \"%s\" (the names: auto, fixed, and this build's "
                             "backends %s)",
                             shown, names);
    return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                         "unknown SEEBATCH_VIEW_EXCHANGE \"%s\" (known: auto, %s)", shown, names);
}

/* A known name this CPU or build cannot run; a view lookup names the
 * backend that needs the same instructions. */
static seebatch_status seebatch_not_runnable(const implementation *named, const seebatch_cpu *cpu,
                                             seebatch_error *error)
{
    char names[NAMES_MAX];
    if (named->role == IMPLEMENTATION_BACKEND)
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                             "backend \"%s\" is not available: this CPU or build cannot run it "
                             "(here: auto, fixed, %s)",
                             named->name, seebatch_names_of(named->role, cpu, names));
    const char *alike = "scalar";
    for (size_t i = 0; i < seebatch_implementation_count; i++)
        if (seebatch_implementations[i].role == IMPLEMENTATION_BACKEND &&
            seebatch_implementations[i].needs == named->needs)
            alike = seebatch_implementations[i].name;
    return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                         "SEEBATCH_VIEW_EXCHANGE is \"%s\", which this CPU or build cannot run (it "
                         "needs what the %s backend needs)",
                         named->name, alike);
}

seebatch_status seebatch_implementation_choose(const implementation_request *request,
                                               const implementation **chosen, seebatch_error *error)
{
    if (!request->name || strcmp(request->name, "auto") == 0) {
        *chosen = seebatch_automatic(request);
        return seebatch_succeed(error);
    }
    const implementation *named = seebatch_implementation_named(request->role, request->name);
    if (!named || !seebatch_known(named)) {
        char shown[SHOWN_MAX + 4];
        seebatch_printable(request->name, SIZE_MAX, SHOWN_MAX, shown);
        return seebatch_unknown_name(request->role, shown, error);
    }
    if (!seebatch_implementation_runs(named, request->cpu))
        return seebatch_not_runnable(named, request->cpu, error);
    *chosen = named;
    return seebatch_succeed(error);
}

bool seebatch_choices_run(const shape_choices *choices, const seebatch_cpu *cpu)
{
    for (unsigned shape = 0; shape < CALL_SHAPES; shape++) {
        const implementation *entry = seebatch_implementation_named(
            IMPLEMENTATION_BACKEND,
            seebatch_choice_kernel_names[choices->kernel[shape] % CHOICE_KERNELS]);
        if (!entry || !seebatch_implementation_runs(entry, cpu))
            return false;
    }
    return true;
}

/* Every shape on the one kernel of that name. */
static shape_choices seebatch_all_shapes(const char *name)
{
    shape_choices choices;
    uint8_t kernel = 0;
    for (uint8_t k = 0; k < CHOICE_KERNELS; k++)
        if (strcmp(seebatch_choice_kernel_names[k], name) == 0)
            kernel = k;
    memset(choices.kernel, kernel, sizeof choices.kernel);
    return choices;
}

seebatch_backend_choice seebatch_backend_auto(const seebatch_cpu *cpu)
{
    implementation_request request = {IMPLEMENTATION_BACKEND, cpu, NULL, INSTRUCTIONS_AVX512};
    const implementation *chosen = seebatch_automatic(&request);
    shape_choices widest = seebatch_all_shapes(chosen->name);
    if (!SEEBATCH_HAS_CPUID)
        return (seebatch_backend_choice){chosen->name, false, seebatch_no_simd_kernel, widest,
                                         false};
    const measured_cpu *row = seebatch_measured_row(cpu);
    if (row) {
        shape_choices measured = seebatch_measured_choices(row);
        if (seebatch_choices_run(&measured, cpu))
            return (seebatch_backend_choice){chosen->name, true, row->reason, measured,
                                             row->walk_learns_cycles};
    }
    return (seebatch_backend_choice){chosen->name, false,
                                     row ? seebatch_row_not_runnable : seebatch_not_measured,
                                     widest, false};
}
