/*
 * Which kernel the public SEE functions use: the registry's choice
 * (implementations.h) on this machine and SEEBATCH_BACKEND, made once and
 * cached in an atomic pointer (one of the two mutable globals, beside the
 * CPU's answers in cpu_features.c). A kernel the CPU cannot run is never
 * chosen.
 */
#ifndef SEEBATCH_DISPATCH_H
#define SEEBATCH_DISPATCH_H

#include "kernel.h"

/* The kernel in use, choosing it on first call. Thread-safe, lock-free. */
const see_backend *seebatch_current_backend(void);

/* The kernel of that name if this machine can run it, else NULL. */
const see_backend *seebatch_find_runnable_backend(const char *name);

#endif
