/* Byte-level helpers both binpack directions share: big-endian fields and
 * the folding of signed values (the sign goes to the lowest bit, and a
 * negative value's other bits are inverted, so small magnitudes stay small). */
#ifndef SEEBATCH_FORMATS_BINPACK_FIELDS_H
#define SEEBATCH_FORMATS_BINPACK_FIELDS_H

#include <stdint.h>

static inline uint16_t read_be16(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }

static inline void write_be16(uint8_t *p, uint16_t value)
{
    p[0] = (uint8_t)(value >> 8);
    p[1] = (uint8_t)value;
}

static inline int16_t unfold(uint16_t folded)
{
    uint16_t value = (uint16_t)(folded << 15 | folded >> 1);
    if (value & 0x8000u)
        value ^= 0x7FFFu;
    return (int16_t)value;
}

static inline uint16_t fold(int16_t value)
{
    uint16_t bits = (uint16_t)value;
    if (bits & 0x8000u)
        bits ^= 0x7FFFu;
    return (uint16_t)(bits << 1 | bits >> 15);
}

/* Sums and negations of 16-bit scores wrap, as the format's own code does. */
static inline int16_t wrap16(int value) { return (int16_t)(uint16_t)(unsigned)value; }

enum { BINPACK_SCORE_BLOCK = 4 }; /* score difference: 4 bits per block, then a continue bit */

#endif
