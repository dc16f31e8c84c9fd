/*
 * The scalar exchanges, for the scalar kernels and the engine path. Both give
 * clamp(SEE(move), lo, hi) for lo < hi under prepared rules, with pins from
 * `pins` (NULL when SEEBATCH_PINS is off).
 */
#ifndef SEEBATCH_SCALAR_H
#define SEEBATCH_SCALAR_H

#include "kernel.h"
#include "pins.h"

/* The reference: the contract played out plainly, for any move. */
int32_t reference_see_within(const seebatch_rules *rules, const seebatch_board *board,
                             pin_source *pins, seebatch_move move, int32_t lo, int32_t hi);

/* The fastest portable code: the lean exchange of quick_exchange.h for normal
 * moves, the reference for the rest. */
int32_t scalar_see_within(const seebatch_rules *rules, const seebatch_board *board,
                          pin_source *pins, seebatch_move move, int32_t lo, int32_t hi);

/* The reference as a kernel: what the differential harness compares every
 * backend with (not a backend itself). */
extern const see_kernel reference_kernel;

#endif
