/*
 * The AVX-512 SEE kernel: the lane kernel (src/lanes/kernel_body.h) over
 * eight lanes, with mask registers for the lanes that go on and for a
 * batch's last group (masked loads and stores, no scalar tail).
 */
#include "avx512/lanes.h"
#include "cpu_features.h"
#include "lanes/kernel_body.h"

const see_kernel seebatch_avx512_kernel = {"avx512", seebatch_cpu_has_avx512, lane_values, lane_values_at_least, 3};
