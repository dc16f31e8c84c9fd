/* A whole file filtered in one call (seebatch_training_filter_file,
 * include/seebatch_training.h), on the library's one runner
 * (running/file_runner.h): binpack chunks filtered on its workers by the
 * chunk driver (seebatch_training_filter_chunk), settled and written in
 * file order; plain and bin entries read in batches, judged in order by
 * the filter (its history goes on from entry to entry) and written by the
 * writer of entries. The output is committed by the temporary + rename of
 * seebatch_output_file (platform/output_file.c). */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "training/formats/binpack_reader.h"
#include "training/formats/binpack_writer.h"
#include "training/filtering/chunk_filter.h"
#include "training/running/file_runner.h"
#include "platform/output_file.h"
#include "training_filter.h"
#include "training_internal.h"

/* The rules that look at earlier entries: with them a chunk is never cut
 * between its chains. */
#define RULES_LOOKING_BACK ((1u << RULE_PLACEHOLDER) | (1u << RULE_PIECE_COUNT))

/* What one call carries from portion to portion (the runner's work context). */
typedef struct filter_run {
    seebatch_filter_file_job *job;
    FILE *output;                     /* binpack input: NULL, count only */
    seebatch_training_writer *writer; /* plain and bin input: NULL, count only */
    seebatch_filter_state state;      /* binpack: after the chunks delivered */
    int write_failure;                /* a write to output failed: the system's reason (errno) */
    seebatch_status refused;          /* the writer refused an entry (error says which) */
    seebatch_status failed;           /* the run's fault, or memory run out (error says) */
    seebatch_error *error;
    uint8_t keep[PORTION_ENTRIES_MAX];
} filter_run;

static void seebatch_file_add_counts(seebatch_filter_counts *sum,
                                     const seebatch_filter_chunk *chunk)
{
    sum->entries += chunk->entries;
    sum->kept += chunk->kept;
    for (int r = 0; r < 16; r++) {
        sum->matched[r] += chunk->matched[r];
        sum->alone[r] += chunk->alone[r];
    }
}

/* ------------------------------------------------------------------------ */
/* Binpack input: chunks on the runner's workers                            */
/* ------------------------------------------------------------------------ */

static void *seebatch_file_part_new(void *context)
{
    filter_run *run = context;
    seebatch_filter_chunk *chunk = calloc(1, sizeof *chunk);
    if (chunk && seebatch_filter_buffers_new(&chunk->buffers, NULL) != SEEBATCH_OK) {
        free(chunk);
        return NULL;
    }
    if (chunk) {
        chunk->filter = run->job->filter;
        chunk->output = run->job->output_format;
        chunk->count_only = run->output == NULL;
    }
    return chunk;
}

static void seebatch_file_part_free(void *context, void *state)
{
    (void)context;
    seebatch_filter_chunk *chunk = state;
    if (chunk)
        seebatch_filter_buffers_free(chunk->buffers);
    free(chunk);
}

/* Filters a part of a chunk (the whole chunk, or one cut at a chain
 * start), with the state before it when known (else NULL). */
static void seebatch_file_filter_known(runner_part *part, const seebatch_filter_state *before)
{
    seebatch_filter_chunk *chunk = part->state;
    chunk->payload = part->portion->bytes + part->start;
    chunk->size = part->end - part->start;
    chunk->file_offset = part->portion->file_offset + part->start;
    chunk->before_known = before != NULL;
    if (before)
        chunk->before = *before;
    seebatch_status status = seebatch_training_filter_chunk(chunk, NULL);
    part->entries = chunk->entries;
    if (status == SEEBATCH_OK)
        return;
    if (!chunk->place.entry) { /* no entry at fault: memory ran out */
        part->out_of_memory = true;
        return;
    }
    part->faulted = true;
    part->fault_byte = chunk->place.byte_offset;
    snprintf(part->reason, sizeof part->reason, "%s", chunk->reason);
}

static bool seebatch_file_put_bytes(filter_run *run, const void *bytes, size_t count)
{
    if (run->output && count && fwrite(bytes, 1, count, run->output) != count)
        run->write_failure = errno ? errno : EIO;
    return !run->write_failure;
}

/* The runner's run: a part run in order (no workers), the first of its
 * chunk, knows the state after the chunks before it. */
