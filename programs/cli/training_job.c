#include "training_job.h"

#include <stdlib.h>
#include <string.h>

#include "input_messages.h"
#include "report.h"
#include "options.h"

/* ------------------------------------------------------------------------ */
/* Binpack: chunk by chunk, block by block                                  */
/* ------------------------------------------------------------------------ */

typedef struct block_context {
    const training_job *job;
    chunk_result *result;
    uint64_t done; /* entries of the chunk given to the consumer */
} block_context;

static void consume_block(const seebatch_training_entry *entries, size_t count, void *state)
{
    block_context *context = state;
    context->job->consume(entries, count, context->done, context->job->state, context->result);
    context->done += count;
}

static void process_chunk(const uint8_t *data, size_t size, uint64_t file_offset, const void *state,
                          chunk_result *result)
{
    block_context context = {state, result, 0};
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
/* Plain and bin: block by block on this thread                             */
/* ------------------------------------------------------------------------ */

/* Bad plain blocks passed over inside one read: `skipped` of them before
 * entries[at] of that read. */
typedef struct skip_gap {
    size_t at;
    uint64_t skipped;
} skip_gap;

typedef struct plain_run {
    const training_job *job;
    seebatch_training_reader *reader; /* plain or bin, by the library's reader */
    seebatch_training_entry *entries; /* ENTRY_BLOCK */
    uint64_t before;                  /* entries before this read, good or bad */
    skip_gap gaps[ENTRY_BLOCK + 1];   /* this read's, in order */
    size_t gap_count;
    uint64_t skipped; /* in this read */
    chunk_result result;
    chunk_totals *totals;
    bool bad;
} plain_run;

/* "WHERE: why" of the library's "INPUT: WHERE: why" about this input. */
static const char *after_input_name(const plain_run *run, const char *message)
{
    size_t length = strlen(run->job->input->name);
    if (strncmp(message, run->job->input->name, length) == 0 && message[length] == ':')
        return message + length + 2;
    return message;
}

/* The reader's hook at a bad plain block: reported (under --max-errors),
 * noted where it falls among the read's entries, and passed over. */
static int skip_bad_block(void *context, const seebatch_training_place *place, const char *message)
{
    plain_run *run = context;
    report_input_error("%s", after_input_name(run, message));
    run->bad = true;
    size_t at = (size_t)(place->entry - 1 - run->before - run->skipped);
    if (run->gap_count && run->gaps[run->gap_count - 1].at == at)
        run->gaps[run->gap_count - 1].skipped++;
    else if (run->gap_count <= ENTRY_BLOCK)
        run->gaps[run->gap_count++] = (skip_gap){at, 1};
    run->skipped++;
    return 1;
}

/* Gives count entries in a row, the first numbered first_number, to the
 * consumer and writes what it made. */
static bool write_plain_block(plain_run *run, const seebatch_training_entry *entries, size_t count,
                              uint64_t first_number)
{
    chunk_result *result = &run->result;
    memset(result->counters, 0, sizeof result->counters);
    run->job->consume(entries, count, 0, run->job->state, result);
    bool written = run->job->numbered ? text_buffer_flush_numbered(&result->text, run->job->output,
                                                                   first_number)
                                      : text_buffer_flush(&result->text, run->job->output);
    run->totals->entries += count;
    progress_add(run->job->progress, count, 0); /* bytes: the stream's position */
    for (int c = 0; c < CHUNK_COUNTERS; c++)
        run->totals->counters[c] += result->counters[c];
    return written;
}

/* The entries of one read, in runs numbered without a gap (a bad block
 * passed over ends a run). */
static bool write_read(plain_run *run, size_t count)
{
    size_t start = 0;
    uint64_t number = run->before + 1;
    for (size_t g = 0; g <= run->gap_count; g++) {
        size_t end = g < run->gap_count ? run->gaps[g].at : count;
        if (end > start && !write_plain_block(run, run->entries + start, end - start, number))
            return false;
        number += end - start + (g < run->gap_count ? run->gaps[g].skipped : 0);
        start = end;
    }
    return true;
}

static int run_plain(const training_job *job, chunk_totals *totals)
{
    plain_run *run = calloc(1, sizeof *run);
    seebatch_training_entry *entries = malloc(ENTRY_BLOCK * sizeof *entries);
    seebatch_training_format format = job->input->format == SEEBATCH_FILE_BIN
                                          ? SEEBATCH_TRAINING_BIN
                                          : SEEBATCH_TRAINING_PLAIN;
    seebatch_error error;
    if (!run || !entries ||
        seebatch_training_open_stream(job->input->stream, job->input->name, format, &run->reader,
                                      &error) != SEEBATCH_OK) {
        free(run);
        free(entries);
        report(job->name, "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    *run = (plain_run){.job = job, .reader = run->reader, .entries = entries, .totals = totals};
    seebatch_training_reader_skip(run->reader, skip_bad_block, run);
    int status = EXIT_OK;
    seebatch_status read = SEEBATCH_OK;
    while (read == SEEBATCH_OK && !seebatch_training_at_end(run->reader)) {
        size_t count;
        run->gap_count = 0;
        run->skipped = 0;
        read = seebatch_training_read_entries(run->reader, ENTRY_BLOCK, entries, &count, &error);
        if (!write_read(run, count)) {
            status = EXIT_RESOURCE_FAILURE;
            break;
        }
        run->before += count + run->skipped;
    }
    if (status == EXIT_OK && read != SEEBATCH_OK) { /* a .bin entry that does not decode */
        report_input_error("%s", error.message);
        run->bad = true;
    }
    bool bad = run->bad;
    seebatch_training_close(run->reader);
    free(entries);
    text_buffer_free(&run->result.text);
    free(run);
    if (status == EXIT_OK && ferror(job->input->stream))
        status = EXIT_USAGE; /* reported with the other bad input */
    return status != EXIT_OK ? status : bad ? EXIT_BAD_LINES : EXIT_OK;
}

int run_training_job(const training_job *job, chunk_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    return job->input->format == SEEBATCH_FILE_BINPACK ? run_binpack(job, totals)
                                                       : run_plain(job, totals);
}
