/*
 * The AVX2 SEE kernel: the lane kernel (lib/lanes/kernel_body.h) over four
 * lanes.
 */
#include "avx2/lanes.h"
#include "lanes/kernel_body.h"

/* One or two moves are faster one by one than in a group of four lanes
 * (seebatch_bench's batch_length rows measure it). */
const see_backend seebatch_avx2_backend = {"avx2", seebatch_lane_values, seebatch_lane_see_ge, 3,
                                           seebatch_batch_sound_avx2, true};
