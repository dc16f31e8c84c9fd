/*
 * The binpack writer's hot half and the other counting the training code
 * does per entry, part of chain_coding_body.h: stems packed, moves numbered
 * as chains store them, material counted. Everything here is static, so
 * each copy is whole in its own file.
 */
#ifndef SEEBATCH_FORMATS_BINPACK_ENCODING_BODY_H
#define SEEBATCH_FORMATS_BINPACK_ENCODING_BODY_H

#include <string.h>

#include "binpack_stem.h"
#include "chain_coding.h"
#include "chain_moves.h"

/* The stem a piece at a time: the occupancy says where the pieces are, a
 * nibble each says what (an entry holds 32). */
static void seebatch_coding_pack_stem_counting(const training_entry *entry, uint8_t out[32])
{
    const seebatch_board *board = &entry->board;
    bitboard occupied = occupied_squares(board);
    memset(out, 0, 32);
    for (int i = 0; i < 8; i++)
        out[i] = (uint8_t)(occupied >> (56 - 8 * i));
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        for (unsigned color = 0; color < 2; color++)
            for (bitboard set = board->pieces[type] & board->colors[color]; set; set &= set - 1) {
                unsigned index = (unsigned)popcount(occupied & (lowest_bit(set) - 1));
                if (index < 32)
                    out[8 + index / 2] |=
                        (uint8_t)(((unsigned)type * 2 + color) << (index % 2 * 4));
            }
    seebatch_binpack_pack_stem_rest(entry, occupied, out);
}

#if defined(__BMI2__)
#include <immintrin.h>

/* The same where pext and pdep are fast: a nibble's four bits (colour, then
 * the type's three, as type_planes has them) are each gathered for the
 * pieces in square order with pext and spread to every fourth bit with
 * pdep, rather than a popcount per piece. The 16 nibble bytes are
 * little-endian words. */
static void seebatch_coding_pack_stem_pdep(const training_entry *entry, uint8_t out[32])
{
    const seebatch_board *board = &entry->board;
    bitboard occupied = occupied_squares(board);
    type_planes types = type_planes_of(board, 0);
    const bitboard planes[4] = {board->colors[SEEBATCH_BLACK], types.bit[0], types.bit[1],
                                types.bit[2]};
    uint64_t low = 0, high = 0;
    for (unsigned k = 0; k < 4; k++) {
        uint64_t bits = _pext_u64(planes[k], occupied); /* pieces past the 32nd are dropped */
        low |= _pdep_u64(bits, 0x1111111111111111ull << k);
        high |= _pdep_u64(bits >> 16, 0x1111111111111111ull << k);
    }
    uint64_t be_occupied = __builtin_bswap64(occupied);
    memcpy(out, &be_occupied, 8);
    memcpy(out + 8, &low, 8);
    memcpy(out + 16, &high, 8);
    seebatch_binpack_pack_stem_rest(entry, occupied, out);
}
#endif

static void seebatch_coding_pack_stem(const training_entry *entry, uint8_t out[32], bool pdep)
{
#if defined(__BMI2__)
    if (pdep) {
        seebatch_coding_pack_stem_pdep(entry, out);
        return;
    }
#endif
    (void)pdep;
    seebatch_coding_pack_stem_counting(entry, out);
}

/* The set squares below square. */
static inline unsigned seebatch_coding_below(bitboard set, unsigned square)
{
    return (unsigned)popcount(set & (seebatch_square_bit(square) - 1));
}

/* How a castling is numbered: after the king's squares, queenside first,
 * each right the side still has counted. Whether it can be played. */
static bool seebatch_coding_number_castling(const seebatch_board *board, seebatch_move move,
                                            int type, unsigned count, chain_numbering *numbering)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    bool white = board->side_to_move == SEEBATCH_WHITE;
    unsigned queenside = white ? SEEBATCH_CASTLE_WHITE_QUEENSIDE : SEEBATCH_CASTLE_BLACK_QUEENSIDE;
    numbering->id = count - 1 + ((board->castling & queenside) ? 1u : 0u) + (to > from ? 1u : 0u);
    unsigned right =
        to > from ? (white ? SEEBATCH_CASTLE_WHITE_KINGSIDE : SEEBATCH_CASTLE_BLACK_KINGSIDE)
                  : queenside;
    return type == SEEBATCH_KING && (board->castling & right) &&
           seebatch_castling_fits(board, move);
}

static bool seebatch_coding_number_move(const seebatch_board *board, seebatch_move move,
                                        chain_numbering *numbering)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move);
    bitboard ours = board->colors[board->side_to_move];
    int type = piece_type_on(board, from);
    unsigned castlings;
    bitboard targets = seebatch_chain_destinations(board, from, type, &castlings);
    unsigned count = (unsigned)popcount(targets);
    numbering->piece = seebatch_coding_below(ours, from);
    numbering->pieces = (unsigned)popcount(ours);
    numbering->choices = count + castlings;
    if (kind == SEEBATCH_MOVE_CASTLING)
        return seebatch_coding_number_castling(board, move, type, count, numbering);
    numbering->id = seebatch_coding_below(targets, to);
    if (kind >= SEEBATCH_MOVE_PROMOTE_KNIGHT && kind <= SEEBATCH_MOVE_PROMOTE_QUEEN) {
        numbering->choices = count * 4;
        numbering->id = numbering->id * 4 + (kind - SEEBATCH_MOVE_PROMOTE_KNIGHT);
    }
    return (targets >> to) & 1u;
}

static int32_t seebatch_coding_material(const seebatch_board *board, const int32_t values[5])
{
    int32_t material = 0;
    for (int type = SEEBATCH_PAWN; type <= SEEBATCH_QUEEN; type++) {
        bitboard pieces = board->pieces[type];
        material += values[type] * (popcount(pieces & board->colors[SEEBATCH_WHITE]) -
                                    popcount(pieces & board->colors[SEEBATCH_BLACK]));
    }
    return board->side_to_move == SEEBATCH_BLACK ? -material : material;
}

#endif
