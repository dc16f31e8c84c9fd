#include "measured_cpus.h"

#include <string.h>

/* Each row from bench/seebatch_bench; docs/design.md ("Backends as a user
 * meets them") keeps the same table with the runs it comes from. */
static const measured_cpu measured_cpus[] = {
    {"AuthenticAMD", 0x19, 0x00, 0xFF, false, "avx2",
     "measured: AMD family 19h without AVX-512 (Zen 3), on an EPYC (model 01h): avx2 "
     "3.2x scalar on multi, 5.9x on multi_scattered"},
    {"AuthenticAMD", 0x19, 0x00, 0xFF, true, "avx2",
     "measured: AMD family 19h with AVX-512 (Zen 4), on an EPYC (model 11h): avx512 0.84-0.86x "
     "avx2 on multi_scattered, 0.95-1.14x on multi"},
    {"AuthenticAMD", 0x1A, 0x00, 0xFF, true, "avx512",
     "measured: AMD family 1Ah (Zen 5), on an EPYC: avx512 1.33-1.37x avx2 on multi, "
     "1.15-1.24x on multi_scattered"},
};

const char seebatch_not_measured[] = "not measured on this CPU: the widest backend it runs";
const char seebatch_row_not_runnable[] =
    "not measured on this CPU with the backends this build runs here (the table's is not "
    "among them): the widest backend it runs";

const measured_cpu *seebatch_measured_row(const seebatch_cpu *cpu)
{
    unsigned family = seebatch_cpu_family(cpu), model = seebatch_cpu_model(cpu);
    bool avx512 = seebatch_cpu_runs_avx512(cpu);
    for (size_t i = 0; i < sizeof measured_cpus / sizeof measured_cpus[0]; i++) {
        const measured_cpu *row = &measured_cpus[i];
        if (strcmp(cpu->vendor, row->vendor) == 0 && family == row->family &&
            model >= row->model_first && model <= row->model_last && avx512 == row->avx512)
            return row;
    }
    return NULL;
}
