#include "measured_cpus.h"

#include <string.h>

/* Each row from the run file of the CPU it names (docs/runs/) or from the
 * measurements its reason quotes; this table is the one place its
 * choices are kept. A reason names no file: --version's reader may have
 * an installed copy, which holds no run file. AMD's family 19h holds both
 * Zen 3 and Zen 4, told apart by model: a row covers the models of the one
 * it was measured on, with the features it was measured with. A row whose short shapes name a SIMD kernel
 * leaves the shortest batches to that kernel's own limit (kernel.h). */
#define ZEN1_REASON                                                                                \
    "measured on AMD family 17h without AVX-512 (Zen 1), an EPYC model 01h: on thresholds on "     \
    "many boards the scalar walk 1.00-1.40x as fast as Stockfish's see_ge, avx2 0.57-1.19x; "      \
    "avx2 1.11x as fast as scalar on many boards in board order, 2.48x scattered; scalar "         \
    "1.05-1.18x as fast as avx2 on one board; the scalar walk 1.2x as fast as avx2 on values of "  \
    "1,000 positions cycled, 1.7x on thresholds"
#define ZEN3_REASON                                                                                \
    "measured on AMD family 19h without AVX-512 (Zen 3), an EPYC model 01h: avx2 3.2x as fast as " \
    "scalar on many boards in board order, 5.9x scattered; the scalar walk 1.2-1.5x as fast as "   \
    "avx2 on 1,000 positions cycled"
#define ZEN4_REASON                                                                                \
    "measured on AMD family 19h with AVX-512 (Zen 4), an EPYC model 11h: avx512 1.09-1.32x as "    \
    "fast as avx2 on many boards in board order, 0.84-0.86x scattered; the scalar walk 1.09x as "  \
    "fast as avx512 on values of 1,000 positions cycled, 1.31x on thresholds"
#define ZEN4_HIDDEN_REASON                                                                         \
    "measured on AMD family 19h without AVX-512 (Zen 4), an EPYC model 11h whose hypervisor "      \
    "hides AVX-512: avx2 2.0x as fast as scalar on many boards in board order, 5.9x scattered; "   \
    "on thresholds on many boards 0.74x the scalar walk's speed on positions it learned, 1.67x "   \
    "on positions it did not, 1.49x streamed"
#define ALL_AVX2 "2222 2222 2222 2222 2222 2222"
#define ZEN4_CHOICES "2222 2525 2222 2222 2525 2222"
static const measured_cpu measured_cpus[] = {
    {"AuthenticAMD", 0x17, 0x00, 0x2F, false, "ssss s2s2 s2s2 ssss ssss s2s2", true, ZEN1_REASON},
    {"AuthenticAMD", 0x19, 0x00, 0x0F, false, ALL_AVX2, true, ZEN3_REASON},
    {"AuthenticAMD", 0x19, 0x20, 0x5F, false, ALL_AVX2, true, ZEN3_REASON},
    {"AuthenticAMD", 0x19, 0x10, 0x1F, true, ZEN4_CHOICES, true, ZEN4_REASON},
    {"AuthenticAMD", 0x19, 0x60, 0x7F, true, ZEN4_CHOICES, true, ZEN4_REASON},
    {"AuthenticAMD", 0x19, 0xA0, 0xAF, true, ZEN4_CHOICES, true, ZEN4_REASON},
    {"AuthenticAMD", 0x19, 0x10, 0x1F, false, ALL_AVX2, true, ZEN4_HIDDEN_REASON},
    {"AuthenticAMD", 0x19, 0x60, 0x7F, false, ALL_AVX2, true, ZEN4_HIDDEN_REASON},
    {"AuthenticAMD", 0x19, 0xA0, 0xAF, false, ALL_AVX2, true, ZEN4_HIDDEN_REASON},
    {"AuthenticAMD", 0x1A, 0x00, 0xFF, true, "5555 5555 5555 5s5s 5555 5555", false,
     "measured on AMD family 1Ah with AVX-512 (Zen 5), an EPYC model 02h: avx512 within 2% of "
     "the fastest on every call shape but thresholds on one board of 8 moves or more, where "
     "the "
     "scalar walk is 1.03-1.04x as fast; scalar 1.25-2.2x slower under 8 moves"},
};

const char seebatch_not_measured[] = "not measured on this CPU: the widest backend it runs";
const char seebatch_no_simd_kernel[] =
    "no SIMD kernel for " SEEBATCH_ARCHITECTURE " yet: the scalar kernel runs";
const char seebatch_row_not_runnable[] =
    "not measured on this CPU with the backends this build runs here (the table's is not "
    "among them): the widest backend it runs";

const measured_cpu *seebatch_measured_rows(size_t *count)
{
    *count = sizeof measured_cpus / sizeof measured_cpus[0];
    return measured_cpus;
}

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

shape_choices seebatch_measured_choices(const measured_cpu *row)
{
    shape_choices choices = {{0}};
    seebatch_choices_parse(row->choices, &choices);
    return choices;
}
