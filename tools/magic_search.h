/*
 * The "fancy" magic multipliers of the sliders (one shared attack array, a
 * per-square shift of 64 - popcount(mask)), found with a fixed-seed
 * generator so that every run finds the same: run at build time by
 * tools/generate_attack_tables.c and tools/generate_engine_pair.c, never
 * by the library or the engine pair. Plain C99; every function static
 * inline.
 */
#ifndef SEEBATCH_MAGIC_SEARCH_H
#define SEEBATCH_MAGIC_SEARCH_H

#include "attack_tables_compute.h"

enum { MAX_SUBSETS = 4096 /* 2^12: the largest rook mask */ };

typedef struct magic_result {
    uint64_t mask;
    uint64_t magic;
    unsigned offset; /* index of the square's first entry in the shared array */
    unsigned shift;
} magic_result;

/* The magic search's seed: any fixed nonzero value. */
#define MAGIC_SEED 0x9E3779B97F4A7C15ull

/* Scratch space of the magic search, kept apart from the output. */
typedef struct search_space {
    uint64_t occupancies[MAX_SUBSETS];
    uint64_t references[MAX_SUBSETS];
    uint64_t candidate[MAX_SUBSETS];
    unsigned stamp[MAX_SUBSETS]; /* which attempt wrote candidate[i]: no clearing */
    unsigned attempt;
    uint64_t random_state;
} search_space;

/* xorshift64*: small, fast, and good enough to find magics quickly. */
static inline uint64_t next_random(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1Dull;
}

/* Magics with few bits set are found far faster than uniform random ones. */
static inline uint64_t sparse_random(uint64_t *state)
{
    return next_random(state) & next_random(state) & next_random(state);
}

/* Fills the search space with every subset of mask (carry-rippler) and its
 * attack set; returns the number of subsets. */
static inline unsigned enumerate_subsets(search_space *space, int square,
                                         const direction *directions, uint64_t mask)
{
    unsigned count = 0;
    uint64_t subset = 0;
    do {
        space->occupancies[count] = subset;
        space->references[count] = slider_reference(square, directions, subset);
        count++;
        subset = (subset - mask) & mask;
    } while (subset);
    return count;
}

/* A magic is good when no two occupancies with different attack sets share
 * an index (sharing one with equal sets is a harmless, constructive collision). */
static inline bool magic_works(search_space *space, unsigned count, uint64_t magic, unsigned shift)
{
    unsigned attempt = ++space->attempt;
    for (unsigned i = 0; i < count; i++) {
        unsigned index = (unsigned)((space->occupancies[i] * magic) >> shift);
        if (space->stamp[index] != attempt) {
            space->stamp[index] = attempt;
            space->candidate[index] = space->references[i];
        } else if (space->candidate[index] != space->references[i]) {
            return false;
        }
    }
    return true;
}

/* Finds the magic of one square and copies its attack sets into the shared
 * array at *offset, which it advances. */
static inline magic_result find_magic(search_space *space, int square, const direction *directions,
                                      uint64_t *slider_attacks, unsigned *offset)
{
    magic_result result;
    result.mask = relevant_mask(square, directions);
    result.shift = (unsigned)(64 - count_bits(result.mask));
    result.offset = *offset;
    unsigned count = enumerate_subsets(space, square, directions, result.mask);
    for (;;) {
        uint64_t magic = sparse_random(&space->random_state);
        /* Cheap rejection: the index bits must be spread by the product. */
        if (count_bits((result.mask * magic) >> 56) < 6)
            continue;
        if (magic_works(space, count, magic, result.shift)) {
            result.magic = magic;
            break;
        }
    }
    for (unsigned i = 0; i < count; i++) {
        unsigned index = (unsigned)((space->occupancies[i] * result.magic) >> result.shift);
        slider_attacks[result.offset + index] = space->references[i];
    }
    *offset += count; /* count == 2^popcount(mask): every index is in range */
    return result;
}

/* Finds every square's magic, bishops then rooks, their attack sets in
 * one shared array of SLIDER_ENTRIES; false if the sets do not fill it
 * exactly (a broken search). */
static inline bool find_all_magics(magic_result bishop[64], magic_result rook[64],
                                   uint64_t *attacks, search_space *space)
{
    unsigned offset = 0;
    for (int square = 0; square < 64; square++)
        bishop[square] = find_magic(space, square, bishop_directions, attacks, &offset);
    for (int square = 0; square < 64; square++)
        rook[square] = find_magic(space, square, rook_directions, attacks, &offset);
    return offset == SLIDER_ENTRIES;
}

#endif
