/* seebatch_training_run (seebatch_training.h): a caller's work on the
 * library's one runner (file_runner.h). Each part the runner runs is a
 * portion of the caller's: a binpack part decoded block by block, plain and
 * bin entries in runs between the blocks skipped, lines in one block. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "training/training_internal.h"
#include "training/formats/binpack_reader.h"
#include "file_runner.h"

/* Entries of a binpack part decoded at once, a block of the caller's. */
enum { RUN_BLOCK = 512 };

/* A part's state: the caller's, and the blocks a binpack part is decoded
 * into (made when first needed). */
typedef struct run_part {
    void *state;
    training_entry *block;
    uint64_t chains; /* binpack: the chains the part began */
    size_t given;    /* the entries (lines) given to the caller's blocks */
} run_part;

static void *seebatch_run_part_new(void *context)
{
    const seebatch_run *run = context;
    run_part *part = calloc(1, sizeof *part);
    if (part && run->work.portion_new &&
        !(part->state = run->work.portion_new(run->work.context))) {
        free(part);
        return NULL;
    }
    return part;
}

static void seebatch_run_part_free(void *context, void *state)
{
    const seebatch_run *run = context;
    run_part *part = state;
    if (!part)
        return;
    if (run->work.portion_free)
        run->work.portion_free(run->work.context, part->state);
    free(part->block);
    free(part);
}

/* Gives the caller's block one block of the portion (its state set here). */
static void seebatch_run_give(const seebatch_run *run, run_part *mine, seebatch_portion *block)
{
    block->state = mine->state;
    run->work.block(run->work.context, block);
    mine->given += block->count;
}

/* A binpack part decoded block by block, each block given as it comes;
 * the part's fault (or memory run out) noted for the runner. */
static void seebatch_run_chunk(const seebatch_run *run, runner_part *part, run_part *mine)
{
    if (!mine->block && !(mine->block = malloc(RUN_BLOCK * sizeof *mine->block))) {
        part->out_of_memory = true;
        return;
    }
    binpack_chunk_decoder decoder;
    const uint8_t *bytes = part->portion->bytes; /* NULL in an empty portion: NULL + 0 is undefined */
    seebatch_binpack_decoder_start(&decoder, bytes ? bytes + part->start : bytes,
                                   part->end - part->start,
                                   part->portion->file_offset + part->start);
    binpack_step stop;
    binpack_fault fault;
    uint64_t decoded = 0;
    do {
        size_t count =
            seebatch_binpack_next_block(&decoder, mine->block, NULL, RUN_BLOCK, &stop, &fault);
        seebatch_portion block = {NULL,         mine->block,           NULL, count, decoded,
                                  decoded == 0, stop != BINPACK_ENTRY, 0,    0,     0};
        seebatch_run_give(run, mine, &block);
        decoded += count;
    } while (stop == BINPACK_ENTRY);
    part->entries = decoded;
    mine->chains = decoder.stems;
    if (stop == BINPACK_FAULT) {
        part->faulted = true;
        part->fault_byte = fault.byte_offset;
        snprintf(part->reason, sizeof part->reason, "%s", fault.message);
    }
}

/* Plain and bin entries in runs between the blocks skipped, numbered
 * among the portion's with those skipped counted. */
static void seebatch_run_entries(const seebatch_run *run, const file_portion *portion,
                                 run_part *mine)
{
    size_t start = 0;
    uint64_t number = 0;
    bool begun = false;
    for (size_t g = 0; g <= portion->gap_count; g++) {
        size_t end = g < portion->gap_count ? portion->gaps[g].at : portion->entry_count;
        bool last = g == portion->gap_count;
        if (end > start || last) {
            seebatch_portion block = {
                NULL, portion->entries + start, NULL, end - start, number, !begun, last, 0, 0, 0};
            seebatch_run_give(run, mine, &block);
            begun = true;
        }
        number += end - start + (last ? 0 : portion->gaps[g].count);
        start = end;
    }
}

