/* A public seebatch_batch in the kernels' form (kernel.h's see_batch). */
#ifndef SEEBATCH_PUBLIC_BATCH_H
#define SEEBATCH_PUBLIC_BATCH_H

#include "kernel.h"

/* The batch under prepared rules; board_count stays behind (kernels never
 * read it: the check proves every index below it first). */
static inline see_batch seebatch_kernel_batch(const seebatch_rules *rules,
                                              const seebatch_batch *batch)
{
    return (see_batch){batch->boards, batch->board_of_move, batch->moves, batch->count,
                       rules,         batch->pins};
}

#endif
