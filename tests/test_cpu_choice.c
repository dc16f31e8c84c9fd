/*
 * Which backends and which view exchange a CPU gets, decided from its cpuid
 * registers alone (lib/machine/cpu_features.h, lib/views/choice.h), and the backend
 * auto picks from the table measured per CPU (lib/auto/measured_cpus.c), on CPUs faked by
 * those registers: real processors' signatures and feature bits, each feature
 * AVX-512 needs taken away in turn, and every value of SEEBATCH_VIEW_EXCHANGE.
 * Then this machine: the registers read here against /proc/cpuinfo, and the
 * exchange seebatch_view_rules_init gives under each backend and each value
 * of the variable.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_requirements.h"
#include "environment.h"
#include "auto/implementations.h"
#include "auto/measured_cpus.h"
#include "check.h"
#include "faked_cpu.h"
#include "machine/cpu_features.h"
#include "auto/dispatch.h"
#include "text/fen_scan.h"
#include "views/choice.h"


/* Whether this build has the pext exchange at all. */
#if SEEBATCH_HAVE_AVX2
static const bool pext_built = true;
#else
static const bool pext_built = false;
#endif

/* A processor as cpuid describes it, and what must follow. */
typedef struct profile {
    const char *name;
    const char *vendor;
    uint32_t signature;     /* leaf 1 EAX as the part reports it */
    unsigned family, model; /* as its vendor documents the part */
    uint32_t leaf1_ecx, leaf7_ebx;
    uint64_t xcr0;
    bool avx2, avx512, fast_pext;
    bool view_pext; /* what auto gives a view under a SIMD backend (where built) */
    /* The backend auto picks with every kernel built, and whether from the
     * measured table (lib/auto/measured_cpus.c) or as the widest runnable. */
    const char *auto_backend;
    /* The measured row it takes: its name as the reason gives it, "Zen 3"
     * or another; NULL where auto takes the widest it runs. */
    const char *row;
} profile;