/* The runner's run: one part, every block of it given. */
static void seebatch_run_part(void *context, runner_part *part)
{
    const seebatch_run *run = context;
    run_part *mine = part->state;
    const file_portion *portion = part->portion;
    mine->chains = 0;
    mine->given = 0;
    if (portion->kind == PORTION_CHUNK)
        seebatch_run_chunk(run, part, mine);
    else if (portion->kind == PORTION_ENTRIES)
        seebatch_run_entries(run, portion, mine);
    else {
        seebatch_portion block = {NULL, NULL, portion->lines, portion->line_count, 0, 1, 1, 0,
                                  0,    0};
        seebatch_run_give(run, mine, &block);
    }
}

/* The runner's deliver: each part to the caller's deliver, in order. */
static int seebatch_run_deliver(void *context, runner_part *parts, size_t count,
                                uint64_t entries_before)
{
    const seebatch_run *run = context;
    if (!run->work.deliver)
        return 0;
    for (size_t k = 0; k < count; k++) {
        const run_part *mine = parts[k].state;
        const file_portion *portion = parts[k].portion;
        seebatch_portion delivered = {
            mine->state,
            portion->kind == PORTION_ENTRIES ? portion->entries : NULL,
            portion->kind == PORTION_LINES ? portion->lines : NULL,
            mine->given,
            0,
            1,
            1,
            entries_before,
            parts[k].entries,
            mine->chains,
        };
        if (run->work.deliver(run->work.context, &delivered))
            return 1;
        entries_before += parts[k].entries;
    }
    return 0;
}

/* The runner's job for the call. */
static seebatch_status seebatch_run_on(seebatch_run *run, FILE *input, seebatch_file_format format,
                                       seebatch_error *error)
{
    runner_job job = {
        .source = {input, run->input, format, run->skip, run->skip_context, SEEBATCH_FILE_UNKNOWN},
        .threads = run->threads,
        .work = {run, true, seebatch_run_part_new, seebatch_run_part_free, seebatch_run_part,
                 seebatch_run_deliver},
        .progress = run->progress,
        .progress_context = run->progress_context,
    };
    runner_result result = seebatch_run_portions(&job);
    run->entries = job.entries;
    run->chunks = job.chunks;
    switch (result) {
    case RUNNER_DONE:
        return seebatch_succeed(error);
    case RUNNER_FAULT:
        run->place = (seebatch_training_place){job.fault_byte, job.fault_entry};
        run->line = job.fault_line;
        snprintf(run->reason, sizeof run->reason, "%s", job.reason);
        return seebatch_runner_fault_error(&job, error);
    case RUNNER_NO_MEMORY:
        return seebatch_fail_about(error, TRAINING_MEMORY_FAULT, run->input, "out of memory");
    default:
        return seebatch_fail_about(error, SEEBATCH_ERROR_ARGUMENT, run->input,
                                   "stopped by the work");
    }
}

seebatch_status seebatch_training_run(seebatch_run *run, seebatch_error *error)
{
    if (!run || !run->input || !run->work.block)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "run, its input or its block is NULL");
    run->entries = run->chunks = run->line = 0;
    run->place = (seebatch_training_place){0, 0};
    run->reason[0] = '\0';
    if (run->input_stream) {
        if (run->format != SEEBATCH_FILE_BINPACK && run->format != SEEBATCH_FILE_PLAIN &&
            run->format != SEEBATCH_FILE_BIN && run->format != SEEBATCH_FILE_LINES)
            return seebatch_fail_about(error, SEEBATCH_ERROR_ARGUMENT, run->input,
                                       "format %d is none of binpack, plain, bin or lines",
                                       (int)run->format);
        return seebatch_run_on(run, run->input_stream, run->format, error);
    }
    FILE *input = fopen(run->input, "rb");
    if (!input)
        return seebatch_fail_about(error, TRAINING_FILE_FAULT, run->input, "cannot open: %s",
                                   strerror(errno));
    seebatch_file_format format;
    seebatch_status status = seebatch_portion_format_of(run->input, input, &format, error);
    if (status == SEEBATCH_OK)
        status = seebatch_run_on(run, input, format, error);
    fclose(input);
    return status;
}
