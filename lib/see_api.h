/* What the public SEE entry points share (see_api.c, see_engine.c,
 * see_checked.c, deprecated.c). */
#ifndef SEEBATCH_SEE_API_H
#define SEEBATCH_SEE_API_H

#include "kernel.h"

/* The kernel for a batch of this length: the one in use, unless the batch is
 * too short for its lanes to pay off. */
const see_backend *seebatch_backend_for(size_t count);

/* The kernels' form of a public batch under prepared rules. */
see_batch seebatch_kernel_batch(const seebatch_rules *rules, const seebatch_batch *batch);

/* passed[i] = SEE of moves[i] >= thresholds[i] (see_engine.c): move by move
 * on short batches, in lanes on long ones. */
void seebatch_each_see_ge(const see_batch *batch, const int32_t *thresholds, uint8_t *passed);

#endif
