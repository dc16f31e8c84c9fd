/* The tool's platform (platform.h) on POSIX systems. fopencookie (glibc,
 * musl) makes the wrapper of a pipe, as stdio cannot push back four bytes
 * portably (ungetc promises one); sigaction is POSIX. */
#define _GNU_SOURCE
#include "platform.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

void platform_start_streams(void) { signal(SIGPIPE, SIG_DFL); }

/* ------------------------------------------------------------------------ */
/* Looking at the first bytes of a pipe without losing them                 */
/* ------------------------------------------------------------------------ */

struct look_ahead {
    FILE *rest;
    char bytes[PLATFORM_REPLAY_MAX];
    size_t start, end; /* bytes[start..end) not yet given back */
    FILE *stream;      /* the wrapper */
};

static ssize_t replay_read(void *cookie, char *buffer, size_t size)
{
    look_ahead *r = cookie;
    if (r->start < r->end) {
        size_t n = r->end - r->start < size ? r->end - r->start : size;
        memcpy(buffer, r->bytes + r->start, n);
        r->start += n;
        return (ssize_t)n;
    }
    size_t got = fread(buffer, 1, size, r->rest);
    return got == 0 && ferror(r->rest) ? -1 : (ssize_t)got;
}

FILE *platform_replay(const char *subcommand, const char *name, FILE *rest, const char *bytes,
                      size_t count, look_ahead **held)
{
    (void)subcommand; /* a read error reaches the reader of the stream */
    (void)name;
    look_ahead *r = count <= PLATFORM_REPLAY_MAX ? malloc(sizeof *r) : NULL;
    if (r) {
        *r = (look_ahead){rest, {0}, 0, count, NULL};
        memcpy(r->bytes, bytes, count);
        r->stream = fopencookie(r, "rb", (cookie_io_functions_t){replay_read, NULL, NULL, NULL});
    }
    return platform_replay_made(r, r ? r->stream : NULL, held);
}

void platform_look_ahead_close(look_ahead *held)
{
    fclose(held->stream);
    free(held);
}

/* ------------------------------------------------------------------------ */
/* The temporary removed when the run is interrupted                        */
/* ------------------------------------------------------------------------ */

static char pending_temporary[4096];
static volatile sig_atomic_t temporary_pending;

static void remove_pending_temporary(int signal_number)
{
    if (temporary_pending)
        unlink(pending_temporary);
    raise(signal_number); /* SA_RESETHAND: the default action, ending the process */
}

void platform_remove_if_interrupted(const char *temporary)
{
    if (!temporary || strlen(temporary) >= sizeof pending_temporary)
        return;
    memcpy(pending_temporary, temporary, strlen(temporary) + 1);
    temporary_pending = 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = remove_pending_temporary;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    const int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction before;
        /* A signal the caller ignores (nohup) stays ignored. */
        if (sigaction(signals[i], NULL, &before) == 0 && before.sa_handler != SIG_IGN)
            sigaction(signals[i], &action, NULL);
    }
}

void platform_forget_temporary(void) { temporary_pending = 0; }

bool platform_is_directory(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0 && S_ISDIR(info.st_mode);
}

int platform_cores_allowed(void)
{
#ifdef __linux__
    /* A set big enough for the machine: sched_getaffinity fails with EINVAL
     * while the kernel's mask is bigger than the set given. */
    for (int size = 1024; size <= (1 << 20); size *= 2) {
        cpu_set_t *set = CPU_ALLOC((size_t)size);
        if (!set)
            break;
        size_t bytes = CPU_ALLOC_SIZE((size_t)size);
        int count = sched_getaffinity(0, bytes, set) == 0 ? CPU_COUNT_S(bytes, set) : -1;
        bool bigger = count < 0 && errno == EINVAL;
        CPU_FREE(set);
        if (count > 0)
            return count;
        if (!bigger)
            break;
    }
#endif
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (online > (1l << 20) ? 1 << 20 : (int)online) : 1;
}
