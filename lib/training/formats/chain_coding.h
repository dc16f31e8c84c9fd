/*
 * The hot functions of the binpack coding, built once for each instruction
 * set that speeds them up and chosen at run time, as the SEE kernels are
 * (cpu_features.h): the decoding loops, the stem packing and unpacking, the
 * numbering of a chain's moves, a board's material. Their bodies are
 * written once (chain_coding_body.h) and compiled in a file per set
 * (chain_coding_plain.c, chain_coding_popcnt.c, chain_coding_avx2.c, each
 * with cmake/instruction_sets.cmake's options): without POPCNT every
 * popcount is a library call, a quarter of the decoding time; with BMI2 a
 * variable shift is one instruction, and where the CPU runs pdep fast the
 * n-th set square and the stems' nibbles take pdep and pext.
 * chain_coding_choice.h holds the copies and chooses among them; this
 * header has their types only.
 */
#ifndef SEEBATCH_FORMATS_CHAIN_CODING_H
#define SEEBATCH_FORMATS_CHAIN_CODING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "binpack_decoder.h"
#include "board/bitboard.h"
#include "machine/cpu_features.h"
#include "training_entry.h"

/* What a decoding loop writes: whole entries, briefs, or nothing (the
 * entries are only counted). Each has a loop of its own. */
typedef enum sink_mode { SINK_ENTRIES, SINK_BRIEFS, SINK_NOTHING, SINK_MODES } sink_mode;

/* Where decoded entries go: whole entries (and their sources when
 * sources is not NULL), or, when briefs are asked for, briefs and the
 * boards a consumer of briefs may need (seebatch_binpack_next_briefs). */
typedef struct entry_sink {
    /* restrict: no store through one aliases the decoder's state (an
     * entry's int8_t result may alias anything otherwise). */
    training_entry *restrict entries;
    binpack_source *restrict sources;
    binpack_brief *restrict briefs;
    seebatch_board *restrict boards;
    size_t listed; /* briefs written */
} entry_sink;

/* Up to max entries of the decoder's payload into the sink (as
 * seebatch_binpack_next_block says), in the loop of the sink's mode. */
typedef size_t binpack_decoding_loop(binpack_chunk_decoder *decoder, entry_sink *sink, size_t max,
                                     binpack_step *stop, binpack_fault *fault);

/* A move as a chain stores it (chain_moves.h): the index of its piece among
 * the mover's pieces, and of the move among the piece's. */
typedef struct chain_numbering {
    unsigned piece, pieces;
    unsigned id, choices;
} chain_numbering;

typedef struct chain_coding {
    const char *name;      /* the instruction set's, for tests and messages */
    instruction_set needs; /* what the CPU must run */
    bool has_pdep;         /* it takes pdep where told to (BMI2); else it never does */
    binpack_decoding_loop *decode[SINK_MODES]; /* by sink_mode */
    /* seebatch_binpack_unpack_stem, the pieces placed by pdep when pdep. */
    bool (*unpack_stem)(const uint8_t *bytes, training_entry *entry, binpack_fault *fault,
                        bool pdep);
    /* seebatch_binpack_pack_stem, the nibbles gathered by pext and pdep when pdep. */
    void (*pack_stem)(const training_entry *entry, uint8_t out[32], bool pdep);
    /* Numbers a move of the side to move as a chain stores it; returns
     * whether the piece on its from-square reaches its to-square as the
     * coding numbers moves (else the numbers stand for another move). */
    bool (*number_move)(const seebatch_board *board, seebatch_move move,
                        chain_numbering *numbering);
    /* The side to move's material minus the other side's, with
     * values[type] for pawn to queen. */
    int32_t (*material)(const seebatch_board *board, const int32_t values[5]);
} chain_coding;

#endif
