/* Allocations that fail on demand: this object defines malloc, calloc,
 * realloc and free for the whole process (the library's calls and the C
 * library's own, fopen's among them, come here), passes them on to glibc's
 * __libc_* functions, counts the blocks alive, and makes the one allocation
 * armed fail. As tests/test_no_allocation.c does, it needs glibc and no
 * sanitizer that owns malloc; elsewhere failing_allocations_work() is false
 * and the tests that need it say so. */
#include "failing_allocations.h"

#include "malloc_interposable.h"

#ifndef MALLOC_IS_TAKEN

#include <errno.h>

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *pointer, size_t size);
void __libc_free(void *pointer);

/* One thread uses these (the tests call the library from one thread);
 * volatile, so that a store before a call into the C library stays there. */
static volatile unsigned long countdown; /* 0: none armed; n: the nth from now fails */
static volatile bool failed;
static volatile long alive;

/* Whether this allocation is the one armed to fail. */
static bool fails_now(void)
{
    if (countdown == 0 || --countdown > 0)
        return false;
    failed = true;
    errno = ENOMEM;
    return true;
}

static void *counted(void *block)
{
    if (block)
        alive++;
    return block;
}

void *malloc(size_t size) { return fails_now() ? NULL : counted(__libc_malloc(size)); }

void *calloc(size_t count, size_t size)
{
    return fails_now() ? NULL : counted(__libc_calloc(count, size));
}

void *realloc(void *pointer, size_t size)
{
    if (fails_now())
        return NULL;
    void *block = __libc_realloc(pointer, size);
    if (!pointer)
        return counted(block);
    if (size == 0 && !block)
        alive--;
    return block;
}

void free(void *pointer)
{
    if (pointer)
        alive--;
    __libc_free(pointer);
}

bool failing_allocations_work(void) { return true; }

void failing_allocations_arm(unsigned long n)
{
    failed = false;
    countdown = n;
}

bool failing_allocations_failed(void)
{
    countdown = 0;
    return failed;
}

long failing_allocations_alive(void) { return alive; }

#else

bool failing_allocations_work(void) { return false; }
void failing_allocations_arm(unsigned long n) { (void)n; }
bool failing_allocations_failed(void) { return false; }
long failing_allocations_alive(void) { return 0; }

#endif
