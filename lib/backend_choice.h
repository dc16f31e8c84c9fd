/*
 * Which backend "auto" takes on a CPU: the one measured fastest there on the
 * benchmark's many-board rows (multi, multi_scattered), from a small table
 * keyed by vendor, family, model and whether the CPU runs AVX-512; on a CPU
 * the table does not hold, the widest backend it runs. A pure function of
 * the registers (lib/cpu_features.h), so tests fake any CPU; the library
 * never prints, so the reason is handed to the caller (seebatch --version).
 */
#ifndef SEEBATCH_BACKEND_CHOICE_H
#define SEEBATCH_BACKEND_CHOICE_H

#include <stdbool.h>
#include <stddef.h>

#include "cpu_features.h"

typedef struct seebatch_backend_choice {
    const char *backend; /* one of the names given as runnable */
    bool measured;       /* from a row of the table, else the widest runnable */
    const char *reason;  /* the row's machine and figures, or why none applies */
} seebatch_backend_choice;

/* Whether the CPU runs the backend of that name, as its kernel's runnable
 * test would answer on these registers ("scalar": always; unknown: never). */
bool seebatch_cpu_runs_backend(const seebatch_cpu *cpu, const char *name);

/* The choice among `runnable` (names, widest first, "scalar" last; count >=
 * 1): the table's row for this CPU when its backend is among them, else the
 * first. Never NULL fields. */
seebatch_backend_choice seebatch_backend_choose(const seebatch_cpu *cpu,
                                                const char *const *runnable, size_t count);

/* The choice auto makes on these registers among the backends this build
 * has (lib/dispatch.c). */
seebatch_backend_choice seebatch_backend_auto(const seebatch_cpu *cpu);

#endif
