/*
 * The FEN writer of fen.c with the two counters given apart from the
 * board's: seebatch_board_to_fen writes the board's own, and the training
 * formats' entry FEN (seebatch_training_fen) writes those Stockfish's
 * converter writes, with no copy of the board to change them in.
 */
#ifndef SEEBATCH_FEN_WRITE_H
#define SEEBATCH_FEN_WRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "seebatch.h"

#pragma GCC visibility push(hidden)

/* seebatch_board_to_fen's contract (seebatch_board_to_shredder_fen's when
 * shredder), with halfmove and fullmove written in place of the board's
 * counters. */
size_t seebatch_fen_with_counters(const seebatch_board *board, uint16_t halfmove, uint16_t fullmove,
                                  bool shredder, char *buffer, size_t size);

/* seebatch_board_to_fen in Shredder-FEN: each right as its rook's file
 * ("HAha"), as an engine checked by `seebatch check --see-plugin` reads it. */
size_t seebatch_board_to_shredder_fen(const seebatch_board *board, char *buffer, size_t size);

#pragma GCC visibility pop

#endif
