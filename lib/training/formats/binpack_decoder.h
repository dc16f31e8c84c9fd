/*
 * The binpack decoder's state and what it gives (binpack_reader.h has the
 * format and the calls): types only, shared by the reader and the coding's
 * copies that decode (chain_coding.h).
 */
#ifndef SEEBATCH_FORMATS_BINPACK_DECODER_H
#define SEEBATCH_FORMATS_BINPACK_DECODER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "training_entry.h"

enum {
    BINPACK_HEADER_SIZE = 8,
    BINPACK_STEM_SIZE = 32,
    /* Larger chunks are refused, as Stockfish's reader refuses them. */
    BINPACK_MAX_CHUNK = 100 << 20
};

/* Where an entry came from in the payload, so a writer can copy it. */
typedef struct binpack_source {
    bool stem;          /* first entry of its chain in the input */
    uint32_t stem_at;   /* for a stem: its byte offset in the payload */
    uint64_t bit_start; /* otherwise: its movetext bits in the payload */
    uint64_t bit_end;
} binpack_source;

typedef struct binpack_fault {
    uint64_t byte_offset; /* in the file */
    char message[160];
} binpack_fault;

typedef struct binpack_chunk_decoder {
    const uint8_t *data;
    size_t size;
    uint64_t file_offset; /* of data[0] */
    size_t next_stem;     /* byte offset of the next stem */
    unsigned plies_left;  /* entries still to come in the current chain */
    uint64_t bit;         /* next movetext bit */
    int16_t last_score;   /* the previous entry's score, negated */
    training_entry entry; /* the previous entry */
    int moved_type;       /* the type of the piece its move moves */
    bool notable;         /* briefs: the previous entry was notable (binpack_brief) */
    uint64_t stems;       /* the stems decoded: the chains begun */
    uint8_t types[64];    /* the piece type on each occupied square of entry.board */
    /* The copy of the coding that decodes (chain_coding.h), and whether it
     * finds the n-th set square by pdep: set by
     * seebatch_binpack_decoder_start to the widest copy this CPU runs, pdep
     * where that copy has it and the CPU runs it fast; a test may set any
     * copy, or clear pdep to take the portable path. */
    const struct chain_coding *coding;
    bool pdep;
} binpack_chunk_decoder;

typedef enum binpack_step { BINPACK_ENTRY, BINPACK_END, BINPACK_FAULT } binpack_step;

/* An entry in brief, for a consumer that judges entries by their move
 * and whether the side to move is in check (the filter's board rules): the
 * decoder tests both as it goes, so that the 80-byte board need not be
 * written out for every entry. */
enum {
    BRIEF_IN_CHECK = 1, /* the side to move is in check */
    BRIEF_CAPTURES = 2, /* the move takes a piece (en passant included) */
    BRIEF_BOARD = 4,    /* boards[i] holds the entry's board */
    BRIEF_STEM = 8      /* the first entry of its chain in the input */
};

/* A payload's bits are counted in 32 bits (a chunk holds at most
 * BINPACK_MAX_CHUNK bytes). */
typedef struct binpack_brief {
    seebatch_move move;
    uint8_t facts; /* BRIEF_* bits */
    int8_t result;
    int16_t score;
    uint16_t ply;
    uint32_t start; /* a stem's byte offset in the payload, else its movetext's first bit ... */
    uint32_t end;   /* ... and the bit after its last (a stem: its chain's first movetext bit) */
    /* The plain entries that follow it (not listed: neither stems nor
     * notable nor after a notable one), in its chain, their movetext the
     * bits [end, plain_end). */
    uint32_t plain;
    uint32_t plain_end;
} binpack_brief;

/* Where a brief's entry came from, as the whole-entry decoding says. */
static inline binpack_source binpack_brief_source(const binpack_brief *brief)
{
    bool stem = (brief->facts & BRIEF_STEM) != 0;
    return (binpack_source){stem, stem ? brief->start : 0, stem ? 0 : brief->start,
                            stem ? 0 : brief->end};
}

/* The whole entry of a brief whose board was kept (BRIEF_BOARD). */
static inline training_entry binpack_brief_entry(const binpack_brief *brief,
                                                 const seebatch_board *board)
{
    return (training_entry){*board, brief->move, brief->score, brief->ply, brief->result};
}

#endif
