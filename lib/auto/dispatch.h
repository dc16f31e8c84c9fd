/*
 * Which kernel runs a call: auto chooses per call shape (call_shapes.h), from
 * the measured table (measured_cpus.c) or a profile seebatch calibrate saved
 * (profile.h), on this machine and SEEBATCH_BACKEND, once; the choice of
 * every shape is cached in one atomic word (the library's one mutable
 * global beside the CPU's answers in cpu_features.c), so a call pays a load,
 * a few compares on its batch and a table lookup. A kernel the CPU cannot
 * run is never chosen.
 */
#ifndef SEEBATCH_DISPATCH_H
#define SEEBATCH_DISPATCH_H

#include <stdatomic.h>
#include <stdint.h>

#include "call_shapes.h"
#include "implementations.h"
#include "kernel.h"
#include "profile.h"

/* The choice in use (dispatch.c): 0 until made, then two bits a shape (the
 * kernel's index in seebatch_choice_kernels), the widest kernel's index above
 * them, and the top bit. Read here, so that a call's lookup is inline. */
extern _Atomic uint64_t seebatch_chosen_plan;
enum { PLAN_WIDEST_SHIFT = 2 * CALL_SHAPES };

/* Makes the choice on the first call and returns it. */
uint64_t seebatch_plan_first(void);

static inline uint64_t seebatch_plan_in_use(void)
{
    uint64_t plan = atomic_load_explicit(&seebatch_chosen_plan, memory_order_relaxed);
    return __builtin_expect(plan != 0, 1) ? plan : seebatch_plan_first();
}

/* The kernel for a call of this kind on this batch: the one chosen for its
 * shape, or scalar where the batch is shorter than that kernel's lanes pay
 * off (shortest_useful_batch). Thread-safe, lock-free; inline, a load, a few
 * compares on the batch and a table lookup (the kind is known at the call). */
static inline const see_backend *seebatch_backend_for_call(call_kind kind, const see_batch *batch)
{
    const see_backend *kernel =
        seebatch_choice_kernels[seebatch_plan_in_use() >> (2 * seebatch_call_shape(kind, batch)) &
                                3u];
    return batch->count < kernel->shortest_useful_batch ? &seebatch_scalar_backend : kernel;
}

/* The widest kernel the choice uses for any shape (the one a forced name
 * gives for all): what seebatch_backend_name names, and the ceiling of the
 * instructions the views' lookups may use. Chooses first if none is. */
const see_backend *seebatch_current_backend(void);

/* What auto takes here for every shape, and why: the registry's choice
 * (implementations.h), or a profile's where one is read (profile names it);
 * a refused profile's message in error. */
typedef struct seebatch_auto_here {
    seebatch_backend_choice choice;
    bool from_profile;
    char profile[PROFILE_PATH_TEXT];
} seebatch_auto_here;
void seebatch_auto_choice_here(seebatch_auto_here *here, seebatch_error *error);

/* The kernel of that name if this machine can run it, else NULL. */
const see_backend *seebatch_find_runnable_backend(const char *name);

#endif
