/*
 * Decodes one binpack payload block by block (seebatch_payload_reader,
 * seebatch_training.h) and hands each block of entries, in order, to a
 * consumer. With a helper thread the decoding runs there while the
 * consumer works on the previous block here: a chunk's chains can only be
 * decoded one after another, but what is done with the entries can
 * overlap the decoding, so a file of one chunk still uses two cores.
 */
#ifndef SEEBATCH_BINPACK_BLOCKS_H
#define SEEBATCH_BINPACK_BLOCKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "seebatch_training.h"
#include "progress.h"

enum { ENTRY_BLOCK = 512 };

/* Works on count entries (count >= 1). */
typedef void (*entry_consumer)(const seebatch_training_entry *entries, size_t count, void *state);

/* Where a payload stopped decoding (or its file stopped): the byte in the
 * file and why, without the place (seebatch_payload_reader_fault). */
typedef struct decode_fault {
    uint64_t byte_offset;
    char reason[160];
} decode_fault;

/* The blocks entries pass through (about 100 KB) and the payload reader:
 * kept by the caller from chunk to chunk, since allocating and returning
 * them for every chunk costs the kernel's time on every thread. */
typedef struct block_pair block_pair;

/* How one payload is decoded, and how its decoding ended. */
typedef struct block_decoding {
    bool helper;              /* in: a second thread may decode while this one consumes */
    block_pair *blocks;       /* allocated on first use and kept (free_blocks releases it) */
    bool faulted;             /* out: the payload stopped decoding ... */
    decode_fault fault;       /* ... here */
    progress_meter *progress; /* in: counts the entries consumed and their bytes; NULL for none */
    uint64_t chains;          /* out: the chains the entries decoded began */
} block_decoding;

/* Decodes the payload (data, size bytes at file_offset in the file), giving
 * every entry to consume, on a second thread when decoding->helper is true
 * (falling back to this one if no thread can be had). Returns the entries
 * decoded and sets decoding->faulted (with its fault) when the payload
 * stopped decoding. */
size_t decode_in_blocks(const uint8_t *data, size_t size, uint64_t file_offset,
                        block_decoding *decoding, entry_consumer consume, void *state);

void free_blocks(block_pair *blocks);

#endif
