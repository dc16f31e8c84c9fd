/*
 * Writing Stockfish's .binpack training data (the layout is described in
 * binpack_reader.h). A writer builds one chunk payload in memory: chains are
 * opened with a stem, extended entry by entry (encoded, or copied bit for
 * bit from a payload that was read), and closed; the chunk then goes out
 * with its header.
 */
#ifndef SEEBATCH_FORMATS_BINPACK_WRITER_H
#define SEEBATCH_FORMATS_BINPACK_WRITER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "training_entry.h"

enum {
    /* Stockfish's writer starts a new chunk once a payload reaches this. */
    BINPACK_CHUNK_TARGET = 1 << 20,
    BINPACK_CHAIN_MAX = 65535, /* entries after a stem: the count has 16 bits */
    BINPACK_PLY_MAX = 16383    /* the ply has 14 bits */
};

typedef struct binpack_writer {
    uint8_t *payload; /* the chunk being built (owned) */
    size_t size;
    size_t capacity;
    size_t count_at;    /* offset of the open chain's entry count, or SIZE_MAX */
    unsigned plies;     /* entries after the open chain's stem */
    size_t movetext_at; /* where the open chain's movetext starts */
    uint64_t bits;      /* movetext bits written in the open chain */
    int16_t last_score;
    bool out_of_memory;
    /* For seebatch_binpack_write_entry: the last entry written. */
    training_entry last;
    bool has_last;
    /* The copy of the coding that packs stems and numbers moves
     * (chain_coding.h), and whether stems are packed with pext and pdep:
     * set by seebatch_binpack_writer_init to the widest copy this CPU runs,
     * pdep where that copy has it and the CPU runs it fast; a test may set
     * any copy, or clear pdep. */
    const struct chain_coding *coding;
    bool pdep;
} binpack_writer;

/* Writes the 32 bytes of a stem. Castling rights whose rook is not on its
 * corner and plies above 16383 cannot be stored (the format's limits). */
void seebatch_binpack_pack_stem(const training_entry *entry, uint8_t out[32]);

/* Opens a chain (closing any open one) with entry as its stem: the 32 bytes
 * at stem when given (copied from a payload that was read), else packed. */
void seebatch_binpack_start_chain(binpack_writer *writer, const training_entry *entry,
                                  const uint8_t *stem);

/* Adds entry to the open chain, encoding its move and score. The entry must
 * be the previous one after its move (seebatch_binpack_continues). */
void seebatch_binpack_append_entry(binpack_writer *writer, const training_entry *entry);

/* Adds entries to the open chain by copying their movetext bits
 * [bit_start, bit_end) from a payload that was read (size bytes at data,
 * holding those bits: the bytes after them may be read, none past size). */
void seebatch_binpack_append_bits(binpack_writer *writer, const uint8_t *data, size_t size,
                                  uint64_t bit_start, uint64_t bit_end, unsigned entries);

/* Closes the open chain, if any. */
void seebatch_binpack_close_chain(binpack_writer *writer);

/* Closes the open chain and writes the chunk (header and payload), if it
 * holds anything, then empties the writer. False when writing fails or
 * memory ran out earlier. */
bool seebatch_binpack_flush_chunk(binpack_writer *writer, FILE *out);

/* A chunk's header: "BINP" and its payload's size, little-endian. */
enum { BINPACK_CHUNK_HEADER = 8 };
void seebatch_binpack_chunk_header(uint32_t size, uint8_t header[BINPACK_CHUNK_HEADER]);

/* The same as seebatch_binpack_flush_chunk for a chunk whose parts were
 * written apart, each part starting with a chain of its own: the writers'
 * payloads, in order, as one chunk, with no copy to join them; every writer
 * is emptied. False when writing fails or memory ran out earlier in any of
 * them. */
bool seebatch_binpack_flush_chunk_parts(binpack_writer *const *writers, size_t count, FILE *out);

/* Whether next is previous after its move, one ply on, with the result
 * seen from the other side: what lets it join previous's chain. */
bool seebatch_binpack_continues(const training_entry *previous, const training_entry *next);

/* Writes entries one by one as Stockfish's writer does: an entry that
 * continues the last one joins its chain; a chunk is written once it
 * reaches BINPACK_CHUNK_TARGET. Finish with seebatch_binpack_flush_chunk. */
bool seebatch_binpack_write_entry(binpack_writer *writer, const training_entry *entry, FILE *out);

/* Whether seebatch_binpack_write_entry would add the entry to the open
 * chain rather than start a chain with it. */
bool seebatch_binpack_joins_chain(const binpack_writer *writer, const training_entry *entry);

/* seebatch_binpack_write_entry in two steps, for a caller that checks a
 * chain's first entry otherwise than the others: join is what
 * seebatch_binpack_joins_chain said. With out NULL no chunk is written (the
 * caller writes each with seebatch_binpack_flush_chunk). */
bool seebatch_binpack_put_entry(binpack_writer *writer, const training_entry *entry, bool join,
                                FILE *out);

/* An empty writer; seebatch_binpack_writer_free releases its memory. */
void seebatch_binpack_writer_init(binpack_writer *writer);
void seebatch_binpack_writer_free(binpack_writer *writer);

#endif
