/*
 * The scalar backend: the batch walk (walk_body.h) with the attack lookups
 * this CPU runs best, pext where it runs pext fast (and runs the options the
 * pext walk is built with), else the portable magics. The choice reads the
 * CPU's answers the library keeps (cpu_features.h), so it costs a load and a
 * branch per batch.
 */
#include "machine/cpu_features.h"
#include "walk.h"

bool seebatch_scalar_walks_take_pext(void)
{
#if SEEBATCH_HAVE_AVX2
    return seebatch_cpu_has_avx2_and_fast_pext();
#else
    return false;
#endif
}

static const see_backend *seebatch_walk_here(void)
{
#if SEEBATCH_HAVE_AVX2
    if (seebatch_scalar_walks_take_pext())
        return &seebatch_scalar_walk_pext;
#endif
    return &seebatch_scalar_walk_portable;
}

static void seebatch_scalar_values(const see_batch *batch, int32_t *values)
{
    seebatch_walk_here()->values(batch, values);
}

static void seebatch_scalar_see_ge(const see_batch *batch, int32_t threshold, uint8_t *passed)
{
    seebatch_walk_here()->see_ge(batch, threshold, passed);
}

static const walk_calls seebatch_portable_calls = {seebatch_scalar_walk_portable_each,
                                                   seebatch_node_see_ge_portable,
                                                   seebatch_node_values_portable};
#if SEEBATCH_HAVE_AVX2
static const walk_calls seebatch_pext_calls = {
    seebatch_scalar_walk_pext_each, seebatch_node_see_ge_pext, seebatch_node_values_pext};
#endif

const walk_calls *seebatch_walk_calls_of(const see_backend *walk)
{
#if SEEBATCH_HAVE_AVX2
    if (walk == &seebatch_scalar_walk_pext)
        return &seebatch_pext_calls;
#endif
    return walk == &seebatch_scalar_walk_portable ? &seebatch_portable_calls : NULL;
}

void seebatch_scalar_see_ge_each(const see_batch *batch, const int32_t *thresholds, uint8_t *passed)
{
    seebatch_walk_calls_of(seebatch_walk_here())->see_ge_each(batch, thresholds, passed);
}

void seebatch_scalar_walk_serve(const see_backend *walk, const seebatch_rules *rules,
                                const seebatch_batch *batch, const int32_t *thresholds,
                                int32_t *values, uint8_t *passed)
{
    const walk_calls *calls = seebatch_walk_calls_of(walk);
    see_batch kernel_batch = seebatch_kernel_batch(rules, batch);
    if (!thresholds && batch->board_of_move)
        walk->values(&kernel_batch, values);
    else if (!thresholds)
        calls->node_values(rules, batch, values);
    else if (batch->board_of_move)
        calls->see_ge_each(&kernel_batch, thresholds, passed);
    else
        calls->node_see_ge(rules, batch, thresholds, passed);
}

const see_backend seebatch_scalar_backend = {
    "scalar", seebatch_scalar_values,        seebatch_scalar_see_ge,
    0,        seebatch_batch_sound_portable, false};

size_t seebatch_scalar_walks(const see_backend **out)
{
    size_t count = 0;
    out[count++] = &seebatch_scalar_walk_portable;
#if SEEBATCH_HAVE_AVX2
    if (seebatch_cpu_has_avx2())
        out[count++] = &seebatch_scalar_walk_pext;
#endif
    return count;
}