static const profile profiles[] = {
    {"AMD Zen+ (Ryzen 2000)", "AuthenticAMD", 0x00800F82, 0x17, 0x08, AVX_WITH_OS, HASWELL_LEAF7,
     YMM_STATE, true, false, false, false, "avx2", "Zen 1"},
    {"AMD Zen 2 (EPYC 7002)", "AuthenticAMD", 0x00830F10, 0x17, 0x31, AVX_WITH_OS, HASWELL_LEAF7,
     YMM_STATE, true, false, false, false, "avx2", NULL},
    {"AMD Excavator (Bristol Ridge)", "AuthenticAMD", 0x00660F51, 0x15, 0x65, AVX_WITH_OS,
     HASWELL_LEAF7, YMM_STATE, true, false, false, false, "avx2", NULL},
    {"Hygon Dhyana (family 18h)", "HygonGenuine", 0x00900F01, 0x18, 0x00, AVX_WITH_OS,
     HASWELL_LEAF7, YMM_STATE, true, false, false, false, "avx2", NULL},
    {"AMD Zen 3 (EPYC 7003)", "AuthenticAMD", 0x00A00F11, 0x19, 0x01, AVX_WITH_OS, HASWELL_LEAF7,
     YMM_STATE, true, false, true, true, "avx2", "Zen 3"},
    {"AMD Zen 3 (Ryzen 5000)", "AuthenticAMD", 0x00A20F10, 0x19, 0x21, AVX_WITH_OS, HASWELL_LEAF7,
     YMM_STATE, true, false, true, true, "avx2", "Zen 3"},
    {"AMD Zen 4 (Ryzen 7000)", "AuthenticAMD", 0x00A60F12, 0x19, 0x61, AVX_WITH_OS,
     SERVER_AVX512_LEAF7, ZMM_STATE, true, true, true, true, "avx512", "Zen 4"},
    {"AMD Zen 5 (Ryzen 9000)", "AuthenticAMD", 0x00B40F40, 0x1A, 0x44, AVX_WITH_OS,
     SERVER_AVX512_LEAF7, ZMM_STATE, true, true, true, true, "avx512", "Zen 5"},
    {"Intel Haswell (Core i7-4770)", "GenuineIntel", 0x000306C3, 0x06, 0x3C, AVX_WITH_OS,
     HASWELL_LEAF7, YMM_STATE, true, false, true, true, "avx2", NULL},
    {"Intel Skylake-X (Xeon Scalable)", "GenuineIntel", 0x00050654, 0x06, 0x55, AVX_WITH_OS,
     SERVER_AVX512_LEAF7, ZMM_STATE, true, true, true, true, "avx512", NULL},
    /* AVX-512 F, CD, ER and PF without BW, DQ or VL: not the avx512 kernel's. */
    {"Intel Knights Landing (Xeon Phi)", "GenuineIntel", 0x00050671, 0x06, 0x57, AVX_WITH_OS,
     HASWELL_LEAF7 | AVX512F | AVX512CD | AVX512ER | AVX512PF, ZMM_STATE, true, false, true, true,
     "avx2", NULL},
    {"Intel Ivy Bridge (AVX, no AVX2 or BMI2)", "GenuineIntel", 0x000306A9, 0x06, 0x3A, AVX_WITH_OS,
     0, YMM_STATE, false, false, false, false, "scalar", NULL},
    {"Intel Westmere (no AVX, no XSAVE)", "GenuineIntel", 0x000206C2, 0x06, 0x2C, POPCNT, 0, 0,
     false, false, false, false, "scalar", NULL},
    /* A hypervisor may hide a feature: without BMI2 nothing of it runs. */
    {"AMD Zen 3, BMI2 hidden", "AuthenticAMD", 0x00A00F11, 0x19, 0x01, AVX_WITH_OS, BMI1 | AVX2,
     YMM_STATE, false, false, false, false, "scalar", "Zen 3"},
    /* Vendors not known to run pext fast are taken to be slow. */
    {"Zhaoxin's vendor string, family 7", "  Shanghai  ", 0x000007B0, 0x07, 0x0B, AVX_WITH_OS,
     HASWELL_LEAF7, YMM_STATE, true, false, false, false, "avx2", NULL},
    {"an unknown vendor, Intel's family and features", "UnknownCPU!!", 0x00050654, 0x06, 0x55,
     AVX_WITH_OS, SERVER_AVX512_LEAF7, ZMM_STATE, true, true, false, false, "avx512", NULL},
    /* Zen 4 (EPYC 9004, model 11h: the CPU its row was measured on); Zen 4
     * with AVX-512 hidden by a hypervisor has its own row (it is no Zen 3,
     * whose row shares the family), measured on an EPYC (issue 57). */
    {"AMD Zen 4 (EPYC 9004)", "AuthenticAMD", 0x00A10F11, 0x19, 0x11, AVX_WITH_OS,
     SERVER_AVX512_LEAF7, ZMM_STATE, true, true, true, true, "avx512", "Zen 4"},
    {"AMD Zen 4, AVX-512 hidden", "AuthenticAMD", 0x00A60F12, 0x19, 0x61, AVX_WITH_OS,
     HASWELL_LEAF7, YMM_STATE, true, false, true, true, "avx2", "Zen 4"},
    {"AMD Zen 4 (EPYC 9004), AVX-512 hidden", "AuthenticAMD", 0x00A10F11, 0x19, 0x11, AVX_WITH_OS,
     HASWELL_LEAF7, YMM_STATE, true, false, true, true, "avx2", "Zen 4"},
    /* Zen 1, the CPU of docs/runs/amd-epyc-17h-01h.md. */
    {"AMD Zen 1 (EPYC 7001)", "AuthenticAMD", 0x00800F12, 0x17, 0x01, AVX_WITH_OS, HASWELL_LEAF7,
     YMM_STATE, true, false, false, false, "avx2", "Zen 1"},
    {"AMD Zen 3 (Ryzen 6000 mobile)", "AuthenticAMD", 0x00A40F41, 0x19, 0x44, AVX_WITH_OS,
     HASWELL_LEAF7, YMM_STATE, true, false, true, true, "avx2", "Zen 3"},
    /* Zen 5 without AVX-512 is not in the table: the widest it runs. */
    {"AMD Zen 5, AVX-512 hidden", "AuthenticAMD", 0x00B40F40, 0x1A, 0x44, AVX_WITH_OS,
     HASWELL_LEAF7, YMM_STATE, true, false, true, true, "avx2", NULL},
};
enum { PROFILES = sizeof profiles / sizeof profiles[0] };

static seebatch_cpu cpu_of(const profile *p)
{
    seebatch_cpu cpu;
    memset(&cpu, 0, sizeof cpu);
    strcpy(cpu.vendor, p->vendor);
    cpu.signature = p->signature;
    cpu.leaf1_ecx = p->leaf1_ecx;
    cpu.leaf7_ebx = p->leaf7_ebx;
    cpu.xcr0 = p->xcr0;
    return cpu;
}

static const char *const simd_backends[] = {"avx512", "avx2"};
static const char *const auto_spellings[] = {NULL, "", "auto"};

/* A value of SEEBATCH_VIEW_EXCHANGE for messages. */
static const char *shown(const char *requested) { return requested ? requested : "(unset)"; }

/* What a view gets on this CPU under that backend and SEEBATCH_VIEW_EXCHANGE;
 * an error is shown as -1. */
static int lookup_of(const seebatch_cpu *cpu, const char *backend, const char *requested)
{
    seebatch_view_lookup lookup = (seebatch_view_lookup)7; /* neither: shows a write */
    seebatch_error error;
    seebatch_status status = seebatch_view_lookup_choose(cpu, backend, requested, &lookup, &error);
    if (status != SEEBATCH_OK) {
        CHECK_EQ(status, SEEBATCH_ERROR_BACKEND, "%s: %s", shown(requested), error.message);
        CHECK_EQ(lookup, 7, "%s failed but chose lookups", shown(requested));
        return -1;
    }
    return (int)lookup;
}

