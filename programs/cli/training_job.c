#include "training_job.h"

#include <stdlib.h>
#include <string.h>

#include "tool_only.h"
#include "input_messages.h"
#include "options.h"
#include "entry_source.h"

/* ------------------------------------------------------------------------ */
/* Binpack: chunk by chunk, block by block                                  */
/* ------------------------------------------------------------------------ */

typedef struct block_context {
    const training_job *job;
    chunk_result *result;
    uint64_t done; /* entries of the chunk given to the consumer */
} block_context;

static void consume_block(const seebatch_training_entry *entries, const uint8_t *stems,
                          size_t count, void *state)
{
    block_context *context = state;
    (void)stems;
    context->job->consume(entries, count, context->done, context->job->state, context->result);
    context->done += count;
}

static void process_chunk(const uint8_t *data, size_t size, uint64_t file_offset, const void *state,
                          chunk_result *result)
{
    block_context context = {state, result, 0};
    result->decoding.without_stems = true; /* the job's consumer takes entries only */
    result->entries =
        decode_in_blocks(data, size, file_offset, &result->decoding, consume_block, &context);
}

static int run_binpack(const training_job *job, chunk_totals *totals)
{
    chunk_job chunks = {job->input->stream, job->output, job->threads, process_chunk, job,
                        job->name,          NULL,        {{0}},        job->numbered, job->progress,
                        job->split};
    return run_chunk_job(&chunks, totals);
}

/* ------------------------------------------------------------------------ */
/* Plain: block by block on this thread                                     */
/* ------------------------------------------------------------------------ */

typedef struct plain_run {
    const training_job *job;
    entry_source reader;     /* plain or bin */
    training_entry *entries; /* ENTRY_BLOCK */
    uint64_t first_number;   /* of entries[0] */
    chunk_result result;
    chunk_totals *totals;
    bool bad;
} plain_run;

/* Reads up to ENTRY_BLOCK good entries in a row (numbered without a gap),
 * reporting and skipping bad blocks; returns how many (0 at the end). */
static size_t read_plain_block(plain_run *run)
{
    size_t count = 0;
    source_step step;
    while (count < ENTRY_BLOCK &&
           (step = entry_source_next(&run->reader, &run->entries[count])) != SOURCE_END) {
        if (step == SOURCE_ENTRY) {
            if (count++ == 0)
                run->first_number = run->reader.number;
            continue;
        }
        run->bad = true;
        if (count)
            break;
    }
    return count;
}

/* Gives one block to the consumer and writes what it made. */
static bool write_plain_block(plain_run *run, size_t count)
{
    chunk_result *result = &run->result;
    memset(result->counters, 0, sizeof result->counters);
    run->job->consume(run->entries, count, 0, run->job->state, result);
    bool written = run->job->numbered ? text_buffer_flush_numbered(&result->text, run->job->output,
                                                                   run->first_number)
                                      : text_buffer_flush(&result->text, run->job->output);
    run->totals->entries += count;
    progress_add(run->job->progress, count, 0); /* bytes: the stream's position */
    for (int c = 0; c < CHUNK_COUNTERS; c++)
        run->totals->counters[c] += result->counters[c];
    return written;
}

static int run_plain(const training_job *job, chunk_totals *totals)
{
    plain_run run = {.job = job,
                     .reader = entry_source_start(job->input->stream, job->input->format),
                     .entries = malloc(ENTRY_BLOCK * sizeof(training_entry)),
                     .totals = totals};
    if (!run.entries) {
        report(job->name, "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    int status = EXIT_OK;
    size_t count;
    while ((count = read_plain_block(&run)) > 0) {
        if (!write_plain_block(&run, count)) {
            status = EXIT_RESOURCE_FAILURE;
            break;
        }
    }
    free(run.entries);
    text_buffer_free(&run.result.text);
    if (status == EXIT_OK && entry_source_read_failed(&run.reader))
        status = EXIT_USAGE; /* reported with the other bad input */
    return status != EXIT_OK ? status : run.bad ? EXIT_BAD_LINES : EXIT_OK;
}

int run_training_job(const training_job *job, chunk_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    return job->input->format == SEEBATCH_FILE_BINPACK ? run_binpack(job, totals)
                                                       : run_plain(job, totals);
}
