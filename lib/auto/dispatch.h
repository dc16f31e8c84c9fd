/*
 * Which kernel runs a call. The plan, made once from SEEBATCH_BACKEND (or
 * seebatch_backend_set) and this machine, is one atomic word: a kernel per
 * call shape (call_shapes.h), auto's first guess from the measured table
 * (measured_cpus.c) or the one kernel forced, and whether auto learns. When
 * it learns, calls of a learning shape go to that shape's learner
 * (learning.h), which times real calls and keeps the fastest kernel; other
 * calls pay a load, a few compares on the batch and a table lookup. A
 * kernel the CPU cannot run is never chosen. The plan and the learners are
 * the library's one mutable global state, beside the CPU's answers in
 * cpu_features.c.
 */
#ifndef SEEBATCH_DISPATCH_H
#define SEEBATCH_DISPATCH_H

#include <stdatomic.h>
#include <stdint.h>

#include "call_shapes.h"
#include "implementations.h"
#include "kernel.h"
#include "learning.h"
#include "plan.h"
#include "scalar/walk.h"

/* The plan in use (dispatch.c; read and made by plan.h's functions): 0
 * until made. Read here, so that a call's lookup is inline. */
extern _Atomic uint64_t seebatch_chosen_plan;

/* Auto's plan, learning (SETTING_AUTO) or not (SETTING_FIXED), on a CPU of
 * these registers as this build runs it: the first guess per shape, whether
 * a measured row decides (no trials) and whether it gives repeating work to
 * the walk, all from the CPU's measured row (implementations.h,
 * seebatch_backend_auto). A
 * pure function of the registers, so that tests make the plan of every
 * row on any CPU; the walks' lookups (this machine's) are added where the
 * plan is made for use. */
uint64_t seebatch_plan_auto(const seebatch_cpu *cpu, plan_setting setting);

/* Makes the choice on the first call and returns it. */
uint64_t seebatch_plan_first(void);

static inline uint64_t seebatch_plan_in_use(void)
{
    uint64_t plan = atomic_load_explicit(&seebatch_chosen_plan, memory_order_relaxed);
    return __builtin_expect(plan != 0, 1) ? plan : seebatch_plan_first();
}

/* The plan's kernel for a call of this kind on this batch: the one the plan
 * names for its shape, or scalar where the batch is shorter than that
 * kernel's lanes pay off (shortest_useful_batch). No learning: for what
 * needs a kernel's instructions, not its speed (the checked calls' tests).
 * Thread-safe, lock-free; inline, a load, a few compares on the batch and a
 * table lookup (the kind is known at the call). */
static inline const see_backend *seebatch_backend_for_call(call_kind kind, const see_batch *batch)
{
    const see_backend *kernel = seebatch_choice_kernels[seebatch_plan_kernel(
        seebatch_plan_in_use(), seebatch_call_shape(kind, batch))];
    return batch->count < kernel->shortest_useful_batch ? &seebatch_scalar_backend : kernel;
}

/* A call's shape and the plan's kernel for it, as seebatch_backend_for_call
 * gives, or NULL where auto learns the shape: then seebatch_auto_serve
 * serves it. A caller keeps its learned path out of line, so that the fixed
 * one (engines' calls, under 64 moves) costs what it did before auto
 * learned: no call record kept across the kernel. */
typedef struct auto_choice {
    const see_backend *kernel;
    unsigned shape;
} auto_choice;

static inline auto_choice seebatch_auto_fixed(call_kind kind, const see_batch *batch)
{
    uint64_t plan = seebatch_plan_in_use();
    unsigned shape = seebatch_call_shape(kind, batch);
    if (batch->count >= LEARN_FROM_MOVES && seebatch_plan_learning(plan) &&
        seebatch_shape_learns(shape))
        return (auto_choice){NULL, shape};
    const see_backend *kernel = seebatch_choice_kernels[seebatch_plan_kernel(plan, shape)];
    if (batch->count < kernel->shortest_useful_batch)
        kernel = &seebatch_scalar_backend;
    return (auto_choice){kernel, shape};
}

/* A node's captures (a batch on one board) by the scalar walk, with the
 * lookups the plan says: seebatch_node_see_ge_* and seebatch_node_values_*
 * (lib/scalar/node_body.h). Inline: a load and a branch. */
static inline void seebatch_node_see_ge(const seebatch_rules *rules, const seebatch_batch *node,
                                        const int32_t *thresholds, uint8_t *passed)
{
#if SEEBATCH_HAVE_AVX2
    if (seebatch_plan_pext_walks(seebatch_plan_in_use())) {
        seebatch_node_see_ge_pext(rules, node, thresholds, passed);
        return;
    }
#endif
    seebatch_node_see_ge_portable(rules, node, thresholds, passed);
}

static inline void seebatch_node_values(const seebatch_rules *rules, const seebatch_batch *node,
                                        int32_t *values)
{
#if SEEBATCH_HAVE_AVX2
    if (seebatch_plan_pext_walks(seebatch_plan_in_use())) {
        seebatch_node_values_pext(rules, node, values);
        return;
    }
#endif
    seebatch_node_values_portable(rules, node, values);
}

/* Serves a call of a shape auto learns (one seebatch_auto_fixed gave no
 * kernel) by its learner (learning.h). */
static inline void seebatch_auto_serve(unsigned shape, const see_batch *batch, auto_serve *serve,
                                       void *context)
{
    seebatch_learning_serve(shape, seebatch_plan_in_use(), batch, serve, context);
}

/* The widest kernel the choice uses for any shape (the one a forced name
 * gives for all): the ceiling of the instructions the views' lookups may
 * use. Chooses first if none is. */
const see_backend *seebatch_current_backend(void);

/* The kernel of that name if this machine can run it, else NULL. */
const see_backend *seebatch_find_runnable_backend(const char *name);

#endif
