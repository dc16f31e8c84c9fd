/*
 * The public batch calls of the unchecked hot path: a seebatch_batch becomes
 * the kernels' see_batch under the caller's prepared rules and goes to the
 * kernel chosen for its shape (dispatch.h; the single-move calls and
 * seebatch_values_ge are in see_engine.c, the check in see_checked.c).
 */
#include "auto/dispatch.h"

const char *seebatch_version(void) { return SEEBATCH_VERSION_STRING; }

static void seebatch_serve_values(const see_backend *kernel, const see_batch *part, size_t first,
                                  void *values)
{
    kernel->values(part, (int32_t *)values + first);
}

void seebatch_values(const seebatch_rules *rules, const seebatch_batch *batch, int32_t *values)
{
    see_batch kernel_batch = seebatch_kernel_batch(rules, batch);
    auto_choice choice = seebatch_auto_fixed(CALL_VALUES, &kernel_batch);
    /* The scalar kernel on one board: a node's captures, by its node walk. */
    if (choice.kernel == &seebatch_scalar_backend && !batch->board_of_move)
        seebatch_node_values(rules, batch, values);
    else if (__builtin_expect(choice.kernel != NULL, 1))
        choice.kernel->values(&kernel_batch, values);
    else
        seebatch_auto_serve(choice.shape, &kernel_batch, seebatch_serve_values, values);
}
