/* A whole file filtered in one call (seebatch_training_filter_file,
 * include/seebatch_training.h): the file loop the `seebatch` tool and
 * Python's Filter.filter_file share. Binpack input goes chunk by chunk
 * through the chunk driver (seebatch_training_filter_chunk), up to
 * `threads` chunks at once, written in file order; plain and bin input
 * through the array judge (seebatch_training_filter_keep) and the writer
 * of arrays. The output is committed by the temporary + rename of
 * seebatch_output_file (formats/output_file.c). */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "training/formats/binpack_reader.h"
#include "training/formats/binpack_writer.h"
#include "training/filtering/chunk_filter.h"
#include "training_internal.h"

/* The rules that look at earlier entries: with them a chunk is never cut
 * between its chains, and chunks filtered at once are settled in order. */
#define RULES_LOOKING_BACK ((1u << RULE_PLACEHOLDER) | (1u << RULE_PIECE_COUNT))

/* Entries of a plain or bin input judged and written at a time. */
enum { FILE_BATCH = 4096 };

/* Chunks filtered at once, at most (the threads asked for are cut to it). */
enum { FILE_THREADS_MAX = 256 };

/* What one call carries from step to step. */
typedef struct file_run {
    seebatch_filter_file_job *job;
    FILE *output;              /* NULL: count only */
    uint64_t read;             /* entries read so far */
    uint64_t progress_entries; /* of those, told to job->progress */
    int write_failure;         /* a write to output failed: the system's reason (errno) */
    seebatch_error *error;     /* where the call's failure is told */
} file_run;

/* The fault of the input at byte, entry read + 1: why. */
static seebatch_status seebatch_file_input_fault(file_run *run, bool in_lines, uint64_t byte,
                                                 const char *why)
{
    run->job->place = (seebatch_training_place){byte, run->read + 1};
    snprintf(run->job->reason, sizeof run->job->reason, "%.159s", why);
    char text[SEEBATCH_MESSAGE_SIZE];
    seebatch_training_fault_text(text, sizeof text, in_lines, byte, run->read + 1, why);
    return seebatch_fail(run->error, TRAINING_DATA_FAULT, "%s: %s", run->job->input, text);
}

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
/* Binpack input                                                            */
/* ------------------------------------------------------------------------ */

/* A chunk, or a part of one cut at a chain start, and its filtering. */
typedef struct chunk_part {
    seebatch_filter_chunk chunk; /* its buffers made when first needed */
    seebatch_status status;
    pthread_t thread;
    bool started;
} chunk_part;

/* One chunk of a batch: its payload (its own buffer, swapped with the
 * reader's), how reading it ended, and its parts (parts[0] the whole
 * chunk when it is not cut). */
typedef struct chunk_slot {
    uint8_t *payload;
    size_t capacity, size;
    uint64_t file_offset;
    binpack_chunk_status read;
    binpack_fault fault; /* of the reading: a bad header, or a truncated chunk */
    chunk_part *parts;   /* part_capacity of them, made as the cuts ask */
    int part_capacity;
    int cuts;  /* parts it may be cut in (threads to spare) */
    int count; /* parts filtered */
    pthread_t thread;
    bool started;
} chunk_slot;

typedef struct chunk_batch {
    const seebatch_filter_file_job *job;
    bool cuttable; /* no rule looks at earlier entries: a chunk may be cut between chains */
    chunk_slot *slots;
    int count;   /* slots read (a bad header's included) */
    int threads; /* chunks at once */
} chunk_batch;

static void *seebatch_file_filter_part(void *argument)
{
    chunk_part *part = argument;
    part->status =
        part->chunk.buffers ? SEEBATCH_OK : seebatch_filter_buffers_new(&part->chunk.buffers, NULL);
    if (part->status == SEEBATCH_OK)
        part->status = seebatch_training_filter_chunk(&part->chunk, NULL);
    else /* no entry at fault: told as no memory */
        part->chunk.place = (seebatch_training_place){0, 0};
    return NULL;
}

/* Parts for up to `want` cuts of the slot, made like its first; returns
 * how many it has (fewer when memory runs out: the chunk is cut less). */
