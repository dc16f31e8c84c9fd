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

EMULATED simde__m512i emulated_from_u64(const uint64_t out[8])
{
    return simde_mm512_loadu_si512(out);
}

/* Eight unsigned 16-bit numbers, each widened to 64 bits. */
EMULATED simde__m512i emulated_cvtepu16_epi64(simde__m128i packed)
{
    uint16_t in[8];
    uint64_t out[8];
    simde_mm_storeu_si128(in, packed);
    for (unsigned i = 0; i < 8; i++)
        out[i] = in[i];
    return emulated_from_u64(out);
}

/* Eight unsigned 32-bit numbers, each widened to 64 bits. */
EMULATED simde__m512i emulated_cvtepu32_epi64(simde__m256i packed)
{
    uint32_t in[8];
    uint64_t out[8];
    simde_mm256_storeu_si256(in, packed);
    for (unsigned i = 0; i < 8; i++)
        out[i] = in[i];
    return emulated_from_u64(out);
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
    return emulated_from_u64(out);
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

/* Element i from memory where mask bit i is set, else 0; nothing else read. */
EMULATED simde__m128i emulated_maskz_loadu_epi16(simde__mmask8 mask, const void *from)
{
    uint16_t out[8] = {0};
    for (unsigned i = 0; i < 8; i++)
        if (mask >> i & 1)
            memcpy(&out[i], (const char *)from + 2 * i, 2);
    return simde_mm_loadu_si128(out);
}

EMULATED simde__m256i emulated_maskz_loadu_epi32(simde__mmask8 mask, const void *from)
{
    uint32_t out[8] = {0};
    for (unsigned i = 0; i < 8; i++)
        if (mask >> i & 1)
            memcpy(&out[i], (const char *)from + 4 * i, 4);
    return simde_mm256_loadu_si256(out);
}

/* Element i to memory where mask bit i is set; nothing else written. */
EMULATED void emulated_mask_storeu_epi32(void *to, simde__mmask8 mask, simde__m256i x)
{
    uint32_t in[8];
    simde_mm256_storeu_si256(in, x);
    for (unsigned i = 0; i < 8; i++)
        if (mask >> i & 1)
            memcpy((char *)to + 4 * i, &in[i], 4);
}

EMULATED void emulated_mask_storeu_epi8(void *to, simde__mmask16 mask, simde__m128i x)
{
    uint8_t in[16];
    simde_mm_storeu_si128(in, x);
    for (unsigned i = 0; i < 16; i++)
        if (mask >> i & 1)
            ((uint8_t *)to)[i] = in[i];
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
 * are taken over here as SIMDe takes over the rest. */
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