static bool built(const char *backend)
{
    if (strcmp(backend, "scalar") == 0)
        return true;
    for (size_t i = 0; i < backend_requirement_count; i++)
        if (strcmp(backend_requirements[i].backend, backend) == 0)
            return backend_requirements[i].built;
    return false;
}

/* The whole reason auto gives: the row of the CPU it names, measured with
 * the features this CPU has; or exactly why it takes none (the CPU has no
 * row, or its row's backend does not run here). */
static void check_reason(const profile *p, const char *reason, bool measured)
{
    if (!SEEBATCH_HAS_CPUID) { /* a build with no SIMD kernel: the faked CPU does not matter */
        CHECK(strcmp(reason, seebatch_no_simd_kernel) == 0, "%s: the reason \"%s\"", p->name,
              reason);
        return;
    }
    if (!measured) {
        const char *expected = p->row ? seebatch_row_not_runnable : seebatch_not_measured;
        CHECK(strcmp(reason, expected) == 0, "%s: the reason \"%s\", expected \"%s\"", p->name,
              reason, expected);
        return;
    }
    char machine[32], features[32];
    snprintf(machine, sizeof machine, "(%s),", p->row);
    snprintf(features, sizeof features, " %s AVX-512 (", p->avx512 ? "with" : "without");
    /* What was measured, in words: calls on many boards, or every call shape. */
    CHECK(strncmp(reason, "measured on ", 12) == 0 && strstr(reason, machine) &&
              strstr(reason, features) &&
              (strstr(reason, " on many boards") || strstr(reason, " call shape")),
          "%s: the reason \"%s\" is not a row measured on %s %s", p->name, reason, p->row,
          features);
}

/* Whether this build has every kernel the CPU's row of the measured table
 * names (a row may name avx2 for some shapes, avx512 for others). */
static bool row_built(const seebatch_cpu *cpu)
{
    const measured_cpu *row = seebatch_measured_row(cpu);
    if (!row)
        return false;
    shape_choices choices = seebatch_measured_choices(row);
    for (unsigned shape = 0; shape < CALL_SHAPES; shape++)
        if (!built(seebatch_choice_kernel_names[choices.kernel[shape]]))
            return false;
    return true;
}

/* The backend auto picks (issue 37): the measured table's where this build
 * has every kernel of its row, else the widest this build runs there, "not
 * measured". */
static void check_auto_backend(const profile *p, const seebatch_cpu *cpu)
{
    const char *expected = p->auto_backend;
    /* No row says scalar: a CPU with a row that takes scalar cannot run the row's. */
    bool measured = p->row != NULL && strcmp(expected, "scalar") != 0;
    if (!built(expected) || (measured && !row_built(cpu))) {
        measured = false;
        expected = built("avx512") && p->avx512 ? "avx512"
                   : built("avx2") && p->avx2   ? "avx2"
                                                : "scalar";
    }
    seebatch_backend_choice choice = seebatch_backend_auto(cpu);
    CHECK(strcmp(choice.backend, expected) == 0, "%s: auto picks %s, expected %s", p->name,
          choice.backend, expected);
    CHECK_EQ(choice.measured, measured, "%s: measured", p->name);
    /* The rows whose run files have the walk fastest on repeating work:
     * Zen 1, 3 and 4, not Zen 5. */
    bool walk_cycles = measured && strcmp(p->row, "Zen 5") != 0;
    CHECK_EQ(choice.walk_learns_cycles, walk_cycles, "%s: the walk's trial in whole cycles",
             p->name);
    check_reason(p, choice.reason, measured);
}

/* Everything the profile's registers decide. */
static void check_profile(const profile *p)
{
    seebatch_cpu cpu = cpu_of(p);
    CHECK_EQ(seebatch_cpu_family(&cpu), p->family, "%s: family", p->name);
    CHECK_EQ(seebatch_cpu_model(&cpu), p->model, "%s: model", p->name);
    CHECK_EQ(seebatch_cpu_runs_avx2(&cpu), p->avx2, "%s: runs avx2", p->name);
    CHECK_EQ(seebatch_cpu_runs_avx512(&cpu), p->avx512, "%s: runs avx512", p->name);
    CHECK_EQ(seebatch_cpu_fast_pext(&cpu), p->fast_pext, "%s: pext fast", p->name);
    check_auto_backend(p, &cpu);
    int simd = p->view_pext && pext_built ? SEEBATCH_LOOKUP_PEXT : SEEBATCH_LOOKUP_PORTABLE;
    for (size_t s = 0; s < 3; s++) {
        const char *requested = auto_spellings[s];
        for (size_t b = 0; b < 2; b++)
            CHECK_EQ(lookup_of(&cpu, simd_backends[b], requested), simd, "%s, backend %s, %s",
                     p->name, simd_backends[b], shown(requested));
        CHECK_EQ(lookup_of(&cpu, "scalar", requested), SEEBATCH_LOOKUP_PORTABLE,
                 "%s, backend scalar, %s: the portable exchange", p->name, shown(requested));
    }
    /* Forced: portable anywhere; pext wherever it runs, however slow. */
    bool pext_runs = p->avx2 && pext_built;
    for (size_t b = 0; b < 3; b++) {
        const char *backend = b < 2 ? simd_backends[b] : "scalar";
        CHECK_EQ(lookup_of(&cpu, backend, "portable"), SEEBATCH_LOOKUP_PORTABLE, "%s, %s", p->name,
                 backend);
        CHECK_EQ(lookup_of(&cpu, backend, "pext"), pext_runs ? SEEBATCH_LOOKUP_PEXT : -1,
                 "%s, %s, forced pext", p->name, backend);
    }
}

