/*
 * Where each backend was measured fastest, per call shape (call_shapes.h): a
 * small table keyed by vendor, family, model and whether the CPU runs
 * AVX-512, each row from the run file of the CPU it names (docs/runs/) or the
 * measurements its reason quotes. The registry (implementations.c) takes a
 * row's choices on the CPUs it covers; a pure function of the registers
 * (cpu_features.h), so tests fake any CPU.
 */
#ifndef SEEBATCH_MEASURED_CPUS_H
#define SEEBATCH_MEASURED_CPUS_H

#include <stdbool.h>
#include <stddef.h>

#include "call_shapes.h"
#include "machine/cpu_features.h"

typedef struct measured_cpu {
    const char *vendor;
    unsigned family, model_first, model_last;
    bool avx512;         /* the row holds the parts that run avx512, or those that do not */
    const char *choices; /* the fastest kernel of each shape, as a choice line */
    /* The scalar walk measured fastest once it learned repeating work of a
     * few calls (the first 1,000 positions cycled, in the row's run file):
     * auto serves such work by the walk, in whole cycles from the call that
     * showed it repeats (learner.c); elsewhere by the row's first guess. A
     * row decides: on a CPU it covers auto tries no other backend. Zen 1, 3
     * and 4 (the walk 1.1-1.8x as fast as the first guess there), not Zen 5
     * (avx512 1.06x the walk's speed on thresholds, 1.23x on values). */
    bool walk_learns_cycles;
    const char
        *reason; /* the machine and the figures, in words, as seebatch --version gives them */
} measured_cpu;

/* The table's rows, *count of them (tests make each row's plan). */
const measured_cpu *seebatch_measured_rows(size_t *count);

/* The row of this CPU, or NULL where none was measured. */
const measured_cpu *seebatch_measured_row(const seebatch_cpu *cpu);

/* The row's choices (a table test holds every row's line well formed). */
shape_choices seebatch_measured_choices(const measured_cpu *row);

/* Why auto takes the widest backend it runs: no row for this CPU, or a row
 * whose backend this build cannot run here. */
extern const char seebatch_not_measured[];
/* Why auto takes scalar on an architecture no SIMD kernel is written for. */
extern const char seebatch_no_simd_kernel[];
extern const char seebatch_row_not_runnable[];

#endif
