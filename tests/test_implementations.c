/*
 * The registry of implementations (lib/auto/implementations.h): every backend
 * and view lookup listed once, in priority order, each with what it needs;
 * forcing a name picks exactly that implementation wherever it runs and is
 * refused, with nothing chosen, where it does not; auto takes nothing past
 * the ceiling; and the library's lists (seebatch_backends_available,
 * seebatch_view_sets, seebatch_find_runnable_backend) and its choice here
 * follow the registry. On CPUs faked by their registers, then on this
 * machine. And the copies the tests hold to their references are every one
 * this machine's instructions run, whatever SEEBATCH_PEXT says.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "environment.h"
#include "auto/dispatch.h"
#include "auto/implementations.h"
#include "scalar/walk.h"
#include "text/fen_scan.h"
#include "training/formats/chain_coding_choice.h"
#include "views/choice.h"

/* The registry as it must read, written out here rather than taken from
 * the library: name, role, instructions needed, whether this build has it. */
typedef struct expected_entry {
    const char *name;
    implementation_role role;
    instruction_set needs;
    bool built;
} expected_entry;

#if SEEBATCH_HAVE_AVX512
#define AVX512_BUILT true
#else
#define AVX512_BUILT false
#endif
#if SEEBATCH_HAVE_AVX2
#define AVX2_BUILT true
#else
#define AVX2_BUILT false
#endif

static const expected_entry expected[] = {
    {"avx512", IMPLEMENTATION_BACKEND, INSTRUCTIONS_AVX512, AVX512_BUILT},
    {"avx2", IMPLEMENTATION_BACKEND, INSTRUCTIONS_AVX2, AVX2_BUILT},
    {"scalar", IMPLEMENTATION_BACKEND, INSTRUCTIONS_PLAIN, true},
    {"pext", IMPLEMENTATION_VIEW_LOOKUP, INSTRUCTIONS_AVX2, AVX2_BUILT},
    {"portable", IMPLEMENTATION_VIEW_LOOKUP, INSTRUCTIONS_PLAIN, true},
};
enum { EXPECTED = sizeof expected / sizeof expected[0] };

/* Register bits (Intel SDM) of a few CPUs, as test_cpu_choice.c spells them. */
#define AVX_WITH_OS (1u << 23 | 1u << 27 | 1u << 28) /* POPCNT, OSXSAVE, AVX */
#define HASWELL_LEAF7 (1u << 3 | 1u << 5 | 1u << 8)  /* BMI1, AVX2, BMI2 */
#define AVX512_LEAF7 (HASWELL_LEAF7 | 1u << 16 | 1u << 17 | 1u << 28 | 1u << 30 | 1u << 31)
#define YMM_STATE 0x7u
#define ZMM_STATE 0xE7u

typedef struct fake_cpu {
    const char *name;
    seebatch_cpu cpu;
    bool avx2, avx512; /* what it runs, as its vendor documents the part */
} fake_cpu;

static const fake_cpu fakes[] = {
    {"AMD Zen 3", {"AuthenticAMD", 0x00A00F11, AVX_WITH_OS, HASWELL_LEAF7, YMM_STATE}, true, false},
    {"AMD Zen 5", {"AuthenticAMD", 0x00B40F40, AVX_WITH_OS, AVX512_LEAF7, ZMM_STATE}, true, true},
    {"AMD Zen 2", {"AuthenticAMD", 0x00830F10, AVX_WITH_OS, HASWELL_LEAF7, YMM_STATE}, true, false},
    {"Skylake-X", {"GenuineIntel", 0x00050654, AVX_WITH_OS, AVX512_LEAF7, ZMM_STATE}, true, true},
    {"Westmere", {"GenuineIntel", 0x000206C2, 1u << 23, 0, 0}, false, false},
};
enum { FAKES = sizeof fakes / sizeof fakes[0] };

