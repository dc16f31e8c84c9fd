/*
 * The public batch calls of the unchecked hot path: a seebatch_batch becomes
 * the kernels' see_batch under the caller's prepared rules and goes to the
 * kernel chosen for its shape (dispatch.h; the single-move calls and
 * seebatch_values_ge are in see_engine.c, the check in see_checked.c).
 */
#include "auto/dispatch.h"

const char *seebatch_version(void) { return SEEBATCH_VERSION_STRING; }

static __attribute__((noinline)) void seebatch_values_learned(unsigned shape, const see_batch *batch,
                                                              int32_t *values)
{
    auto_call call = seebatch_auto_begin(shape);
    call.kernel->values(batch, values);
    seebatch_auto_end(&call, batch);
}

void seebatch_values(const seebatch_rules *rules, const seebatch_batch *batch, int32_t *values)
{
    see_batch kernel_batch = seebatch_kernel_batch(rules, batch);
    auto_choice choice = seebatch_auto_fixed(CALL_VALUES, &kernel_batch);
    if (__builtin_expect(choice.kernel != NULL, 1))
        choice.kernel->values(&kernel_batch, values);
    else
        seebatch_values_learned(choice.shape, &kernel_batch, values);
}
