/*
 * Stockfish's .plain training data: one block of lines per entry,
 *   fen <FEN, its fullmove number derived from the ply>
 *   move <UCI, castling as the king's move>
 *   score <n>
 *   ply <n>
 *   result <-1, 0 or 1, for the side to move>
 *   e
 * as Stockfish's converter writes it.
 */
#ifndef SEEBATCH_FORMATS_PLAIN_H
#define SEEBATCH_FORMATS_PLAIN_H

#include <stddef.h>
#include <stdio.h>

#include "training_entry.h"

/* Longest block seebatch_plain_format writes, with its NUL. */
enum { PLAIN_BLOCK_MAX = SEEBATCH_FEN_MAX + 80 };

/* Writes the block of an entry into out (PLAIN_BLOCK_MAX bytes) and returns
 * its length. */
size_t seebatch_plain_format(const training_entry *entry, char *out);

/* The FEN of an entry as Stockfish's converter writes it (fullmove number
 * from the ply, rule-50 counter in 8 bits) into out (SEEBATCH_FEN_MAX
 * bytes); returns its length. */
size_t seebatch_entry_fen(const training_entry *entry, char *out);

typedef struct plain_reader {
    FILE *file;
    unsigned long line; /* lines read so far */
} plain_reader;

typedef enum plain_step { PLAIN_ENTRY, PLAIN_END, PLAIN_BAD } plain_step;

/* Reads the next block. PLAIN_BAD fills message with "line N: what is
 * wrong" (the block is not returned). Keys may come in any order; each is
 * needed once. The FEN's en passant square is dropped, as Stockfish drops
 * it, when no pawn can take there; its fullmove number is not read (the
 * ply says it). */
plain_step seebatch_plain_next(plain_reader *reader, training_entry *entry, char *message,
                               size_t message_size);

#endif
