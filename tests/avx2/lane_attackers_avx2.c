/* The lane attackers checks in AVX2's four lanes (compiled with its options). */
#include "avx2/lanes.h"
#include "lane_attackers_checks.h"

int lane_attackers_avx2(void) { return run_lane_attackers_checks("avx2"); }
