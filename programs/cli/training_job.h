/*
 * Work on every entry of a training file, binpack, plain or bin, in file order,
 * for the subcommands that read entries one by one and write text (eval,
 * check, stats): a consumer is given block after block of entries and
 * fills a chunk_result, whose text is written in order and whose counters
 * are summed. Binpack runs its chunks on N threads (binpack_chunks.h);
 * plain and bin are read on one thread by the library's reader
 * (seebatch_training_read_entries), in blocks of
 * ENTRY_BLOCK entries; a bad .bin entry ends the run there, as in binpack.
 *
 * Faults: a binpack that does not decode ends the run at the fault, every
 * entry before it done. A bad plain block is reported ("line L, entry E:
 * why", input_messages.h) and skipped, and the run goes on with the next
 * block, as lines input goes on past a bad line; the status is then
 * EXIT_BAD_LINES.
 */
#ifndef SEEBATCH_CLI_TRAINING_JOB_H
#define SEEBATCH_CLI_TRAINING_JOB_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "binpack_chunks.h"
#include "input_source.h"

/* Entries [first, first + count) of the current chunk (first counts from
 * 0 within it; text_buffer_append_number_mark(first + i) numbers entry i).
 * state is the job's, shared by every thread: read it only. */
typedef void (*entries_consumer)(const seebatch_training_entry *entries, size_t count, uint64_t first,
                                 const void *state, chunk_result *result);

typedef struct training_job {
    const char *name;          /* subcommand */
    const input_source *input; /* binpack or plain */
    FILE *output;
    int threads;
    entries_consumer consume;
    const void *state;
    bool numbered; /* the text holds number marks (binpack_chunks.h) */
    progress_meter *progress; /* counts the entries done; NULL for none */
    bool split;    /* a chunk may be cut between chains (chunk_job's split) */
} training_job;

/* Runs the job: EXIT_OK, EXIT_BAD_LINES (bad input, reported),
 * EXIT_RESOURCE_FAILURE (no memory, or the output failed: not reported,
 * whoever closes the output names it). *totals: entries done, counters
 * summed. */
int run_training_job(const training_job *job, chunk_totals *totals);

#endif
