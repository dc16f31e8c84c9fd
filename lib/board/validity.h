/*
 * Yes-or-no forms of the two checks every checked entry point makes: a
 * board's consistency (seebatch_board_validate, board.c) and a move's
 * preconditions on a consistent board (seebatch_move_check, moves.c).
 *
 * They answer in a few instructions and no branch a caller pays for per
 * field, where the functions that give a message walk the rules one by one
 * and name squares as they go. So a batch asks these first and, only when
 * one says no, calls the function with the message: the messages and the
 * order in which faults are found stay those functions' own.
 * tests/test_validity.c holds each equal to its function on every move code
 * of many boards and on boards broken field by field.
 */
#ifndef SEEBATCH_VALIDITY_H
#define SEEBATCH_VALIDITY_H

#include <stdbool.h>
#include <stdint.h>

#include "bitboard.h"
#include "castling.h"

/* Whether seebatch_board_validate(board) succeeds. */
static inline bool board_is_consistent(const seebatch_board *board)
{
    bitboard seen = 0, overlap = 0;
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++) {
        overlap |= seen & board->pieces[type];
        seen |= board->pieces[type];
    }
    bitboard white = board->colors[SEEBATCH_WHITE], black = board->colors[SEEBATCH_BLACK];
    unsigned en_passant = board->en_passant;
    unsigned en_passant_rank = board->side_to_move == SEEBATCH_WHITE ? 5u : 2u;
    bool en_passant_ok =
        en_passant == SEEBATCH_NO_SQUARE ||
        (en_passant < SEEBATCH_NO_SQUARE && rank_of(en_passant) == en_passant_rank);
    return ((overlap | (white & black)) == 0) & ((white | black) == seen) &
           (board->side_to_move <= SEEBATCH_BLACK) &
           castling_files_consistent(castling_word(board)) & en_passant_ok;
}

/* Facts about a move that decide whether its kind fits it, as bits of an
 * index into fitting_facts. */
enum {
    FACT_PAWN = 1,       /* a pawn moves */
    FACT_LAST_RANK = 2,  /* onto its side's last rank */
    FACT_KING = 4,       /* a king moves */
    FACT_OWN_ROOK_TO = 8 /* onto a rook of its own colour */
};

/* Bit f of fitting_facts[kind] is set when a move of that kind with facts f
 * fits: a normal move, unless a pawn reaches its last rank; a promotion only
 * then; castling, a king onto a rook of its own colour (the king takes its
 * rook). En passant is looked at on its own; kinds 7-15 never fit. By kind
 * in the public enum's order, with no designators: the engine pair holds
 * this and compiles as C++ too. */
static const uint16_t fitting_facts[16] = {
    0x7777,                         /* SEEBATCH_MOVE_NORMAL: f & 3 != 3 */
    0x8888, 0x8888, 0x8888, 0x8888, /* SEEBATCH_MOVE_PROMOTE_KNIGHT..QUEEN: f & 3 == 3 */
    0,                              /* SEEBATCH_MOVE_EN_PASSANT, on its own */
    0xF000,                         /* SEEBATCH_MOVE_CASTLING: f & 12 == 12 */
};

/* Whether an en passant capture by `color` from an occupied square fits. */
static inline bool en_passant_fits(const seebatch_board *board, unsigned from, unsigned to,
                                   unsigned color)
{
    bitboard victim = seebatch_square_bit(en_passant_victim(to, color));
    return (board->pieces[SEEBATCH_PAWN] & seebatch_square_bit(from)) &&
           !(occupied_squares(board) & seebatch_square_bit(to)) &&
           rank_of(to) == (color == SEEBATCH_WHITE ? 5u : 2u) &&
           (board->pieces[SEEBATCH_PAWN] & board->colors[color ^ 1u] & victim);
}

/* Whether seebatch_move_check(board, move) succeeds, for a board that is
 * consistent (board_is_consistent). A move onto its own from-square finds
 * a piece of its own colour there (a king, for castling, not a rook), so
 * it needs no test of its own. Always inlined: UBSan would outline it, a
 * function of the library without the seebatch_ prefix (symbols_prefixed). */
static inline __attribute__((always_inline)) bool move_fits_board(const seebatch_board *board,
                                                                  seebatch_move move)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move);
    bitboard occupied = occupied_squares(board);
    unsigned color = (unsigned)(board->colors[SEEBATCH_BLACK] >> from) & 1u;
    unsigned onto_own = (unsigned)(board->colors[color] >> to) & 1u;
    if ((~occupied >> from & 1u) | (onto_own & (kind != SEEBATCH_MOVE_CASTLING)))
        return false;
    if (kind == SEEBATCH_MOVE_EN_PASSANT)
        return en_passant_fits(board, from, to, color);
    unsigned facts = (unsigned)((board->pieces[SEEBATCH_PAWN] >> from) & 1u) * FACT_PAWN |
                     (unsigned)((promotion_rank(color) >> to) & 1u) * FACT_LAST_RANK |
                     (unsigned)((board->pieces[SEEBATCH_KING] >> from) & 1u) * FACT_KING |
                     (onto_own & (unsigned)(board->pieces[SEEBATCH_ROOK] >> to)) * FACT_OWN_ROOK_TO;
    return (fitting_facts[kind] >> facts) & 1u;
}

/* The rules walked one by one, each fault named: what seebatch_board_validate
 * (a board, not NULL) and seebatch_move_check (a move on a consistent board)
 * say when the yes-or-no checks above say no. */
seebatch_status seebatch_board_check_rules(const seebatch_board *board, seebatch_error *error);
seebatch_status seebatch_move_check_rules(const seebatch_board *board, seebatch_move move,
                                          seebatch_error *error);

#endif