static void seebatch_file_filter_part(void *context, runner_part *part)
{
    filter_run *run = context;
    seebatch_file_filter_known(part, part->in_order && part->start == 0 ? &run->state : NULL);
}

/* Writes a filtered chunk's kept entries, its parts joined: a binpack chunk
 * with its header, or plain blocks and bin entries as they are. */
static bool seebatch_file_write_parts(filter_run *run, const runner_part *parts, size_t count)
{
    size_t total = 0;
    for (size_t k = 0; k < count; k++)
        total += ((const seebatch_filter_chunk *)parts[k].state)->byte_count;
    if (!total)
        return true;
    if (run->job->output_format == SEEBATCH_FILE_BINPACK) {
        uint8_t header[BINPACK_CHUNK_HEADER];
        seebatch_binpack_chunk_header((uint32_t)total, header);
        if (!seebatch_file_put_bytes(run, header, sizeof header))
            return false;
    }
    for (size_t k = 0; k < count; k++) {
        const seebatch_filter_chunk *chunk = parts[k].state;
        if (!seebatch_file_put_bytes(run, chunk->bytes, chunk->byte_count))
            return false;
    }
    return true;
}

/* A chunk filtered with the state before it unknown is filtered again
 * (whole, here) when that state changes it; the state goes on past it.
 * Then its kept entries are written and counted, in file order. */
