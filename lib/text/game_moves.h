/* What game_moves.c shares with the UCI position reader (uci_position.c):
 * the loop that plays a text's moves, each checked legal. */
#ifndef SEEBATCH_GAME_MOVES_H
#define SEEBATCH_GAME_MOVES_H

#include <stdbool.h>
#include <stddef.h>

#include "seebatch.h"

/* The most bytes of a word a message shows (seebatch_printable). */
#define SHOWN_WORD_MAX 32

#pragma GCC visibility push(hidden)

/* seebatch_game_play on a consistent game->board, game->count as it
 * stands (the index of the first move is count + 1); a game result ends
 * the text only when result_allowed. Errors: SEEBATCH_ERROR_MOVE, naming
 * the move by index and text, SEEBATCH_ERROR_ARGUMENT past the capacity. */
seebatch_status seebatch_game_play_words(seebatch_game *game, const char *text, size_t length,
                                         bool result_allowed, seebatch_error *error);

#pragma GCC visibility pop

#endif
