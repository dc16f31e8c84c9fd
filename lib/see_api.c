/*
 * The public batch calls of the unchecked hot path: a seebatch_batch becomes
 * the kernels' see_batch under the caller's prepared rules and goes to the
 * kernel chosen for its shape (dispatch.h); the single-move calls are in
 * see_engine.c, the check in see_checked.c.
 */
#include "dispatch.h"
#include "public_batch.h"
#include "see_engine.h"

const char *seebatch_version(void) { return SEEBATCH_VERSION_STRING; }

void seebatch_values(const seebatch_rules *rules, const seebatch_batch *batch, int32_t *values)
{
    see_batch kernel_batch = seebatch_kernel_batch(rules, batch);
    seebatch_backend_for_call(CALL_VALUES, &kernel_batch)->values(&kernel_batch, values);
}

/* One threshold for the whole batch: the kernel's threshold test. Out of
 * line, so that the call with a threshold per move, a search's, reaches its
 * walk with no stack frame on the way. */
static __attribute__((noinline)) void seebatch_one_threshold(const seebatch_rules *rules,
                                                             const seebatch_batch *batch,
                                                             int32_t threshold, uint8_t *passed)
{
    see_batch kernel_batch = seebatch_kernel_batch(rules, batch);
    seebatch_backend_for_call(CALL_THRESHOLD, &kernel_batch)->see_ge(&kernel_batch, threshold, passed);
}

void seebatch_values_ge(const seebatch_rules *rules, const seebatch_batch *batch, int32_t threshold,
                        const int32_t *thresholds, uint8_t *passed)
{
    if (thresholds)
        seebatch_each_see_ge(rules, batch, thresholds, passed);
    else
        seebatch_one_threshold(rules, batch, threshold, passed);
}
