/*
 * UCI position commands, as engines log them and their authors paste them:
 *   position startpos [moves e2e4 e7e5 ...]
 *   position fen <FEN, 4 to 6 fields> [moves ...]
 * read as the position after the moves, each move checked legal before it
 * is played. seebatch_board_from_fen, seebatch_boards_from_fens (and so
 * Python's boards_from_fens) and the tool's line readers take them wherever
 * they take a FEN.
 */
#ifndef SEEBATCH_UCI_POSITION_H
#define SEEBATCH_UCI_POSITION_H

#include <stdbool.h>
#include <stddef.h>

#include "seebatch.h"

#pragma GCC visibility push(hidden)

/* Whether text[0..length) is a UCI position command: its first word,
 * after any blanks, is "position". */
bool seebatch_is_uci_position(const char *text, size_t length);

/* Reads the command in text[0..length) (no NUL inside; any length: a game's
 * moves have no bound) into *board. Errors (SEEBATCH_ERROR_FEN), naming what is
 * wrong: a word other than startpos or fen after "position", a bad FEN
 * (seebatch_board_from_fen's message), a word other than "moves" after the
 * position, and a move by its index from 1 and its text ("moves" with none
 * after it is the position, as Stockfish reads it): "move 3 (e2e5) is not
 * legal", or the parser's message. On failure *board is unspecified. */
seebatch_status seebatch_uci_position_read(seebatch_board *board, const char *text, size_t length,
                                           seebatch_error *error);

#pragma GCC visibility pop

#endif
