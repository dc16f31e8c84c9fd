/*
 * The progress line of the subcommands that read an input (eval, check,
 * filter, stats): entries (or lines) done, their rate, MB/s, and, when the
 * input is a regular file (its size known), the share done and the time
 * left. Drawn on stderr only, never in the output, at most four times a
 * second: on a terminal as one line redrawn in place, after the first
 * second (short runs show nothing); forced with --progress, from the start,
 * one line per frame where stderr is no terminal; never with --no-progress
 * or when stderr is no terminal.
 *
 * The runners count work as they finish it, a block of entries or lines at
 * a time, from any thread: progress_add is one atomic addition and a look
 * at the clock, so the read loops call it every few thousand entries.
 */
#ifndef SEEBATCH_CLI_PROGRESS_H
#define SEEBATCH_CLI_PROGRESS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

typedef enum progress_choice {
    PROGRESS_AUTO,   /* on a terminal, for runs over a second */
    PROGRESS_ALWAYS, /* --progress */
    PROGRESS_NEVER   /* --no-progress */
} progress_choice;

/* The option help of --progress and --no-progress. */
#define PROGRESS_OPTIONS_HELP                                                                      \
    "  --progress          show progress on stderr (entries or lines done, MB/s,\n"                \
    "                      and for a file the share done and the time left) even\n"                \
    "                      when stderr is no terminal or the run is short\n"                       \
    "  --no-progress       never show it (by default it shows on a terminal, for\n"                \
    "                      runs over a second; never in the output)\n"

/* If argv[index] is --progress or --no-progress, sets *choice. */
bool parse_progress_option(const char *argument, progress_choice *choice);

typedef struct progress_meter {
    bool shown;           /* frames are drawn at all */
    bool forced;          /* --progress: from the start, and a last frame however short the run */
    bool in_place;        /* stderr is a terminal: frames overwrite each other */
    const char *name;     /* the subcommand */
    const char *unit;     /* "entries" or "lines" */
    uint64_t total_bytes; /* the inputs' sizes; 0: unknown (one is no regular file) */
    uint64_t base_bytes;  /* the bytes of the inputs before the one read now */
    FILE *input; /* the input read now, asked for its position where no bytes are counted */
    struct timespec start;
    _Atomic uint64_t done;         /* entries or lines done */
    _Atomic uint64_t bytes;        /* input bytes done, as counted by the runner */
    _Atomic int64_t next_frame_ns; /* no frame before this, in ns after start */
    _Atomic bool drawn;            /* a frame is on the screen */
} progress_meter;

/* Starts one meter for a whole run over every input, total_bytes their
 * sizes together (0: unknown); each input then starts with progress_input. */
void progress_start(progress_meter *meter, progress_choice choice, const char *name,
                    const char *unit, uint64_t total_bytes);

/* The run goes on to the next input, the stream read now (for its position
 * where the runner counts no bytes): the bytes so far stay counted. Called
 * between inputs, when no worker runs. meter may be NULL. */
void progress_input(progress_meter *meter, FILE *input);

/* Erases the frame drawn in place on a terminal before the run writes text
 * of its own between inputs (stats's report of a file); the next frame is
 * drawn anew. meter may be NULL. */
void progress_clear(progress_meter *meter);

/* Counts done entries (or lines) and the input bytes they took, from any
 * thread, and draws a frame when one is due. meter may be NULL. */
void progress_add(progress_meter *meter, uint64_t done, uint64_t bytes);

/* Ends the run's progress: a last frame with the final counts when any was
 * drawn (or --progress), then the line ended, so what follows on stderr
 * starts a line of its own. meter may be NULL. */
void progress_end(progress_meter *meter);

#endif