static int seebatch_file_reserve_parts(chunk_slot *slot, int want)
{
    if (want <= slot->part_capacity)
        return want;
    chunk_part *grown = realloc(slot->parts, (size_t)want * sizeof *grown);
    if (!grown)
        return slot->part_capacity;
    memset(grown + slot->part_capacity, 0, (size_t)(want - slot->part_capacity) * sizeof *grown);
    for (int k = slot->part_capacity; k < want; k++) {
        grown[k].chunk.filter = grown[0].chunk.filter;
        grown[k].chunk.output = grown[0].chunk.output;
        grown[k].chunk.count_only = grown[0].chunk.count_only;
    }
    slot->parts = grown;
    slot->part_capacity = want;
    return want;
}

/* Filters part [start, end) of the slot's payload. */
static void seebatch_file_set_part(const chunk_slot *slot, chunk_part *part, size_t start,
                                   size_t end)
{
    part->chunk.payload = slot->payload + start;
    part->chunk.size = end - start;
    part->chunk.file_offset = slot->file_offset + start;
    part->chunk.bytes = NULL;
    part->chunk.byte_count = 0;
    part->chunk.entries = 0;
    part->chunk.place = (seebatch_training_place){0, 0};
}

/* The slot cut in up to slot->cuts parts of about equal size, each starting
 * where a chain seems to start (seebatch_binpack_cut_payload); returns how
 * many. */
static int seebatch_file_cut_slot(chunk_slot *slot)
{
    size_t starts[FILE_THREADS_MAX];
    size_t count =
        seebatch_binpack_cut_payload(slot->payload, slot->size, (size_t)slot->cuts, starts);
    for (size_t k = 0; k < count; k++)
        seebatch_file_set_part(slot, &slot->parts[k], starts[k],
                               k + 1 < count ? starts[k + 1] : slot->size);
    return (int)count;
}

/* Filters the slot's chunk, cut in parts on threads of their own when it
 * may be; whole when it was not cut, or when a part before a cut did not
 * end exactly there (the cut was no chain start: a wrong guess costs time,
 * never a wrong entry). */
static void *seebatch_file_filter_slot(void *argument)
{
    chunk_slot *slot = argument;
    slot->count = slot->cuts > 1 ? seebatch_file_cut_slot(slot) : 0;
    if (slot->count > 1) {
        for (int k = 1; k < slot->count; k++)
            slot->parts[k].started =
                pthread_create(&slot->parts[k].thread, NULL, seebatch_file_filter_part,
                               &slot->parts[k]) == 0;
        seebatch_file_filter_part(&slot->parts[0]);
        bool whole = true;
        for (int k = 1; k < slot->count; k++) {
            if (slot->parts[k].started)
                pthread_join(slot->parts[k].thread, NULL);
            else
                seebatch_file_filter_part(&slot->parts[k]);
            slot->parts[k].started = false;
        }
        for (int k = 0; k + 1 < slot->count; k++)
            whole = whole && slot->parts[k].status == SEEBATCH_OK;
        if (whole)
            return NULL;
    }
    slot->count = 1;
    seebatch_file_set_part(slot, &slot->parts[0], 0, slot->size);
    seebatch_file_filter_part(&slot->parts[0]);
    return NULL;
}

/* Reads the next chunk into the slot's own buffer; false when there is
 * none to filter (the end, or a bad header kept in the slot). */
static bool seebatch_file_read_slot(binpack_file_reader *reader, chunk_slot *slot)
{
    reader->payload = slot->payload;
    reader->capacity = slot->capacity;
    const uint8_t *data;
    slot->read =
        seebatch_binpack_read_chunk(reader, &data, &slot->size, &slot->file_offset, &slot->fault);
    slot->payload = reader->payload;
    slot->capacity = reader->capacity;
    reader->payload = NULL;
    reader->capacity = 0;
    return slot->read == BINPACK_CHUNK_READ || slot->read == BINPACK_CHUNK_TRUNCATED;
}

/* Reads up to batch->threads chunks and filters them, the first with the
 * state before it known and here, the others at once on threads of their
 * own; threads left over (fewer chunks than threads) cut chunks in parts
 * when no rule looks at earlier entries. */
