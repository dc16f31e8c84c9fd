/*
 * The AVX2 kernel finds attackers in its lanes with arithmetic on the lines
 * through `to` (src/avx2/attackers.h); this checks it against the scalar
 * attack tables. The checks are compiled for AVX2 (lane_attackers_checks.c),
 * so this file asks the CPU first and reports a skip (exit 77) without, or a
 * failure if /proc/cpuinfo says the CPU has AVX2 after all.
 */
#include <stdio.h>

#include "backend_requirements.h"
#include "cpu_features.h"

int run_lane_attackers_checks(void);

int main(void)
{
    if (!cpu_has_avx2())
        return skip_unless_runnable("test_lane_attackers", "avx2");
    return run_lane_attackers_checks();
}
