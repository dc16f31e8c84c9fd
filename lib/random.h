/*
 * The one pseudo-random generator of the project: splitmix64 (Steele, Lea
 * and Flood), whose whole state is one 64-bit word, so a seed reproduces a
 * run exactly. SEE draws nothing; the training filter's seeded skips
 * (training/filtering/filter_trainer.c), interleave, the position and self-play generators and
 * the tests draw with it. It sits at lib/'s root, on the bottom floor,
 * includes nothing of the library, and none of its users is lifted above
 * another by it.
 */
#ifndef SEEBATCH_RANDOM_H
#define SEEBATCH_RANDOM_H

#include <stddef.h>
#include <stdint.h>

/* splitmix64's finaliser: every input bit reaches every output bit, so it
 * also hashes (the filter's seeded draws). */
static inline uint64_t random_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The next number of the sequence whose state is *state. */
static inline uint64_t random_next(uint64_t *state)
{
    return random_mix(*state += 0x9E3779B97F4A7C15ull);
}

/* Shuffles moves and their board indices by one permutation (Fisher-Yates)
 * drawn from *state: a batch whose neighbouring moves name other boards. */
static inline void random_shuffle_moves(uint16_t *moves, uint32_t *board_of, size_t count,
                                        uint64_t *state)
{
    for (size_t i = count; i > 1; i--) {
        size_t j = (size_t)(random_next(state) % i);
        uint16_t move = moves[i - 1];
        uint32_t board = board_of[i - 1];
        moves[i - 1] = moves[j];
        board_of[i - 1] = board_of[j];
        moves[j] = move;
        board_of[j] = board;
    }
}

#endif