/* The promise of issue 30: where pext is slow, the view is never slower than
 * the portable exchange, because auto never gives it pext. */
static void slow_pext_never_chosen(void)
{
    size_t slow = 0;
    for (size_t i = 0; i < PROFILES; i++) {
        if (profiles[i].fast_pext)
            continue;
        slow++;
        seebatch_cpu cpu = cpu_of(&profiles[i]);
        for (size_t s = 0; s < 3; s++)
            for (size_t b = 0; b < 3; b++) {
                const char *backend = b < 2 ? simd_backends[b] : "scalar";
                CHECK_EQ(lookup_of(&cpu, backend, auto_spellings[s]), SEEBATCH_LOOKUP_PORTABLE,
                         "%s (pext slow), backend %s: portable", profiles[i].name, backend);
            }
    }
    CHECK(slow >= 5, "%zu slow-pext profiles", slow);
}

static const profile *profile_named(const char *prefix)
{
    for (size_t i = 0; i < PROFILES; i++)
        if (strncmp(profiles[i].name, prefix, strlen(prefix)) == 0)
            return &profiles[i];
    return NULL;
}

/* One bit the avx512 kernel needs: where it is, and whether avx2 needs it too. */
typedef struct required_bit {
    const char *name;
    int where; /* 1: leaf 1 ECX, 7: leaf 7 EBX, 0: XCR0 */
    uint64_t bit;
    bool avx2_needs_it;
} required_bit;

static const required_bit avx512_needs[] = {
    {"POPCNT", 1, 1u << 23, true},
    {"OSXSAVE", 1, 1u << 27, true},
    {"AVX", 1, 1u << 28, true},
    {"BMI1", 7, 1u << 3, true},
    {"AVX2", 7, 1u << 5, true},
    {"BMI2", 7, 1u << 8, true},
    {"AVX512F", 7, 1u << 16, false},
    {"AVX512DQ", 7, 1u << 17, false},
    {"AVX512BW", 7, 1u << 30, false},
    {"AVX512VL", 7, 1u << 31, false},
    {"XCR0 SSE state", 0, 1u << 1, true},
    {"XCR0 YMM state", 0, 1u << 2, true},
    {"XCR0 opmask state", 0, 1u << 5, false},
    {"XCR0 ZMM upper halves", 0, 1u << 6, false},
    {"XCR0 ZMM16-31", 0, 1u << 7, false},
};

static seebatch_cpu without(seebatch_cpu cpu, const required_bit *needed)
{
    if (needed->where == 1)
        cpu.leaf1_ecx &= ~(uint32_t)needed->bit;
    else if (needed->where == 7)
        cpu.leaf7_ebx &= ~(uint32_t)needed->bit;
    else
        cpu.xcr0 &= ~needed->bit;
    return cpu;
}

/* AVX-512 is never chosen without every part the avx512 kernel is compiled
 * for and the OS state it needs; dropping only an AVX-512 part keeps avx2. */
static void avx512_needs_every_part(void)
{
    const char *full[] = {"AMD Zen 5", "Intel Skylake-X", "AMD Zen 4"};
    for (size_t f = 0; f < 3; f++) {
        const profile *p = profile_named(full[f]);
        CHECK(p != NULL, "profile %s", full[f]);
        if (!p)
            continue;
        seebatch_cpu whole = cpu_of(p);
        CHECK(seebatch_cpu_runs_avx512(&whole), "%s runs avx512 with every part", p->name);
        for (size_t i = 0; i < sizeof avx512_needs / sizeof avx512_needs[0]; i++) {
            const required_bit *needed = &avx512_needs[i];
            seebatch_cpu cpu = without(whole, needed);
            CHECK(!seebatch_cpu_runs_avx512(&cpu), "%s without %s: avx512 must not run", p->name,
                  needed->name);
            CHECK_EQ(seebatch_cpu_runs_avx2(&cpu), !needed->avx2_needs_it, "%s without %s: avx2",
                     p->name, needed->name);
            if (!needed->avx2_needs_it)
                continue;
            /* Nor may the pext exchange run, forced or not. */
            CHECK_EQ(lookup_of(&cpu, "avx2", "auto"), SEEBATCH_LOOKUP_PORTABLE, "%s without %s",
                     p->name, needed->name);
            CHECK_EQ(lookup_of(&cpu, "avx2", "pext"), -1, "%s without %s: forced pext", p->name,
                     needed->name);
        }
    }
}

