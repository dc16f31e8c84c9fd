/*
 * The parts of a binpack stem (binpack_reader.h has the layout) that every
 * copy of the coding (chain_coding.h) reads and writes alike: the checks of
 * a stem read, the special nibbles, the move and the fields. What each copy
 * does its own way, the 16 bytes of plain pieces' nibbles, is in
 * binpack_decoding_body.h and binpack_encoding_body.h.
 */
#ifndef SEEBATCH_FORMATS_BINPACK_STEM_H
#define SEEBATCH_FORMATS_BINPACK_STEM_H

#include <stdbool.h>
#include <stdint.h>

#include "binpack_decoder.h"
#include "board/bitboard.h"
#include "training_entry.h"

/* The nibble of the index-th occupied square (low nibble first): read by
 * the stem's checks here and by each copy of the decoder. */
static inline unsigned nibble_at(const uint8_t *bytes, unsigned index)
{
    return (bytes[8 + index / 2] >> (index % 2 * 4)) & 15u;
}

/* Records a fault at a byte offset; false, for `return seebatch_binpack_fault_at(...)`. */
bool seebatch_binpack_fault_at(binpack_fault *fault, uint64_t offset, const char *message);

/* Reading a stem: its occupancy, after a check that at most 32 pieces are
 * there (else false, fault->message filled), with the board cleared; then,
 * once the plain pieces are placed, the special nibbles, the move and the
 * fields, each checked (false with fault->message filled when the bytes
 * are no entry). */
bool seebatch_binpack_stem_start(const uint8_t *bytes, seebatch_board *board, bitboard *occupied,
                                 binpack_fault *fault);
bool seebatch_binpack_stem_finish(const uint8_t *bytes, training_entry *entry, bitboard occupied,
                                  binpack_fault *fault);

/* Writing a stem, after its 16 bytes of plain pieces' nibbles: the nibbles
 * of castling rights, en passant and the side to move, then the move,
 * score, ply and result, and the rule-50 counter. */
/* Whether the stem holds the entry plainly: its ply fits, its board has
 * no en passant square and no castling right without its rook on its
 * corner, at most 32 pieces and is a
 * position of a game (as a stem's reader requires), its result is -1..1
 * and its move, normal or a promotion, is of the side to move. Such an
 * entry, whose move seebatch_move_check accepts there, packs and reads
 * back as it is; for others a round trip tells (the writer's check). */
bool seebatch_binpack_stem_holds_plainly(const training_entry *entry);

void seebatch_binpack_pack_stem_rest(const training_entry *entry, bitboard occupied,
                                     uint8_t out[32]);

#endif