/* Every implementation once, in the expected order, with its payload. */
static void registry_lists_each_once(void)
{
    CHECK_EQ(seebatch_implementation_count, EXPECTED, "implementations listed");
    for (size_t i = 0; i < seebatch_implementation_count && i < EXPECTED; i++) {
        const implementation *entry = &seebatch_implementations[i];
        const expected_entry *want = &expected[i];
        CHECK(strcmp(entry->name, want->name) == 0, "entry %zu is %s, expected %s", i, entry->name,
              want->name);
        CHECK_EQ(entry->role, want->role, "%s: role", want->name);
        CHECK_EQ(entry->needs, want->needs, "%s: instructions needed", want->name);
        CHECK(entry->preferred_on != NULL, "%s: where auto prefers it", want->name);
        bool built =
            want->role == IMPLEMENTATION_BACKEND ? entry->backend != NULL : entry->lookups_built;
        CHECK_EQ(built, want->built, "%s: built", want->name);
        CHECK(want->role == IMPLEMENTATION_BACKEND ? !entry->lookups_built : entry->backend == NULL,
              "%s: a payload of the other role", want->name);
        if (entry->backend)
            CHECK(strcmp(entry->backend->name, entry->name) == 0, "%s: kernel named %s", want->name,
                  entry->backend->name);
        CHECK(seebatch_implementation_named(entry->role, entry->name) == entry, "%s: found by name",
              want->name);
        CHECK(seebatch_implementation_named(!entry->role, entry->name) == NULL,
              "%s: found in the other role", want->name);
    }
    CHECK(seebatch_implementation_named(IMPLEMENTATION_BACKEND, "auto") == NULL,
          "auto is no entry");
}

/* Forcing each name picks it where it runs; elsewhere an error names it
 * and nothing is chosen. The ceiling binds auto only. */
static void forcing_each_name(size_t f)
{
    seebatch_cpu cpu = fakes[f].cpu;
    for (size_t i = 0; i < seebatch_implementation_count; i++) {
        const implementation *entry = &seebatch_implementations[i];
        implementation_request request = {entry->role, &cpu, entry->name, INSTRUCTIONS_PLAIN};
        const implementation *chosen = NULL;
        seebatch_error error;
        seebatch_status status = seebatch_implementation_choose(&request, &chosen, &error);
        bool runs = expected[i].built && (entry->needs == INSTRUCTIONS_PLAIN ||
                                          (entry->needs == INSTRUCTIONS_AVX2 && fakes[f].avx2) ||
                                          (entry->needs == INSTRUCTIONS_AVX512 && fakes[f].avx512));
        CHECK_EQ(seebatch_implementation_runs(entry, &cpu), runs, "%s runs %s", fakes[f].name,
                 entry->name);
        if (runs) {
            CHECK_EQ(status, SEEBATCH_OK, "%s, forced %s: %s", fakes[f].name, entry->name,
                     error.message);
            CHECK(chosen == entry, "%s, forced %s: chose %s", fakes[f].name, entry->name,
                  chosen ? chosen->name : "nothing");
        } else {
            CHECK_EQ(status, SEEBATCH_ERROR_BACKEND, "%s, forced %s", fakes[f].name, entry->name);
            CHECK(chosen == NULL, "%s, forced %s: chose one anyway", fakes[f].name, entry->name);
            char quoted[32];
            snprintf(quoted, sizeof quoted, "\"%s\"", entry->name);
            CHECK(strstr(error.message, quoted) != NULL, "%s: message %s", entry->name,
                  error.message);
        }
    }
}

