/*
 * The two halves of seebatch_position_status (position_status.c), apart so
 * that tests/test_position_status.c can hold them equal: the reasons of one
 * board, and the quick yes the usual position gets without them.
 */
#ifndef SEEBATCH_POSITION_STATUS_H
#define SEEBATCH_POSITION_STATUS_H

#include <stdbool.h>
#include <stdint.h>

#include "attacks.h"
#include "castling.h"
#include "seebatch.h"

#pragma GCC visibility push(hidden)

/* The status of one board: every reason it is no position of a game, as
 * seebatch_position_status's bits, or 0. */
uint32_t seebatch_position_reasons(const seebatch_board *board);

/* Whether seebatch_position_reasons(board) is 0, asked in the order that
 * settles the usual position soonest, no reason kept: exactly that, on
 * every board (no prefilter that lets a bad board through). */
bool seebatch_position_plainly_possible(const seebatch_board *board);

/* The quick yes, in two parts that a FEN reader can ask of the board it
 * has just made, consistent by construction, each where it is cheapest: the
 * placement's part where the pieces are counted (the wide reader's file has
 * POPCNT), the other fields' once they are read. Inline and prefixed: an
 * outlined copy (UBSan's) must carry the library's prefix. */

enum { SEEBATCH_PIECES_MAX = 16, SEEBATCH_PAWNS_MAX = 8 };

static const bitboard seebatch_first_and_last_ranks = 0xFF000000000000FFull;

/* Whether each side has one king and no more pawns and pieces than a game
 * leaves it, and no pawn stands on the first or last rank. */
static inline __attribute__((always_inline)) bool
seebatch_material_possible(const seebatch_board *board)
{
    const bitboard *color = board->colors;
    bitboard kings = board->pieces[SEEBATCH_KING], pawns = board->pieces[SEEBATCH_PAWN];
    bitboard second_king = kings & (kings - 1);
    /* int, not bool: the test below is one branch-free expression of ints. */
    int one_king_each = (kings & color[SEEBATCH_WHITE]) && (kings & color[SEEBATCH_BLACK]) &&
                         !more_than_one(second_king);
    return one_king_each & !(pawns & seebatch_first_and_last_ranks) &
           (popcount(pawns & color[SEEBATCH_WHITE]) <= SEEBATCH_PAWNS_MAX) &
           (popcount(pawns & color[SEEBATCH_BLACK]) <= SEEBATCH_PAWNS_MAX) &
           (popcount(color[SEEBATCH_WHITE]) <= SEEBATCH_PIECES_MAX) &
           (popcount(color[SEEBATCH_BLACK]) <= SEEBATCH_PIECES_MAX);
}

/* The square a pawn that has just made the double push past `square` stands
 * on, and the one it left, for the side to move `us`. */
static inline unsigned seebatch_pushed_pawn_square(unsigned square, unsigned us)
{
    return us == SEEBATCH_WHITE ? square - 8 : square + 8;
}
static inline unsigned seebatch_pushed_from_square(unsigned square, unsigned us)
{
    return us == SEEBATCH_WHITE ? square + 8 : square - 8;
}

/* Whether the en passant square is one a pawn of the side not to move has
 * just passed over: that pawn in front of it, it and the square behind it
 * empty (a consistent board has it on the right rank). */
static inline __attribute__((always_inline)) bool
seebatch_en_passant_square_real(const seebatch_board *board)
{
    unsigned square = board->en_passant, us = board->side_to_move;
    if (square == SEEBATCH_NO_SQUARE)
        return true;
    bitboard pawn = seebatch_square_bit(seebatch_pushed_pawn_square(square, us));
    bitboard empty =
        seebatch_square_bit(square) | seebatch_square_bit(seebatch_pushed_from_square(square, us));
    return (board->pieces[SEEBATCH_PAWN] & board->colors[us ^ 1u] & pawn) &&
           !(occupied_squares(board) & empty);
}

/* The rights held (bit r for right r of castling.h) whose king or rook is
 * not in place. */
static inline unsigned seebatch_rights_out_of_place(const seebatch_board *board)
{
    unsigned out = 0;
    for (unsigned right = 0; right < 4; right++)
        if (((board->castling >> right) & 1u) && !castling_right_in_place(board, right))
            out |= 1u << right;
    return out;
}

