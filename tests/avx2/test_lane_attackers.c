/*
 * The AVX2 kernel finds attackers in its lanes with arithmetic on the lines
 * through `to` (src/avx2/attackers.h); this checks it against the scalar
 * attack tables. The checks are compiled for AVX2 (lane_attackers_checks.c),
 * so this file asks the CPU first and reports a skip (exit 77) without.
 */
#include <stdio.h>

#include "cpu_features.h"

int run_lane_attackers_checks(void);

int main(void)
{
    if (!seebatch_cpu_has_avx2()) {
        printf("test_lane_attackers: skipped, this CPU cannot run AVX2\n");
        return 77;
    }
    return run_lane_attackers_checks();
}
