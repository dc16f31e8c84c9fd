/*
 * Where the pieces of a castling right (one SEEBATCH_CASTLE_* bit) stand,
 * in one place: the position's status (a right with no king or rook in
 * place is impossible) and the test of a castling move a king can make
 * both ask here, so a change of where a right's rook may stand (Chess960:
 * any file) is made once, in right_rook_square and right_king_square.
 */
#ifndef SEEBATCH_CASTLING_RIGHTS_H
#define SEEBATCH_CASTLING_RIGHTS_H

#include <stdbool.h>

#include "bitboard.h"

/* The colour a right (one SEEBATCH_CASTLE_* bit) belongs to. */
static inline unsigned right_color(unsigned right)
{
    return right >= SEEBATCH_CASTLE_BLACK_KINGSIDE ? SEEBATCH_BLACK : SEEBATCH_WHITE;
}

/* Whether a right is the kingside one of its colour. */
static inline bool right_is_kingside(unsigned right)
{
    return right == SEEBATCH_CASTLE_WHITE_KINGSIDE || right == SEEBATCH_CASTLE_BLACK_KINGSIDE;
}

/* The square the king of a right starts on: e1 or e8. */
static inline unsigned right_king_square(const seebatch_board *board, unsigned right)
{
    (void)board; /* standard chess: the e-file; Chess960 reads the king's file here */
    return right_color(right) == SEEBATCH_WHITE ? 4u : 60u;
}

/* The square the rook of a right starts on: h1, a1, h8 or a8. */
static inline unsigned right_rook_square(const seebatch_board *board, unsigned right)
{
    (void)board; /* standard chess: the corner; Chess960 reads the rook's file here */
    unsigned first_of_rank = right_color(right) == SEEBATCH_WHITE ? 0u : 56u;
    return first_of_rank + (right_is_kingside(right) ? 7u : 0u);
}

/* Whether the king and the rook of a right stand where it needs them. */
static inline bool right_in_place(const seebatch_board *board, unsigned right)
{
    const bitboard *own = &board->colors[right_color(right)];
    return (board->pieces[SEEBATCH_KING] & *own &
            seebatch_square_bit(right_king_square(board, right))) &&
           (board->pieces[SEEBATCH_ROOK] & *own &
            seebatch_square_bit(right_rook_square(board, right)));
}

/* The right a castling king's move from `from` to `to` uses (its colour
 * from the king's square, its wing from the side it moves to). */
static inline unsigned right_of_castling(unsigned color, unsigned from, unsigned to)
{
    bool kingside = to > from;
    if (color == SEEBATCH_WHITE)
        return kingside ? SEEBATCH_CASTLE_WHITE_KINGSIDE : SEEBATCH_CASTLE_WHITE_QUEENSIDE;
    return kingside ? SEEBATCH_CASTLE_BLACK_KINGSIDE : SEEBATCH_CASTLE_BLACK_QUEENSIDE;
}

#endif
