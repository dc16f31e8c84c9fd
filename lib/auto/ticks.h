/*
 * The clock auto times its calls with: the cheapest counter that rises at a
 * constant rate (the time-stamp counter on x86-64, the virtual counter on
 * AArch64, the OS's monotonic clock elsewhere). A timed call reads it twice;
 * its rate is worked out only when someone asks for nanoseconds.
 */
#ifndef SEEBATCH_TICKS_H
#define SEEBATCH_TICKS_H

#include <stdint.h>

#if defined(__x86_64__) || defined(_M_X64)
#if defined(_MSC_VER)
#include <intrin.h>
#else
#include <x86intrin.h>
#endif
static inline uint64_t seebatch_ticks(void) { return __rdtsc(); }
#elif defined(__aarch64__)
static inline uint64_t seebatch_ticks(void)
{
    uint64_t ticks;
    __asm__ volatile("mrs %0, cntvct_el0" : "=r"(ticks));
    return ticks;
}
#else
#define SEEBATCH_TICKS_ARE_NS 1
uint64_t seebatch_clock_ns(void);
static inline uint64_t seebatch_ticks(void) { return seebatch_clock_ns(); }
#endif

/* The OS's monotonic clock, in nanoseconds (auto/ticks.c). */
uint64_t seebatch_clock_ns(void);

#endif
