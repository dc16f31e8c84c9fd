/* The view exchanges with pext slider lookups (BMI2): the same bodies as
 * view_exchange.c. Built with the AVX2 kernel's flags, which include BMI2,
 * and chosen only where that kernel's CPU check passes. */
#include <immintrin.h>

#include "attacks.h"
#include "view_exchange.h"

static inline bitboard pext_attacks(const pext_entry *entry, bitboard occupied)
{
    return entry->attacks[_pext_u64(occupied, entry->mask)];
}

/* One cache line holds all the exchange looks up about its target square. */
#define TARGET(s) const target_entry *target = &seebatch_target_pext[s]
#define PAWN_ATTACKS(c) target->pawn[c]
#define KNIGHT_ATTACKS target->knight
#define KING_ATTACKS target->king
#define DIAGONAL_ATTACKS(o) pext_attacks(&target->bishop, o)
#define STRAIGHT_ATTACKS(o) pext_attacks(&target->rook, o)
#define VIEW_SET seebatch_view_pext
#include "view_instances.h"
