/*
 * The real positions the tool embeds: bench/data/real_positions.fen.gz
 * (109,311 positions from Stockfish self-play, every one with a capture),
 * written compact at build time by tools/generate_real_positions.c and read
 * back here, position by position, exactly as their FENs say. The default
 * input of `seebatch check --see-...` and the source of `seebatch suite`.
 */
#ifndef SEEBATCH_REAL_POSITIONS_H
#define SEEBATCH_REAL_POSITIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "seebatch.h"

/* How many there are. */
size_t real_positions_total(void);

/* Reads them in order, from the first. */
typedef struct real_positions_reader {
    size_t offset; /* into the coded bytes */
    seebatch_board board;
} real_positions_reader;

void real_positions_start(real_positions_reader *reader);

/* The next position in *board: false after the last. */
bool real_positions_next(real_positions_reader *reader, seebatch_board *board);

/* Every position, in order, into a new array (count in *count): NULL when
 * out of memory. */
seebatch_board *real_positions_all(size_t *count);

#endif
