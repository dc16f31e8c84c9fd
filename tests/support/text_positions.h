/* A test's positions and moves written as text: a FEN and a UCI move read
 * with the library's readers, a typo in the test ending it (exit 2) with
 * the reader's message; the sampled real positions line by line. */
#ifndef SEEBATCH_TEXT_POSITIONS_H
#define SEEBATCH_TEXT_POSITIONS_H

#include "seebatch.h"

seebatch_board board_of(const char *fen);
seebatch_move move_of(const seebatch_board *board, const char *uci);

/* The position of the FEN line at `line` (one of real_positions_sample's,
 * each ended by '\n') into *board; returns the next line, or NULL at the
 * text's end (*board then untouched). */
const char *sampled_board(const char *line, seebatch_board *board);

#endif
