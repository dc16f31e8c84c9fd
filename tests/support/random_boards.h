/*
 * Random dense consistent boards, legal chess or not: many sliders, batteries
 * on files and diagonals, pins, pawns on any rank (back ranks included), zero
 * to three kings a side. They reach the corners of the contract that positions
 * from games seldom do. The same seed gives the same boards everywhere.
 */
#ifndef SEEBATCH_RANDOM_BOARDS_H
#define SEEBATCH_RANDOM_BOARDS_H

#include <stddef.h>
#include <stdint.h>

#include "seebatch.h"

/* Fills *board with the next random board drawn from *state (see random_next
 * in position_generator.h). The board is consistent; its side to move, en
 * passant square and castling rights are random but valid. */
void random_dense_board(uint64_t *state, seebatch_board *board);

/*
 * Writes up to `capacity` moves of either colour that SEE can be asked about
 * on this board and returns how many it wrote: every move onto a square the
 * piece attacks (captures and quiet moves), pawn pushes, every promotion,
 * en passant and castling that passes seebatch_move_check. Each move written
 * passes seebatch_move_check.
 */
size_t random_board_moves(const seebatch_board *board, seebatch_move *moves, size_t capacity);

/* Breaks one field of *board at random (a piece or colour bit flipped, a
 * side, en passant square, castling rights or reserved byte set at random),
 * drawing from *state. Mostly the board is then inconsistent. */
void break_board_field(uint64_t *state, seebatch_board *board);

#endif
