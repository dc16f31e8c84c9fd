/*
 * The plan: which kernel serves each call shape, made once (auto/dispatch.c)
 * from SEEBATCH_BACKEND or seebatch_backend_set and this machine, as one
 * atomic word read by every call, and whether auto learns (auto/learning.h).
 */
#ifndef SEEBATCH_PLAN_H
#define SEEBATCH_PLAN_H

#include <stdint.h>

#include "call_shapes.h"

/* The plan's layout: two bits a shape (the kernel's index in
 * seebatch_choice_kernels), the widest kernel's index above them, a bit a
 * kernel this machine runs above that, PLAN_PEXT_WALKS, PLAN_LEARNING and
 * PLAN_CHOSEN. The word itself is dispatch.h's. */
enum { PLAN_WIDEST_SHIFT = 2 * CALL_SHAPES, PLAN_RUNNABLE_SHIFT = PLAN_WIDEST_SHIFT + 2 };
/* The scalar walks take pext (seebatch_scalar_walks_take_pext): a node's
 * captures go to the pext one without asking the CPU again. */
#define PLAN_PEXT_WALKS (UINT64_C(1) << 61)
#define PLAN_LEARNING (UINT64_C(1) << 62)
#define PLAN_CHOSEN (UINT64_C(1) << 63)

#endif
