/*
 * Eight 64-bit lanes, one capture each: the lane vocabulary the kernel body
 * (lib/lanes/) is written in, for AVX-512 (F, DQ, BW and VL). A lane mask is
 * a mask register here, so compares cost one instruction and masks apply
 * for free to moves, blends and the stores of a batch's last group. Only
 * files compiled for AVX-512 (lib/avx512/) may include this.
 */
#ifndef SEEBATCH_AVX512_LANES_H
#define SEEBATCH_AVX512_LANES_H

#if SEEBATCH_AVX512_EMULATED
#include "avx512/emulated.h" /* a test build without AVX-512 (CMakeLists.txt) */
#else
#include <immintrin.h>
#endif
#include <stddef.h>
#include <stdint.h>

#include "board/bitboard.h"
#include "seebatch.h"

#define SEEBATCH_LANE_VOCABULARY 1
#define INLINE static inline __attribute__((always_inline))

/* Whether a table look-up by lane (a gather) is the cheaper way where
 * shifts and masks can replace it: a gather of eight lanes costs several
 * times the arithmetic (measured with bench/, ratios of builds in one
 * process), so the common path works knights, kings and the pin tests' lines
 * out; look_up stays for the rare paths. */
enum { GATHERS_ARE_CHEAP = 0 };

enum { LANES = 8 };

typedef __m512i lanes;
typedef __mmask8 lane_mask;

/* Bits */
INLINE lanes broadcast(uint64_t bits) { return _mm512_set1_epi64((long long)bits); }
INLINE lanes none_set(void) { return _mm512_setzero_si512(); }
INLINE lanes both(lanes a, lanes b) { return _mm512_and_si512(a, b); }
INLINE lanes either(lanes a, lanes b) { return _mm512_or_si512(a, b); }
INLINE lanes but_not(lanes a, lanes b) { return _mm512_andnot_si512(b, a); }
INLINE lanes toggle(lanes a, lanes b) { return _mm512_xor_si512(a, b); }
INLINE lanes add64(lanes a, lanes b) { return _mm512_add_epi64(a, b); }
INLINE lanes sub64(lanes a, lanes b) { return _mm512_sub_epi64(a, b); }
INLINE lanes shift_up(lanes x, unsigned n) { return _mm512_slli_epi64(x, n); }
INLINE lanes shift_down(lanes x, unsigned n) { return _mm512_srli_epi64(x, n); }
INLINE lanes shift_up_by(lanes x, lanes n) { return _mm512_sllv_epi64(x, n); }
INLINE lanes shift_down_by(lanes x, lanes n) { return _mm512_srlv_epi64(x, n); }
INLINE lanes byte_swap(lanes x)
{
    return _mm512_shuffle_epi8(x, _mm512_broadcast_i32x4(_mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15,
                                                                       14, 13, 12, 11, 10, 9, 8)));
}
/* The square of each lane's one set bit (every lane a power of two): as a
 * double 2^k is exact, and its exponent field holds 1023 + k. */
INLINE lanes square_of_bit(lanes bit)
{
    lanes exponent = shift_down(_mm512_castpd_si512(_mm512_cvtepu64_pd(bit)), 52);
    return sub64(exponent, broadcast(1023));
}
/* table[index] in each lane. */
INLINE lanes look_up(const bitboard *table, lanes index)
{
    return _mm512_i64gather_epi64(index, table, 8);
}

/* Values: 32-bit numbers written in both halves of their lane (pairs). */
INLINE lanes pair(int32_t value) { return _mm512_set1_epi32(value); }
INLINE lanes as_pair(lanes x)
{
    return _mm512_shuffle_epi32(x, (_MM_PERM_ENUM)0xA0);
} /* the low half in both */
INLINE lanes plus(lanes a, lanes b) { return _mm512_add_epi32(a, b); }
INLINE lanes minus(lanes a, lanes b) { return _mm512_sub_epi32(a, b); }
INLINE lanes max32(lanes a, lanes b) { return _mm512_max_epi32(a, b); }
INLINE lanes min32(lanes a, lanes b) { return _mm512_min_epi32(a, b); }

/* Lane masks */
INLINE lane_mask equal(lanes a, lanes b) { return _mm512_cmpeq_epi64_mask(a, b); }
INLINE lane_mask greater(lanes a, lanes b) { return _mm512_cmpgt_epi64_mask(a, b); }
INLINE lane_mask is_zero(lanes x) { return _mm512_testn_epi64_mask(x, x); }
INLINE lane_mask not_zero(lanes x) { return _mm512_test_epi64_mask(x, x); }
/* Pairs are equal when their lanes are. */
INLINE lane_mask equal_pairs(lanes a, lanes b) { return _mm512_cmpeq_epi64_mask(a, b); }
/* x has a bit in common with a and one with b. */
INLINE lane_mask holds_both(lanes x, lanes a, lanes b)
{
    return _mm512_mask_test_epi64_mask(_mm512_test_epi64_mask(x, a), x, b);
}
INLINE lane_mask all_of(lanes x, lanes bits)
{
    return equal(both(x, bits), bits);
} /* x holds all of bits */
INLINE lanes keep(lane_mask m, lanes x) { return _mm512_maskz_mov_epi64(m, x); }
INLINE lanes drop(lanes x, lane_mask m) { return _mm512_maskz_mov_epi64((lane_mask)~m, x); }
INLINE lanes choose(lane_mask m, lanes if_set, lanes if_clear)
{
    return _mm512_mask_blend_epi64(m, if_clear, if_set);
}
INLINE lanes mask_as_lanes(lane_mask m)
{
    return _mm512_movm_epi64(m);
} /* -1 where set, 0 elsewhere */
INLINE lane_mask mask_and(lane_mask a, lane_mask b) { return a & b; }
INLINE lane_mask mask_or(lane_mask a, lane_mask b) { return a | b; }
INLINE lane_mask mask_but_not(lane_mask a, lane_mask b) { return a & (lane_mask)~b; }
INLINE int any(lane_mask m) { return m != 0; }
INLINE int any_bits(lanes x) { return not_zero(x) != 0; } /* a bit set in some lane */
INLINE unsigned lane_bits(lane_mask m) { return m; }
INLINE lane_mask first_lanes(size_t count) /* lanes 0 .. count - 1 */
{
    return (lane_mask)_bzhi_u32(0xFFu, (unsigned)(count < LANES ? count : LANES));
}
INLINE lane_mask no_lane(void) { return 0; }
INLINE lane_mask only_lane(unsigned lane) { return (lane_mask)(1u << lane); }

