/*
 * The AVX-512 intrinsics of lib/avx512/lanes.h without AVX-512, for the test
 * build SEEBATCH_AVX512_EMULATED=ON only: SIMDe's portable versions (Debian's
 * libsimde-dev), and here the few its 0.7.4 lacks, written from Intel's
 * descriptions of them. With it a CPU that has AVX2 alone runs the AVX-512
 * kernel's own lines, lane for lane, through the differential harness, so CI
 * on such a CPU cannot hide a fault of the wider kernel. Never a build to use:
 * it is slower than the AVX2 kernel.
 *
 * The masked loads and stores touch only the elements their mask names, as
 * the instructions do, so the sanitizers see an overrun the hardware would
 * have made.
 */
#ifndef SEEBATCH_AVX512_EMULATED_H
#define SEEBATCH_AVX512_EMULATED_H

#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>
#include <stdint.h>
#include <string.h>

#define EMULATED static inline __attribute__((always_inline))

/* A 512-bit vector from its two 256-bit halves. */
EMULATED simde__m512i emulated_halves(simde__m256i low, simde__m256i high)
{
    return simde_mm512_inserti64x4(simde_mm512_castsi256_si512(low), high, 1);
}

/* Eight unsigned 16-bit numbers, each widened to 64 bits: AVX2 widens four. */
EMULATED simde__m512i emulated_cvtepu16_epi64(simde__m128i packed)
{
    return emulated_halves(simde_mm256_cvtepu16_epi64(packed),
                           simde_mm256_cvtepu16_epi64(simde_mm_srli_si128(packed, 8)));
}

/* Eight unsigned 32-bit numbers, each widened to 64 bits. */
EMULATED simde__m512i emulated_cvtepu32_epi64(simde__m256i packed)
{
    return emulated_halves(simde_mm256_cvtepu32_epi64(simde_mm256_castsi256_si128(packed)),
                           simde_mm256_cvtepu32_epi64(simde_mm256_extracti128_si256(packed, 1)));
}

/* Each unsigned 64-bit lane as the nearest double. */
EMULATED simde__m512d emulated_cvtepu64_pd(simde__m512i x)
{
    uint64_t in[8];
    double out[8];
    simde_mm512_storeu_si512(in, x);
    for (unsigned i = 0; i < 8; i++)
        out[i] = (double)in[i];
    return simde_mm512_loadu_pd(out);
}

/* base[index * scale bytes] in each lane. */
EMULATED simde__m512i emulated_i64gather_epi64(simde__m512i index, const void *base, int scale)
{
    int64_t at[8];
    uint64_t out[8];
    simde_mm512_storeu_si512(at, index);
    for (unsigned i = 0; i < 8; i++)
        memcpy(&out[i], (const char *)base + at[i] * scale, sizeof out[i]);
    return simde_mm512_loadu_si512(out);
}

/* Within each 128-bit chunk, dword j takes dword (order >> 2j) & 3. */
EMULATED simde__m512i emulated_shuffle_epi32(simde__m512i x, int order)
{
    uint32_t in[16], out[16];
    simde_mm512_storeu_si512(in, x);
    for (unsigned i = 0; i < 16; i++)
        out[i] = in[(i & ~3u) + (((unsigned)order >> (2 * (i & 3))) & 3)];
    return simde_mm512_loadu_si512(out);
}

/* Element i (of `size` bytes, `count` of them) copied where mask bit i is
 * set; nothing else read or written. */
EMULATED void emulated_masked_copy(void *to, const void *from, unsigned mask, unsigned count,
                                   size_t size)
{
    for (unsigned i = 0; i < count; i++)
        if (mask >> i & 1)
            memcpy((char *)to + size * i, (const char *)from + size * i, size);
}

/* Masked loads: 0 where the mask bit is clear. */
EMULATED simde__m128i emulated_maskz_loadu_epi16(simde__mmask8 mask, const void *from)
{
    uint16_t out[8] = {0};
    emulated_masked_copy(out, from, mask, 8, sizeof out[0]);
    return simde_mm_loadu_si128(out);
}

EMULATED simde__m256i emulated_maskz_loadu_epi32(simde__mmask8 mask, const void *from)
{
    uint32_t out[8] = {0};
    emulated_masked_copy(out, from, mask, 8, sizeof out[0]);
    return simde_mm256_loadu_si256(out);
}

/* Masked stores: memory where the mask bit is clear stays as it was. */
EMULATED void emulated_mask_storeu_epi32(void *to, simde__mmask8 mask, simde__m256i x)
{
    uint32_t in[8];
    simde_mm256_storeu_si256(in, x);
    emulated_masked_copy(to, in, mask, 8, sizeof in[0]);
}

EMULATED void emulated_mask_storeu_epi8(void *to, simde__mmask16 mask, simde__m128i x)
{
    uint8_t in[16];
    simde_mm_storeu_si128(in, x);
    emulated_masked_copy(to, in, mask, 16, sizeof in[0]);
}

/* Byte i is `byte` where mask bit i is set, else 0. */
EMULATED simde__m128i emulated_maskz_set1_epi8(simde__mmask16 mask, char byte)
{
    uint8_t out[16];
    for (unsigned i = 0; i < 16; i++)
        out[i] = mask >> i & 1 ? (uint8_t)byte : 0;
    return simde_mm_loadu_si128(out);
}

/* The compiler's own declarations of these names need AVX-512: the names
 * are taken over here as SIMDe takes over the rest (clang declares three of
 * them as macros, undefined first). */
#undef _mm512_shuffle_i64x2
#undef _mm512_i64gather_epi64
#undef _mm512_shuffle_epi32
#define _mm512_shuffle_i64x2(a, b, order) simde_mm512_shuffle_i64x2(a, b, order) /* no alias */
#define _mm512_cvtepu16_epi64(a) emulated_cvtepu16_epi64(a)
#define _mm512_cvtepu32_epi64(a) emulated_cvtepu32_epi64(a)
#define _mm512_cvtepu64_pd(a) emulated_cvtepu64_pd(a)
#define _mm512_i64gather_epi64(index, base, scale) emulated_i64gather_epi64(index, base, scale)
#define _mm512_shuffle_epi32(a, order) emulated_shuffle_epi32(a, (int)(order))
#define _mm_maskz_loadu_epi16(mask, from) emulated_maskz_loadu_epi16(mask, from)
#define _mm256_maskz_loadu_epi32(mask, from) emulated_maskz_loadu_epi32(mask, from)
#define _mm256_mask_storeu_epi32(to, mask, x) emulated_mask_storeu_epi32(to, mask, x)
#define _mm_mask_storeu_epi8(to, mask, x) emulated_mask_storeu_epi8(to, mask, x)
#define _mm_maskz_set1_epi8(mask, byte) emulated_maskz_set1_epi8(mask, byte)

#undef EMULATED
#endif
