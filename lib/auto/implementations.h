/*
 * The registry of the implementations the library chooses among by name, in
 * priority order: the SEE backends (kernels) and the slider lookups of the
 * views' exchanges. Each entry says what the CPU must run for it and where
 * auto prefers it; one function chooses, a pure function of the CPU's
 * registers, the name asked for and the backend in use, so tests fake any
 * CPU. dispatch.c applies it to this machine and SEEBATCH_BACKEND,
 * views/choice.c to the views and SEEBATCH_VIEW_EXCHANGE. Nothing here
 * prints: errors go to the caller as seebatch_error.
 *
 * Every choice of instructions the library makes, this registry's and the
 * others (tests/design/instruction_choices.sh fails when a file of lib/ asks
 * the CPU's features and is not named here):
 *
 *   what is chosen                    where                        by
 *   the SEE backend                   this registry, auto/dispatch.c  SEEBATCH_BACKEND, measured table
 *   the SEE backend, per call shape   auto/learner.c               the row, else the calls' times
 *   the views' slider lookups         this registry, views/choice.c  SEEBATCH_VIEW_EXCHANGE, fast pext
 *   the scalar walk's lookups         scalar/scalar_backend.c      fast pext and AVX2
 *   the FEN reader (wide, one pass)   text/fen_scan.c              fast pext and AVX2
 *   the capture generator's lookups   board/captures.c             fast pext and AVX2
 *   the training chain coding         training/formats/chain_coding_choice.c  AVX2, POPCNT, fast pext
 *
 * The CPU's answers themselves are cpu_features.c's; measured_cpus.c holds
 * the measured table auto takes its first guess from.
 */
#ifndef SEEBATCH_IMPLEMENTATIONS_H
#define SEEBATCH_IMPLEMENTATIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "call_shapes.h"
#include "machine/cpu_features.h"
#include "kernel.h"

typedef enum implementation_role {
    IMPLEMENTATION_BACKEND,    /* a SEE kernel (SEEBATCH_BACKEND) */
    IMPLEMENTATION_VIEW_LOOKUP /* a view exchange's slider lookups (SEEBATCH_VIEW_EXCHANGE) */
} implementation_role;

typedef struct implementation {
    const char *name; /* as the role's environment variable takes it */
    implementation_role role;
    instruction_set needs;
    /* Where auto takes it before those after it: on the CPUs it was measured
     * fastest on, or where its instructions are fast. */
    bool (*preferred_on)(const seebatch_cpu *cpu, const struct implementation *self);
    /* What it runs: a backend's kernel, NULL when this build lacks it; for
     * a view lookup, whether this build has it (views/choice.c holds the
     * walks of each lookup). */
    const see_backend *backend;
    bool lookups_built;
} implementation;

/* Every implementation this library knows, built or not, by role and in
 * priority order within the role: avx512, avx2, scalar; pext, portable. */
extern const implementation seebatch_implementations[];
extern const size_t seebatch_implementation_count;

/* Whether this build has it and the CPU runs the instructions it needs. */
bool seebatch_implementation_runs(const implementation *implementation, const seebatch_cpu *cpu);

/* The entry of that role and name (matched whole and exactly), or NULL. */
const implementation *seebatch_implementation_named(implementation_role role, const char *name);

typedef struct implementation_request {
    implementation_role role;
    const seebatch_cpu *cpu;
    const char *name; /* NULL or "auto": auto; else the one forced */
    /* Auto takes nothing that needs more (a view lookup: no instructions
     * the backend in use does not run, so SEEBATCH_BACKEND=scalar keeps the
     * views plain too); a forced name may. */
    instruction_set ceiling;
} implementation_request;

/* The one choice. Auto: the first implementation of the role that runs
 * here within the ceiling and is preferred on this CPU (a backend: the widest
 * of the measured row's choices), else the first that runs (the widest). A name: that implementation where it runs. Errors
 * (SEEBATCH_ERROR_BACKEND, the name shown printably): a name the role does
 * not know (a backend this build lacks is unknown to it, as "this build
 * has: ..." lists; every view lookup is known), or one this CPU or build
 * cannot run; *chosen is then unchanged. Never NULL on success. */
seebatch_status seebatch_implementation_choose(const implementation_request *request,
                                               const implementation **chosen,
                                               seebatch_error *error);

/* The kernel of each letter of a choice line (call_shapes.h), NULL where
 * this build lacks it. */
extern const see_backend *const seebatch_choice_kernels[CHOICE_KERNELS];

/* Whether every kernel the choices name runs here (this build, this CPU). */
bool seebatch_choices_run(const shape_choices *choices, const seebatch_cpu *cpu);

/* What auto takes among the backends on these registers, per call shape,
 * and why: the measured row's choices where every kernel of the row runs
 * here, else the widest backend it runs for every shape. */
typedef struct seebatch_backend_choice {
    const char *backend;     /* the widest the choices use (seebatch_backend_name's) */
    bool measured;           /* from a row of the measured table, else the widest runnable */
    const char *reason;      /* the row's machine and figures, or why none applies */
    shape_choices shapes;    /* the kernel of every shape */
    bool walk_learns_cycles; /* the row's (measured_cpus.h); false without one */
} seebatch_backend_choice;

seebatch_backend_choice seebatch_backend_auto(const seebatch_cpu *cpu);

#endif
