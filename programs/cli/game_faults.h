/*
 * eval --games: a game that stops at a move that cannot be played. Its plies
 * before the fault are scored (game_lines.c writes them); the message names
 * the bad ply as the records number it, its text and why, and how many plies
 * were scored and how many not. A word of PGN movetext (a move number, SAN, a
 * comment, a NAG, a variation) where a UCI move should be is raw PGN: the
 * message names the conversion, pgn-extract -Wuci, instead. Python's
 * see_games (python/seebatch/games.py) words its faults the same.
 */
#ifndef SEEBATCH_CLI_GAME_FAULTS_H
#define SEEBATCH_CLI_GAME_FAULTS_H

#include <stdbool.h>
#include <stddef.h>

#include "seebatch.h"

/* Where a game's moves stopped. */
typedef struct game_stop {
    const seebatch_board *at; /* the position of the bad ply (after the plies played) */
    const char *moves;        /* the text of the game's moves */
    size_t moves_length;
    size_t played;   /* the plies played before it */
    const char *why; /* seebatch_game_play's message: "move N (WORD)..." */
} game_stop;

/* The message of a stopped game, "ply P (WORD)...: why; plies A to B
 * scored, C to D not", into message (size bytes); returns whether the word at
 * fault is PGN movetext (the message then names pgn-extract -Wuci). */
bool name_game_stop(const game_stop *stop, char *message, size_t size);

/* Whether a line goes on a game of raw PGN already refused: its first word
 * is PGN movetext or a game's result. */
bool continues_pgn_movetext(const char *text, size_t length);

#endif
