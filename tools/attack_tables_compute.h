/*
 * The attack tables worked out from scratch: slow, obviously-correct ray
 * walking, "fancy" magic multipliers for the sliders (one shared attack
 * array, a per-square shift of 64 - popcount(mask)) found with a fixed-seed
 * generator, so every run finds the same. Shared by the build-time
 * generators: tools/generate_attack_tables.c writes them out as the
 * library's constant data; tools/generate_engine_pair.c writes the magic
 * multipliers alone into the engine pair, whose
 * tools/engine_pair/attack_tables_fill.c fills the tables from them at run
 * time.
 * Plain C99, no intrinsics; every function static inline (each includer
 * uses some of them).
 */
#ifndef SEEBATCH_ATTACK_TABLES_COMPUTE_H
#define SEEBATCH_ATTACK_TABLES_COMPUTE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct direction {
    int file_step;
    int rank_step;
} direction;

static const direction bishop_directions[4] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
static const direction rook_directions[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

enum {
    BISHOP_ENTRIES = 5248, /* sum over squares of 2^popcount(bishop mask) */
    ROOK_ENTRIES = 102400, /* the same for rooks */
    SLIDER_ENTRIES = BISHOP_ENTRIES + ROOK_ENTRIES,
    MAX_SUBSETS = 4096 /* 2^12: the largest rook mask */
};

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

static inline uint64_t bit_at(int file, int rank) { return (uint64_t)1 << (rank * 8 + file); }

static inline bool on_board(int file, int rank)
{
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

static inline int count_bits(uint64_t b)
{
    int count = 0;
    for (; b; b &= b - 1)
        count++;
    return count;
}

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

/* The squares a slider reaches along one direction; the first occupied
 * square is included (it may be captured), nothing beyond it. */
static inline uint64_t ray(int square, direction d, uint64_t occupied)
{
    uint64_t attacks = 0;
    int file = square % 8 + d.file_step, rank = square / 8 + d.rank_step;
    for (; on_board(file, rank); file += d.file_step, rank += d.rank_step) {
        attacks |= bit_at(file, rank);
        if (occupied & bit_at(file, rank))
            break;
    }
    return attacks;
}

static inline uint64_t slider_reference(int square, const direction *directions, uint64_t occupied)
{
    uint64_t attacks = 0;
    for (int i = 0; i < 4; i++)
        attacks |= ray(square, directions[i], occupied);
    return attacks;
}

/* The occupancy that matters along one direction: the ray without its
 * last square, since a piece on the edge blocks nothing further. */
static inline uint64_t ray_mask(int square, direction d)
{
    uint64_t mask = 0;
    int file = square % 8 + d.file_step, rank = square / 8 + d.rank_step;
    for (; on_board(file + d.file_step, rank + d.rank_step);
         file += d.file_step, rank += d.rank_step)
        mask |= bit_at(file, rank);
    return mask;
}

/* The occupancy that matters: the four rays' masks. */
static inline uint64_t relevant_mask(int square, const direction *directions)
{
    uint64_t mask = 0;
    for (int i = 0; i < 4; i++)
        mask |= ray_mask(square, directions[i]);
    return mask;
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

static inline uint64_t leaper(int square, const direction *steps, int step_count)
{
    uint64_t attacks = 0;
    for (int i = 0; i < step_count; i++) {
        int file = square % 8 + steps[i].file_step, rank = square / 8 + steps[i].rank_step;
        if (on_board(file, rank))
            attacks |= bit_at(file, rank);
    }
    return attacks;
}

static inline void fill_leapers(uint64_t knight[64], uint64_t king[64], uint64_t pawn[2][64])
{
    static const direction knight_steps[8] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                              {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const direction king_steps[8] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                            {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const direction white_pawn_steps[2] = {{-1, 1}, {1, 1}};
    static const direction black_pawn_steps[2] = {{-1, -1}, {1, -1}};
    for (int square = 0; square < 64; square++) {
        knight[square] = leaper(square, knight_steps, 8);
        king[square] = leaper(square, king_steps, 8);
        pawn[0][square] = leaper(square, white_pawn_steps, 2);
        pawn[1][square] = leaper(square, black_pawn_steps, 2);
    }
}

static inline int sign(int x) { return (x > 0) - (x < 0); }

/* Fills between for one pair of distinct squares; pairs not on a common
 * rank, file or diagonal keep their zeros. */
static inline void fill_pair(uint64_t between[64][64], int a, int b)
{
    int file_delta = b % 8 - a % 8, rank_delta = b / 8 - a / 8;
    bool aligned = file_delta == 0 || rank_delta == 0 || abs(file_delta) == abs(rank_delta);
    if (!aligned)
        return;
    direction toward = {sign(file_delta), sign(rank_delta)};
    uint64_t b_bit = (uint64_t)1 << b;
    /* From a toward b, stopping at b, then without b itself. */
    between[a][b] = ray(a, toward, b_bit) & ~b_bit;
}

/* The lines through each square on an empty board, without it: [0] its
 * rank and file, [1] its diagonals. */
static inline void fill_lines(uint64_t lines[2][64])
{
    for (int square = 0; square < 64; square++) {
        lines[0][square] = slider_reference(square, rook_directions, 0);
        lines[1][square] = slider_reference(square, bishop_directions, 0);
    }
}

static inline void fill_between(uint64_t between[64][64])
{
    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++)
            if (a != b)
                fill_pair(between, a, b);
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