/* Auto: within the ceiling, one that runs, and the same answer each time. */
static void auto_within_the_ceiling(size_t f)
{
    seebatch_cpu cpu = fakes[f].cpu;
    for (int role = 0; role < 2; role++)
        for (int ceiling = INSTRUCTIONS_PLAIN; ceiling <= INSTRUCTIONS_AVX512; ceiling++) {
            implementation_request request = {(implementation_role)role, &cpu, NULL,
                                              (instruction_set)ceiling};
            const implementation *first = NULL, *again = NULL;
            CHECK_EQ(seebatch_implementation_choose(&request, &first, NULL), SEEBATCH_OK, "auto");
            request.name = "auto";
            CHECK_EQ(seebatch_implementation_choose(&request, &again, NULL), SEEBATCH_OK, "auto");
            CHECK(first && first == again, "%s, role %d: NULL and \"auto\" differ", fakes[f].name,
                  role);
            if (!first)
                continue;
            CHECK_EQ(first->role, role, "%s: auto's role", fakes[f].name);
            CHECK((int)first->needs <= ceiling, "%s, ceiling %d: auto took %s", fakes[f].name,
                  ceiling, first->name);
            CHECK(seebatch_implementation_runs(first, &cpu), "%s: auto took %s, which cannot run",
                  fakes[f].name, first->name);
        }
}

/* Names the registry does not know, either role. */
static void unknown_names(void)
{
    seebatch_cpu cpu = fakes[1].cpu;
    static const char *const unknown[] = {"", "AVX2", "avx2 ", "pext\n", "Portable", "none"};
    for (int role = 0; role < 2; role++)
        for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
            implementation_request request = {(implementation_role)role, &cpu, unknown[i],
                                              INSTRUCTIONS_AVX512};
            const implementation *chosen = NULL;
            seebatch_error error;
            CHECK_EQ(seebatch_implementation_choose(&request, &chosen, &error),
                     SEEBATCH_ERROR_BACKEND, "role %d, \"%s\"", role, unknown[i]);
            CHECK(chosen == NULL && strstr(error.message, "unknown") != NULL, "\"%s\": %s",
                  unknown[i], error.message);
        }
}

/* This machine: the library's lists and choices follow the registry. */
/* The walks of a view lookup by its name, as the views' tables hold them. */
static const view_exchange_set *walks_named(const char *name)
{
#if SEEBATCH_HAVE_AVX2
    if (strcmp(name, "pext") == 0)
        return &seebatch_view_pext;
#endif
    return strcmp(name, "portable") == 0 ? &seebatch_view_portable : NULL;
}

static void lists_here_follow_the_registry(void)
{
    seebatch_cpu here = seebatch_cpu_read();
    const char *names[8];
    size_t count = seebatch_backends_available(names, 8), listed = 0;
    for (size_t i = 0; i < seebatch_implementation_count; i++) {
        const implementation *entry = &seebatch_implementations[i];
        if (entry->role != IMPLEMENTATION_BACKEND)
            continue;
        bool runs = seebatch_implementation_runs(entry, &here);
        CHECK(seebatch_find_runnable_backend(entry->name) == (runs ? entry->backend : NULL),
              "the kernel of %s, which %s here", entry->name, runs ? "runs" : "does not run");
        if (!runs)
            continue;
        CHECK(listed < count && strcmp(names[listed], entry->name) == 0,
              "backend %zu available here: %s expected", listed, entry->name);
        listed++;
        /* Forcing each runnable backend through the API runs it. */
        CHECK_EQ(seebatch_backend_set(entry->name, NULL), SEEBATCH_OK, "%s", entry->name);
        CHECK(strcmp(seebatch_backend_name(), entry->name) == 0, "set %s, in use %s", entry->name,
              seebatch_backend_name());
    }
    CHECK_EQ(count, listed, "backends available here");
    /* Names that are no backend's find no kernel to run. */
    static const char *const no_backend[] = {"pext", "portable", "auto", "fixed", "", "AVX2"};
    for (size_t i = 0; i < sizeof no_backend / sizeof no_backend[0]; i++)
        CHECK(seebatch_find_runnable_backend(no_backend[i]) == NULL, "\"%s\" is no backend",
              no_backend[i]);
    CHECK_EQ(seebatch_backend_set("auto", NULL), SEEBATCH_OK, "auto");

    const view_exchange_set *sets[2] = {NULL, NULL};
    size_t set_count = seebatch_view_sets(sets), runnable = 0;
    for (size_t i = seebatch_implementation_count; i-- > 0;) {
        const implementation *entry = &seebatch_implementations[i];
        if (entry->role != IMPLEMENTATION_VIEW_LOOKUP ||
            !seebatch_implementation_runs(entry, &here))
            continue;
        CHECK(runnable < set_count && sets[runnable] == walks_named(entry->name),
              "view set %zu: %s", runnable, entry->name);
        runnable++;
        /* Forcing each runnable lookup through the environment gives it. */
        test_setenv("SEEBATCH_VIEW_EXCHANGE", entry->name);
        const view_exchange_set *set = NULL;
        CHECK_EQ(seebatch_view_set_here(&set, NULL), SEEBATCH_OK, "%s", entry->name);
        CHECK(set == walks_named(entry->name), "SEEBATCH_VIEW_EXCHANGE=%s: another set",
              entry->name);
    }
    test_unsetenv("SEEBATCH_VIEW_EXCHANGE");
    CHECK_EQ(set_count, runnable, "view sets here");
}

