/* The view exchange with pext slider lookups (BMI2): the same body as
 * view_exchange.c. Built with the AVX2 kernel's flags, which include BMI2,
 * and chosen only where that kernel's CPU check passes. */
#include <immintrin.h>

#include "view_exchange.h"
#include "attacks.h"

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
#define VIEW_EXCHANGE seebatch_view_exchange_bmi2
#define PINS 1
#include "view_exchange_body.h"
#define VIEW_EXCHANGE seebatch_view_exchange_bmi2_unpinned
#define PINS 0
#include "view_exchange_body.h"
