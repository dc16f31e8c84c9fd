/*
 * Four 64-bit lanes, one capture each: the lane vocabulary the kernel body
 * (lib/lanes/) is written in, for AVX2. A lane mask is a vector here, all
 * ones in a lane that is set. Only files compiled for AVX2 (lib/avx2/) may
 * include this.
 */
#ifndef SEEBATCH_AVX2_LANES_H
#define SEEBATCH_AVX2_LANES_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "board/bitboard.h"
#include "seebatch.h"

#define SEEBATCH_LANE_VOCABULARY 1
#define INLINE static inline __attribute__((always_inline))

/* Whether a table look-up by lane (a gather) is the cheaper way where
 * shifts and masks can replace it: for four lanes about as cheap as they
 * are, so knights and kings are looked up (lanes/attackers.h), and so is
 * the first pin test (lanes/pin_filter.h). */
enum { GATHERS_ARE_CHEAP = 1 };

enum { LANES = 4 };

typedef __m256i lanes;
typedef __m256i lane_mask;

/* Bits */
INLINE lanes broadcast(uint64_t bits) { return _mm256_set1_epi64x((long long)bits); }
INLINE lanes none_set(void) { return _mm256_setzero_si256(); }
INLINE lanes both(lanes a, lanes b) { return _mm256_and_si256(a, b); }
INLINE lanes either(lanes a, lanes b) { return _mm256_or_si256(a, b); }
INLINE lanes but_not(lanes a, lanes b) { return _mm256_andnot_si256(b, a); }
INLINE lanes toggle(lanes a, lanes b) { return _mm256_xor_si256(a, b); }
INLINE lanes add64(lanes a, lanes b) { return _mm256_add_epi64(a, b); }
INLINE lanes sub64(lanes a, lanes b) { return _mm256_sub_epi64(a, b); }
INLINE lanes shift_up(lanes x, int n) { return _mm256_slli_epi64(x, n); }
INLINE lanes shift_down(lanes x, int n) { return _mm256_srli_epi64(x, n); }
INLINE lanes shift_up_by(lanes x, lanes n) { return _mm256_sllv_epi64(x, n); }
INLINE lanes shift_down_by(lanes x, lanes n) { return _mm256_srlv_epi64(x, n); }
INLINE lanes byte_swap(lanes x)
{
    return _mm256_shuffle_epi8(x, _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10,
                                                   9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11,
                                                   10, 9, 8));
}
/* The square of each lane's one set bit (every lane a power of two): the
 * bits below it counted, a nibble at a time by table, then summed per lane.
 * (AVX2 converts no 64-bit number to a double.) */
INLINE lanes square_of_bit(lanes bit)
{
    const __m256i counts_of = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1,
                                               1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    lanes below = sub64(bit, broadcast(1));
    __m256i low = _mm256_shuffle_epi8(counts_of, both(below, nibble));
    __m256i high = _mm256_shuffle_epi8(counts_of, both(_mm256_srli_epi16(below, 4), nibble));
    return _mm256_sad_epu8(_mm256_add_epi8(low, high), _mm256_setzero_si256());
}
/* table[index] in each lane. */
INLINE lanes look_up(const bitboard *table, lanes index)
{
    return _mm256_i64gather_epi64((const long long *)table, index, 8);
}

/* Values: 32-bit numbers written in both halves of their lane (pairs). */
INLINE lanes pair(int32_t value) { return _mm256_set1_epi32(value); }
INLINE lanes as_pair(lanes x) { return _mm256_shuffle_epi32(x, 0xA0); } /* the low half in both */
INLINE lanes plus(lanes a, lanes b) { return _mm256_add_epi32(a, b); }
INLINE lanes minus(lanes a, lanes b) { return _mm256_sub_epi32(a, b); }
INLINE lanes max32(lanes a, lanes b) { return _mm256_max_epi32(a, b); }
INLINE lanes min32(lanes a, lanes b) { return _mm256_min_epi32(a, b); }

/* Lane masks */
INLINE lane_mask equal(lanes a, lanes b) { return _mm256_cmpeq_epi64(a, b); }
INLINE lane_mask greater(lanes a, lanes b) { return _mm256_cmpgt_epi64(a, b); }
INLINE lane_mask is_zero(lanes x) { return equal(x, none_set()); }
INLINE lane_mask not_zero(lanes x) { return is_zero(is_zero(x)); }
INLINE lane_mask equal_pairs(lanes a, lanes b) { return _mm256_cmpeq_epi32(a, b); }
/* x has a bit in common with a and one with b. */
INLINE lane_mask holds_both(lanes x, lanes a, lanes b)
{
    return _mm256_andnot_si256(_mm256_or_si256(is_zero(both(x, a)), is_zero(both(x, b))),
                               _mm256_set1_epi64x(-1));
}
INLINE lane_mask all_of(lanes x, lanes bits)
{
    return equal(both(x, bits), bits);
} /* x holds all of bits */
INLINE lanes keep(lane_mask m, lanes x) { return _mm256_and_si256(m, x); }
INLINE lanes drop(lanes x, lane_mask m) { return _mm256_andnot_si256(m, x); }
INLINE lanes choose(lane_mask m, lanes if_set, lanes if_clear)
{
    return _mm256_blendv_epi8(if_clear, if_set, m);
}
INLINE lanes mask_as_lanes(lane_mask m) { return m; } /* -1 where set, 0 elsewhere */
INLINE lane_mask mask_and(lane_mask a, lane_mask b) { return _mm256_and_si256(a, b); }
INLINE lane_mask mask_or(lane_mask a, lane_mask b) { return _mm256_or_si256(a, b); }
INLINE lane_mask mask_but_not(lane_mask a, lane_mask b) { return _mm256_andnot_si256(b, a); }
INLINE int any(lane_mask m) { return !_mm256_testz_si256(m, m); }
INLINE int any_bits(lanes x) { return !_mm256_testz_si256(x, x); } /* a bit set in some lane */
INLINE unsigned lane_bits(lane_mask m)
{
    return (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(m));
}
INLINE lane_mask first_lanes(size_t count) /* lanes 0 .. count - 1 */
{
    return greater(_mm256_set1_epi64x((long long)count), _mm256_setr_epi64x(0, 1, 2, 3));
}
INLINE lane_mask no_lane(void) { return none_set(); }
INLINE lane_mask only_lane(unsigned lane)
{
    return equal(_mm256_setr_epi64x(0, 1, 2, 3), broadcast(lane));
}

