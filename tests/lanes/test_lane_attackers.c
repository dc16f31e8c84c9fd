/*
 * The lane kernels find attackers in their lanes with arithmetic on the
 * lines through `to` (lib/lanes/attackers.h); this checks it against the
 * scalar attack tables in every lane vocabulary this CPU runs. The checks are
 * compiled once per instruction set (lane_attackers_checks.h), so this file
 * asks the library first whether it runs that backend here (an emulated
 * AVX-512 build runs it on AVX2): a kernel it cannot run is skipped, or fails the test
 * if /proc/cpuinfo says it can (then detection is broken); with none run the
 * test reports a skip (exit 77).
 */
#include <stdbool.h>
#include <stdio.h>

#include "backend_requirements.h"
#include "auto/dispatch.h"

int lane_attackers_avx2(void);
int lane_attackers_avx512(void);

/* Runs one vocabulary's checks if the CPU runs it; a kernel it does not run
 * must be one /proc/cpuinfo says it cannot run either. */
static void run_if_runnable(bool runnable, const char *backend, int (*checks)(void), int *ran,
                            int *failed)
{
    if (runnable) {
        *failed |= checks();
        ++*ran;
    } else if (skip_unless_runnable("test_lane_attackers", backend) != 77) {
        *failed = 1;
    }
}

int main(void)
{
    int ran = 0, failed = 0;
#if SEEBATCH_HAVE_AVX2
    run_if_runnable(seebatch_find_runnable_backend("avx2") != NULL, "avx2", lane_attackers_avx2,
                    &ran, &failed);
#endif
#if SEEBATCH_HAVE_AVX512
    run_if_runnable(seebatch_find_runnable_backend("avx512") != NULL, "avx512",
                    lane_attackers_avx512, &ran, &failed);
#endif
    if (failed)
        return 1;
    if (!ran) {
        printf("test_lane_attackers: skipped, this CPU runs none of the lane kernels built\n");
        return 77;
    }
    return failed ? 1 : 0;
}
