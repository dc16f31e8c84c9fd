/*
 * Runs a per-line job over a stream on N threads with output in input order
 * and memory bounded by N chunks, whatever the input size: the main thread
 * reads N chunks of lines, the threads process one chunk each into their own
 * buffers, and the main thread writes the buffers in order.
 */
#ifndef SEEBATCH_PARALLEL_LINES_H
#define SEEBATCH_PARALLEL_LINES_H

#include <stdbool.h>
#include <stdio.h>

#include "line_reader.h"
#include "progress.h"
#include "text_buffer.h"

enum { MAX_THREADS = 256 };

/* Processes one non-blank line that is not too long; returns false for a bad
 * line (after writing "line N: why\n" to errors). worker_state is the
 * caller's state of the thread running it. */
typedef bool (*line_processor)(const line *input, void *worker_state, text_buffer *out,
                               text_buffer *errors);

/* Called after the last line of each chunk, so a processor that holds
 * output back (to compute it in blocks) writes it before the chunk is. */
typedef void (*chunk_finisher)(void *worker_state, text_buffer *out);

typedef struct line_job {
    FILE *input, *output;
    int threads; /* 1..MAX_THREADS */
    line_processor process;
    void **worker_states;   /* threads entries */
    const char *name;       /* subcommand, for the progress line and messages */
    const char *input_name; /* the input's path, or "standard input", for messages */
    progress_meter *progress; /* counts the lines written; NULL for none */
    chunk_finisher finish_chunk; /* or NULL */
} line_job;

typedef enum line_job_result {
    LINES_ALL_GOOD,
    LINES_SOME_BAD,   /* the processor rejected a line, or a line was too long */
    LINES_UNREADABLE, /* reading the input failed (reported on stderr) */
    LINES_UNWRITABLE  /* writing the output failed: the run stopped there
                         (reported by whoever closes the output) */
} line_job_result;

/* Runs the job, counting the lines written and the bytes read in
 * job->progress (ended by the caller). Input is read in large blocks and output written
 * per round of chunks, so this is for files and pipes, not for answering one
 * line at a time interactively. */
line_job_result run_line_job(const line_job *job);

#endif
