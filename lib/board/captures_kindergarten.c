/*
 * seebatch_generate_captures for any CPU (captures_body.h): a slider's
 * attacks read by kindergarten bitboards (a 512-byte table and
 * multiplications, below), not a magic lookup: a capture job touches few
 * squares, and the magic tables (most of a megabyte) stay out of the cache
 * the exchange itself needs. Where the CPU runs pext fast, captures_pext.c
 * reads them from the tables the pext exchanges use anyway.
 */
#include "attacks.h"
#include "bitboard.h"
#include "movegen.h"

/* The squares on a rook's lines from `square` on an empty board. */
static inline bitboard rook_lines(unsigned square)
{
    return ((0xFFull << (square & 56u)) | (0x0101010101010101ull << (square & 7u))) ^
           seebatch_square_bit(square);
}

/* The diagonal [0] and anti-diagonal [1] through each square, without it:
 * the long diagonals moved up or down by the square's distance from them. */
#define FILE_MINUS_RANK(sq) ((int)((sq)&7) - (int)((sq) >> 3))
#define FILE_PLUS_RANK(sq) ((int)((sq)&7) + (int)((sq) >> 3) - 7)
#define SHIFTED(line, d, down)                                                                     \
    ((d) >= 0 ? ((down) ? (line) >> ((8 * (d)) & 63) : (line) << ((8 * (d)) & 63))                 \
              : ((down) ? (line) << ((-8 * (d)) & 63) : (line) >> ((-8 * (d)) & 63)))
#define DIAGONAL(sq) (SHIFTED(0x8040201008040201ull, FILE_MINUS_RANK(sq), true) ^ (1ull << (sq)))
#define ANTI_DIAGONAL(sq)                                                                          \
    (SHIFTED(0x0102040810204080ull, FILE_PLUS_RANK(sq), false) ^ (1ull << (sq)))
#define EIGHT(f, r)                                                                                \
    f(8 * (r)), f(8 * (r) + 1), f(8 * (r) + 2), f(8 * (r) + 3), f(8 * (r) + 4), f(8 * (r) + 5),    \
        f(8 * (r) + 6), f(8 * (r) + 7)
#define ALL_SQUARES(f)                                                                             \
    EIGHT(f, 0), EIGHT(f, 1), EIGHT(f, 2), EIGHT(f, 3), EIGHT(f, 4), EIGHT(f, 5), EIGHT(f, 6),     \
        EIGHT(f, 7)
static const bitboard diagonal_lines[2][64] = {{ALL_SQUARES(DIAGONAL)},
                                               {ALL_SQUARES(ANTI_DIAGONAL)}};

static inline bitboard bishop_lines(unsigned square)
{
    return diagonal_lines[0][square] | diagonal_lines[1][square];
}

/* Attacks along one line of 8 squares (the first rank's) from a piece on
 * file f when the line's inner squares (files b-g, bits 0-5 of o) hold
 * pieces: east up to the lowest piece above f, west down to the highest
 * below (the bits below it smeared, its own bit kept). */
#define EAST_RAY(f) (0xFFu & (0xFFu << ((f) + 1)))
#define EAST_PIECES(o, f) (((unsigned)(o) << 1) & EAST_RAY(f))
#define EAST(o, f) (EAST_RAY(f) & (((EAST_PIECES(o, f) & (0u - EAST_PIECES(o, f))) << 1) - 1u))
#define WEST_RAY(f) ((1u << (f)) - 1u)
#define WEST_PIECES(o, f) (((unsigned)(o) << 1) & WEST_RAY(f))
#define SMEAR1(w) ((w) | (w) >> 1)
#define SMEAR2(w) (SMEAR1(w) | SMEAR1(w) >> 2)
#define SMEAR3(w) (SMEAR2(w) | SMEAR2(w) >> 4)
#define HIGHEST(w) (SMEAR3(w) ^ (SMEAR3(w) >> 1))
#define WEST(o, f)                                                                                 \
    (WEST_RAY(f) & (HIGHEST(WEST_PIECES(o, f)) ? ~(HIGHEST(WEST_PIECES(o, f)) - 1u) : ~0u))
#define LINE_ATTACKS(o, f) (uint8_t)((EAST(o, f) | WEST(o, f)) & 0xFFu)
#define BY_FILE(o)                                                                                 \
    {                                                                                              \
        LINE_ATTACKS(o, 0), LINE_ATTACKS(o, 1), LINE_ATTACKS(o, 2), LINE_ATTACKS(o, 3),            \
            LINE_ATTACKS(o, 4), LINE_ATTACKS(o, 5), LINE_ATTACKS(o, 6), LINE_ATTACKS(o, 7)         \
    }
#define EIGHT_OCCUPANCIES(o)                                                                       \
    BY_FILE(o), BY_FILE(o + 1), BY_FILE(o + 2), BY_FILE(o + 3), BY_FILE(o + 4), BY_FILE(o + 5),    \
        BY_FILE(o + 6), BY_FILE(o + 7)
static const uint8_t line_attacks[64][8] = {
    EIGHT_OCCUPANCIES(0),  EIGHT_OCCUPANCIES(8),  EIGHT_OCCUPANCIES(16), EIGHT_OCCUPANCIES(24),
    EIGHT_OCCUPANCIES(32), EIGHT_OCCUPANCIES(40), EIGHT_OCCUPANCIES(48), EIGHT_OCCUPANCIES(56)};

/* Slider attacks by "kindergarten" bitboards: a line's inner pieces
 * gathered into 6 bits by one multiplication, the line's attacks from the
 * 512-byte table above, spread back by another. No loop, and a table that
 * stays in the cache (magic tables take most of a megabyte; testing each
 * piece on a line against the 32 KB between table misses the cache and
 * mispredicts its loop). */
static inline bitboard rank_attacks(unsigned square, bitboard occupied)
{
    unsigned inner = (unsigned)(occupied >> ((square & 56u) + 1)) & 63u;
    return (bitboard)line_attacks[inner][square & 7u] << (square & 56u);
}

/* A diagonal's (or rank's) pieces, one a file, gathered on the top 6 bits
 * by the B file; the attacks spread back to every rank and cut by it. */
static inline bitboard diagonal_line_attacks(bitboard line, unsigned square, bitboard occupied)
{
    unsigned inner = (unsigned)(((line & occupied) * 0x0202020202020202ull) >> 58);
    return line & (line_attacks[inner][square & 7u] * 0x0101010101010101ull);
}

/* A file's pieces shifted to the A file and gathered (ranks 7 to 2 on bits
 * 0-5, so upside down); the attacks, read upside down too, turned back onto
 * the A file by a multiplication and shifted to the file. */
static inline bitboard file_attacks(unsigned square, bitboard occupied)
{
    bitboard a_file = 0x0101010101010101ull & (occupied >> (square & 7u));
    unsigned inner = (unsigned)((a_file * 0x0080402010080400ull) >> 58);
    bitboard upside_down = line_attacks[inner][7u - (square >> 3)];
    return (((upside_down * 0x8040201008040201ull) >> 7) & 0x0101010101010101ull) << (square & 7u);
}

static inline bitboard straight_attacks(unsigned square, bitboard occupied)
{
    return rank_attacks(square, occupied) | file_attacks(square, occupied);
}

static inline bitboard diagonal_attacks(unsigned square, bitboard occupied)
{
    return diagonal_line_attacks(diagonal_lines[0][square], square, occupied) |
           diagonal_line_attacks(diagonal_lines[1][square], square, occupied);
}

#define GENERATE_CAPTURES seebatch_generate_captures_kindergarten
#include "captures_body.h"