/* Values SEEBATCH_VIEW_EXCHANGE does not take, near misses of those it does. */
static const char *const bad_values[] = {
    "PEXT",     "Pext",      " pext", "pext ", "pex",  "pext2",     "bmi2", "portable\n",
    "Portable", "portables", "magic", "auto ", "AUTO", "auto,pext", "none", "-"};
enum { BAD_VALUES = sizeof bad_values / sizeof bad_values[0] };

static bool printable_only(const char *text)
{
    for (; *text; text++)
        if ((unsigned char)*text < 0x20 || (unsigned char)*text >= 0x7f)
            return false;
    return true;
}

/* An error names the variable and the value, printably. */
static void check_message(const char *value, const char *message)
{
    CHECK(strstr(message, "SEEBATCH_VIEW_EXCHANGE") != NULL, "\"%s\": %s", value, message);
    CHECK(printable_only(message), "\"%s\": the message echoes a control byte", value);
    char shown[64];
    size_t n = strcspn(value, "\n");
    snprintf(shown, sizeof shown, "\"%.*s", (int)n, value);
    CHECK(strstr(message, shown) != NULL, "\"%s\": the message does not show it: %s", value,
          message);
}

static void bad_values_rejected(void)
{
    seebatch_cpu cpu = cpu_of(profile_named("AMD Zen 5"));
    for (size_t i = 0; i < BAD_VALUES; i++) {
        seebatch_view_lookup lookup = SEEBATCH_LOOKUP_PEXT;
        seebatch_error error;
        CHECK_EQ(seebatch_view_lookup_choose(&cpu, "avx2", bad_values[i], &lookup, &error),
                 SEEBATCH_ERROR_BACKEND, "\"%s\"", bad_values[i]);
        CHECK_EQ(lookup, SEEBATCH_LOOKUP_PEXT, "\"%s\" changed the lookup", bad_values[i]);
        check_message(bad_values[i], error.message);
    }
    seebatch_cpu old = cpu_of(profile_named("Intel Ivy Bridge"));
    seebatch_error error;
    seebatch_view_lookup lookup;
    CHECK_EQ(seebatch_view_lookup_choose(&old, "scalar", "pext", &lookup, &error),
             SEEBATCH_ERROR_BACKEND, "pext without BMI2");
    check_message("pext", error.message);
}

/* ---- this machine ------------------------------------------------------ */

/* The registers read here decode to what /proc/cpuinfo says of the CPU. */
static void registers_read_here(const seebatch_cpu *here)
{
    char vendor[64], family[32], model[32];
#if !defined(__x86_64__) && !defined(__i386__)
    /* No cpuid here: the registers are empty, and under qemu-user
     * /proc/cpuinfo names the host's x86 CPU, not this program's. */
    (void)here, (void)vendor, (void)family, (void)model;
    puts("test_cpu_choice: skipped the registers against /proc/cpuinfo: this is no x86 build "
         "(no cpuid; under an emulator /proc/cpuinfo is the host's)");
    CHECK(!*here->vendor && !seebatch_cpu_has_fast_pext(), "registers read without cpuid");
    return;
#endif
    if (!cpuinfo_value("vendor_id", vendor, sizeof vendor) ||
        !cpuinfo_value("cpu family", family, sizeof family) ||
        !cpuinfo_value("model", model, sizeof model)) {
        puts("test_cpu_choice: no vendor, family and model in /proc/cpuinfo: the registers "
             "read here are not compared");
        return;
    }
    CHECK(strcmp(here->vendor, vendor) == 0, "vendor %s, /proc/cpuinfo says %s", here->vendor,
          vendor);
    CHECK_EQ(seebatch_cpu_family(here), strtoul(family, NULL, 10), "family, /proc/cpuinfo: %s",
             family);
    CHECK_EQ(seebatch_cpu_model(here), strtoul(model, NULL, 10), "model, /proc/cpuinfo: %s", model);
    /* The rule of cpu_features.h, from /proc/cpuinfo's words. */
    char flags[8192] = " ";
    bool bmi2 = cpuinfo_value("flags", flags + 1, sizeof flags - 2) &&
                strstr(strcat(flags, " "), " bmi2 ") != NULL;
    bool amd = strcmp(vendor, "AuthenticAMD") == 0 || strcmp(vendor, "HygonGenuine") == 0;
    bool fast =
        bmi2 && (strcmp(vendor, "GenuineIntel") == 0 || (amd && strtoul(family, NULL, 10) >= 0x19));
    CHECK_EQ(seebatch_cpu_has_fast_pext(), fast, "pext fast here (%s family %s)", vendor, family);
}

