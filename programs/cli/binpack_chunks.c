#include "binpack_chunks.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "input_messages.h"
#include "options.h"
#include "parallel_lines.h"

typedef struct chunk_slot chunk_slot;

/* One part of a chunk cut at chain starts (seebatch_binpack_guess_chain_start). */
typedef struct chunk_part {
    const chunk_slot *slot;
    size_t start, end; /* in the payload */
    chunk_result result;
    pthread_t thread;
    bool started;
} chunk_part;

struct chunk_slot {
    const chunk_job *job;
    uint8_t *payload; /* owned, reused from batch to batch */
    size_t capacity;
    size_t size;
    uint64_t file_offset;
    bool truncated;           /* the file ends inside the chunk: ... */
    decode_fault truncation;  /* ... there, and why (seebatch_binpack_chunk.truncated) */
    chunk_result result;
    int parts;        /* threads this chunk may be cut for (job->split) */
    chunk_part *part; /* job->threads of them when job->split, else NULL */
};

static void reset_result(chunk_result *result)
{
    result->text.length = 0; /* the writer was emptied when its chunk was written */
    result->entries = 0;
    memset(result->counters, 0, sizeof result->counters);
    result->decoding.faulted = false;
    result->decoding.chains = 0;
}

static void *process_part(void *argument)
{
    chunk_part *part = argument;
    const chunk_slot *slot = part->slot;
    reset_result(&part->result);
    part->result.decoding.helper = false;
    slot->job->process(slot->payload + part->start, part->end - part->start,
                       slot->file_offset + part->start, slot->job->state, &part->result);
    return NULL;
}

/* Where to cut the slot's payload: up to slot->parts parts of about equal
 * size, each starting where a chain seems to start (the library's
 * seebatch_binpack_cut_payload). Returns the parts. */
static int cut_slot(chunk_slot *slot)
{
    size_t starts[MAX_THREADS];
    size_t count =
        seebatch_binpack_cut_payload(slot->payload, slot->size, (size_t)slot->parts, starts);
    for (size_t k = 0; k < count; k++) {
        slot->part[k].start = starts[k];
        slot->part[k].end = k + 1 < count ? starts[k + 1] : slot->size;
        slot->part[k].slot = slot;
    }
    return (int)count;
}

/* The parts' results, in order, as the whole chunk's. */
static void join_parts(chunk_slot *slot, int count)
{
    chunk_result *result = &slot->result; /* reset */
    for (int k = 0; k < count; k++) {
        chunk_result *part = &slot->part[k].result;
        text_buffer_append(&result->text, part->text.bytes, part->text.length);
        part->text.length = 0;
        result->entries += part->entries;
        for (int c = 0; c < CHUNK_COUNTERS; c++)
            result->counters[c] += part->counters[c];
        result->decoding.chains += part->decoding.chains;
        result->decoding.faulted = part->decoding.faulted;
        result->decoding.fault = part->decoding.fault;
    }
}

/* Processes the slot's chunk cut at chain starts, a thread per part; false
 * (nothing kept) when it was not cut, or when a part before a cut did not
 * end exactly there: the cut was no chain start (or the payload is damaged
 * before it), and the chunk is then processed whole. */
static bool process_in_parts(chunk_slot *slot)
{
    int count = cut_slot(slot);
    if (count < 2)
        return false;
    for (int k = 1; k < count; k++)
        slot->part[k].started =
            pthread_create(&slot->part[k].thread, NULL, process_part, &slot->part[k]) == 0;
    process_part(&slot->part[0]);
    bool whole = true;
    for (int k = 1; k < count; k++) {
        if (slot->part[k].started)
            pthread_join(slot->part[k].thread, NULL);
        else
            process_part(&slot->part[k]);
    }
    for (int k = 0; k + 1 < count; k++)
        whole = whole && !slot->part[k].result.decoding.faulted;
    if (whole) {
        join_parts(slot, count);
        /* The parts count no progress (a failed cut is decoded again, whole,
         * and counts then): the joined chunk counts once, its header too. */
        progress_add(slot->job->progress, slot->result.entries, slot->size + 8);
        return true;
    }
    for (int k = 0; k < count; k++)
        slot->part[k].result.text.length = 0;
    return false;
}

static void *process_slot(void *argument)
{
    chunk_slot *slot = argument;
    chunk_result *result = &slot->result;
    reset_result(result);
    if (!(slot->parts > 1 && process_in_parts(slot)))
        slot->job->process(slot->payload, slot->size, slot->file_offset, slot->job->state, result);
    if (slot->truncated) {
        /* The file's end is the chunk's fault, named where the decoding
         * stopped if it stopped first (seebatch_binpack_chunk.truncated). */
        decode_fault *fault = &result->decoding.fault;
        uint64_t where =
            result->decoding.faulted ? fault->byte_offset : slot->truncation.byte_offset;
        *fault = slot->truncation;
        fault->byte_offset = where;
        result->decoding.faulted = true;
    }
    return NULL;
}

