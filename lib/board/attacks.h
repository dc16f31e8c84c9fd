/*
 * Attack sets. Sliders use magic bitboards whose tables are generated at build
 * time (tools/generate_attack_tables.c), so they are constant data: no
 * initialisation, nothing mutable, safe from any thread.
 */
#ifndef SEEBATCH_ATTACKS_H
#define SEEBATCH_ATTACKS_H

#include "bitboard.h"

/* The tables are the library's own: hidden, so position-independent code
 * reaches them directly rather than through the GOT. */
#pragma GCC visibility push(hidden)

typedef struct magic_entry {
    bitboard mask; /* relevant occupancy: the rays without their edge squares */
    bitboard magic;
    const bitboard *attacks; /* indexed by ((occupancy & mask) * magic) >> shift */
    unsigned shift;
} magic_entry;

/* Constant data of the library, ready before any call. The engine pair
 * (tools/engine_pair/tables.h), which fills them at run time, defines both
 * before this header: its own static arrays, filled by the first rules made
 * or pins asked for (seebatch_tables_ready). */
#ifndef SEEBATCH_TABLE
#define SEEBATCH_TABLE extern const
#define seebatch_tables_ready() ((void)0)
#endif
SEEBATCH_TABLE magic_entry seebatch_bishop_magics[64];
SEEBATCH_TABLE magic_entry seebatch_rook_magics[64];
SEEBATCH_TABLE bitboard seebatch_knight_attack_table[64];
SEEBATCH_TABLE bitboard seebatch_king_attack_table[64];
SEEBATCH_TABLE bitboard
    seebatch_pawn_attack_table[2][64]; /* squares a pawn of that colour attacks */
/* Squares strictly between two squares on a common line, else 0. */
SEEBATCH_TABLE bitboard seebatch_between_table[64][64];
/* The lines through a square on an empty board, without it: [0] its rank
 * and file, [1] its diagonals (what the lane kernels look up by lane). */
SEEBATCH_TABLE bitboard seebatch_line_table[2][64];

/* On x86-64 the slider attack sets are also indexed by pext(occupancy,
 * mask): one instruction where a magic takes three, for code built with BMI2
 * (see views/exchanges_pext.c). The engine pair says whether it has them
 * (tools/engine_pair/tables.h: where its compiler targets BMI2). */
#ifndef SEEBATCH_PEXT_TABLES
#if defined(__x86_64__)
#define SEEBATCH_PEXT_TABLES 1
#else
#define SEEBATCH_PEXT_TABLES 0
#endif
#endif
#if SEEBATCH_PEXT_TABLES
typedef struct pext_entry {
    bitboard mask;
    const bitboard *attacks; /* indexed by pext(occupancy, mask) */
} pext_entry;

/* What a capture on a square looks up, in one cache line: the squares from
 * which a pawn of each colour, a knight and a king attack it, and its slider
 * slices; one address for all of them keeps a register free in the exchange. */
typedef struct target_entry {
    bitboard pawn[2]; /* pawn[c]: the squares a pawn of colour c attacks from it */
    bitboard knight, king;
    pext_entry bishop, rook;
} __attribute__((aligned(64))) target_entry;

SEEBATCH_TABLE target_entry seebatch_target_pext[64];
#endif

#pragma GCC visibility pop

/* Always inlined (both): a copy out of line would cost every capture of
 * an exchange a call. */
static inline __attribute__((always_inline)) bitboard bishop_attacks(unsigned square,
                                                                     bitboard occupied)
{
    const magic_entry *m = &seebatch_bishop_magics[square];
    return m->attacks[((occupied & m->mask) * m->magic) >> m->shift];
}

static inline __attribute__((always_inline)) bitboard rook_attacks(unsigned square,
                                                                   bitboard occupied)
{
    const magic_entry *m = &seebatch_rook_magics[square];
    return m->attacks[((occupied & m->mask) * m->magic) >> m->shift];
}

static inline bitboard queen_attacks(unsigned square, bitboard occupied)
{
    return bishop_attacks(square, occupied) | rook_attacks(square, occupied);
}

static inline bitboard knight_attacks(unsigned square)
{
    return seebatch_knight_attack_table[square];
}
static inline bitboard king_attacks(unsigned square) { return seebatch_king_attack_table[square]; }
static inline bitboard pawn_attacks(unsigned color, unsigned square)
{
    return seebatch_pawn_attack_table[color][square];
}
static inline bitboard between(unsigned a, unsigned b) { return seebatch_between_table[a][b]; }

/* Every piece of either colour that attacks `square` given `occupied`, from
 * the six piece bitboards and the two colour bitboards wherever they lie
 * (pieces outside `occupied` are still reported: mask them if they left).
 * Always inlined, as the lookups it makes: out of line, as a build without
 * full optimisation left it, it is a call per exchange. */
static inline __attribute__((always_inline)) bitboard
attackers_in(const bitboard *pieces, const bitboard *colors, unsigned square, bitboard occupied)
{
    return (pawn_attacks(SEEBATCH_BLACK, square) & pieces[SEEBATCH_PAWN] & colors[SEEBATCH_WHITE]) |
           (pawn_attacks(SEEBATCH_WHITE, square) & pieces[SEEBATCH_PAWN] & colors[SEEBATCH_BLACK]) |
           (knight_attacks(square) & pieces[SEEBATCH_KNIGHT]) |
           (bishop_attacks(square, occupied) & (pieces[SEEBATCH_BISHOP] | pieces[SEEBATCH_QUEEN])) |
           (rook_attacks(square, occupied) & (pieces[SEEBATCH_ROOK] | pieces[SEEBATCH_QUEEN])) |
           (king_attacks(square) & pieces[SEEBATCH_KING]);
}

/* The same on a board. */
static inline __attribute__((always_inline)) bitboard
attackers_to(const seebatch_board *board, unsigned square, bitboard occupied)
{
    return attackers_in(board->pieces, board->colors, square, occupied);
}

#endif
