/* The view exchanges with pext attack lookups (BMI2): the same bodies as
 * exchanges_portable.c. Built with the AVX2 kernel's options, which include
 * BMI2, and chosen only where that kernel's CPU check passes (choice.c). */
#include <immintrin.h>

#include "attacks.h"

/* What the exchanges look up about their target square, in one cache line:
 * one address for all of it keeps a register free in the exchange. */
typedef const target_entry *view_target;

static inline view_target target_of(unsigned square) { return &seebatch_target_pext[square]; }
static inline bitboard pawn_attacks_at(view_target target, unsigned color)
{
    return target->pawn[color];
}
static inline bitboard knight_attacks_at(view_target target) { return target->knight; }
static inline bitboard king_attacks_at(view_target target) { return target->king; }
static inline bitboard diagonal_attacks_at(view_target target, bitboard occupied)
{
    return target->bishop.attacks[_pext_u64(occupied, target->bishop.mask)];
}
static inline bitboard straight_attacks_at(view_target target, bitboard occupied)
{
    return target->rook.attacks[_pext_u64(occupied, target->rook.mask)];
}

#define VIEW_TABLE seebatch_view_pext
#include "instances.h"
