/*
 * The AVX-512 SEE kernel: the lane kernel (lib/lanes/kernel_body.h) over
 * eight lanes, with mask registers for the lanes that go on and for a
 * batch's last group (masked loads and stores, no scalar tail).
 */
#include "avx512/lanes.h"
#include "lanes/kernel_body.h"

#if SEEBATCH_HAVE_AVX2
/* Batches of at most four moves go to the AVX2 kernel, which this CPU runs
 * too: a group of eight lanes half empty plays as many steps as a group of
 * four, each of them slower (seebatch_bench's batch_length rows measure
 * it). */
enum { HANDED_TO_AVX2 = 4 };

static void seebatch_avx512_values(const see_batch *batch, int32_t *values)
{
    if (batch->count <= HANDED_TO_AVX2)
        seebatch_avx2_backend.values(batch, values);
    else
        seebatch_lane_values(batch, values);
}

static void seebatch_avx512_see_ge(const see_batch *batch, int32_t threshold, uint8_t *passed)
{
    if (batch->count <= HANDED_TO_AVX2)
        seebatch_avx2_backend.see_ge(batch, threshold, passed);
    else
        seebatch_lane_see_ge(batch, threshold, passed);
}
#define avx512_batch_sound seebatch_batch_sound_avx2
#else
#define seebatch_avx512_values seebatch_lane_values
#define seebatch_avx512_see_ge seebatch_lane_see_ge
#define avx512_batch_sound NULL
#endif

const see_backend seebatch_avx512_backend = {"avx512", seebatch_avx512_values,
                                             seebatch_avx512_see_ge, 3, avx512_batch_sound, true};
