/*
 * Yes-or-no forms of the two checks every checked entry point makes: a
 * board's consistency (seebatch_board_validate, board.c) and a move's
 * preconditions on a consistent board (seebatch_move_check, uci.c).
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

#include "bitboard.h"

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
    bool en_passant_ok = en_passant == SEEBATCH_NO_SQUARE ||
                         (en_passant < SEEBATCH_NO_SQUARE && rank_of(en_passant) == en_passant_rank);
    return ((overlap | (white & black)) == 0) & ((white | black) == seen) &
           (board->side_to_move <= SEEBATCH_BLACK) & ((board->castling & ~15u) == 0) &
           (board->reserved == 0) & en_passant_ok;
}

/* Whether seebatch_move_check(board, move) succeeds, for a board that is
 * consistent (board_is_consistent). */
static inline bool move_fits_board(const seebatch_board *board, seebatch_move move)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move);
    bitboard from_bit = square_bit(from), to_bit = square_bit(to);
    bitboard occupied = occupied_squares(board);
    unsigned color = (board->colors[SEEBATCH_BLACK] & from_bit) != 0;
    bool pawn = (board->pieces[SEEBATCH_PAWN] & from_bit) != 0;
    bool to_last_rank = (promotion_rank(color) & to_bit) != 0;
    if (!(occupied & from_bit) || from == to || (board->colors[color] & to_bit))
        return false;
    switch (kind) {
    case SEEBATCH_MOVE_NORMAL:
        return !(pawn && to_last_rank);
    case SEEBATCH_MOVE_PROMOTE_KNIGHT:
    case SEEBATCH_MOVE_PROMOTE_BISHOP:
    case SEEBATCH_MOVE_PROMOTE_ROOK:
    case SEEBATCH_MOVE_PROMOTE_QUEEN:
        return pawn && to_last_rank;
    case SEEBATCH_MOVE_EN_PASSANT: {
        bitboard victim = square_bit(en_passant_victim(to, color));
        return pawn && !(occupied & to_bit) && rank_of(to) == (color == SEEBATCH_WHITE ? 5u : 2u) &&
               (board->pieces[SEEBATCH_PAWN] & board->colors[color ^ 1u] & victim);
    }
    case SEEBATCH_MOVE_CASTLING:
        return (board->pieces[SEEBATCH_KING] & from_bit) && !(occupied & to_bit);
    default:
        return false;
    }
}

/* The rules walked one by one, each fault named: what seebatch_board_validate
 * (a board, not NULL) and seebatch_move_check (a move on a consistent board)
 * say when the yes-or-no checks above say no. */
seebatch_status seebatch_board_check_rules(const seebatch_board *board, seebatch_error *error);
seebatch_status seebatch_move_check_rules(const seebatch_board *board, seebatch_move move,
                                          seebatch_error *error);

#endif
