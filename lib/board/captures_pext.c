/*
 * seebatch_generate_captures with pext (captures_body.h): a slider's attacks
 * from the pext tables the pext exchanges read (one instruction where the
 * kindergarten lookups take a dozen), its lines on an empty board from the
 * line table. Built with the AVX2 kernel's options, which include BMI2, and
 * chosen only where the CPU runs pext fast (captures.c).
 */
#include "attacks.h"
#include "bitboard.h"
#include "lookups_pext.h"
#include "movegen.h"

static inline bitboard straight_attacks(unsigned square, bitboard occupied)
{
    return straight_attacks_at(target_of(square), occupied);
}

static inline bitboard diagonal_attacks(unsigned square, bitboard occupied)
{
    return diagonal_attacks_at(target_of(square), occupied);
}

static inline bitboard rook_lines(unsigned square) { return seebatch_line_table[0][square]; }
static inline bitboard bishop_lines(unsigned square) { return seebatch_line_table[1][square]; }

#define GENERATE_CAPTURES seebatch_generate_captures_pext
#include "captures_body.h"
