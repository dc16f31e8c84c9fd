/*
 * Decodes one binpack payload block by block and hands each block of
 * entries, in order, to a consumer. With a helper thread the decoding runs
 * there while the consumer works on the previous block here: a chunk's
 * chains can only be decoded one after another, but what is done with the
 * entries can overlap the decoding, so a file of one chunk still uses two
 * cores.
 */
#ifndef SEEBATCH_BINPACK_BLOCKS_H
#define SEEBATCH_BINPACK_BLOCKS_H

#include <stdbool.h>
#include <stddef.h>

#include "tool_only.h"
#include "progress.h"

enum { ENTRY_BLOCK = 512 };

/* Works on count entries (count >= 1) and where each came from (NULL
 * when the decoding was asked for none: block_decoding.without_sources). */
typedef void (*entry_consumer)(const training_entry *entries, const binpack_source *sources,
                               size_t count, void *state);

/* Works on count briefs (count >= 1), the entries they list and the
 * plain ones they count, and the boards they keep
 * (seebatch_binpack_next_briefs). */
typedef void (*brief_consumer)(const binpack_brief *briefs, const seebatch_board *boards,
                               size_t count, void *state);

/* The blocks entries pass through (about 100 KB): kept by the caller
 * from chunk to chunk, since allocating and returning them for every chunk
 * costs the kernel's time on every thread. */
typedef struct block_pair block_pair;

/* How one payload is decoded, and how its decoding ended. */
typedef struct block_decoding {
    bool helper;              /* in: a second thread may decode while this one consumes */
    block_pair *blocks;       /* allocated on first use and kept (free_blocks releases it) */
    bool faulted;             /* out: the payload stopped decoding ... */
    binpack_fault fault;      /* ... here */
    progress_meter *progress; /* in: counts the entries consumed and their bytes; NULL for none */
    bool without_sources;     /* in: the consumer reads no sources: none are filled (NULL) */
} block_decoding;

/* Decodes the payload (data, size bytes at file_offset in the file), giving
 * every entry to consume (with consume NULL: to none, the entries only
 * counted, nothing written out); on a second thread when decoding->helper is true
 * (falling back to this one if no thread can be had). Returns the entries
 * decoded and sets decoding->faulted (with its fault) when the payload
 * stopped decoding. */
size_t decode_in_blocks(const uint8_t *data, size_t size, uint64_t file_offset,
                        block_decoding *decoding, entry_consumer consume, void *state);

/* The same in brief: every entry's brief goes to consume. */
size_t decode_briefs_in_blocks(const uint8_t *data, size_t size, uint64_t file_offset,
                               block_decoding *decoding, brief_consumer consume, void *state);

void free_blocks(block_pair *blocks);

#endif