/* The backends' own runnable tests are the pure ones on these registers. */
static void backends_follow_the_registers(const seebatch_cpu *here)
{
    /* Unforced, the library runs what the table picks on these registers. */
    test_unsetenv("SEEBATCH_BACKEND");
    CHECK_EQ(seebatch_backend_set("auto", NULL), SEEBATCH_OK, "auto");
    CHECK(strcmp(seebatch_current_backend()->name, seebatch_backend_auto(here).backend) == 0,
          "auto runs %s here, the table picks %s", seebatch_current_backend()->name,
          seebatch_backend_auto(here).backend);
    CHECK_EQ(seebatch_cpu_has_avx2(), seebatch_cpu_runs_avx2(here), "has avx2");
    CHECK_EQ(seebatch_cpu_has_avx512(), seebatch_cpu_runs_avx512(here), "has avx512");
    CHECK_EQ(seebatch_find_runnable_backend("avx2") != NULL,
             pext_built && seebatch_cpu_runs_avx2(here), "avx2 runnable");
#if SEEBATCH_HAVE_AVX512
    CHECK_EQ(seebatch_find_runnable_backend("avx512") != NULL, seebatch_cpu_runs_avx512(here),
             "avx512 runnable");
#endif
}

/* The registers read once and kept, and the answers from them, are the
 * registers' own, asked twice (the second time from what was kept), and the
 * FEN reader takes its wide placement on the same rule as the registry's
 * pext. */
static void kept_answers_follow_the_registers(const seebatch_cpu *here)
{
    for (int round = 0; round < 2; round++) {
        seebatch_cpu kept = seebatch_cpu_here();
        CHECK(strcmp(kept.vendor, here->vendor) == 0 && kept.signature == here->signature &&
                  kept.leaf1_ecx == here->leaf1_ecx && kept.leaf7_ebx == here->leaf7_ebx &&
                  kept.xcr0 == here->xcr0,
              "the registers kept differ from those read, round %d", round);
        CHECK_EQ(seebatch_cpu_has_avx2(), seebatch_cpu_runs_avx2(here), "has avx2, round %d",
                 round);
        CHECK_EQ(seebatch_cpu_has_avx512(), seebatch_cpu_runs_avx512(here), "has avx512, round %d",
                 round);
        CHECK_EQ(seebatch_cpu_has_fast_pext(), seebatch_cpu_fast_pext(here), "fast pext, round %d",
                 round);
        bool both = seebatch_cpu_runs_avx2(here) && seebatch_cpu_fast_pext(here);
        CHECK_EQ(seebatch_cpu_has_avx2_and_fast_pext(), both, "avx2 and fast pext, round %d",
                 round);
        CHECK_EQ(seebatch_fen_wide_runs(), pext_built && seebatch_cpu_runs_avx2(here),
                 "the wide FEN reader, round %d", round);
    }
}

/* The exchange rules_init gives Stockfish's layout with these lookups. */
static seebatch_view_exchange_fn *exchange_named(seebatch_view_lookup lookup, bool pins)
{
    return seebatch_view_set_of(lookup)->see_ge[VIEW_STOCKFISH][pins];
}

static const int8_t stockfish_types[16] = {-1, 0, 1, 2, 3, 4, 5, -1, -1, 0, 1, 2, 3, 4, 5, -1};

/* seebatch_view_rules_init under the backend in use and the environment:
 * the exchange expected (with and without pins), or -1 for an error that
 * leaves the rules unchanged and names the variable's value. */
static void check_rules_init(int expected, const char *value, const char *backend)
{
    for (int pins = 0; pins < 2; pins++) {
        seebatch_config config = seebatch_config_classic();
        if (pins)
            config.flags |= SEEBATCH_PINS;
        seebatch_view_rules rules, untouched;
        memset(&rules, 0x5A, sizeof rules);
        untouched = rules;
        seebatch_error error;
        seebatch_status status =
            seebatch_view_rules_init(&rules, &config, stockfish_types, 16, &error);
        if (expected < 0) {
            CHECK_EQ(status, SEEBATCH_ERROR_BACKEND, "\"%s\", backend %s", value, backend);
            CHECK(memcmp(&rules, &untouched, sizeof rules) == 0, "\"%s\": rules changed", value);
            check_message(value, error.message);
            continue;
        }
        CHECK_EQ(status, SEEBATCH_OK, "\"%s\", backend %s: %s", value, backend, error.message);
        CHECK(rules.exchange == exchange_named((seebatch_view_lookup)expected, pins),
              "\"%s\", backend %s, pins %d: the %s exchange expected", value, backend, pins,
              seebatch_view_lookup_names[expected]);
    }
}