/* Whether every right held is in place, the usual case at a glance: rooks
 * on the corners the rights name and each side's king on e1 or e8. */
static inline __attribute__((always_inline)) bool
seebatch_rights_in_place(const seebatch_board *board)
{
    unsigned rights = board->castling & 15u;
    if (rights == 0)
        return true;
    const bitboard e1 = 0x10ull, e8 = 0x10ull << 56;
    bitboard kings = board->pieces[SEEBATCH_KING];
    bitboard placed =
        (kings & board->colors[SEEBATCH_WHITE] & e1) | (kings & board->colors[SEEBATCH_BLACK] & e8);
    bitboard wanted = ((rights & 3u) ? e1 : 0) | ((rights & 12u) ? e8 : 0);
    if ((castling_word(board) >> 4) == 0 && castling_rooks_on_corners(board) &&
        (placed & wanted) == wanted)
        return true;
    return seebatch_rights_out_of_place(board) == 0;
}

/* The reasons of the side to move's checkers (python-chess's
 * TOO_MANY_CHECKERS and IMPOSSIBLE_CHECK, the latter also for a double
 * check no last move gives: double_check.c), as seebatch_position_reasons
 * gives them: out of line, asked only of the rare board the quick look
 * below cannot settle. */
uint32_t seebatch_check_reasons(const seebatch_board *board);

/* Given material possible, whether the side to move's check is one a last
 * move gives: python-chess's rules need two checkers or more, or one with
 * an en passant square, so no en passant square and at most one of theirs
 * that could check (a pawn or knight a step away, a slider on the king's
 * lines, blocked or not) settles it, with no lookup of a slider's attacks;
 * the rest (1 in 70 of small.binpack's positions) ask seebatch_check_reasons.
 * Kings side by side are the opposite check's. */
static inline __attribute__((always_inline)) bool
seebatch_check_possible(const seebatch_board *board)
{
    unsigned us = board->side_to_move;
    const bitboard *piece = board->pieces;
    unsigned king = lowest_square(piece[SEEBATCH_KING] & board->colors[us]);
    bitboard could_check =
        ((pawn_attacks(us, king) & piece[SEEBATCH_PAWN]) |
         (knight_attacks(king) & piece[SEEBATCH_KNIGHT]) |
         ((piece[SEEBATCH_BISHOP] | piece[SEEBATCH_QUEEN]) & seebatch_line_table[1][king]) |
         ((piece[SEEBATCH_ROOK] | piece[SEEBATCH_QUEEN]) & seebatch_line_table[0][king])) &
        board->colors[us ^ 1u];
    if (board->en_passant == SEEBATCH_NO_SQUARE && !more_than_one(could_check))
        return true;
    return seebatch_check_reasons(board) == 0;
}

/* Given material possible (one king a side), whether the other fields are
 * those of a game: the side not to move not in check (its one king's
 * attackers, one lookup), every right held in place, no en passant square
 * or a real one, and the side to move's check one a last move gives. */
static inline __attribute__((always_inline)) bool
seebatch_fields_possible(const seebatch_board *board)
{
    unsigned us = board->side_to_move;
    const bitboard *piece = board->pieces, ours = board->colors[us];
    unsigned king = lowest_square(piece[SEEBATCH_KING] & board->colors[us ^ 1u]);
    bitboard checkers = ((pawn_attacks(us ^ 1u, king) & piece[SEEBATCH_PAWN]) |
                         (knight_attacks(king) & piece[SEEBATCH_KNIGHT]) |
                         (king_attacks(king) & piece[SEEBATCH_KING])) &
                        ours;
    /* A slider's lookup only where one of ours stands on the king's lines:
     * most positions have none on one of the two kinds. */
    bitboard diagonal = (piece[SEEBATCH_BISHOP] | piece[SEEBATCH_QUEEN]) & ours;
    bitboard straight = (piece[SEEBATCH_ROOK] | piece[SEEBATCH_QUEEN]) & ours;
    if (diagonal & seebatch_line_table[1][king])
        checkers |= bishop_attacks(king, occupied_squares(board)) & diagonal;
    if (straight & seebatch_line_table[0][king])
        checkers |= rook_attacks(king, occupied_squares(board)) & straight;
    return !checkers && seebatch_rights_in_place(board) && seebatch_en_passant_square_real(board) &&
           seebatch_check_possible(board);
}

#pragma GCC visibility pop

#endif
