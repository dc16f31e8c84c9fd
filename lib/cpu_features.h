/*
 * What this CPU and its operating system can run, asked once per question
 * with cpuid and xgetbv. Kept apart from the kernels: a kernel file is
 * compiled for its ISA, this one never is.
 */
#ifndef SEEBATCH_CPU_FEATURES_H
#define SEEBATCH_CPU_FEATURES_H

#include <stdbool.h>

/* AVX2, BMI1, BMI2 and POPCNT, with the OS saving YMM state. */
bool seebatch_cpu_has_avx2(void);

/* AVX-512 F, DQ, BW and VL as well, with the OS saving opmask and ZMM state. */
bool seebatch_cpu_has_avx512(void);

#endif
