/*
 * Four 64-bit lanes, one capture each: the vocabulary of the AVX2 kernel
 * (see see_avx2.c), and the configuration and boards as lanes. Only files
 * compiled for AVX2 (src/avx2/) may include this.
 */
#ifndef SEEBATCH_AVX2_LANES_H
#define SEEBATCH_AVX2_LANES_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "bitboard.h"
#include "seebatch.h"

#define INLINE static inline __attribute__((always_inline))

enum { LANES = 4 };

typedef __m256i lanes;

INLINE lanes broadcast(uint64_t bits) { return _mm256_set1_epi64x((long long)bits); }
INLINE lanes pair(int32_t value) { return _mm256_set1_epi32(value); }
INLINE lanes none_set(void) { return _mm256_setzero_si256(); }
INLINE lanes is_zero(lanes x) { return _mm256_cmpeq_epi64(x, none_set()); }
INLINE lanes both(lanes a, lanes b) { return _mm256_and_si256(a, b); }
INLINE lanes either(lanes a, lanes b) { return _mm256_or_si256(a, b); }
INLINE lanes but_not(lanes a, lanes b) { return _mm256_andnot_si256(b, a); }
INLINE lanes toggle(lanes a, lanes b) { return _mm256_xor_si256(a, b); }
INLINE lanes choose(lanes mask, lanes if_set, lanes if_clear)
{
    return _mm256_blendv_epi8(if_clear, if_set, mask);
}
INLINE lanes plus(lanes a, lanes b) { return _mm256_add_epi32(a, b); }
INLINE lanes minus(lanes a, lanes b) { return _mm256_sub_epi32(a, b); }
INLINE lanes max32(lanes a, lanes b) { return _mm256_max_epi32(a, b); }
INLINE lanes min32(lanes a, lanes b) { return _mm256_min_epi32(a, b); }
INLINE int any(lanes mask) { return !_mm256_testz_si256(mask, mask); }
INLINE unsigned lane_bits(lanes mask) { return (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(mask)); }

/*
 * Type codes run pawn 0 .. king 5. The value of a piece is looked up by its
 * code negated (what the bit choices of a step spell out, see step), modulo
 * 8 as the permute reads it: pawn 0, king 3 (worth 0), queen 4, rook 5,
 * bishop 6, knight 7.
 */
INLINE lanes value_table(const seebatch_config *config)
{
    const int32_t *v = config->values;
    /* values[1..4] are knight, bishop, rook, queen: reversed, they fill 4..7. */
    __m128i pieces = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&v[SEEBATCH_KNIGHT]), 0x1B);
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_cvtsi32_si128(v[SEEBATCH_PAWN])), pieces, 1);
}

INLINE lanes value_of(lanes table, lanes negated_code)
{
    return _mm256_permutevar8x32_epi32(table, negated_code);
}

/* What the lanes need of their boards. */
typedef struct board_lanes {
    lanes white, black;
    lanes ones, twos, fours; /* the pieces whose type code has bit 0, 1, 2 */
    lanes pawns, knights, kings;
    lanes diagonal, straight; /* the sliders along diagonals, and along ranks and files */
} board_lanes;

INLINE void derive_board_lanes(board_lanes *b, lanes pawn, lanes knight, lanes bishop, lanes rook, lanes queen,
                               lanes king, lanes white, lanes black)
{
    b->white = white;
    b->black = black;
    b->ones = either(either(knight, rook), king);
    b->twos = either(bishop, rook);
    b->fours = either(queen, king);
    b->pawns = pawn;
    b->knights = knight;
    b->kings = king;
    b->diagonal = either(bishop, queen);
    b->straight = either(rook, queen);
}

INLINE void one_board_lanes(board_lanes *b, const seebatch_board *board)
{
    const bitboard *p = board->pieces;
    derive_board_lanes(b, broadcast(p[SEEBATCH_PAWN]), broadcast(p[SEEBATCH_KNIGHT]), broadcast(p[SEEBATCH_BISHOP]),
                       broadcast(p[SEEBATCH_ROOK]), broadcast(p[SEEBATCH_QUEEN]), broadcast(p[SEEBATCH_KING]),
                       broadcast(board->colors[SEEBATCH_WHITE]), broadcast(board->colors[SEEBATCH_BLACK]));
}

/* Four qwords of each of four rows, turned into four rows of lanes. */
INLINE void transpose(lanes r0, lanes r1, lanes r2, lanes r3, lanes out[4])
{
    lanes t0 = _mm256_unpacklo_epi64(r0, r1), t1 = _mm256_unpackhi_epi64(r0, r1);
    lanes t2 = _mm256_unpacklo_epi64(r2, r3), t3 = _mm256_unpackhi_epi64(r2, r3);
    out[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    out[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    out[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    out[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

/* Four boards, one per lane: pieces[0..5] and colors[0..1] are the first 64
 * bytes of each, read as two rows of four qwords and transposed. */
_Static_assert(offsetof(seebatch_board, colors) == SEEBATCH_PIECE_TYPES * sizeof(uint64_t),
               "four_board_lanes reads colors right after pieces");
INLINE void four_board_lanes(board_lanes *b, const seebatch_board *const boards[LANES])
{
    lanes low[4], high[4];
    transpose(_mm256_loadu_si256((const __m256i *)&boards[0]->pieces[0]),
              _mm256_loadu_si256((const __m256i *)&boards[1]->pieces[0]),
              _mm256_loadu_si256((const __m256i *)&boards[2]->pieces[0]),
              _mm256_loadu_si256((const __m256i *)&boards[3]->pieces[0]), low);
    transpose(_mm256_loadu_si256((const __m256i *)&boards[0]->pieces[4]),
              _mm256_loadu_si256((const __m256i *)&boards[1]->pieces[4]),
              _mm256_loadu_si256((const __m256i *)&boards[2]->pieces[4]),
              _mm256_loadu_si256((const __m256i *)&boards[3]->pieces[4]), high);
    derive_board_lanes(b, low[0], low[1], low[2], low[3], high[0], high[1], high[2], high[3]);
}

/* The type code of the piece on each lane's square, negated, as a 32-bit
 * pair; an empty square reads as a pawn. */
INLINE lanes negated_code_on(const board_lanes *b, lanes bit)
{
    lanes four = _mm256_cmpeq_epi64(both(b->fours, bit), bit);
    lanes two = _mm256_cmpeq_epi64(both(b->twos, bit), bit);
    lanes one = _mm256_cmpeq_epi64(both(b->ones, bit), bit);
    lanes code = plus(plus(four, four), two);
    return plus(plus(code, code), one);
}

#endif
