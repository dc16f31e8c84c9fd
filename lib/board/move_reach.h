/*
 * Whether the piece on a move's from-square can make the move, by the way
 * it moves: a slider along an open line, a knight's jump, a king's step or
 * its castling (the right held, king and rook in place, the squares between
 * them empty), a pawn's push, double push from its second rank, diagonal
 * capture or en passant. Whoever is to move, and whether the move leaves a
 * king in check, are not asked: eval scores moves of either side, legal or
 * not. The SEE calls need none of this (any move meeting seebatch_move_check
 * has a value); seebatch_move_parse and seebatch_check refuse a move that
 * fails it, so that a square typed wrong is named rather than scored.
 */
#ifndef SEEBATCH_MOVE_REACH_H
#define SEEBATCH_MOVE_REACH_H

#include <stdbool.h>

#include "attacks.h"
#include "castling.h"

/* A pawn of `color` from `from` onto `to`: diagonally onto a piece or by
 * en passant, else straight forward one square, or two from its second
 * rank over an empty square. */
static inline bool pawn_reaches(unsigned color, unsigned from, unsigned to, bitboard occupied,
                                bool captures)
{
    if (captures)
        return (pawn_attacks(color, from) >> to) & 1u;
    unsigned one = color == SEEBATCH_WHITE ? from + 8 : from - 8;
    unsigned two = color == SEEBATCH_WHITE ? from + 16 : from - 16;
    unsigned second_rank = color == SEEBATCH_WHITE ? 1u : 6u;
    return to == one ||
           (to == two && rank_of(from) == second_rank && !((occupied >> (one & 63u)) & 1u));
}

/* A king's castling from `from` to `to`: from its start square two files
 * along its rank, the right held, king and rook in place, the squares
 * between them empty. (Whether the king passes through check is legality.) */
static inline bool castling_reaches(const seebatch_board *board, unsigned color, unsigned from,
                                    unsigned to, bitboard occupied)
{
    unsigned right = castling_right_of(color, from, to);
    unsigned rook = castling_rook_square(board, right);
    return from == castling_king_square(right) && (to == from + 2 || to + 2 == from) &&
           (board->castling & right) && castling_pieces_in_place(board, right) &&
           !(between(from, rook) & occupied);
}

/* Whether the piece on the move's from-square can make it, for a move
 * that satisfies seebatch_move_check on a consistent board (else false or
 * true, never a read outside the tables). */
static inline bool move_is_possible(const seebatch_board *board, seebatch_move move)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    unsigned kind = seebatch_move_kind(move), color = color_on(board, from);
    bitboard occupied = occupied_squares(board);
    switch (piece_type_on(board, from)) {
    case SEEBATCH_PAWN:
        return pawn_reaches(color, from, to, occupied,
                            kind == SEEBATCH_MOVE_EN_PASSANT || ((occupied >> to) & 1u));
    case SEEBATCH_KNIGHT:
        return (knight_attacks(from) >> to) & 1u;
    case SEEBATCH_BISHOP:
        return (bishop_attacks(from, occupied) >> to) & 1u;
    case SEEBATCH_ROOK:
        return (rook_attacks(from, occupied) >> to) & 1u;
    case SEEBATCH_QUEEN:
        return (queen_attacks(from, occupied) >> to) & 1u;
    default:
        if (kind == SEEBATCH_MOVE_CASTLING)
            return castling_reaches(board, color, from, to, occupied);
        return (king_attacks(from) >> to) & 1u;
    }
}

#pragma GCC visibility push(hidden)

/* What move_is_possible says, with the reason when it says no, naming the
 * piece, the squares and what stands in the way ("the rook on h1 cannot
 * reach h3: h2 is in the way"): SEEBATCH_ERROR_MOVE. The same preconditions. */
seebatch_status seebatch_move_reach_check(const seebatch_board *board, seebatch_move move,
                                          seebatch_error *error);

#pragma GCC visibility pop

#endif
