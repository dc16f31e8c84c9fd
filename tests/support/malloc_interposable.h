/* MALLOC_IS_TAKEN is defined where a test program cannot define malloc and
 * its kin itself and pass them on to glibc's __libc_* functions: under a
 * sanitizer that owns malloc, or on a C library other than glibc.
 * (test_no_allocation counts allocations; training/failing_allocations.c
 * fails them.) */
#ifndef SEEBATCH_MALLOC_INTERPOSABLE_H
#define SEEBATCH_MALLOC_INTERPOSABLE_H

#include <stdlib.h> /* glibc defines __GLIBC__ in every header of its own */

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define MALLOC_IS_TAKEN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||                         \
    __has_feature(memory_sanitizer)
#define MALLOC_IS_TAKEN 1
#endif
#endif
#if !defined(MALLOC_IS_TAKEN) && !defined(__GLIBC__)
#define MALLOC_IS_TAKEN 1
#endif

#endif
