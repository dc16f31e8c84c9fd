#define _POSIX_C_SOURCE 200809L
#include "progress.h"

#include <string.h>
#include <unistd.h>

enum { FRAME_NS = 250000000, QUIET_NS = 1000000000 }; /* 4 frames a second; auto waits 1 s */

bool parse_progress_option(const char *argument, progress_choice *choice)
{
    if (strcmp(argument, "--progress") == 0)
        *choice = PROGRESS_ALWAYS;
    else if (strcmp(argument, "--no-progress") == 0)
        *choice = PROGRESS_NEVER;
    else
        return false;
    return true;
}

static int64_t ns_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)(now.tv_sec - start->tv_sec) * 1000000000 + (now.tv_nsec - start->tv_nsec);
}

void progress_start(progress_meter *meter, progress_choice choice, const char *name,
                    const char *unit, uint64_t total_bytes)
{
    meter->in_place = isatty(STDERR_FILENO);
    meter->forced = choice == PROGRESS_ALWAYS;
    meter->shown = meter->forced || (choice == PROGRESS_AUTO && meter->in_place);
    meter->name = name;
    meter->unit = unit;
    meter->total_bytes = total_bytes;
    meter->base_bytes = 0;
    meter->input = NULL;
    clock_gettime(CLOCK_MONOTONIC, &meter->start);
    atomic_init(&meter->done, 0);
    atomic_init(&meter->bytes, 0);
    atomic_init(&meter->next_frame_ns, meter->forced ? 0 : QUIET_NS);
    atomic_init(&meter->drawn, false);
}

/* Bytes done of the input read now: the runner's count, else its position. */
static uint64_t input_bytes_done(progress_meter *meter)
{
    uint64_t counted = atomic_load(&meter->bytes);
    if (counted || !meter->input)
        return counted;
    long position = ftell(meter->input);
    return position > 0 ? (uint64_t)position : 0;
}

static uint64_t bytes_done(progress_meter *meter)
{
    return meter->base_bytes + input_bytes_done(meter);
}

void progress_input(progress_meter *meter, FILE *input)
{
    if (!meter)
        return;
    meter->base_bytes += input_bytes_done(meter);
    atomic_store(&meter->bytes, 0);
    meter->input = input;
}

void progress_clear(progress_meter *meter)
{
    if (meter && meter->shown && meter->in_place && atomic_load(&meter->drawn)) {
        fputs("\r\033[K", stderr);
        atomic_store(&meter->drawn, false);
    }
}

/* Writes "M:SS" (or "H:MM:SS") for a number of seconds. */
static void print_duration(double seconds)
{
    unsigned long s = seconds > 0 ? (unsigned long)(seconds + 0.5) : 0;
    if (s >= 3600)
        fprintf(stderr, "%lu:%02lu:%02lu", s / 3600, s / 60 % 60, s % 60);
    else
        fprintf(stderr, "%lu:%02lu", s / 60, s % 60);
}

/* One frame: "seebatch NAME: [P%  ]N UNIT  R UNIT/s  M MB/s[  T left]". */
static void draw(progress_meter *meter, int64_t elapsed_ns, bool last)
{
    double seconds = elapsed_ns > 0 ? (double)elapsed_ns / 1e9 : 1e-9;
    uint64_t done = atomic_load(&meter->done), bytes = bytes_done(meter);
    uint64_t total = meter->total_bytes;
    if (last && total)
        bytes = total;
    fprintf(stderr, "%sseebatch %s: ", meter->in_place ? "\r" : "", meter->name);
    if (total)
        fprintf(stderr, "%3.0f%%  ",
                100.0 * (double)(bytes < total ? bytes : total) / (double)total);
    fprintf(stderr, "%llu %s  %.0f %s/s", (unsigned long long)done, meter->unit,
            (double)done / seconds, meter->unit);
    if (bytes) /* unknown for plain text from a pipe */
        fprintf(stderr, "  %.1f MB/s", (double)bytes / 1e6 / seconds);
    if (last) {
        fputs("  in ", stderr);
        print_duration(seconds);
    } else if (total && bytes > 0 && bytes < total) {
        fputs("  ", stderr);
        print_duration(seconds * (double)(total - bytes) / (double)bytes);
        fputs(" left", stderr);
    }
    fputs(meter->in_place ? "\033[K" : "\n", stderr);
    fflush(stderr);
    atomic_store(&meter->drawn, true);
}

void progress_add(progress_meter *meter, uint64_t done, uint64_t bytes)
{
    if (!meter || !meter->shown)
        return;
    atomic_fetch_add(&meter->done, done);
    if (bytes)
        atomic_fetch_add(&meter->bytes, bytes);
    int64_t now = ns_since(&meter->start);
    int64_t due = atomic_load(&meter->next_frame_ns);
    /* One thread wins each frame; the others go back to work. */
    if (now >= due && atomic_compare_exchange_strong(&meter->next_frame_ns, &due, now + FRAME_NS))
        draw(meter, now, false);
}

void progress_end(progress_meter *meter)
{
    if (!meter || !meter->shown)
        return;
    int64_t now = ns_since(&meter->start);
    if (!meter->forced && !atomic_load(&meter->drawn) && now < QUIET_NS)
        return;
    draw(meter, now, true);
    if (meter->in_place)
        fputc('\n', stderr);
    meter->shown = false;
}