/* What the library takes with SEEBATCH_PEXT at `setting`, on a CPU that
 * runs AVX2 or not: pext where it runs, and the setting or the CPU says it
 * is fast. */
static bool takes_pext(const char *setting, bool avx2, const seebatch_cpu *here)
{
    if (!avx2 || strcmp(setting, "slow") == 0)
        return false;
    return strcmp(setting, "fast") == 0 || seebatch_cpu_fast_pext(here);
}

/* Whatever SEEBATCH_PEXT says, and so whatever a CPU's row prefers, the
 * lists the tests hold to their references (the differential harness's
 * walks and view exchanges, the wide FEN reader) name every copy this
 * machine's instructions run; only the library's own choices (the scalar
 * walk, the chain coding's pdep) follow the setting (issue 83: a pext copy tested only where pext
 * is fast let a planted bug live on a Zen 1). */
static void every_copy_listed_whatever_pext(void)
{
    const char *given = getenv("SEEBATCH_PEXT");
    char kept[16];
    snprintf(kept, sizeof kept, "%s", given ? given : "");
    seebatch_cpu here = seebatch_cpu_read();
    bool avx2 = AVX2_BUILT && seebatch_cpu_runs(&here, INSTRUCTIONS_AVX2);
    static const char *const settings[] = {"slow", "fast", "auto"};
    for (size_t s = 0; s < sizeof settings / sizeof settings[0]; s++) {
        const char *setting = settings[s];
        test_setenv("SEEBATCH_PEXT", setting);
        seebatch_machine_answers_read();
        const see_backend *walks[2];
        const view_exchange_set *sets[2];
        CHECK_EQ(seebatch_scalar_walks(walks), 1u + avx2, "SEEBATCH_PEXT=%s: the walks listed",
                 setting);
        CHECK_EQ(seebatch_view_sets(sets), 1u + avx2, "SEEBATCH_PEXT=%s: the view sets listed",
                 setting);
        /* test_fen_scan tests the wide reader where the library runs it. */
        CHECK_EQ(seebatch_fen_wide_runs(), avx2, "SEEBATCH_PEXT=%s: the wide FEN reader", setting);
        bool pext = takes_pext(setting, avx2, &here);
        CHECK_EQ(seebatch_scalar_walks_take_pext(), pext, "SEEBATCH_PEXT=%s: the walk chosen",
                 setting);
        CHECK_EQ(seebatch_chain_coding_pdep(seebatch_chain_codings[0]),
                 pext && seebatch_chain_codings[0]->has_pdep, "SEEBATCH_PEXT=%s: pdep chosen",
                 setting);
    }
    if (*kept)
        test_setenv("SEEBATCH_PEXT", kept);
    else
        test_unsetenv("SEEBATCH_PEXT");
    seebatch_machine_answers_read();
}

int main(void)
{
    registry_lists_each_once();
    for (size_t f = 0; f < FAKES; f++) {
        forcing_each_name(f);
        auto_within_the_ceiling(f);
    }
    unknown_names();
    lists_here_follow_the_registry();
    every_copy_listed_whatever_pext();
    return check_finish("test_implementations");
}
