/*
 * Attack lookups around one target square with the portable magics, for any
 * CPU: the views' portable walks (lib/views/exchanges_portable.c), the
 * scalar backend's portable walk (lib/scalar/walk_portable.c) and the
 * engine path (lib/scalar/normal_moves.c). lookups_pext.h
 * gives the same names with pext.
 */
#ifndef SEEBATCH_BOARD_LOOKUPS_PORTABLE_H
#define SEEBATCH_BOARD_LOOKUPS_PORTABLE_H

#include "attacks.h"

/* What the lookups know of their target square: its number. */
typedef unsigned view_target;

static inline view_target target_of(unsigned square) { return square; }
static inline bitboard pawn_attacks_at(view_target target, unsigned color)
{
    return pawn_attacks(color, target);
}
static inline bitboard knight_attacks_at(view_target target) { return knight_attacks(target); }
static inline bitboard king_attacks_at(view_target target) { return king_attacks(target); }
/* Always inlined: an exchange with many captures could leave a copy out of
 * line, and every capture would then call it. */
static inline __attribute__((always_inline)) bitboard diagonal_attacks_at(view_target target,
                                                                          bitboard occupied)
{
    return bishop_attacks(target, occupied);
}
static inline __attribute__((always_inline)) bitboard straight_attacks_at(view_target target,
                                                                          bitboard occupied)
{
    return rook_attacks(target, occupied);
}

#endif
