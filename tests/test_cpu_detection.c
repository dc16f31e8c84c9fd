/*
 * CPU detection against an independent source. /proc/cpuinfo says which
 * backends this machine must run (support/backend_requirements.c, one row
 * per backend); dispatch must agree exactly: the backends it lists as
 * available, the ones seebatch_backend_set accepts, and the one it picks by
 * itself (the measured table's for this CPU, else the widest it runs). A detection that loses a
 * feature the CPU has (so every test of that kernel would skip) or claims one it lacks fails here.
 * Without /proc/cpuinfo there is nothing independent to compare with: a skip (77).
 */
#include <stdlib.h>
#include <string.h>

#include "backend_requirements.h"
#include "check.h"
#include "machine/cpu_features.h"
#include "environment.h"
#include "auto/dispatch.h"
#include "auto/implementations.h"
#include "seebatch.h"

enum { NAMES_MAX = 16 };

static bool listed(const char *const *names, size_t count, const char *name)
{
    for (size_t i = 0; i < count; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

/* The widest backend this machine must run: the first row it can, else scalar. */
static const char *widest_runnable(void)
{
    for (size_t i = 0; i < backend_requirement_count; i++)
        if (cpuinfo_can_run(backend_requirements[i].backend) == CPUINFO_CAN)
            return backend_requirements[i].backend;
    return "scalar";
}

/* Whether /proc/cpuinfo names the CPU the library's registers describe:
 * vendor, family and model, which pick the measured table's row. */
static bool identity_agrees(const seebatch_cpu *cpu)
{
    char vendor[64], family[32], model[32];
    if (!cpuinfo_value("vendor_id", vendor, sizeof vendor) ||
        !cpuinfo_value("cpu family", family, sizeof family) ||
        !cpuinfo_value("model", model, sizeof model))
        return false;
    return strcmp(vendor, cpu->vendor) == 0 &&
           strtoul(family, NULL, 10) == seebatch_cpu_family(cpu) &&
           strtoul(model, NULL, 10) == seebatch_cpu_model(cpu);
}

/* What auto must pick here: the measured table's backend for this CPU
 * (lib/auto/measured_cpus.c, its rows tested on faked CPUs by test_cpu_choice),
 * which /proc/cpuinfo must say this machine runs; else the widest it runs. */
static const char *expected_auto(void)
{
    seebatch_cpu cpu = seebatch_cpu_read();
    seebatch_backend_choice choice = seebatch_backend_auto(&cpu);
    if (!choice.measured)
        return widest_runnable();
    CHECK(identity_agrees(&cpu),
          "the measured row was chosen by a CPU /proc/cpuinfo does not name");
    CHECK(cpuinfo_can_run(choice.backend) == CPUINFO_CAN,
          "the measured table picks %s, which /proc/cpuinfo says this machine cannot run",
          choice.backend);
    return choice.backend;
}

/* Every row: available exactly when /proc/cpuinfo says the machine can run it. */
static void check_available(void)
{
    const char *names[NAMES_MAX];
    size_t count = seebatch_backends_available(names, NAMES_MAX);
    CHECK(count >= 1 && count <= NAMES_MAX, "backend count %zu", count);
    if (count < 1 || count > NAMES_MAX)
        return;
    CHECK(strcmp(names[count - 1], "scalar") == 0, "scalar is last, got %s", names[count - 1]);
    for (size_t i = 0; i < backend_requirement_count; i++) {
        const backend_requirement *row = &backend_requirements[i];
        bool must_run = cpuinfo_can_run(row->backend) == CPUINFO_CAN;
        CHECK(listed(names, count, row->backend) == must_run,
              "backend %s: available %d, but /proc/cpuinfo (needs \"%s\", built %d) says %d",
              row->backend, (int)listed(names, count, row->backend), row->flags, (int)row->built,
              (int)must_run);
        seebatch_error error;
        seebatch_status status = seebatch_backend_set(row->backend, &error);
        CHECK_EQ(status, must_run ? SEEBATCH_OK : SEEBATCH_ERROR_BACKEND,
                 "seebatch_backend_set(\"%s\"): %s", row->backend, error.message);
    }
    /* A backend with no row would go untested on the machines that run it. */
    for (size_t i = 0; i + 1 < count; i++) {
        bool has_row = false;
        for (size_t r = 0; r < backend_requirement_count; r++)
            has_row |= strcmp(backend_requirements[r].backend, names[i]) == 0;
        CHECK(has_row, "backend %s has no row in tests/support/backend_requirements.c", names[i]);
    }
    CHECK(strcmp(names[0], widest_runnable()) == 0, "widest available is %s, expected %s", names[0],
          widest_runnable());
}

int main(void)
{
    if (cpuinfo_can_run("scalar") == CPUINFO_ABSENT) {
        puts("test_cpu_detection: skipped, no /proc/cpuinfo flags to compare with");
        return 77;
    }
    /* Both readings first, unbuffered, so that a failure on a CPU we have
     * not met says which CPU it was (CI once failed here with no output). */
    seebatch_cpu cpu = seebatch_cpu_read();
    char vendor[64] = "?", family[32] = "?", model[32] = "?";
    cpuinfo_value("vendor_id", vendor, sizeof vendor);
    cpuinfo_value("cpu family", family, sizeof family);
    cpuinfo_value("model", model, sizeof model);
    fprintf(stderr, "/proc/cpuinfo: %s family %s model %s; cpuid: %s family %u model %u\n", vendor,
            family, model, cpu.vendor, seebatch_cpu_family(&cpu), seebatch_cpu_model(&cpu));
    /* The library's own choice on first use, before anything is set. */
    test_unsetenv("SEEBATCH_BACKEND");
    CHECK(strcmp(seebatch_current_backend()->name, expected_auto()) == 0,
          "chosen on first use: %s, expected %s", seebatch_current_backend()->name,
          expected_auto());
    check_available();
    CHECK_EQ(seebatch_backend_set("auto", NULL), SEEBATCH_OK, "auto");
    CHECK(strcmp(seebatch_current_backend()->name, expected_auto()) == 0,
          "auto chose %s, expected %s", seebatch_current_backend()->name, expected_auto());
    printf("this machine must run: %s (and scalar); auto picks %s\n", widest_runnable(),
           expected_auto());
    return check_finish("test_cpu_detection");
}
