/*
 * The AVX2 SEE kernel: the lane kernel (src/lanes/kernel_body.h) over four
 * lanes.
 */
#include "avx2/lanes.h"
#include "cpu_features.h"
#include "lanes/kernel_body.h"

/* One or two moves are faster one by one than in a group of four lanes:
 * bench/ measured 0.55x and 0.89x of scalar at lengths 1 and 2, 1.2x at 4. */
const see_kernel avx2_kernel = {"avx2", cpu_has_avx2, lane_values, lane_values_at_least, 3};