static void seebatch_file_filter_batch(binpack_file_reader *reader, chunk_batch *batch,
                                       const seebatch_filter_state *before)
{
    batch->count = 0;
    while (batch->count < batch->threads) {
        chunk_slot *slot = &batch->slots[batch->count++];
        if (!seebatch_file_read_slot(reader, slot)) {
            batch->count -= slot->read == BINPACK_CHUNK_NONE; /* the end: no slot */
            break;
        }
        if (slot->read == BINPACK_CHUNK_TRUNCATED)
            break;
    }
    int filtered =
        batch->count - (batch->count && batch->slots[batch->count - 1].read >= BINPACK_CHUNK_NONE);
    int spare = batch->threads - filtered;
    for (int i = 0; i < filtered; i++) {
        chunk_slot *slot = &batch->slots[i];
        slot->cuts = seebatch_file_reserve_parts(
            slot, batch->cuttable && spare > 0 ? 1 + spare / filtered + (i < spare % filtered) : 1);
        for (int k = 0; k < slot->part_capacity; k++) {
            slot->parts[k].chunk.before_known = i == 0;
            slot->parts[k].chunk.before = *before;
        }
        slot->started =
            i > 0 && pthread_create(&slot->thread, NULL, seebatch_file_filter_slot, slot) == 0;
    }
    for (int i = 0; i < filtered; i++) {
        chunk_slot *slot = &batch->slots[i];
        if (slot->started)
            pthread_join(slot->thread, NULL);
        else /* the first, here while the others run, or one no thread was had for */
            seebatch_file_filter_slot(slot);
        slot->started = false;
    }
}

static bool seebatch_file_put_bytes(file_run *run, const void *bytes, size_t count)
{
    if (run->output && count && fwrite(bytes, 1, count, run->output) != count)
        run->write_failure = errno ? errno : EIO;
    return !run->write_failure;
}

/* Writes a filtered chunk's kept entries, its parts joined: a binpack chunk
 * with its header, or plain blocks and bin entries as they are. */
static bool seebatch_file_write_slot(file_run *run, const chunk_slot *slot)
{
    size_t total = 0;
    for (int k = 0; k < slot->count; k++)
        total += slot->parts[k].chunk.byte_count;
    if (!total)
        return true;
    if (run->job->output_format == SEEBATCH_TRAINING_BINPACK) {
        uint8_t header[BINPACK_CHUNK_HEADER];
        seebatch_binpack_chunk_header((uint32_t)total, header);
        if (!seebatch_file_put_bytes(run, header, sizeof header))
            return false;
    }
    for (int k = 0; k < slot->count; k++)
        if (!seebatch_file_put_bytes(run, slot->parts[k].chunk.bytes,
                                     slot->parts[k].chunk.byte_count))
            return false;
    return true;
}

/* Counts a written slot's parts; returns the last part, where a fault of
 * its decoding is. */
static const chunk_part *seebatch_file_count_slot(file_run *run, const chunk_slot *slot)
{
    for (int k = 0; k < slot->count; k++) {
        const seebatch_filter_chunk *chunk = &slot->parts[k].chunk;
        seebatch_file_add_counts(&run->job->counts, chunk);
        run->read += chunk->entries;
    }
    const seebatch_filter_file_job *job = run->job;
    if (job->progress)
        job->progress(job->progress_context, run->read - run->progress_entries, slot->size + 8);
    run->progress_entries = run->read;
    return &slot->parts[slot->count - 1];
}

/* The state after a chunk filtered with the state before it unknown,
 * filtering it again (whole, here) when that state changes it. */
static void seebatch_file_settle_slot(const seebatch_training_filter *filter, chunk_slot *slot,
                                      seebatch_filter_state *state)
{
    seebatch_filter_chunk *chunk = &slot->parts[0].chunk;
    if (slot->count == 1 && seebatch_filter_state_settle(filter, state, &chunk->after)) {
        chunk->before_known = 1;
        chunk->before = *state;
        seebatch_file_filter_part(&slot->parts[0]);
    }
    *state = slot->parts[slot->count - 1].chunk.after;
}

/* Settles, writes and counts the batch's chunks in file order. Returns
 * SEEBATCH_OK to go on, else the status that ends the run; *ended is set
 * at the input's end. */
