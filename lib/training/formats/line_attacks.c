#include "line_attacks.h"

/* The tables are constant expressions, built here by macros: no
 * initialisation at run time, nothing mutable. */

#define FILE_LINE(sq) ((0x0101010101010101ull << ((sq)&7)) ^ (1ull << (sq)))
/* A line moved up (n > 0) or down (n < 0) by n ranks; both shift counts
 * are kept in 0..63, the branch not taken included. */
#define MOVED(line, n) ((n) >= 0 ? (line) << ((8 * (n)) & 63) : (line) >> ((-8 * (n)) & 63))
/* The a1-h8 diagonal moved to the square's (rank - file). */
#define DIAGONAL_LINE(sq)                                                                          \
    (MOVED(0x8040201008040201ull, (int)((sq) >> 3) - (int)((sq)&7)) ^ (1ull << (sq)))
/* The a8-h1 antidiagonal moved to the square's (rank + file). */
#define ANTIDIAGONAL_LINE(sq)                                                                      \
    (MOVED(0x0102040810204080ull, (int)((sq) >> 3) + (int)((sq)&7) - 7) ^ (1ull << (sq)))
#define LINES(sq)                                                                                  \
    {                                                                                              \
        FILE_LINE(sq), DIAGONAL_LINE(sq), ANTIDIAGONAL_LINE(sq)                                    \
    }
#define LINES8(r)                                                                                  \
    LINES(8 * (r)), LINES(8 * (r) + 1), LINES(8 * (r) + 2), LINES(8 * (r) + 3),                    \
        LINES(8 * (r) + 4), LINES(8 * (r) + 5), LINES(8 * (r) + 6), LINES(8 * (r) + 7)

const square_lines seebatch_square_lines[64] = {LINES8(0), LINES8(1), LINES8(2), LINES8(3),
                                                LINES8(4), LINES8(5), LINES8(6), LINES8(7)};

/* Along one rank, occupancy `occ` (a byte), from file f: up to the nearest
 * blocker above (the h-file counts as one) and down to the nearest below
 * (the a-file counts as one), both included. */
#define HIGHEST8(x)                                                                                \
    ((x)&0x80u   ? 7u                                                                              \
     : (x)&0x40u ? 6u                                                                              \
     : (x)&0x20u ? 5u                                                                              \
     : (x)&0x10u ? 4u                                                                              \
     : (x)&0x08u ? 3u                                                                              \
     : (x)&0x04u ? 2u                                                                              \
     : (x)&0x02u ? 1u                                                                              \
                 : 0u)
#define ABOVE_BLOCKERS(f, occ) (((occ) & (0xFFu & ~((2u << (f)) - 1u))) | 0x80u)
#define BELOW_BLOCKERS(f, occ) (((occ) & ((1u << (f)) - 1u)) | 1u)
#define UP_RAY(f, occ)                                                                             \
    (((ABOVE_BLOCKERS(f, occ) & (0u - ABOVE_BLOCKERS(f, occ))) << 1) - (2u << (f)))
#define DOWN_RAY(f, occ) ((1u << (f)) - (1u << HIGHEST8(BELOW_BLOCKERS(f, occ))))
#define RANK_ATTACK(f, inner)                                                                      \
    ((uint8_t)((UP_RAY(f, (inner) << 1) | DOWN_RAY(f, (inner) << 1)) & 0xFFu))
#define RANK8(f, i)                                                                                \
    RANK_ATTACK(f, i), RANK_ATTACK(f, (i) + 1), RANK_ATTACK(f, (i) + 2), RANK_ATTACK(f, (i) + 3),  \
        RANK_ATTACK(f, (i) + 4), RANK_ATTACK(f, (i) + 5), RANK_ATTACK(f, (i) + 6),                 \
        RANK_ATTACK(f, (i) + 7)
#define RANK64(f)                                                                                  \
    {                                                                                              \
        RANK8(f, 0), RANK8(f, 8), RANK8(f, 16), RANK8(f, 24), RANK8(f, 32), RANK8(f, 40),          \
            RANK8(f, 48), RANK8(f, 56)                                                             \
    }

const uint8_t seebatch_rank_attacks[8][64] = {RANK64(0), RANK64(1), RANK64(2), RANK64(3),
                                              RANK64(4), RANK64(5), RANK64(6), RANK64(7)};
