/* Allocations that fail on demand, for the tests of what a call does when
 * memory runs out (failing_allocations.c). */
#ifndef SEEBATCH_FAILING_ALLOCATIONS_H
#define SEEBATCH_FAILING_ALLOCATIONS_H

#include <stdbool.h>

/* Whether this build can fail allocations (glibc, no sanitizer owning malloc). */
bool failing_allocations_work(void);

/* The nth allocation from now (malloc, calloc or realloc, anyone's) fails
 * with ENOMEM; 0 disarms. */
void failing_allocations_arm(unsigned long n);

/* Disarms, and says whether the armed allocation was reached and failed. */
bool failing_allocations_failed(void);

/* Blocks allocated and not yet freed, counted from the start. */
long failing_allocations_alive(void);

#endif