static seebatch_status seebatch_file_write_batch(file_run *run, chunk_batch *batch,
                                                 seebatch_filter_state *state, bool *ended)
{
    *ended = batch->count < batch->threads;
    for (int i = 0; i < batch->count; i++) {
        chunk_slot *slot = &batch->slots[i];
        if (slot->read == BINPACK_CHUNK_NO_MEMORY)
            return seebatch_fail(run->error, TRAINING_MEMORY_FAULT, "out of memory");
        if (slot->read == BINPACK_CHUNK_BAD)
            return seebatch_file_input_fault(run, false, slot->fault.byte_offset,
                                             slot->fault.message);
        if (i > 0)
            seebatch_file_settle_slot(run->job->filter, slot, state);
        else
            *state = slot->parts[slot->count - 1].chunk.after;
        for (int k = 0; k < slot->count; k++)
            if (slot->parts[k].status != SEEBATCH_OK && !slot->parts[k].chunk.place.entry)
                return seebatch_fail(run->error, TRAINING_MEMORY_FAULT, "out of memory");
        if (!seebatch_file_write_slot(run, slot))
            return SEEBATCH_OK; /* told by the caller, which names the output */
        const chunk_part *last = seebatch_file_count_slot(run, slot);
        if (slot->read == BINPACK_CHUNK_TRUNCATED) /* where decoding stopped, if it stopped first */
            return seebatch_file_input_fault(run, false,
                                             last->status != SEEBATCH_OK
                                                 ? last->chunk.place.byte_offset
                                                 : slot->fault.byte_offset,
                                             slot->fault.message);
        if (last->status != SEEBATCH_OK)
            return seebatch_file_input_fault(run, false, last->chunk.place.byte_offset,
                                             last->chunk.reason);
    }
    return SEEBATCH_OK;
}

/* The batch's slots, a part each (more made when a chunk is cut), their
 * buffers made when first filtered. */
static bool seebatch_file_make_batch(chunk_batch *batch, const seebatch_filter_file_job *job,
                                     bool count_only)
{
    unsigned threads = job->threads ? job->threads : 1;
    batch->threads = threads > FILE_THREADS_MAX ? FILE_THREADS_MAX : (int)threads;
    batch->slots = calloc((size_t)batch->threads, sizeof *batch->slots);
    if (!batch->slots)
        return false;
    for (int i = 0; i < batch->threads; i++) {
        chunk_part *part = calloc(1, sizeof *part);
        if (!part)
            return false;
        batch->slots[i].parts = part;
        batch->slots[i].part_capacity = 1;
        part->chunk.filter = job->filter;
        part->chunk.output = job->output_format;
        part->chunk.count_only = count_only;
    }
    return true;
}

static void seebatch_file_free_batch(chunk_batch *batch)
{
    for (int i = 0; batch->slots && i < batch->threads; i++) {
        for (int k = 0; batch->slots[i].parts && k < batch->slots[i].part_capacity; k++)
            seebatch_filter_buffers_free(batch->slots[i].parts[k].chunk.buffers);
        free(batch->slots[i].parts);
        free(batch->slots[i].payload);
    }
    free(batch->slots);
}

/* The binpack read from input, chunk after chunk, batch after batch. The
 * piece-count rule's history goes on from the filter's, and is the
 * filter's after (one history over every file given to one filter). */
static seebatch_status seebatch_file_filter_binpack(file_run *run, FILE *input)
{
    seebatch_filter_file_job *job = run->job;
    chunk_batch batch = {job, (job->filter->rules.active & RULES_LOOKING_BACK) == 0, NULL, 0, 0};
    seebatch_status status = SEEBATCH_OK;
    if (!seebatch_file_make_batch(&batch, job, run->output == NULL))
        status = seebatch_fail(run->error, TRAINING_MEMORY_FAULT, "out of memory");
    binpack_file_reader reader = {input, 0, NULL, 0};
    seebatch_filter_state state;
    seebatch_filter_state_start(&state);
    filter_state_set_pieces(&state, &job->filter->history.piece_counts);
    for (bool ended = false; !ended && status == SEEBATCH_OK && !run->write_failure;) {
        seebatch_file_filter_batch(&reader, &batch, &state);
        status = seebatch_file_write_batch(run, &batch, &state, &ended);
    }
    job->filter->history.piece_counts = filter_carry_of(&state).history.piece_counts;
    seebatch_file_free_batch(&batch);
    seebatch_binpack_file_reader_free(&reader);
    return status;
}

