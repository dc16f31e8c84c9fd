#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "auto_choice.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

void bench_auto_learned(bool threshold, bool pins_given, char *out, size_t size)
{
    seebatch_auto_shape shapes[SEEBATCH_CALL_SHAPES];
    seebatch_auto_report(shapes, SEEBATCH_CALL_SHAPES);
    char name[80];
    snprintf(name, sizeof name, "%s, many boards in order, pins %s, at least",
             threshold ? "threshold" : "values", pins_given ? "given" : "worked out");
    for (size_t s = 0; s < SEEBATCH_CALL_SHAPES; s++) {
        const seebatch_auto_shape *shape = &shapes[s];
        if (strncmp(shape->shape, name, strlen(name)) != 0)
            continue;
        int at = snprintf(out, size, "%s (%s", shape->kept, shape->learns ? "" : "not learned");
        for (size_t b = 0; shape->learns && b < shape->backend_count && at > 0 && (size_t)at < size;
             b++) {
            const seebatch_auto_backend *backend = &shape->backends[b];
            const char *comma = b ? ", " : "";
            if (backend->ns_per_capture > 0)
                at += snprintf(out + at, size - (size_t)at, "%s%s %.1f%s", comma, backend->name,
                               backend->ns_per_capture, b ? "" : " ns a capture");
            else
                at +=
                    snprintf(out + at, size - (size_t)at, "%s%s not judged", comma, backend->name);
        }
        if (at > 0 && (size_t)at < size)
            snprintf(out + at, size - (size_t)at, "%s)",
                     shape->learns ? ", as auto judged them" : "");
        return;
    }
    snprintf(out, size, "unknown");
}

enum { JOB_CALL_MOVES = 256 };

static double thread_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

double bench_job_seconds(const bench_job *job, size_t captures)
{
    size_t end = job->all.count;
    double start = thread_seconds();
    for (size_t done = 0, i = 0; done < captures && end;
         i = i + JOB_CALL_MOVES >= end ? 0 : i + JOB_CALL_MOVES) {
        size_t n = end - i < JOB_CALL_MOVES ? end - i : JOB_CALL_MOVES;
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
    return thread_seconds() - start;
}

static volatile long bench_touched;

void bench_job_touch(const bench_job *job)
{
    long sum = 0;
    for (size_t b = 0; b < job->all.board_count; b++)
        sum += (long)(job->all.boards[b].colors[0] & 0xFF);
    for (size_t i = 0; i < job->all.count; i++)
        sum += (long)job->all.moves[i] + (long)job->all.board_of_move[i];
    bench_touched = bench_touched + sum;
}