static void view_rules_here(const seebatch_cpu *here)
{
    bool pext_runs = pext_built && seebatch_cpu_runs_avx2(here);
    bool fast = seebatch_cpu_fast_pext(here);
    const char *names[8];
    size_t count = seebatch_backends_available(names, 8);
    for (size_t b = 0; b < count && b < 8; b++) {
        CHECK_EQ(seebatch_backend_set(names[b], NULL), SEEBATCH_OK, "%s", names[b]);
        bool simd = strcmp(names[b], "scalar") != 0;
        int automatic = simd && pext_runs && fast ? SEEBATCH_LOOKUP_PEXT : SEEBATCH_LOOKUP_PORTABLE;
        test_unsetenv("SEEBATCH_VIEW_EXCHANGE");
        check_rules_init(automatic, "", names[b]);
        static const char *const automatics[] = {"", "auto"};
        for (size_t a = 0; a < 2; a++) {
            test_setenv("SEEBATCH_VIEW_EXCHANGE", automatics[a]);
            check_rules_init(automatic, automatics[a], names[b]);
        }
        test_setenv("SEEBATCH_VIEW_EXCHANGE", "portable");
        check_rules_init(SEEBATCH_LOOKUP_PORTABLE, "portable", names[b]);
        test_setenv("SEEBATCH_VIEW_EXCHANGE", "pext");
        check_rules_init(pext_runs ? SEEBATCH_LOOKUP_PEXT : -1, "pext", names[b]);
        for (size_t i = 0; i < BAD_VALUES; i++) {
            test_setenv("SEEBATCH_VIEW_EXCHANGE", bad_values[i]);
            check_rules_init(-1, bad_values[i], names[b]);
        }
    }
    test_unsetenv("SEEBATCH_VIEW_EXCHANGE");
    CHECK_EQ(seebatch_backend_set("auto", NULL), SEEBATCH_OK, "auto");
}

/* The differential harness gets every set of exchanges this machine can
 * run, pext included where it runs, fast or not. */
static void every_exchange_listed(const seebatch_cpu *here)
{
    bool pext_runs = pext_built && seebatch_cpu_runs_avx2(here);
    const view_exchange_set *listed[2] = {NULL, NULL};
    size_t count = seebatch_view_sets(listed);
    CHECK_EQ(count, pext_runs ? 2 : 1, "sets of exchanges listed");
    CHECK(listed[0] == seebatch_view_set_of(SEEBATCH_LOOKUP_PORTABLE), "portable first");
    if (pext_runs)
        CHECK(listed[1] == seebatch_view_set_of(SEEBATCH_LOOKUP_PEXT), "then pext");
}

/* The kernel auto takes for a shape on a profile's registers. */
static const char *shape_kernel(const profile *p, call_kind kind, call_boards boards)
{
    seebatch_cpu cpu = cpu_of(p);
    seebatch_backend_choice choice = seebatch_backend_auto(&cpu);
    return seebatch_choice_kernel_names[choice.shapes.kernel[seebatch_shape_index(kind, boards,
                                                                                  false, true)]];
}

/* Issue 57: the choice per call shape, as the run files measured it. Zen 1:
 * the scalar walk for thresholds on many boards in board order and for one
 * board, avx2 for values of many boards and scattered ones; Zen 5: avx512
 * but for thresholds on one board of 8 moves or more, scalar. The widest a
 * row takes is the name. */
static void choices_per_shape(void)
{
    const profile *zen1 = NULL, *zen5 = NULL;
    for (size_t i = 0; i < PROFILES; i++) {
        if (strcmp(profiles[i].name, "AMD Zen 1 (EPYC 7001)") == 0)
            zen1 = &profiles[i];
        if (strcmp(profiles[i].name, "AMD Zen 5 (Ryzen 9000)") == 0)
            zen5 = &profiles[i];
    }
    CHECK(zen1 && zen5, "the profiles name Zen 1 and Zen 5");
    if (!zen1 || !zen5)
        return;
    if (built("avx2")) {
        CHECK(strcmp(shape_kernel(zen1, CALL_THRESHOLD, BOARDS_IN_ORDER), "scalar") == 0,
              "Zen 1, thresholds in board order: scalar");
        CHECK(strcmp(shape_kernel(zen1, CALL_VALUES, BOARDS_ONE), "scalar") == 0,
              "Zen 1, values on one board: scalar");
        CHECK(strcmp(shape_kernel(zen1, CALL_VALUES, BOARDS_IN_ORDER), "avx2") == 0,
              "Zen 1, values in board order: avx2");
        CHECK(strcmp(shape_kernel(zen1, CALL_THRESHOLD, BOARDS_SCATTERED), "avx2") == 0,
              "Zen 1, thresholds scattered: avx2");
    }
    if (built("avx512")) {
        seebatch_cpu cpu = cpu_of(zen5);
        seebatch_backend_choice choice = seebatch_backend_auto(&cpu);
        for (unsigned shape = 0; shape < CALL_SHAPES; shape++)
            CHECK_EQ(choice.shapes.kernel[shape], shape == 13 || shape == 15 ? 0 : 2,
                     "Zen 5, shape %u", shape);
    }
}