/* Lanes from numbers in registers, and back. A vector read of numbers just
 * stored one by one would wait for the stores to reach the cache. */
INLINE lanes from_numbers(const uint64_t v[LANES])
{
    return _mm512_set_epi64((long long)v[7], (long long)v[6], (long long)v[5], (long long)v[4],
                            (long long)v[3], (long long)v[2], (long long)v[1], (long long)v[0]);
}
INLINE void to_numbers(uint64_t v[LANES], lanes x) { _mm512_storeu_si512(v, x); }

/*
 * Type codes run pawn 0 .. king 5. The value of a piece is looked up by its
 * code negated (what the bit choices of a step spell out, see exchange.h),
 * modulo 8 as the qword permute reads it: pawn 0, king 3 (worth 0), queen
 * 4, rook 5, bishop 6, knight 7; each entry a pair.
 */
INLINE long long pair_bits(int32_t value) { return (long long)((uint32_t)value * 0x100000001ull); }

INLINE lanes value_table(const seebatch_rules *rules)
{
    const int32_t *v = rules->value;
    return _mm512_set_epi64(pair_bits(v[SEEBATCH_KNIGHT]), pair_bits(v[SEEBATCH_BISHOP]),
                            pair_bits(v[SEEBATCH_ROOK]), pair_bits(v[SEEBATCH_QUEEN]), 0, 0, 0,
                            pair_bits(v[SEEBATCH_PAWN]));
}

INLINE lanes value_of(lanes table, lanes negated_code)
{
    return _mm512_permutexvar_epi64(negated_code, table);
}

/* The first `count` moves, one per lane; lanes past `count` read move 0
 * (a1a1). A masked load never touches the moves past `count`. */
INLINE lanes load_moves(const seebatch_move *moves, size_t count)
{
    __m128i packed = count >= LANES ? _mm_loadu_si128((const __m128i *)moves)
                                    : _mm_maskz_loadu_epi16(first_lanes(count), moves);
    return _mm512_cvtepu16_epi64(packed);
}

/* The first `count` board indices, one per lane; lanes past `count` read
 * board 0. A masked load never touches the indices past `count`. */
INLINE lanes load_indices(const uint32_t *indices, size_t count)
{
    __m256i packed = count >= LANES ? _mm256_loadu_si256((const __m256i *)indices)
                                    : _mm256_maskz_loadu_epi32(first_lanes(count), indices);
    return _mm512_cvtepu32_epi64(packed);
}

/* The first eight bitboards of each board (pieces[0..5], colors[0..1]), one
 * board per lane: rows[k] holds bitboard k of every board. Eight rows of
 * eight qwords, transposed in three rounds of shuffles. */
INLINE void board_rows(const seebatch_board *const boards[LANES], lanes rows[8])
{
    lanes r[8], t[8], u[8];
    for (unsigned i = 0; i < 8; i++)
        r[i] = _mm512_loadu_si512(&boards[i]->pieces[0]);
    for (unsigned i = 0; i < 8; i += 2) {
        t[i] = _mm512_unpacklo_epi64(r[i], r[i + 1]); /* qwords 0, 2, 4, 6 of rows i, i + 1 */
        t[i + 1] = _mm512_unpackhi_epi64(r[i], r[i + 1]);
    }
    for (unsigned half = 0; half < 8; half += 4) {
        u[half + 0] = _mm512_shuffle_i64x2(t[half + 0], t[half + 2], 0x88); /* qwords 0, 4 */
        u[half + 1] = _mm512_shuffle_i64x2(t[half + 0], t[half + 2], 0xDD); /* 2, 6 */
        u[half + 2] = _mm512_shuffle_i64x2(t[half + 1], t[half + 3], 0x88); /* 1, 5 */
        u[half + 3] = _mm512_shuffle_i64x2(t[half + 1], t[half + 3], 0xDD); /* 3, 7 */
    }
    static const unsigned first_of[4] = {0, 2, 1, 3}; /* the qword u[k] holds in its low chunks */
    for (unsigned k = 0; k < 4; k++) {
        rows[first_of[k]] = _mm512_shuffle_i64x2(u[k], u[k + 4], 0x88);
        rows[first_of[k] + 4] = _mm512_shuffle_i64x2(u[k], u[k + 4], 0xDD);
    }
}

/* Writes the low halves of the first `count` lanes (at most LANES). */
INLINE void store_values(int32_t *values, lanes answers, size_t count)
{
    __m256i low = _mm512_cvtepi64_epi32(answers);
    if (count >= LANES)
        _mm256_storeu_si256((__m256i *)values, low);
    else
        _mm256_mask_storeu_epi32(values, first_lanes(count), low);
}

/* Writes 1 or 0 for each of the first `count` lanes (at most LANES). */
INLINE void store_flags(uint8_t *flags, lane_mask m, size_t count)
{
    _mm_mask_storeu_epi8(flags, first_lanes(count), _mm_maskz_set1_epi8(m, 1));
}

#endif