/* What reading a chunk gave. */
typedef enum chunk_read { CHUNK_READ, CHUNK_TRUNCATED, CHUNK_END, CHUNK_BAD, CHUNK_NO_MEMORY } chunk_read;

/* Reads the next chunk into a slot's own buffer (the reader's is reused by
 * its next read, and the slots' chunks are decoded while later ones are
 * read); a fault of the file in *fault. */
static chunk_read read_slot(seebatch_binpack_chunks *reader, chunk_slot *slot, decode_fault *fault)
{
    seebatch_binpack_chunk chunk = {.entries_before = 0}; /* entries are numbered here */
    if (seebatch_binpack_chunks_next(reader, &chunk, NULL) != SEEBATCH_OK) {
        fault->byte_offset = chunk.byte_offset;
        snprintf(fault->reason, sizeof fault->reason, "%s", chunk.reason);
        /* The library's words for its one failure that is no fault of the file. */
        return strcmp(chunk.reason, "out of memory") == 0 ? CHUNK_NO_MEMORY : CHUNK_BAD;
    }
    if (chunk.end)
        return CHUNK_END;
    if (chunk.size > slot->capacity) {
        uint8_t *grown = realloc(slot->payload, chunk.size);
        if (!grown)
            return CHUNK_NO_MEMORY;
        slot->payload = grown;
        slot->capacity = chunk.size;
    }
    if (chunk.size)
        memcpy(slot->payload, chunk.payload, chunk.size);
    slot->size = chunk.size;
    slot->file_offset = chunk.file_offset;
    slot->truncated = chunk.truncated;
    if (!chunk.truncated)
        return CHUNK_READ;
    slot->truncation.byte_offset = chunk.byte_offset;
    snprintf(slot->truncation.reason, sizeof slot->truncation.reason, "%s", chunk.reason);
    return CHUNK_TRUNCATED;
}

/* The chunks read together, processed together (a thread each) and then
 * written in order. Two batches alternate: while one is being processed
 * the main thread writes the one before and reads the one after. */
typedef struct chunk_batch {
    chunk_slot *slots; /* threads + 1: the last may hold a header fault */
    int count;         /* chunks read */
    int stop;          /* the exit status reading ended the run with, or -1 */
    pthread_t threads[MAX_THREADS];
    bool started[MAX_THREADS];
} chunk_batch;

/* Starts a batch: a thread per chunk when overlap is true (the main thread
 * then goes on reading and writing), else each chunk here, to its end.
 * Threads left over help the first chunks: a file of one chunk still uses
 * two. */
static void start_batch(chunk_batch *batch, int threads_allowed, bool overlap)
{
    for (int i = 0; i < batch->count; i++) {
        chunk_slot *slot = &batch->slots[i];
        int spare = threads_allowed - batch->count;
        /* Spare threads cut chunks where the job allows it, else help decode. */
        slot->parts =
            slot->part && spare > 0 ? 1 + spare / batch->count + (i < spare % batch->count) : 1;
        slot->result.decoding.helper = slot->parts == 1 && i < spare;
        batch->slots[i].result.carry_known = false;
        batch->started[i] = overlap && pthread_create(&batch->threads[i], NULL, process_slot,
                                                      &batch->slots[i]) == 0;
        if (!batch->started[i])
            process_slot(&batch->slots[i]); /* one thread, or none to be had: here */
    }
}

static void finish_batch(chunk_batch *batch)
{
    for (int i = 0; i < batch->count; i++) {
        if (batch->started[i])
            pthread_join(batch->threads[i], NULL);
        batch->started[i] = false;
    }
}

static void report_fault(uint64_t entry, const decode_fault *fault)
{
    char text[sizeof fault->reason + 64];
    report_input_error("%s", seebatch_training_fault_text(text, sizeof text, false,
                                                          fault->byte_offset, entry, fault->reason));
}

/* Settles a processed chunk with the state after the one before it,
 * processing it again here when it assumed a state that changes it. */
static void settle_slot(const chunk_job *job, chunk_slot *slot, chunk_carry *carry)
{
    chunk_result *result = &slot->result;
    if (!job->settle)
        return;
    if (job->settle(job->state, carry, result)) {
        result->carry_known = true;
        result->carry_in = *carry;
        result->decoding.helper = false;
        /* Entries counted once: a chunk skipped at first (result->entries 0) now. */
        result->decoding.progress = result->entries ? NULL : job->progress;
        process_slot(slot);
        result->decoding.progress = job->progress;
        job->settle(job->state, carry, result); /* now known: sets carry_out */
    }
    *carry = result->carry_out;
}

/* Writes one result; returns an exit status, or -1 to go on. */
static int write_result(const chunk_job *job, chunk_slot *slot, chunk_totals *totals)
{
    settle_slot(job, slot, &totals->carry);
    chunk_result *result = &slot->result;
    /* Not reported here: whoever closes the output names it (finish_output). */
    bool text_written =
        job->numbered ? text_buffer_flush_numbered(&result->text, job->output, totals->entries + 1)
                      : text_buffer_flush(&result->text, job->output);
    if (!text_written || ferror(job->output)) {
        remember_write_error();
        return EXIT_RESOURCE_FAILURE;
    }
    totals->entries += result->entries;
    totals->chunks++;
    for (int c = 0; c < CHUNK_COUNTERS; c++)
        totals->counters[c] += result->counters[c];
    if (result->decoding.faulted) {
        report_fault(totals->entries + 1, &result->decoding.fault);
        return EXIT_BAD_LINES;
    }
    return -1;
}

