/*
 * The plan: which kernel serves each call shape, made once (auto/dispatch.c)
 * from SEEBATCH_BACKEND or seebatch_backend_set and this machine, as one
 * atomic word read by every call (dispatch.h holds the word), and how it was
 * chosen: auto learning, auto's first guess fixed, or one backend forced.
 * Its layout is this file's alone: the word is made by seebatch_plan_make
 * and read by the functions below, nowhere else.
 */
#ifndef SEEBATCH_PLAN_H
#define SEEBATCH_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "call_shapes.h"

/* How the plan was chosen: SEEBATCH_BACKEND's (or seebatch_backend_set's)
 * three kinds of value. */
typedef enum plan_setting {
    SETTING_AUTO,   /* "auto": the first guess, then learned where it can be */
    SETTING_FIXED,  /* "fixed": the first guess, never learning */
    SETTING_FORCED, /* a backend's name: that kernel for every shape */
    PLAN_SETTINGS
} plan_setting;

/* The word, low bits first: a kernel's index (call_shapes.h) a shape, the
 * widest kernel any shape takes, a bit a kernel this machine runs, the
 * setting, whether auto learns, and a bit that says the word is made (0 is
 * no plan yet). */
enum {
    PLAN_KERNEL_BITS = 2,
    PLAN_WIDEST_SHIFT = PLAN_KERNEL_BITS * CALL_SHAPES,
    PLAN_RUNNABLE_SHIFT = PLAN_WIDEST_SHIFT + PLAN_KERNEL_BITS,
    PLAN_SETTING_SHIFT = PLAN_RUNNABLE_SHIFT + CHOICE_KERNELS,
    PLAN_LEARNING_SHIFT = PLAN_SETTING_SHIFT + 2,
    PLAN_MADE_SHIFT = PLAN_LEARNING_SHIFT + 1
};
_Static_assert(CHOICE_KERNELS <= 1 << PLAN_KERNEL_BITS,
               "a kernel's index must fit PLAN_KERNEL_BITS: widen it for more kernels");
_Static_assert(PLAN_SETTINGS <= 4, "a setting must fit two bits");
_Static_assert(PLAN_MADE_SHIFT < 64, "the plan must fit one word");

#define PLAN_FIELD(plan, shift, bits) ((unsigned)((plan) >> (shift)) & ((1u << (bits)) - 1u))

/* The kernel (its index) that serves calls of this shape, unless auto learns
 * the shape. */
static inline unsigned seebatch_plan_kernel(uint64_t plan, unsigned shape)
{
    return PLAN_FIELD(plan, PLAN_KERNEL_BITS * shape, PLAN_KERNEL_BITS);
}

/* The widest kernel any shape takes. */
static inline unsigned seebatch_plan_widest(uint64_t plan)
{
    return PLAN_FIELD(plan, PLAN_WIDEST_SHIFT, PLAN_KERNEL_BITS);
}

/* A bit a kernel (1u << index) this machine runs. */
static inline uint32_t seebatch_plan_runnable(uint64_t plan)
{
    return PLAN_FIELD(plan, PLAN_RUNNABLE_SHIFT, CHOICE_KERNELS);
}

static inline plan_setting seebatch_plan_setting(uint64_t plan)
{
    return (plan_setting)PLAN_FIELD(plan, PLAN_SETTING_SHIFT, 2);
}

/* Whether auto learns the shapes it can (the setting is auto and this
 * machine runs two kernels or more). */
static inline bool seebatch_plan_learning(uint64_t plan)
{
    return PLAN_FIELD(plan, PLAN_LEARNING_SHIFT, 1) != 0;
}

/* Whether the scalar walks take pext here (seebatch_scalar_walks_take_pext):
 * a node's captures go to the pext walk without asking the CPU again. The
 * bit above the word's others, set by dispatch.c beside them. */
enum { PLAN_PEXT_WALKS_SHIFT = PLAN_MADE_SHIFT + 1 };
_Static_assert(PLAN_PEXT_WALKS_SHIFT < 64, "the plan must fit one word");
static inline bool seebatch_plan_pext_walks(uint64_t plan)
{
    return PLAN_FIELD(plan, PLAN_PEXT_WALKS_SHIFT, 1) != 0;
}

/* Whether auto's trial of the scalar walk on repeating work of a few calls
 * serves whole cycles from its start (measured_cpus.h, walk_learns_cycles),
 * else a subset of each cycle first. Set by dispatch.c beside the others. */
enum { PLAN_WALK_CYCLES_SHIFT = PLAN_PEXT_WALKS_SHIFT + 1 };
_Static_assert(PLAN_WALK_CYCLES_SHIFT < 64, "the plan must fit one word");
static inline bool seebatch_plan_walk_learns_cycles(uint64_t plan)
{
    return PLAN_FIELD(plan, PLAN_WALK_CYCLES_SHIFT, 1) != 0;
}

/* The kernel for repeating work of a few calls of this shape: the scalar
 * walk where the row says it learns cycles, else the first guess (the
 * learner's guard trial where the row decides, learner.c). */
static inline unsigned seebatch_plan_cycle_kernel(uint64_t plan, unsigned shape)
{
    return seebatch_plan_walk_learns_cycles(plan) ? (unsigned)CHOICE_INDEX(scalar)
                                                  : seebatch_plan_kernel(plan, shape);
}

/* Whether the CPU's measured row decides (measured_cpus.h): auto's
 * learners then only find each workload's regime and take the row's kernel
 * for it, with no trial of the others (learner.c). Set by dispatch.c beside
 * the others, from the row auto's first guess came from. */
enum { PLAN_ROW_DECIDES_SHIFT = PLAN_WALK_CYCLES_SHIFT + 1 };
_Static_assert(PLAN_ROW_DECIDES_SHIFT < 64, "the plan must fit one word");
static inline bool seebatch_plan_row_decides(uint64_t plan)
{
    return PLAN_FIELD(plan, PLAN_ROW_DECIDES_SHIFT, 1) != 0;
}

#undef PLAN_FIELD

/* The plan of these choices on a machine that runs the kernels `runnable`
 * names, chosen so. Never 0. */
static inline uint64_t seebatch_plan_make(const shape_choices *choices, uint32_t runnable,
                                          plan_setting setting)
{
    uint64_t plan = UINT64_C(1) << PLAN_MADE_SHIFT;
    for (unsigned shape = 0; shape < CALL_SHAPES; shape++)
        plan |= (uint64_t)choices->kernel[shape] << (PLAN_KERNEL_BITS * shape);
    plan |= (uint64_t)seebatch_choices_widest(choices) << PLAN_WIDEST_SHIFT;
    plan |= (uint64_t)(runnable & ((1u << CHOICE_KERNELS) - 1u)) << PLAN_RUNNABLE_SHIFT;
    plan |= (uint64_t)setting << PLAN_SETTING_SHIFT;
    /* Learning needs two kernels to choose between. */
    if (setting == SETTING_AUTO && (runnable & (runnable - 1)))
        plan |= UINT64_C(1) << PLAN_LEARNING_SHIFT;
    return plan;
}

#endif
