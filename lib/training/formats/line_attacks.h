/*
 * Slider attack sets from tables of about 2 KB, for the binpack decoder and
 * the filter's in-check test: files and diagonals by the hyperbola
 * quintessence (the ray beyond a square found by one subtraction, the ray
 * behind it by the same on the board mirrored with a byte swap), ranks by a
 * 512-byte table. They give the same sets as the library's magic tables
 * (attacks.h), whose rook part is 800 KB: decoding walks a chain whose every
 * step waits for the one before, so each magic lookup that misses the cache
 * stalls the whole decoder, where these stay in L1.
 */
#ifndef SEEBATCH_FORMATS_LINE_ATTACKS_H
#define SEEBATCH_FORMATS_LINE_ATTACKS_H

#include "board/bitboard.h"

/* The lines through a square, without it: its file, diagonal, antidiagonal. */
typedef struct square_lines {
    bitboard file, diagonal, antidiagonal;
} square_lines;

extern const square_lines seebatch_square_lines[64];
/* rank_attacks[file][inner]: the squares a rook on `file` of the first rank
 * attacks along it when the six inner squares b..g hold `inner` (bit 0 b). */
extern const uint8_t seebatch_rank_attacks[8][64];

/* Attacks along one line (file or diagonal, `line` without the square) that
 * the byte swap reverses. */
static inline bitboard hyperbola_attacks(unsigned square, bitboard occupied, bitboard line)
{
    bitboard forward = occupied & line;
    bitboard reverse = __builtin_bswap64(forward);
    forward -= seebatch_square_bit(square);
    reverse -= seebatch_square_bit(square ^ 56u);
    return (forward ^ __builtin_bswap64(reverse)) & line;
}

static inline bitboard rank_line_attacks(unsigned square, bitboard occupied)
{
    unsigned shift = square & 56u;
    unsigned inner = (unsigned)(occupied >> (shift + 1)) & 63u;
    return (bitboard)seebatch_rank_attacks[square & 7u][inner] << shift;
}

static inline bitboard line_bishop_attacks(unsigned square, bitboard occupied)
{
    const square_lines *l = &seebatch_square_lines[square];
    return hyperbola_attacks(square, occupied, l->diagonal) |
           hyperbola_attacks(square, occupied, l->antidiagonal);
}

static inline bitboard line_rook_attacks(unsigned square, bitboard occupied)
{
    return hyperbola_attacks(square, occupied, seebatch_square_lines[square].file) |
           rank_line_attacks(square, occupied);
}

#endif
