#define _GNU_SOURCE /* clock_gettime; on Linux, getrusage's RUSAGE_THREAD */
#include "auto_choice.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/resource.h>
#endif

bool bench_auto_shape(bool threshold, bool pins_given, seebatch_auto_shape *out)
{
    seebatch_auto_shape shapes[SEEBATCH_CALL_SHAPES];
    seebatch_auto_report(shapes, SEEBATCH_CALL_SHAPES);
    char name[80];
    snprintf(name, sizeof name, "%s, many boards in order, pins %s, at least",
             threshold ? "threshold" : "values", pins_given ? "given" : "worked out");
    for (size_t s = 0; s < SEEBATCH_CALL_SHAPES; s++)
        if (strncmp(shapes[s].shape, name, strlen(name)) == 0) {
            *out = shapes[s];
            return true;
        }
    return false;
}

void bench_auto_learned(bool threshold, bool pins_given, char *out, size_t size)
{
    seebatch_auto_shape found;
    if (!bench_auto_shape(threshold, pins_given, &found)) {
        snprintf(out, size, "unknown");
        return;
    }
    const seebatch_auto_shape *shape = &found;
    int at = snprintf(out, size, "%s (%s", shape->kept, shape->learns ? "" : "not learned");
    for (size_t b = 0; shape->learns && b < shape->backend_count && at > 0 && (size_t)at < size;
         b++) {
        const seebatch_auto_backend *backend = &shape->backends[b];
        char *end = out + at;
        size_t room = size - (size_t)at;
        const char *name = backend->name, *semicolon = b ? "; " : "";
        if (backend->judged == SEEBATCH_AUTO_KEPT || backend->judged == SEEBATCH_AUTO_JUDGED)
            at += snprintf(end, room, "%s%s %.1f ns a capture, %s", semicolon, name,
                           backend->ns_per_capture,
                           backend->judged == SEEBATCH_AUTO_KEPT ? "kept" : "beside the best");
        else if (backend->judged == SEEBATCH_AUTO_DROPPED)
            at +=
                snprintf(end, room, "%s%s dropped after %llu calls, cold, at %.2f times the best's",
                         semicolon, name, (unsigned long long)backend->calls, backend->trailed);
        else
            at += snprintf(end, room, "%s%s %s", semicolon, name,
                           backend->judged == SEEBATCH_AUTO_ON_TRIAL ? "on trial" : "not tried");
    }
    if (at > 0 && (size_t)at < size)
        snprintf(out + at, size - (size_t)at, ")");
}

static double thread_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

/* Involuntary context switches of this thread so far (0 where the system
 * does not count them per thread). */
static long switches_taken(void)
{
#if defined(__linux__) && defined(RUSAGE_THREAD)
    struct rusage usage;
    if (getrusage(RUSAGE_THREAD, &usage) == 0)
        return usage.ru_nivcsw;
#endif
    return 0;
}

double bench_job_seconds(const bench_job *job, size_t captures)
{
    return bench_job_timed(job, captures, NULL);
}

double bench_job_timed(const bench_job *job, size_t captures, long *switches)
{
    size_t end = job->all.count;
    long switched = switches_taken();
    double start = thread_seconds();
    for (size_t done = 0, i = 0; done < captures && end;
         i = i + BENCH_JOB_CALL_MOVES >= end ? 0 : i + BENCH_JOB_CALL_MOVES) {
        size_t n = end - i < BENCH_JOB_CALL_MOVES ? end - i : BENCH_JOB_CALL_MOVES;
        n = captures - done < n ? captures - done : n;
        seebatch_batch batch = job->all;
        batch.board_of_move += i;
        batch.moves += i;
        batch.count = n;
        if (job->values)
            seebatch_values(job->rules, &batch, job->values_out + i);
        else
            seebatch_values_ge(job->rules, &batch, 0, NULL, job->passed_out + i);
        done += n;
    }
    double seconds = thread_seconds() - start;
    if (switches)
        *switches = switches_taken() - switched;
    return seconds;
}

static volatile long bench_touched;

/* Twice the core's L2 (1 MiB on Zen 3 and Zen 4), and branches enough to
 * fill a predictor's tables many times over. */
enum { COLD_BYTES = 2 << 20, COLD_BRANCHES = 1 << 18 };
static unsigned char bench_cold_lines[COLD_BYTES];

void bench_cold_start(void)
{
    /* Other data through the caches. */
    long sum = 0;
    for (size_t i = 0; i < COLD_BYTES; i += 64) {
        bench_cold_lines[i] = (unsigned char)(bench_cold_lines[i] + 1);
        sum += bench_cold_lines[i];
    }
    /* Branches on a pseudo-random sequence at many addresses' worth of
     * history: what the predictor held of the last job is overwritten. */
    uint64_t x = 0x9E3779B97F4A7C15u;
    for (long i = 0; i < COLD_BRANCHES; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        if (x & 1)
            sum += (long)(x >> 3 & 7);
        if (x & 2)
            sum -= (long)(x >> 9 & 3);
        if ((x & 12) == 4)
            sum ^= (long)i;
    }
    bench_touched = bench_touched + sum;
}

void bench_job_touch(const bench_job *job)
{
    long sum = 0;
    for (size_t b = 0; b < job->all.board_count; b++)
        sum += (long)(job->all.boards[b].colors[0] & 0xFF);
    for (size_t i = 0; i < job->all.count; i++)
        sum += (long)job->all.moves[i] + (long)job->all.board_of_move[i];
    bench_touched = bench_touched + sum;
}
