/*
 * The lane kernels find attackers in their lanes with arithmetic on the
 * lines through `to` (src/lanes/attackers.h); this checks it against the
 * scalar attack tables in every lane vocabulary this CPU runs. The checks are
 * compiled once per instruction set (lane_attackers_checks.h), so this file
 * asks the CPU first, and reports a skip (exit 77) when it runs none.
 */
#include <stdio.h>

#include "cpu_features.h"

int lane_attackers_avx2(void);
int lane_attackers_avx512(void);

int main(void)
{
    int ran = 0, failed = 0;
#if SEEBATCH_HAVE_AVX2
    if (seebatch_cpu_has_avx2()) {
        failed |= lane_attackers_avx2();
        ran++;
    }
#endif
#if SEEBATCH_HAVE_AVX512
    if (seebatch_cpu_has_avx512()) {
        failed |= lane_attackers_avx512();
        ran++;
    }
#endif
    if (!ran) {
        printf("test_lane_attackers: skipped, this CPU runs none of the lane kernels built\n");
        return 77;
    }
    return failed ? 1 : 0;
}