/* ------------------------------------------------------------------------ */
/* Plain and bin input                                                      */
/* ------------------------------------------------------------------------ */

typedef struct entry_batch {
    seebatch_board boards[FILE_BATCH];
    uint16_t moves[FILE_BATCH];
    int16_t scores[FILE_BATCH];
    uint16_t plies[FILE_BATCH];
    int8_t results[FILE_BATCH];
    uint8_t keep[FILE_BATCH];
} entry_batch;

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

/* Reads, judges and writes batch after batch; the reading's fault ends it. */
static seebatch_status seebatch_file_filter_batches(file_run *run, seebatch_training_reader *reader,
                                                    seebatch_training_writer *writer,
                                                    entry_batch *batch)
{
    seebatch_filter_file_job *job = run->job;
    seebatch_training_arrays arrays = {batch->boards, batch->moves, batch->scores, batch->plies,
                                       batch->results};
    for (;;) {
        size_t count;
        seebatch_error read_error;
        seebatch_status read =
            seebatch_training_read(reader, FILE_BATCH, &arrays, &count, &read_error);
        seebatch_status status =
            seebatch_training_filter_keep(job->filter, count, &arrays, batch->keep, run->error);
        if (status == SEEBATCH_OK && writer)
            status = seebatch_training_write(writer, count, &arrays, batch->keep, run->error);
        if (status != SEEBATCH_OK)
            return status;
        run->read += count;
        if (job->progress && count) /* the bytes: the caller's, by the file's position */
            job->progress(job->progress_context, count, 0);
        if (read != SEEBATCH_OK) {
            job->place = seebatch_training_reader_place(reader);
            const char *why = strstr(read_error.message, ": ");
            snprintf(job->reason, sizeof job->reason, "%.159s", why ? why + 2 : read_error.message);
            return seebatch_fail(run->error, read, "%s: %s", job->input, read_error.message);
        }
        if (seebatch_training_at_end(reader))
            return SEEBATCH_OK;
    }
}

/* The writer of the kept entries: to the caller's stream, or to the output
 * path by temporary + rename; NULL, counting only. Its entries come from
 * the library's own reader, checked there. */
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

static seebatch_status seebatch_file_filter_entries(file_run *run, seebatch_training_reader *reader)
{
    seebatch_filter_file_job *job = run->job;
    seebatch_filter_counts before;
    seebatch_training_filter_counts(job->filter, &before);
    seebatch_training_reader_skips(reader, job->skip, job->skip_context, job->output_format,
                                   job->input);
    /* The reader checks each entry as the judge would (a consistent board,
     * a legal move, a result -1..1): the judge checks them no more. */
    bool checked = job->filter->entries_checked;
    job->filter->entries_checked = true;
    seebatch_training_writer *writer = NULL;
    entry_batch *batch = malloc(sizeof *batch);
    seebatch_status status =
        batch ? seebatch_file_start_writer(job, &writer, run->error)
              : seebatch_fail(run->error, TRAINING_MEMORY_FAULT, "out of memory");
    if (status == SEEBATCH_OK)
        status = seebatch_file_filter_batches(run, reader, writer, batch);
    free(batch);
    job->filter->entries_checked = checked;
    seebatch_file_counts_since(job->filter, &before, &job->counts);
    bool input_fault = job->place.entry != 0 || job->place.byte_offset != 0;
    if (writer && (status == SEEBATCH_OK || input_fault)) {
        seebatch_error finished;
        if (seebatch_training_finish(writer, &finished) != SEEBATCH_OK) {
            job->place = (seebatch_training_place){0, 0};
            return seebatch_fail(run->error, finished.status, "%s", finished.message);
        }
    } else {
        seebatch_training_abandon(writer);
    }
    return status;
}