/* Lanes from numbers in registers, and back. A vector read of numbers just
 * stored one by one would wait for the stores to reach the cache. */
INLINE lanes from_numbers(const uint64_t v[LANES])
{
    return _mm256_setr_epi64x((long long)v[0], (long long)v[1], (long long)v[2], (long long)v[3]);
}
INLINE void to_numbers(uint64_t v[LANES], lanes x) { _mm256_storeu_si256((__m256i *)v, x); }

/*
 * Type codes run pawn 0 .. king 5. The value of a piece is looked up by its
 * code negated (what the bit choices of a step spell out, see exchange.h),
 * modulo 8 as the permute reads it: pawn 0, king 3 (worth 0), queen 4, rook
 * 5, bishop 6, knight 7.
 */
INLINE lanes value_table(const seebatch_rules *rules)
{
    const int32_t *v = rules->value;
    /* value[1..4] are knight, bishop, rook, queen: reversed, they fill 4..7. */
    __m128i pieces = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&v[SEEBATCH_KNIGHT]), 0x1B);
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_cvtsi32_si128(v[SEEBATCH_PAWN])),
                                   pieces, 1);
}

INLINE lanes value_of(lanes table, lanes negated_code)
{
    return _mm256_permutevar8x32_epi32(table, negated_code);
}

/* The first `count` moves, one per lane; lanes past `count` read move 0
 * (a1a1). Short groups are read move by move, never past the array, and put
 * together in a register. */
INLINE lanes load_moves(const seebatch_move *moves, size_t count)
{
    uint64_t packed;
    if (count >= LANES) {
        __builtin_memcpy(&packed, moves, sizeof packed);
    } else {
        packed = moves[0];
        if (count >= 2)
            packed |= (uint64_t)moves[1] << 16;
        if (count >= 3)
            packed |= (uint64_t)moves[2] << 32;
    }
    return _mm256_cvtepu16_epi64(_mm_cvtsi64_si128((long long)packed));
}

/* The first `count` board indices, one per lane; lanes past `count` read
 * board 0. Short groups are read index by index, never past the array. */
INLINE lanes load_indices(const uint32_t *indices, size_t count)
{
    if (count >= LANES)
        return _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)indices));
    uint32_t first[LANES] = {0};
    for (size_t lane = 0; lane < count; lane++)
        first[lane] = indices[lane];
    return _mm256_cvtepu32_epi64(_mm_setr_epi32((int)first[0], (int)first[1], (int)first[2], 0));
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

/* The first eight bitboards of each board (pieces[0..5], colors[0..1]), one
 * board per lane: rows[k] holds bitboard k of every board. */
INLINE void board_rows(const seebatch_board *const boards[LANES], lanes rows[8])
{
    transpose(_mm256_loadu_si256((const __m256i *)&boards[0]->pieces[0]),
              _mm256_loadu_si256((const __m256i *)&boards[1]->pieces[0]),
              _mm256_loadu_si256((const __m256i *)&boards[2]->pieces[0]),
              _mm256_loadu_si256((const __m256i *)&boards[3]->pieces[0]), rows);
    transpose(_mm256_loadu_si256((const __m256i *)&boards[0]->pieces[4]),
              _mm256_loadu_si256((const __m256i *)&boards[1]->pieces[4]),
              _mm256_loadu_si256((const __m256i *)&boards[2]->pieces[4]),
              _mm256_loadu_si256((const __m256i *)&boards[3]->pieces[4]), rows + 4);
}

/* Writes the low halves of the first `count` lanes (at most LANES). */
INLINE void store_values(int32_t *values, lanes answers, size_t count)
{
    __m128i low = _mm256_castsi256_si128(
        _mm256_permutevar8x32_epi32(answers, _mm256_setr_epi32(0, 2, 4, 6, 0, 0, 0, 0)));
    if (count >= LANES) {
        _mm_storeu_si128((__m128i *)values, low);
    } else {
        __m128i keep_lanes =
            _mm_cmpgt_epi32(_mm_set1_epi32((int)count), _mm_setr_epi32(0, 1, 2, 3));
        _mm_maskstore_epi32(values, keep_lanes, low);
    }
}

/* Writes 1 or 0 for each of the first `count` lanes (at most LANES): lane
 * k's bit moved to byte k by one multiply (its four products land on bits
 * of their own, so nothing carries), not a store per lane. */
INLINE void store_flags(uint8_t *flags, lane_mask m, size_t count)
{
    uint32_t bytes = (lane_bits(m) * 0x00204081u) & 0x01010101u;
    if (count >= LANES) {
        __builtin_memcpy(flags, &bytes, sizeof bytes);
        return;
    }
    for (size_t lane = 0; lane < count; lane++)
        flags[lane] = (uint8_t)(bytes >> (8 * lane));
}

#endif