static int seebatch_file_deliver_chunk(void *context, runner_part *parts, size_t count,
                                       uint64_t entries_before)
{
    (void)entries_before;
    filter_run *run = context;
    seebatch_filter_chunk *first = parts[0].state;
    if (count == 1 && !parts[0].faulted && !parts[0].out_of_memory &&
        seebatch_filter_state_settle(run->job->filter, &run->state, &first->after))
        seebatch_file_filter_known(&parts[0], &run->state);
    run->state = ((const seebatch_filter_chunk *)parts[count - 1].state)->after;
    if (!seebatch_file_write_parts(run, parts, count))
        return 1; /* told by the caller, which names the output */
    for (size_t k = 0; k < count; k++)
        seebatch_file_add_counts(&run->job->counts, parts[k].state);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Plain and bin input: batches judged and written in order                 */
/* ------------------------------------------------------------------------ */

/* Nothing to do on a worker: the rules' history runs from entry to entry,
 * so a batch is judged when it is delivered. */
static void seebatch_file_read_batch(void *context, runner_part *part)
{
    (void)context;
    (void)part;
}

static int seebatch_file_deliver_batch(void *context, runner_part *parts, size_t count,
                                       uint64_t entries_before)
{
    (void)count;
    (void)entries_before;
    filter_run *run = context;
    const file_portion *portion = parts[0].portion;
    seebatch_training_filter_judge(run->job->filter, portion->entries, portion->entry_count,
                                   run->keep);
    if (!run->writer)
        return 0;
    run->refused = seebatch_training_write_entries(run->writer, portion->entry_count,
                                                   portion->entries, run->keep, run->error);
    return run->refused != SEEBATCH_OK;
}

/* ------------------------------------------------------------------------ */
/* The call                                                                 */
/* ------------------------------------------------------------------------ */

/* The counts the filter gained since `before`. */
static void seebatch_file_counts_since(const seebatch_training_filter *filter,
                                       const seebatch_filter_counts *before,
                                       seebatch_filter_counts *gained)
{
    seebatch_training_filter_counts(filter, gained);
    gained->entries -= before->entries;
    gained->kept -= before->kept;
    for (int r = 0; r < 16; r++) {
        gained->matched[r] -= before->matched[r];
        gained->alone[r] -= before->alone[r];
    }
}

/* Runs the input through the runner; sets the job's place at a fault of
 * the input. Returns the runner's verdict. */
static runner_result seebatch_file_run(filter_run *run, FILE *input, seebatch_file_format format)
{
    seebatch_filter_file_job *job = run->job;
    bool binpack = format == SEEBATCH_FILE_BINPACK;
    runner_job portions = {
        .source = {input, job->input, format, job->skip, job->skip_context,
                   job->skip ? job->output_format : SEEBATCH_FILE_UNKNOWN},
        .threads = job->threads,
        .work = {run, binpack && (job->filter->rules.active & RULES_LOOKING_BACK) == 0,
                 binpack ? seebatch_file_part_new : NULL, binpack ? seebatch_file_part_free : NULL,
                 binpack ? seebatch_file_filter_part : seebatch_file_read_batch,
                 binpack ? seebatch_file_deliver_chunk : seebatch_file_deliver_batch},
        .progress = job->progress,
        .progress_context = job->progress_context,
    };
    runner_result result = seebatch_run_portions(&portions);
    if (result == RUNNER_FAULT) {
        job->place = (seebatch_training_place){portions.fault_byte, portions.fault_entry};
        snprintf(job->reason, sizeof job->reason, "%s", portions.reason);
        run->failed = seebatch_runner_fault_error(&portions, run->error);
    } else if (result == RUNNER_NO_MEMORY) {
        run->failed = seebatch_fail(run->error, TRAINING_MEMORY_FAULT, "out of memory");
    }
    return result;
}

/* The verdict as a status: the run's failure, or one of the output. */
static seebatch_status seebatch_file_status(const filter_run *run, runner_result result)
{
    if (result == RUNNER_FAULT || result == RUNNER_NO_MEMORY)
        return run->failed;
    if (result == RUNNER_STOPPED && run->refused != SEEBATCH_OK)
        return run->refused;
    return seebatch_succeed(run->error);
}

/* Binpack input, into the output file (a temporary renamed over it) or the
 * caller's stream. The piece-count rule's history goes on from the
 * filter's, and is the filter's after (one history over every file given
 * to one filter). */
static seebatch_status seebatch_file_filter_binpack(filter_run *run, FILE *input)
{
    seebatch_filter_file_job *job = run->job;
    seebatch_output_file out = {job->output_stream, NULL, NULL, 0};
    if (job->output && !job->output_stream) {
        int failure = seebatch_output_file_open(&out, job->output, NULL) == SEEBATCH_OK
                          ? 0
                          : out.system_error;
        if (failure)
            return seebatch_fail_about(
                run->error, failure == ENOMEM ? TRAINING_MEMORY_FAULT : TRAINING_FILE_FAULT,
                job->output, "cannot create: %s", strerror(failure));
    }
    run->output = out.stream;
    seebatch_filter_state_start(&run->state);
    filter_state_set_pieces(&run->state, &job->filter->history.piece_counts);
    runner_result result = seebatch_file_run(run, input, SEEBATCH_FILE_BINPACK);
    job->filter->history.piece_counts = filter_carry_of(&run->state).history.piece_counts;
    seebatch_status status = seebatch_file_status(run, result);
    bool keep = result == RUNNER_DONE || result == RUNNER_FAULT;
    int failure = run->write_failure;
    if (out.stream && !failure && (fflush(out.stream) != 0 || ferror(out.stream)))
        failure = errno ? errno : EIO;
    if (!job->output_stream && out.stream)
        failure = !keep || failure ? (seebatch_output_file_discard(&out), failure)
                  : seebatch_output_file_commit(&out, NULL) == SEEBATCH_OK ? 0
                                                                           : out.system_error;
    if (!failure)
        return status;
    job->place = (seebatch_training_place){0, 0};
    return seebatch_fail_about(run->error, TRAINING_FILE_FAULT,
                               job->output ? job->output : "the output", "cannot write: %s",
                               strerror(failure));
}

/* The writer of the kept entries of plain or bin input: to the caller's
 * stream, or to the output path by temporary + rename; NULL, counting
 * only. Its entries come from the library's own reader, checked there. */
static seebatch_status seebatch_file_start_writer(const seebatch_filter_file_job *job,
                                                  seebatch_training_writer **writer,
                                                  seebatch_error *error)
{
    *writer = NULL;
    if (!job->output && !job->output_stream)
        return seebatch_succeed(error);
    seebatch_status status =
        job->output_stream
            ? seebatch_training_write_stream(job->output_stream,
                                             job->output ? job->output : "the output",
                                             job->output_format, writer, error)
            : seebatch_training_create(job->output, job->output_format, 0, writer, error);
    if (status == SEEBATCH_OK) /* the skips check what .bin can hold (the reader's) */
        seebatch_training_writer_trust(*writer, job->skip != NULL);
    return status;
}

/* Plain or bin input, its entries judged and written batch by batch; the
 * entries before a fault of the input are kept. */
static seebatch_status seebatch_file_filter_entries(filter_run *run, FILE *input,
                                                    seebatch_file_format format)
{
    seebatch_filter_file_job *job = run->job;
    seebatch_filter_counts before;
    seebatch_training_filter_counts(job->filter, &before);
    seebatch_status status = seebatch_file_start_writer(job, &run->writer, run->error);
    if (status != SEEBATCH_OK)
        return status;
    /* The reader checks each entry as the judge would (a consistent board,
     * a legal move, a result -1..1): the judge checks them no more. */
    bool checked = job->filter->entries_checked;
    job->filter->entries_checked = true;
    runner_result result = seebatch_file_run(run, input, format);
    job->filter->entries_checked = checked;
    seebatch_file_counts_since(job->filter, &before, &job->counts);
    status = seebatch_file_status(run, result);
    if (!run->writer)
        return status;
    if (result == RUNNER_DONE || result == RUNNER_FAULT) {
        seebatch_error finished;
        if (seebatch_training_finish(run->writer, &finished) != SEEBATCH_OK) {
            job->place = (seebatch_training_place){0, 0};
            return seebatch_fail(run->error, finished.status, "%s", finished.message);
        }
    } else {
        seebatch_training_abandon(run->writer);
    }
    return status;
}

/* Refuses an output that is the input itself (by any name). */
static seebatch_status seebatch_file_refuse_the_input(const seebatch_filter_file_job *job,
                                                      FILE *input, seebatch_error *error)
{
    if (job->output && seebatch_output_is_input(job->output, input))
        return seebatch_fail_about(error, SEEBATCH_ERROR_ARGUMENT, job->output,
                                   "the output is the input %s; it would be destroyed, so nothing "
                                   "was written (write to another file)",
                                   job->input);
    return seebatch_succeed(error);
}

/* The format of the input opened at path; lines are no training data. */
static seebatch_status seebatch_file_format_opened(const seebatch_filter_file_job *job, FILE *input,
                                                   seebatch_file_format *format,
                                                   seebatch_error *error)
{
    seebatch_status status = seebatch_portion_format_of(job->input, input, format, error);
    if (status == SEEBATCH_OK && *format == SEEBATCH_FILE_LINES)
        return seebatch_fail(error, TRAINING_DATA_FAULT, "%s %s", job->input,
                             seebatch_not_training_data);
    return status;
}

static seebatch_status seebatch_file_filter_stream(filter_run *run, FILE *input,
                                                   seebatch_file_format format)
{
    return format == SEEBATCH_FILE_BINPACK ? seebatch_file_filter_binpack(run, input)
                                           : seebatch_file_filter_entries(run, input, format);
}

static bool seebatch_file_format_known(seebatch_file_format format)
{
    return format == SEEBATCH_FILE_BINPACK || format == SEEBATCH_FILE_PLAIN ||
           format == SEEBATCH_FILE_BIN;
}

seebatch_status seebatch_training_filter_file(seebatch_filter_file_job *job, seebatch_error *error)
{
    if (!job || !job->filter || !job->input)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "job, its filter or its input is NULL");
    memset(&job->counts, 0, sizeof job->counts);
    job->place = (seebatch_training_place){0, 0};
    job->reason[0] = '\0';
    if (!seebatch_file_format_known(job->output_format))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "output format %d is none of binpack (1), plain (2), bin (4)",
                             (int)job->output_format);
    if (job->input_stream && !seebatch_file_format_known(job->input_format))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "input format %d is none of binpack (1), plain (2), bin (4)",
                             (int)job->input_format);
    filter_run *run = calloc(1, sizeof *run);
    if (!run)
        return seebatch_fail(error, TRAINING_MEMORY_FAULT, "out of memory");
    run->job = job;
    run->error = error;
    seebatch_status status;
    if (job->input_stream) {
        status = seebatch_file_filter_stream(run, job->input_stream, job->input_format);
    } else {
        FILE *input = fopen(job->input, "rb");
        seebatch_file_format format = SEEBATCH_FILE_UNKNOWN;
        status = input ? seebatch_file_refuse_the_input(job, input, error)
                       : seebatch_fail_about(error, TRAINING_FILE_FAULT, job->input,
                                             "cannot open: %s", strerror(errno));
        if (status == SEEBATCH_OK)
            status = seebatch_file_format_opened(job, input, &format, error);
        if (status == SEEBATCH_OK)
            status = seebatch_file_filter_stream(run, input, format);
        if (input)
            fclose(input);
    }
    free(run);
    return status;
}