/* The plan auto makes on a CPU of each row of the measured table, its first
 * model and its last (issue 76): where this build runs the row's kernels,
 * the row's kernel for every shape and the row's walk_learns_cycles, the
 * row deciding (no trials: lib/auto/learner.c), auto learning and "fixed"
 * not; else the widest it runs everywhere, the walk's trial as by default,
 * no row deciding; a CPU of no row (an unknown vendor with the row's
 * features) decides nothing either. On any CPU: the plan is a pure
 * function of the registers, so a row no machine here matches is tested
 * too; what each row's plan then keeps, on each CPU's measured costs, is
 * test_auto_replay's. */
static void plans_from_every_row(void)
{
    size_t rows;
    const measured_cpu *table = seebatch_measured_rows(&rows);
    CHECK(rows > 0, "the measured table has rows");
    for (size_t r = 0; r < rows; r++) {
        const measured_cpu *row = &table[r];
        for (unsigned end = 0; end < 2; end++) {
            unsigned model = end ? row->model_last : row->model_first;
            seebatch_cpu cpu = faked_cpu(row->vendor, row->family, model, row->avx512);
            CHECK(seebatch_measured_row(&cpu) == row, "row %zu, model %02Xh: its own row", r,
                  model);
            bool runs = row_built(&cpu);
            shape_choices expected = seebatch_measured_choices(row);
            seebatch_backend_choice widest = seebatch_backend_auto(&cpu);
            uint64_t plan = seebatch_plan_auto(&cpu, SETTING_AUTO);
            uint64_t fixed = seebatch_plan_auto(&cpu, SETTING_FIXED);
            for (unsigned shape = 0; shape < CALL_SHAPES; shape++) {
                unsigned kernel = runs ? expected.kernel[shape] : widest.shapes.kernel[shape];
                CHECK_EQ(seebatch_plan_kernel(plan, shape), kernel,
                         "row %zu, model %02Xh, shape %u", r, model, shape);
                CHECK_EQ(seebatch_plan_kernel(fixed, shape), kernel,
                         "row %zu, model %02Xh, shape %u, fixed", r, model, shape);
            }
            bool cycles = runs && row->walk_learns_cycles;
            CHECK_EQ(seebatch_plan_walk_learns_cycles(plan), cycles,
                     "row %zu (%s), model %02Xh: the walk's trial in whole cycles", r, row->reason,
                     model);
            CHECK_EQ(seebatch_plan_row_decides(plan), runs, "row %zu, model %02Xh: the row decides",
                     r, model);
            seebatch_cpu unknown = faked_cpu("UnknownCPU!!", row->family, model, row->avx512);
            uint64_t unseen = seebatch_plan_auto(&unknown, SETTING_AUTO);
            CHECK(!seebatch_plan_row_decides(unseen) && !seebatch_plan_walk_learns_cycles(unseen),
                  "row %zu, model %02Xh, an unknown vendor: no row decides", r, model);
            /* Learning needs two kernels: a SIMD one built beside scalar. */
            bool learns = built("avx2") || (built("avx512") && row->avx512);
            CHECK(seebatch_plan_setting(plan) == SETTING_AUTO &&
                      seebatch_plan_learning(plan) == learns,
                  "row %zu, model %02Xh: auto learns", r, model);
            CHECK(seebatch_plan_setting(fixed) == SETTING_FIXED && !seebatch_plan_learning(fixed),
                  "row %zu, model %02Xh: fixed does not learn", r, model);
        }
    }
}

int main(void)
{
    /* The registers' rule, as a user's SEEBATCH_PEXT would hide it (its
     * effect is tests/cli/pext_setting.sh's): unset before the library
     * first reads the answers. */
    test_unsetenv("SEEBATCH_PEXT");
    for (size_t i = 0; i < PROFILES; i++)
        check_profile(&profiles[i]);
    choices_per_shape();
    plans_from_every_row();
    slow_pext_never_chosen();
    avx512_needs_every_part();
    bad_values_rejected();

    seebatch_cpu here = seebatch_cpu_read();
    registers_read_here(&here);
    backends_follow_the_registers(&here);
    kept_answers_follow_the_registers(&here);
    view_rules_here(&here);
    every_exchange_listed(&here);
    printf("this machine: %s family %02Xh model %02Xh, pext %s\n",
           *here.vendor ? here.vendor : "(no vendor)", seebatch_cpu_family(&here),
           seebatch_cpu_model(&here), seebatch_cpu_fast_pext(&here) ? "fast" : "slow or absent");
    return check_finish("test_cpu_choice");
}
