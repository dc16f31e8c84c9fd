/*
 * eval --games: every move of every game of the input, scored as played
 * (the SEE of each move on the position it was played in). A game is a line:
 *   position startpos|fen FEN [moves m1 m2 ...]   a UCI position command
 *   FEN;m1 m2 ...                                  a FEN (or EPD record), then its moves
 *   FEN                                            a game of no move
 *   m1 m2 ... [RESULT]                             pgn-extract -Wuci's move line, from
 *                                                  the FEN of the tags before it, else
 *                                                  the start position
 * and lines [Name "value"] before a game are its PGN tags, as pgn-extract
 * writes them. Each move must be legal where it is played: a game stops at
 * the first that is not, its plies before it scored, the bad ply named
 * (game_faults.h); raw PGN is named as such, with the conversion. Games are
 * read in order, on one thread: the tags before a move line belong to it,
 * and the games are numbered from 1 in each input.
 */
#ifndef SEEBATCH_CLI_GAME_LINES_H
#define SEEBATCH_CLI_GAME_LINES_H

#include <stdbool.h>

#include "eval_records.h"
#include "position_words.h" /* line */

enum { GAME_TAGS_MAX = 16 };

/* What every game of a run is read with. */
typedef struct game_settings {
    const seebatch_rules *rules;
    output_format format;
    bool keep_impossible;            /* start positions no game reaches scored, not refused */
    const seebatch_config *exchange; /* --exchange: the rules' configuration; else NULL */
    const char *tags[GAME_TAGS_MAX]; /* the tags a record carries (--tags), in order */
    size_t tag_count;
} game_settings;

typedef struct game_reader game_reader;

/* A reader for one thread, or NULL when out of memory. */
game_reader *game_reader_new(const game_settings *settings);
void game_reader_free(game_reader *reader);

/* Starts an input: games numbered from 1 again, no tag pending. `file`
 * (file_length bytes, or none) is the field records start with, its
 * separator or key included (eval.c's file_field). */
void game_reader_start_input(game_reader *reader, const char *file, size_t file_length);

/* A line_processor (parallel_lines.h): a tag line is kept for the game
 * after it; a game line is played and its records appended to out, or its
 * fault ("line N: game G: what") to errors. */
bool read_game_line(const line *input, void *reader, text_buffer *out, text_buffer *errors);

/* piece_work's too_long: a line too long to read may have been the next
 * game's FEN tag, so that game is refused, its start not known. */
void game_reader_line_too_long(void *reader, uint64_t number);

/* The games read so far (in every input): those with no move, those that
 * stopped at a move that cannot be played and the plies of those scored
 * before it, those of raw PGN. */
typedef struct game_counts {
    unsigned long long games, without_moves, stopped, scored_before_stops, raw_pgn;
} game_counts;
game_counts game_reader_counts(const game_reader *reader);

#endif
