/*
 * The attack tables worked out from scratch: slow, obviously-correct ray
 * walking (the sliders' masks and attack sets, the leapers, between and
 * lines). The magic search (magic_search.h) builds on it;
 * tools/generate_attack_tables.c writes the tables out as the library's
 * constant data, and the engine pair's tools/engine_pair/attack_tables_fill.c
 * fills them at run time from the multipliers tools/generate_engine_pair.c
 * found and wrote in. Plain C99, no intrinsics; every function static
 * inline (each includer uses some of them).
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
    SLIDER_ENTRIES = BISHOP_ENTRIES + ROOK_ENTRIES
};

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

#endif