/* Reads up to job->threads chunks; returns how many, and in *stop the exit
 * status when reading ended the run (-1 when it may go on). */
static int read_batch(const chunk_job *job, seebatch_binpack_chunks *reader, chunk_slot *slots,
                      int *stop)
{
    int count = 0;
    *stop = -1;
    while (count < job->threads) {
        decode_fault fault;
        chunk_read status = read_slot(reader, &slots[count], &fault);
        if (status == CHUNK_READ || status == CHUNK_TRUNCATED) {
            count++;
            if (status == CHUNK_TRUNCATED)
                break;
            continue;
        }
        if (status == CHUNK_END) {
            *stop = EXIT_OK;
        } else if (status == CHUNK_NO_MEMORY) {
            fprintf(stderr, "seebatch %s: out of memory\n", job->name);
            *stop = EXIT_RESOURCE_FAILURE;
        } else {
            /* Reported after the chunks read before it are written. */
            slots[count].result.decoding.faulted = true;
            slots[count].result.decoding.fault = fault;
            *stop = EXIT_BAD_LINES;
        }
        break;
    }
    return count;
}

/* Writes a finished batch in order; returns an exit status, or -1 to go on. */
static int write_batch(const chunk_job *job, chunk_batch *batch, chunk_totals *totals)
{
    int status = -1;
    for (int i = 0; i < batch->count && status < 0; i++)
        status = write_result(job, &batch->slots[i], totals);
    if (status < 0 && batch->stop == EXIT_BAD_LINES)
        report_fault(totals->entries + 1, &batch->slots[batch->count].result.decoding.fault);
    return status < 0 ? batch->stop : status;
}

static bool make_batch(const chunk_job *job, chunk_batch *batch)
{
    batch->count = 0;
    batch->stop = -1;
    batch->slots = calloc((size_t)job->threads + 1, sizeof *batch->slots);
    if (!batch->slots)
        return false;
    for (int i = 0; i <= job->threads; i++) {
        batch->slots[i].job = job;
        batch->slots[i].result.decoding.progress = job->progress;
        if (job->split && job->threads > 1) {
            batch->slots[i].part = calloc((size_t)job->threads, sizeof *batch->slots[i].part);
            if (!batch->slots[i].part)
                return false;
        }
    }
    return true;
}

static void free_batch(const chunk_job *job, chunk_batch *batch)
{
    for (int i = 0; batch->slots && i <= job->threads; i++) {
        free(batch->slots[i].payload);
        text_buffer_free(&batch->slots[i].result.text);
        free_blocks(batch->slots[i].result.decoding.blocks);
        for (int k = 0; batch->slots[i].part && k < job->threads; k++) {
            chunk_result *part = &batch->slots[i].part[k].result;
            text_buffer_free(&part->text);
            free_blocks(part->decoding.blocks);
        }
        free(batch->slots[i].part);
    }
    free(batch->slots);
}

int run_chunk_job(const chunk_job *job, chunk_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    totals->carry = job->start;
    static const chunk_batch empty;
    chunk_batch *batches = malloc(2 * sizeof *batches);
    if (!batches)
        return EXIT_RESOURCE_FAILURE;
    batches[0] = batches[1] = empty;
    int status = -1;
    if (!make_batch(job, &batches[0]) || !make_batch(job, &batches[1]))
        status = EXIT_RESOURCE_FAILURE;
    /* With one thread everything happens in turn, here. */
    bool overlap = job->threads > 1;
    seebatch_binpack_chunks *reader = NULL;
    if (status < 0 && seebatch_binpack_chunks_open_stream(job->input, &reader, NULL) != SEEBATCH_OK)
        status = EXIT_RESOURCE_FAILURE;
    if (status < 0) {
        batches[0].count = read_batch(job, reader, batches[0].slots, &batches[0].stop);
        start_batch(&batches[0], job->threads, overlap);
    }
    for (int b = 0; status < 0; b ^= 1) {
        chunk_batch *current = &batches[b], *next = &batches[b ^ 1];
        next->count = 0;
        next->stop = -1;
        if (current->stop < 0) /* while the current batch is processed */
            next->count = read_batch(job, reader, next->slots, &next->stop);
        finish_batch(current);
        start_batch(next, job->threads, overlap); /* runs while the current one is written */
        status = write_batch(job, current, totals);
        if (status >= 0)
            finish_batch(next); /* the run ends here: what was started is dropped */
    }
    free_batch(job, &batches[0]);
    free_batch(job, &batches[1]);
    free(batches);
    seebatch_binpack_chunks_close(reader);
    return status;
}
