/*
 * Stockfish's older training data, .bin: PackedSfenValue, 40 bytes an
 * entry, little-endian, no header or magic:
 *   32 bytes  the position, Huffman-coded (below)
 *   int16     score
 *   uint16    move, Stockfish's encoding: to (bits 0-5), from (6-11),
 *             promotion piece - knight (12-13), kind (14-15: normal,
 *             promotion, en passant, castling as king takes rook)
 *   uint16    game ply
 *   int8      game result for the side to move (-1, 0, 1)
 *   uint8     padding (0)
 * The position's bits are written from the lowest bit of each byte, each
 * value lowest bit first: side to move (1), white king's square (6), black
 * king's square (6), the other 62 squares from a8 to h1 rank by rank (empty
 * 1 bit 0; else pawn 0001, knight 0011, bishop 0101, rook 0111, queen 1001
 * read from the lowest bit, then its colour bit), castling rights K Q k q (1
 * each), en passant (1, then 6 bits of square when set), rule-50 counter
 * (low 6 bits), fullmove number (low 8, then high 8 bits), rule-50 counter
 * (bit 6): as Stockfish's tools' sfen_packer describes it.
 *
 * An entry's ply is the game-ply field; the packed fullmove number is
 * written as Stockfish's converter writes it for that ply and not read
 * back (every format here derives it from the ply). The rule-50 counter
 * keeps 7 bits, as Stockfish's packer stores it.
 */
#ifndef SEEBATCH_FORMATS_PACKED_SFEN_H
#define SEEBATCH_FORMATS_PACKED_SFEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "training_entry.h"

enum { PACKED_SFEN_SIZE = 32, BIN_ENTRY_SIZE = 40 };

/* Whether the entry can be written as .bin and read back: one king of each
 * colour, and a board the reader takes as a position of a game (castling
 * rights with their king and rook in place, no pawn on a back rank, the
 * side that just moved not in check). Otherwise false, with message (size
 * bytes) saying why. */
bool seebatch_bin_holds(const training_entry *entry, char *message, size_t size);

/* Writes the 40 bytes of an entry seebatch_bin_holds accepts. */
void seebatch_bin_pack(const training_entry *entry, uint8_t out[BIN_ENTRY_SIZE]);

/* Reads 40 bytes into an entry. False, with message (size bytes) saying
 * what is wrong, when they are no entry: a board that does not decode (a
 * piece code that is none, more bits than 256), a position that is not
 * consistent (both kings on one square, a pawn on a back rank, castling
 * rights without king and rook in place, the side that just moved in
 * check), a move that is impossible or illegal there, a result outside
 * -1..1. An en passant square no pawn can take on is dropped, as
 * Stockfish's reader drops it. */
bool seebatch_bin_unpack(const uint8_t bytes[BIN_ENTRY_SIZE], training_entry *entry, char *message,
                         size_t size);

#endif
