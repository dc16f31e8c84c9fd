/*
 * Attack lookups around one target square by pext (BMI2): every set a
 * capture on the square needs is in one cache line (target_entry), found
 * from one address. For files compiled with BMI2 (the AVX2 kernel's
 * options) and run only where the CPU runs pext fast: the views' pext
 * walks (lib/views/exchanges_pext.c), the scalar backend's pext walk
 * (lib/scalar/walk_pext.c) and the capture generator's pext copy
 * (lib/board/captures_pext.c). lookups_portable.h gives the same names for any
 * CPU.
 */
#ifndef SEEBATCH_BOARD_LOOKUPS_PEXT_H
#define SEEBATCH_BOARD_LOOKUPS_PEXT_H

#include <immintrin.h>

#include "attacks.h"

/* What the lookups know of their target square: its entry, whose one
 * address keeps a register free in an exchange. */
typedef const target_entry *view_target;

static inline view_target target_of(unsigned square) { return &seebatch_target_pext[square]; }
static inline bitboard pawn_attacks_at(view_target target, unsigned color)
{
    return target->pawn[color];
}
static inline bitboard knight_attacks_at(view_target target) { return target->knight; }
static inline bitboard king_attacks_at(view_target target) { return target->king; }
/* Always inlined: an exchange with many captures could leave a copy out of
 * line, and every capture would then call it. */
static inline __attribute__((always_inline)) bitboard diagonal_attacks_at(view_target target,
                                                                          bitboard occupied)
{
    return target->bishop.attacks[_pext_u64(occupied, target->bishop.mask)];
}
static inline __attribute__((always_inline)) bitboard straight_attacks_at(view_target target,
                                                                          bitboard occupied)
{
    return target->rook.attacks[_pext_u64(occupied, target->rook.mask)];
}

#endif
