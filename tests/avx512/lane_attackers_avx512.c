/* The lane attackers checks in AVX-512's eight lanes (compiled with its options). */
#include "avx512/lanes.h"
#include "lane_attackers_checks.h"

int lane_attackers_avx512(void) { return run_lane_attackers_checks("avx512"); }
