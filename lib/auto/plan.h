/*
 * The plan: which kernel serves each call shape, made once (dispatch.c) from
 * SEEBATCH_BACKEND or seebatch_backend_set and this machine, as one atomic
 * word read by every call, and whether auto learns (learning.h).
 */
#ifndef SEEBATCH_PLAN_H
#define SEEBATCH_PLAN_H

#include <stdatomic.h>
#include <stdint.h>

#include "call_shapes.h"

/* The plan in use (dispatch.c): 0 until made, then two bits a shape (the
 * kernel's index in seebatch_choice_kernels), the widest kernel's index above
 * them, a bit a kernel this machine runs above that, PLAN_LEARNING and
 * PLAN_CHOSEN. Read here, so that a call's lookup is inline. */
extern _Atomic uint64_t seebatch_chosen_plan;
enum { PLAN_WIDEST_SHIFT = 2 * CALL_SHAPES, PLAN_RUNNABLE_SHIFT = PLAN_WIDEST_SHIFT + 2 };
#define PLAN_LEARNING (UINT64_C(1) << 62)
#define PLAN_CHOSEN (UINT64_C(1) << 63)

/* Makes the choice on the first call and returns it. */
uint64_t seebatch_plan_first(void);

static inline uint64_t seebatch_plan_in_use(void)
{
    uint64_t plan = atomic_load_explicit(&seebatch_chosen_plan, memory_order_relaxed);
    return __builtin_expect(plan != 0, 1) ? plan : seebatch_plan_first();
}

#endif
