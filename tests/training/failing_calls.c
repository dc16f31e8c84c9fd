/* System calls that fail on demand: this object defines open, fclose,
 * fflush, fwrite, stat, fstat, access and pthread_create for the whole
 * process, so the library's calls of them come here (the C library's own
 * inner calls do not: glibc calls its internal names), passes them on to
 * the C library's (dlsym(RTLD_NEXT)), and makes the armed ones fail. It
 * needs glibc from 2.33 on, where stat and fstat are functions of their own
 * and not inline calls of __xstat, on a 64-bit target (a 32-bit one may
 * call stat64), and no sanitizer: ASan and TSan intercept these calls
 * themselves. Elsewhere failing_calls_work() is false and the tests that
 * need it say so. */
#define _GNU_SOURCE /* RTLD_NEXT */
#include "failing_calls.h"

#include "malloc_interposable.h" /* defines __GLIBC__, and MALLOC_IS_TAKEN under a sanitizer */

#if !defined(MALLOC_IS_TAKEN) && defined(__GLIBC__) && defined(__LP64__) &&                        \
    (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#define CALLS_INTERPOSED 1
#endif

#ifdef CALLS_INTERPOSED

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* The armed call, its window of call numbers, and the counts: calls come
 * from the filter's threads too, hence atomics. */
static _Atomic int armed = -1;
static atomic_ulong calls, failures;
static unsigned long first_failing, failing_times;
static int failing_errno;

/* Whether this call of `call` is one armed to fail; errno is then set. */
static bool fails_now(failing_call call)
{
    if (atomic_load(&armed) != (int)call)
        return false;
    unsigned long n = atomic_fetch_add(&calls, 1) + 1;
    if (n < first_failing || n - first_failing >= failing_times)
        return false;
    atomic_fetch_add(&failures, 1);
    errno = failing_errno;
    return true;
}

/* The C library's function of that name. */
static void *real(const char *name)
{
    void *function = dlsym(RTLD_NEXT, name);
    if (!function) {
        fprintf(stderr, "failing_calls: no %s after this object\n", name);
        abort();
    }
    return function;
}

int open(const char *path, int flags, ...)
{
    static int (*next)(const char *, int, ...);
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) {
        va_list rest;
        va_start(rest, flags);
        mode = va_arg(rest, mode_t);
        va_end(rest);
    }
    if (fails_now(FAILING_OPEN))
        return -1;
    if (!next)
        next = real("open");
    return next(path, flags, mode);
}

/* A close that fails still closes: POSIX leaves the stream unusable. */
int fclose(FILE *stream)
{
    static int (*next)(FILE *);
    if (!next)
        next = real("fclose");
    int closed = next(stream);
    return fails_now(FAILING_FCLOSE) ? EOF : closed;
}

int fflush(FILE *stream)
{
    static int (*next)(FILE *);
    if (fails_now(FAILING_FFLUSH))
        return EOF;
    if (!next)
        next = real("fflush");
    return next(stream);
}

size_t fwrite(const void *bytes, size_t size, size_t count, FILE *stream)
{
    static size_t (*next)(const void *, size_t, size_t, FILE *);
    if (fails_now(FAILING_FWRITE))
        return 0;
    if (!next)
        next = real("fwrite");
    return next(bytes, size, count, stream);
}

int stat(const char *restrict path, struct stat *restrict info)
{
    static int (*next)(const char *restrict, struct stat *restrict);
    if (fails_now(FAILING_STAT))
        return -1;
    if (!next)
        next = real("stat");
    return next(path, info);
}

int fstat(int fd, struct stat *info)
{
    static int (*next)(int, struct stat *);
    if (fails_now(FAILING_FSTAT))
        return -1;
    if (!next)
        next = real("fstat");
    return next(fd, info);
}

int access(const char *path, int mode)
{
    static int (*next)(const char *, int);
    if (fails_now(FAILING_ACCESS))
        return -1;
    if (!next)
        next = real("access");
    return next(path, mode);
}

int pthread_create(pthread_t *restrict thread, const pthread_attr_t *restrict attributes,
                   void *(*start)(void *), void *restrict argument)
{
    static int (*next)(pthread_t *restrict, const pthread_attr_t *restrict, void *(*)(void *),
                       void *restrict);
    if (fails_now(FAILING_PTHREAD_CREATE))
        return failing_errno ? failing_errno : EAGAIN;
    if (!next)
        next = real("pthread_create");
    return next(thread, attributes, start, argument);
}

bool failing_calls_work(void) { return true; }

const char *failing_calls_why_not(void) { return ""; }

void failing_calls_arm(failing_call call, unsigned long first, unsigned long times, int error)
{
    atomic_store(&armed, -1);
    atomic_store(&calls, 0);
    atomic_store(&failures, 0);
    first_failing = first;
    failing_times = times;
    failing_errno = error;
    atomic_store(&armed, (int)call);
}

unsigned long failing_calls_failed(void)
{
    atomic_store(&armed, -1);
    return atomic_load(&failures);
}

unsigned long failing_calls_made(void) { return atomic_load(&calls); }

#else

bool failing_calls_work(void) { return false; }

const char *failing_calls_why_not(void)
{
    return "this build cannot fail system calls (it needs glibc 2.33 or later on a 64-bit "
           "target, and no sanitizer)";
}

void failing_calls_arm(failing_call call, unsigned long first, unsigned long times, int error)
{
    (void)call, (void)first, (void)times, (void)error;
}

unsigned long failing_calls_failed(void) { return 0; }

unsigned long failing_calls_made(void) { return 0; }

#endif
