/* System calls that fail on demand, for the tests of what the library does
 * when the system refuses it one (failing_calls.c): a close that fails
 * after a good flush, a write or flush that fails, a file that cannot be
 * looked at, a thread that cannot be had. */
#ifndef SEEBATCH_FAILING_CALLS_H
#define SEEBATCH_FAILING_CALLS_H

#include <stdbool.h>

/* The calls that can be made to fail (the library's own calls of them). */
typedef enum failing_call {
    FAILING_OPEN,
    FAILING_FCLOSE,
    FAILING_FFLUSH,
    FAILING_FWRITE,
    FAILING_STAT,
    FAILING_FSTAT,
    FAILING_ACCESS,
    FAILING_PTHREAD_CREATE
} failing_call;

/* Whether this build can fail them (glibc 2.33 or later, 64-bit, no
 * sanitizer intercepting them); why not, else. */
bool failing_calls_work(void);
const char *failing_calls_why_not(void);

/* From now on, calls of `call` number first to first + times - 1 (counted
 * from 1, on any thread) fail, leaving errno = error (0 too: a failure
 * that sets no errno); pthread_create returns error, or EAGAIN for 0.
 * Arming again disarms what was armed. */
void failing_calls_arm(failing_call call, unsigned long first, unsigned long times, int error);

/* Disarms, and says how many of the armed calls failed. */
unsigned long failing_calls_failed(void);

/* How many calls of the kind last armed were made while it was armed
 * (failing_calls_arm(call, ULONG_MAX, 0, 0) counts them, failing none). */
unsigned long failing_calls_made(void);

#endif
