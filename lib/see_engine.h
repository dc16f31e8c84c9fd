/* What see_engine.c offers the batch calls (see_api.c) beyond seebatch.h. */
#ifndef SEEBATCH_SEE_ENGINE_H
#define SEEBATCH_SEE_ENGINE_H

#include "kernel.h"

/* passed[i] = SEE of moves[i] >= thresholds[i], one board or many: move by
 * move on short batches, in the lanes of the backend in use on long ones. */
void seebatch_each_see_ge(const seebatch_rules *rules, const seebatch_batch *batch,
                          const int32_t *thresholds, uint8_t *passed);

#endif
