/*
 * seebatch_generate_captures with pext (captures_body.h): a slider's attacks
 * from the pext tables the pext exchanges read (one instruction where the
 * kindergarten lookups take a dozen), its lines on an empty board from the
 * line table. Built with the AVX2 kernel's options, which include BMI2, and
 * chosen only where the CPU runs pext fast (captures.c).
 */
#include <immintrin.h>

#include "attacks.h"
#include "bitboard.h"
#include "movegen.h"

static inline bitboard straight_attacks(unsigned square, bitboard occupied)
{
    const pext_entry *rook = &seebatch_target_pext[square].rook;
    return rook->attacks[_pext_u64(occupied, rook->mask)];
}

static inline bitboard diagonal_attacks(unsigned square, bitboard occupied)
{
    const pext_entry *bishop = &seebatch_target_pext[square].bishop;
    return bishop->attacks[_pext_u64(occupied, bishop->mask)];
}

static inline bitboard rook_lines(unsigned square) { return seebatch_line_table[0][square]; }
static inline bitboard bishop_lines(unsigned square) { return seebatch_line_table[1][square]; }

#define GENERATE_CAPTURES seebatch_generate_captures_pext
#include "captures_body.h"
