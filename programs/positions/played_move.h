/*
 * A move played as the real positions (bench/data/real_positions.fen.gz)
 * write the position after it: the en passant square kept only when an en
 * passant capture is legal there, as Stockfish writes a FEN. Shared by
 * their build-time coder (tools/generate_real_positions.c) and their
 * reader (real_positions.c), so the two play alike.
 */
#ifndef SEEBATCH_PLAYED_MOVE_H
#define SEEBATCH_PLAYED_MOVE_H

#include "seebatch.h"

/* Plays a legal move on *board (seebatch_board_play), then clears the en
 * passant square unless a legal move takes en passant. */
void played_move(seebatch_board *board, seebatch_move move);

#endif
