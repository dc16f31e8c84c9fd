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

#define DIAGONAL_ATTACKS(square, occupied) pext_attacks(&seebatch_bishop_pext[square], occupied)
#define STRAIGHT_ATTACKS(square, occupied) pext_attacks(&seebatch_rook_pext[square], occupied)
#define VIEW_EXCHANGE seebatch_view_exchange_bmi2
#define PINS 1
#include "view_exchange_body.h"
#define VIEW_EXCHANGE seebatch_view_exchange_bmi2_unpinned
#define PINS 0
#include "view_exchange_body.h"
