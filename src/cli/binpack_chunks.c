#include "binpack_chunks.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "parallel_lines.h"

typedef struct chunk_slot {
    const chunk_job *job;
    uint8_t *payload; /* owned, reused from batch to batch */
    size_t capacity;
    size_t size;
    uint64_t file_offset;
    binpack_chunk_status status;
    binpack_fault read_fault; /* for a truncated chunk */
    chunk_result result;
} chunk_slot;

static void *process_slot(void *argument)
{
    chunk_slot *slot = argument;
    chunk_result *result = &slot->result;
    result->text.length = 0; /* the writer was emptied when its chunk was written */
    result->entries = 0;
    memset(result->counters, 0, sizeof result->counters);
    result->faulted = false;
    slot->job->process(slot->payload, slot->size, slot->file_offset, slot->job->state, result);
    if (slot->status == BINPACK_CHUNK_TRUNCATED) {
        uint64_t where = result->faulted ? result->fault.byte_offset : slot->read_fault.byte_offset;
        result->fault = slot->read_fault;
        result->fault.byte_offset = where;
        result->faulted = true;
    }
    return NULL;
}

/* Reads the next chunk into a slot's own buffer. */
static binpack_chunk_status read_slot(binpack_file_reader *reader, chunk_slot *slot,
                                      binpack_fault *fault)
{
    reader->payload = slot->payload;
    reader->capacity = slot->capacity;
    const uint8_t *data;
    slot->status = seebatch_binpack_read_chunk(reader, &data, &slot->size, &slot->file_offset, fault);
    slot->payload = reader->payload;
    slot->capacity = reader->capacity;
    reader->payload = NULL;
    reader->capacity = 0;
    if (slot->status == BINPACK_CHUNK_TRUNCATED)
        slot->read_fault = *fault;
    return slot->status;
}

/* Runs a batch of chunks, one thread each; threads left over help the
 * first chunks (a file of one chunk then still uses two). */
static void run_batch(chunk_slot *slots, int count, int threads_allowed)
{
    pthread_t threads[MAX_THREADS];
    bool started[MAX_THREADS] = {false};
    for (int i = 0; i < count; i++)
        slots[i].result.helper = i < threads_allowed - count;
    for (int i = 1; i < count; i++)
        started[i] = pthread_create(&threads[i], NULL, process_slot, &slots[i]) == 0;
    process_slot(&slots[0]);
    for (int i = 1; i < count; i++) {
        if (started[i])
            pthread_join(threads[i], NULL);
        else
            process_slot(&slots[i]); /* no thread to be had: do it here */
    }
}

static void report_fault(const chunk_job *job, uint64_t entry, const binpack_fault *fault)
{
    fprintf(stderr, "seebatch %s: %s: byte %llu, entry %llu: %s\n", job->name,
            job->path ? job->path : "standard input", (unsigned long long)fault->byte_offset,
            (unsigned long long)entry, fault->message);
}

/* Writes one result; returns an exit status, or -1 to go on. */
static int write_result(const chunk_job *job, chunk_result *result, chunk_totals *totals)
{
    if (result->binpack.out_of_memory) {
        fprintf(stderr, "seebatch %s: out of memory\n", job->name);
        return EXIT_RESOURCE_FAILURE;
    }
    text_buffer_flush(&result->text, job->output);
    if (!seebatch_binpack_flush_chunk(&result->binpack, job->output))
        return EXIT_RESOURCE_FAILURE;
    totals->entries += result->entries;
    for (int c = 0; c < CHUNK_COUNTERS; c++)
        totals->counters[c] += result->counters[c];
    if (result->faulted) {
        report_fault(job, totals->entries + 1, &result->fault);
        return EXIT_BAD_LINES;
    }
    return -1;
}

/* Reads up to job->threads chunks; returns how many, and in *stop the exit
 * status when reading ended the run (-1 when it may go on). */
static int read_batch(const chunk_job *job, binpack_file_reader *reader, chunk_slot *slots,
                      int *stop)
{
    int count = 0;
    *stop = -1;
    while (count < job->threads) {
        binpack_fault fault;
        binpack_chunk_status status = read_slot(reader, &slots[count], &fault);
        if (status == BINPACK_CHUNK_READ || status == BINPACK_CHUNK_TRUNCATED) {
            count++;
            if (status == BINPACK_CHUNK_TRUNCATED)
                break;
            continue;
        }
        if (status == BINPACK_CHUNK_NONE) {
            *stop = EXIT_OK;
        } else if (status == BINPACK_CHUNK_NO_MEMORY) {
            fprintf(stderr, "seebatch %s: out of memory\n", job->name);
            *stop = EXIT_RESOURCE_FAILURE;
        } else {
            /* Reported after the chunks read before it are written. */
            slots[count].result.faulted = true;
            slots[count].result.fault = fault;
            *stop = EXIT_BAD_LINES;
        }
        break;
    }
    return count;
}

int run_chunk_job(const chunk_job *job, chunk_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    chunk_slot *slots = calloc((size_t)job->threads + 1, sizeof *slots);
    if (!slots)
        return EXIT_RESOURCE_FAILURE;
    for (int i = 0; i <= job->threads; i++) {
        slots[i].job = job;
        seebatch_binpack_writer_init(&slots[i].result.binpack);
    }
    binpack_file_reader reader = {job->input, 0, NULL, 0};
    int status = -1;
    while (status < 0) {
        int stop;
        int count = read_batch(job, &reader, slots, &stop);
        if (count)
            run_batch(slots, count, job->threads);
        for (int i = 0; i < count && status < 0; i++)
            status = write_result(job, &slots[i].result, totals);
        if (status < 0 && stop == EXIT_BAD_LINES)
            report_fault(job, totals->entries + 1, &slots[count].result.fault);
        if (status < 0)
            status = stop;
    }
    for (int i = 0; i <= job->threads; i++) {
        free(slots[i].payload);
        text_buffer_free(&slots[i].result.text);
        seebatch_binpack_writer_free(&slots[i].result.binpack);
    }
    free(slots);
    return status;
}
