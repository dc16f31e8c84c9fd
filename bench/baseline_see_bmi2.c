/*
 * The baseline with slider attacks by pext, as Stockfish's x86-64-bmi2 build
 * looks them up (USE_PEXT); built with that build's instruction set options
 * (bench/CMakeLists.txt), so lowest-bit removal is blsi there too.
 */
#include "baseline_see.h"

#include "attacks.h"

#if SEEBATCH_PEXT_TABLES && defined(__BMI2__)
#include <immintrin.h>

bool baseline_pext_usable(void) { return __builtin_cpu_supports("bmi2"); }

static inline bitboard bishop_attacks_pext(unsigned square, bitboard occupied)
{
    const pext_entry *e = &seebatch_bishop_pext[square];
    return e->attacks[_pext_u64(occupied, e->mask)];
}

static inline bitboard rook_attacks_pext(unsigned square, bitboard occupied)
{
    const pext_entry *e = &seebatch_rook_pext[square];
    return e->attacks[_pext_u64(occupied, e->mask)];
}

#define BASELINE_SEE_GE baseline_see_ge_pext
#define BASELINE_EXCHANGE baseline_exchange_pext
#define BASELINE_SPECIAL baseline_special_pext
#define BISHOP_ATTACKS bishop_attacks_pext
#define ROOK_ATTACKS rook_attacks_pext
#include "baseline_see_body.h"

#else
/* No pext here: the magic baseline answers, and nobody should pick this one. */
bool baseline_pext_usable(void) { return false; }

bool baseline_see_ge_pext(const baseline_position *position, seebatch_move move, int32_t threshold,
                          const baseline_values *values)
{
    return baseline_see_ge(position, move, threshold, values);
}
#endif
