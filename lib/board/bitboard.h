/* Small bitboard helpers shared by every file of the library. */
#ifndef SEEBATCH_BITBOARD_H
#define SEEBATCH_BITBOARD_H

#include <stdint.h>

#include "seebatch.h"

typedef uint64_t bitboard;

static inline bitboard seebatch_square_bit(unsigned square) { return (bitboard)1 << square; }
/* Always inlined: UBSan's zero check would outline it, a function of the
 * library without the seebatch_ prefix (symbols_prefixed). */
static inline __attribute__((always_inline)) unsigned lowest_square(bitboard b)
{
    return (unsigned)__builtin_ctzll(b);
}
static inline bitboard lowest_bit(bitboard b) { return b & (0 - b); }
/* The bits set. On x86-64 built for any CPU, __builtin_popcountll is a call
 * into libgcc of some twenty instructions: halving sums there instead
 * (files built for POPCNT get the instruction). */
static inline int popcount(bitboard b)
{
#if defined(__x86_64__) && !defined(__POPCNT__)
    b -= (b >> 1) & 0x5555555555555555ull;
    b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((b * 0x0101010101010101ull) >> 56);
#else
    return __builtin_popcountll(b);
#endif
}
static inline int more_than_one(bitboard b) { return (b & (b - 1)) != 0; }

static inline unsigned file_of(unsigned square) { return square & 7u; }
static inline unsigned rank_of(unsigned square) { return square >> 3; }

static inline bitboard occupied_squares(const seebatch_board *board)
{
    return board->colors[SEEBATCH_WHITE] | board->colors[SEEBATCH_BLACK];
}

/* The square of the pawn an en passant capture onto `to` by `mover` takes:
 * the one it passed. Masked, so a move that breaks the en passant
 * precondition still names a square on the board. */
static inline unsigned en_passant_victim(unsigned to, unsigned mover)
{
    return (mover == SEEBATCH_WHITE ? to - 8 : to + 8) & 63u;
}

/* The last rank of a colour: where its pawns promote. */
static inline bitboard promotion_rank(unsigned color)
{
    return color == SEEBATCH_WHITE ? 0xFF00000000000000ull : 0xFFull;
}

/* The piece types as three bit planes: bit[k] holds the squares whose type
 * number (pawn 0 .. king 5) has bit k, so knight, rook and king are in
 * bit[0], bishop and rook in bit[1], queen and king in bit[2]. Reading a type
 * from them takes no branch, where a loop that stops at the type found
 * mispredicts its exit on most calls. The squares of `as_seven` are added to
 * every plane and read as 7 (the kernels give 7 the value 0 for an empty
 * square); with as_seven 0 an empty square reads as a pawn. */
typedef struct type_planes {
    bitboard bit[3];
} type_planes;

static inline type_planes type_planes_of(const seebatch_board *board, bitboard as_seven)
{
    const bitboard *p = board->pieces;
    type_planes planes = {{p[SEEBATCH_KNIGHT] | p[SEEBATCH_ROOK] | p[SEEBATCH_KING] | as_seven,
                           p[SEEBATCH_BISHOP] | p[SEEBATCH_ROOK] | as_seven,
                           p[SEEBATCH_QUEEN] | p[SEEBATCH_KING] | as_seven}};
    return planes;
}

/* The type number of `square` in the planes. (Each bit apart, then summed:
 * compilers join them with two address additions.) */
static inline unsigned type_in_planes(const type_planes *planes, unsigned square)
{
    unsigned one = (unsigned)(planes->bit[0] >> square) & 1u;
    unsigned two = (unsigned)(planes->bit[1] >> square) & 1u;
    unsigned four = (unsigned)(planes->bit[2] >> square) & 1u;
    return one + 2 * two + 4 * four;
}

/* The piece type on an occupied square (an empty one reads as a pawn). */
static inline int piece_type_on(const seebatch_board *board, unsigned square)
{
    type_planes planes = type_planes_of(board, 0);
    return (int)type_in_planes(&planes, square);
}

/* The piece type on a square, or -1 when it is empty: the first type whose
 * bitboard holds the square, so a board whose bitboards disagree (one a
 * caller has not checked yet) still reads as one type. */
static inline int piece_type_or_none(const seebatch_board *board, unsigned square)
{
    bitboard bit = seebatch_square_bit(square);
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        if (board->pieces[type] & bit)
            return type;
    return -1;
}

/* The colour of the piece on an occupied square, from the colour bitboards. */
static inline unsigned color_in(const bitboard *colors, unsigned square)
{
    return (colors[SEEBATCH_BLACK] >> square) & 1u;
}

/* The same on a board. */
static inline unsigned color_on(const seebatch_board *board, unsigned square)
{
    return color_in(board->colors, square);
}

/* A piece of that type and colour on the square, added to what is there. */
static inline void put_piece(seebatch_board *board, int type, unsigned color, unsigned square)
{
    board->pieces[type] |= seebatch_square_bit(square);
    board->colors[color] |= seebatch_square_bit(square);
}

/* The castling rights that end when a piece leaves or reaches a square:
 * the kings' and rooks' start squares (a table: no branch in a move's play). */
static inline uint8_t rights_lost_on(unsigned square)
{
    static const uint8_t lost[64] = {
        [0] = SEEBATCH_CASTLE_WHITE_QUEENSIDE,
        [4] = SEEBATCH_CASTLE_WHITE_KINGSIDE | SEEBATCH_CASTLE_WHITE_QUEENSIDE,
        [7] = SEEBATCH_CASTLE_WHITE_KINGSIDE,
        [56] = SEEBATCH_CASTLE_BLACK_QUEENSIDE,
        [60] = SEEBATCH_CASTLE_BLACK_KINGSIDE | SEEBATCH_CASTLE_BLACK_QUEENSIDE,
        [63] = SEEBATCH_CASTLE_BLACK_KINGSIDE};
    return lost[square & 63u];
}

#endif
