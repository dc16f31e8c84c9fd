/*
 * Runs a per-chunk job over a .binpack stream on N threads with output in
 * input order: chunks are independent (a chain never crosses one), so the
 * main thread reads up to N chunks, the threads process one each into their
 * own results, and the main thread writes the results in order. Output is
 * the same for every N.
 */
#ifndef SEEBATCH_BINPACK_CHUNKS_H
#define SEEBATCH_BINPACK_CHUNKS_H

#include <stdint.h>
#include <stdio.h>

#include "binpack_blocks.h"
#include "text_buffer.h"

enum { CHUNK_COUNTERS = 32 };

/* State a job hands from one chunk to the next in file order (stats'
 * games across chunks): opaque to the runner. */
typedef union chunk_carry {
    int64_t word[4];
} chunk_carry;

/* What processing one chunk gives. */
typedef struct chunk_result {
    text_buffer text;                  /* the output */
    uint64_t entries;                  /* entries decoded before the end or the fault */
    uint64_t counters[CHUNK_COUNTERS]; /* the processor's counts, summed over written chunks */
    /* decode_in_blocks's (eval, check, stats): its helper set by the
     * runner (a thread is free to help with this chunk), its blocks kept
     * from chunk to chunk, and where the chunk stopped decoding (or, set by
     * the runner, reading). */
    block_decoding decoding;
    /* Set by the runner: whether carry_in is the state after the chunk
     * before. Chunks are processed in parallel, so at first it is not; the
     * processor then assumes the state at the start of a file. */
    bool carry_known;
    chunk_carry carry_in;
    chunk_carry carry_out; /* set by the processor, for chunk_settler */
} chunk_result;

/* Processes one payload (data, size bytes, at file_offset in the file).
 * state is the caller's, shared by every thread: read it only. */
typedef void (*chunk_processor)(const uint8_t *data, size_t size, uint64_t file_offset,
                                const void *state, chunk_result *result);

/* Called in file order, before a result is written, with the state after
 * the chunk before it (the job's start state for the first): returns true
 * when the result assumed a state that changes it (the runner then
 * processes the chunk again with carry_in known), else sets
 * result->carry_out to the state after the chunk. */
typedef bool (*chunk_settler)(const void *state, const chunk_carry *incoming, chunk_result *result);

typedef struct chunk_job {
    FILE *input, *output;
    int threads; /* 1..MAX_THREADS */
    chunk_processor process;
    const void *state;
    const char *name;     /* subcommand, for messages */
    chunk_settler settle; /* NULL: chunks carry nothing */
    chunk_carry start;    /* for settle: the state before the first chunk */
    /* The text holds number marks relative to the chunk's first entry
     * (text_buffer_append_number_mark), written as entry numbers from 1. */
    bool numbered;
    progress_meter *progress; /* counts the entries decoded; NULL for none */
    /* Threads left over when a batch holds fewer chunks than threads (a
     * file of one chunk) may cut a chunk at chain starts and process the
     * parts apart (seebatch_binpack_guess_chain_start): for a processor that carries nothing
     * from one chain to the next (no settle, no number marks), whose parts'
     * text, binpack chains, entries and counters joined in order are the
     * whole chunk's. */
    bool split;
} chunk_job;

typedef struct chunk_totals {
    uint64_t entries;
    uint64_t chunks; /* chunks written (a truncated one included) */
    uint64_t counters[CHUNK_COUNTERS];
    chunk_carry carry; /* the state after the last chunk written */
} chunk_totals;

/* Runs the job; sums what was written into *totals. A chunk that does not
 * decode ends the run after everything before the fault is written, with
 * "byte B, entry E: why" on stderr (input_messages.h). Returns EXIT_OK,
 * EXIT_BAD_LINES (a bad or truncated file) or EXIT_RESOURCE_FAILURE (no
 * memory, or the output could not be written). */
int run_chunk_job(const chunk_job *job, chunk_totals *totals);

#endif