/* Plain or bin input from the caller's stream, in job->input_format. */
static seebatch_status seebatch_file_filter_entry_stream(file_run *run)
{
    seebatch_filter_file_job *job = run->job;
    seebatch_training_reader *reader;
    seebatch_status status = seebatch_training_open_stream(job->input_stream, job->input,
                                                           job->input_format, &reader, run->error);
    if (status == SEEBATCH_OK)
        status = seebatch_file_filter_entries(run, reader);
    seebatch_training_close(reader);
    return status;
}

/* ------------------------------------------------------------------------ */
/* The call                                                                 */
/* ------------------------------------------------------------------------ */

/* Refuses an output that is the input itself (by any name). */
static seebatch_status seebatch_file_refuse_the_input(const seebatch_filter_file_job *job,
                                                      seebatch_error *error)
{
    FILE *input = job->output ? fopen(job->input, "rb") : NULL;
    bool same = input && seebatch_output_is_input(job->output, input);
    if (input)
        fclose(input);
    if (same)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "%s: the output is the input %s; it would be destroyed, so nothing "
                             "was written (write to another file)",
                             job->output, job->input);
    return seebatch_succeed(error);
}

/* Binpack input through the chunk driver, into the output file (a
 * temporary renamed over it) or the caller's stream. */
static seebatch_status seebatch_file_filter_binpack_file(file_run *run, FILE *input)
{
    seebatch_filter_file_job *job = run->job;
    seebatch_output_file out = {job->output_stream, NULL, NULL, 0};
    if (job->output && !job->output_stream) {
        int failure = seebatch_output_file_open(&out, job->output, NULL) == SEEBATCH_OK
                          ? 0
                          : out.system_error;
        if (failure)
            return seebatch_fail(run->error,
                                 failure == ENOMEM ? TRAINING_MEMORY_FAULT : TRAINING_FILE_FAULT,
                                 "%s: cannot create: %s", job->output, strerror(failure));
    }
    run->output = out.stream;
    seebatch_status status = seebatch_file_filter_binpack(run, input);
    bool keep = status == SEEBATCH_OK || job->place.entry != 0;
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
    return seebatch_fail(run->error, TRAINING_FILE_FAULT, "%s: cannot write: %s",
                         job->output ? job->output : "the output", strerror(failure));
}

seebatch_status seebatch_training_filter_file(seebatch_filter_file_job *job, seebatch_error *error)
{
    if (!job || !job->filter || !job->input)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "job, its filter or its input is NULL");
    memset(&job->counts, 0, sizeof job->counts);
    job->place = (seebatch_training_place){0, 0};
    job->reason[0] = '\0';
    if (job->output_format != SEEBATCH_TRAINING_BINPACK &&
        job->output_format != SEEBATCH_TRAINING_PLAIN &&
        job->output_format != SEEBATCH_TRAINING_BIN)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "output format %d is none of binpack (0), plain (1), bin (2)",
                             (int)job->output_format);
    if (job->input_stream && job->input_format != SEEBATCH_TRAINING_BINPACK &&
        job->input_format != SEEBATCH_TRAINING_PLAIN && job->input_format != SEEBATCH_TRAINING_BIN)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "input format %d is none of binpack (0), plain (1), bin (2)",
                             (int)job->input_format);
    file_run run = {job, NULL, 0, 0, 0, error};
    if (job->input_stream && job->input_format == SEEBATCH_TRAINING_BINPACK)
        return seebatch_file_filter_binpack_file(&run, job->input_stream);
    if (job->input_stream)
        return seebatch_file_filter_entry_stream(&run);
    seebatch_status status = seebatch_file_refuse_the_input(job, error);
    if (status != SEEBATCH_OK)
        return status;
    seebatch_training_reader *reader;
    status = seebatch_training_open(job->input, &reader, error);
    if (status != SEEBATCH_OK)
        return status;
    if (seebatch_training_reader_format(reader) != SEEBATCH_TRAINING_BINPACK) {
        status = seebatch_file_filter_entries(&run, reader);
        seebatch_training_close(reader);
        return status;
    }
    seebatch_training_close(reader); /* read again, chunk by chunk */
    FILE *input = fopen(job->input, "rb");
    if (!input)
        return seebatch_fail(error, TRAINING_FILE_FAULT, "%s: cannot open: %s", job->input,
                             strerror(errno));
    status = seebatch_file_filter_binpack_file(&run, input);
    fclose(input);
    return status;
}
