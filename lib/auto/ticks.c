/* The OS's monotonic clock (auto/ticks.h). clock_gettime is POSIX, beyond C11. */
#define _POSIX_C_SOURCE 200809L
#include "ticks.h"

#if defined(_WIN32)
#include <windows.h>

uint64_t seebatch_clock_ns(void)
{
    LARGE_INTEGER count, frequency;
    QueryPerformanceCounter(&count);
    QueryPerformanceFrequency(&frequency);
    /* Whole seconds and the rest apart, so that the product cannot overflow. */
    uint64_t per_second = (uint64_t)frequency.QuadPart, ticks = (uint64_t)count.QuadPart;
    return ticks / per_second * 1000000000u + ticks % per_second * 1000000000u / per_second;
}
#else
#include <time.h>

uint64_t seebatch_clock_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}
#endif
