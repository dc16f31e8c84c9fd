#include "measured_cpus.h"

#include <string.h>

/* Each row from bench/seebatch_bench's many-board rows on the CPU it names;
 * this table is the one place its figures are kept. AMD's family 19h holds
 * both Zen 3 and Zen 4, told apart by model: a row covers the models of the
 * one it was measured on, with the features it was measured with, so a Zen 4
 * whose hypervisor hides AVX-512 is no Zen 3 here (it has no row). */
#define ZEN3_REASON                                                                                \
    "measured: AMD family 19h without AVX-512 (Zen 3), on an EPYC (model 01h): avx2 "              \
    "3.2x scalar on multi, 5.9x on multi_scattered"
#define ZEN4_REASON                                                                                \
    "measured: AMD family 19h with AVX-512 (Zen 4), on an EPYC (model 11h): avx512 0.84-0.86x "    \
    "avx2 on multi_scattered, 0.95-1.14x on multi"
static const measured_cpu measured_cpus[] = {
    {"AuthenticAMD", 0x19, 0x00, 0x0F, false, "avx2", ZEN3_REASON},
    {"AuthenticAMD", 0x19, 0x20, 0x5F, false, "avx2", ZEN3_REASON},
    {"AuthenticAMD", 0x19, 0x10, 0x1F, true, "avx2", ZEN4_REASON},
    {"AuthenticAMD", 0x19, 0x60, 0x7F, true, "avx2", ZEN4_REASON},
    {"AuthenticAMD", 0x19, 0xA0, 0xAF, true, "avx2", ZEN4_REASON},
    {"AuthenticAMD", 0x1A, 0x00, 0xFF, true, "avx512",
     "measured: AMD family 1Ah with AVX-512 (Zen 5), on an EPYC: avx512 1.33-1.37x avx2 on "
     "multi, 1.15-1.24x on multi_scattered"},
};

const char seebatch_not_measured[] = "not measured on this CPU: the widest backend it runs";
const char seebatch_no_simd_kernel[] =
    "no SIMD kernel for " SEEBATCH_ARCHITECTURE " yet: the scalar kernel runs";
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
