/*
 * Stockfish's .plain training data: one block of lines per entry,
 *   fen <FEN, its fullmove number derived from the ply>
 *   move <UCI: castling e1g1 in standard chess, the king taking its rook in Chess960>
 *   score <n>
 *   ply <n>
 *   result <-1, 0 or 1, for the side to move>
 *   e
 * as Stockfish's converter writes it.
 */
#ifndef SEEBATCH_FORMATS_PLAIN_H
#define SEEBATCH_FORMATS_PLAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
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

/* The same for a board and a ply, as `seebatch eval` names an entry: into
 * out (size bytes; SEEBATCH_FEN_MAX is enough), returning its length, or 0
 * and "" (size > 0) for a board not consistent or a buffer too small. */
size_t seebatch_training_fen(const seebatch_board *board, uint16_t ply, char *out, size_t size);

enum { PLAIN_READ_AHEAD = 16384 };

typedef struct plain_reader {
    FILE *file;
    unsigned long line;       /* lines read so far */
    unsigned long fault_line; /* after PLAIN_BAD: the line at fault */
    bool read_failed;         /* reading the file failed: it ends there */
    /* The file is read in blocks (a call per byte costs more than the
     * parsing): the bytes not yet taken are ahead[next..end). */
    size_t next, end;
    long start;    /* the file's position when the reader started; -1: none */
    uint64_t read; /* bytes read from the file since */
    char ahead[PLAIN_READ_AHEAD];
} plain_reader;

/* A reader at the file's position. It reads the file ahead of the entries
 * it returns: nothing else should read the file after it starts. */
static inline plain_reader plain_reader_start(FILE *file)
{
    return (plain_reader){file, 0, 0, false, 0, 0, ftell(file), 0, {0}};
}

/* The offset in the file of the next byte the reader takes (the file's
 * position less what was read ahead), or -1 where the file has none. */
static inline long plain_reader_offset(const plain_reader *reader)
{
    if (reader->start < 0)
        return -1;
    return reader->start + (long)(reader->read - (reader->end - reader->next));
}

typedef enum plain_step { PLAIN_ENTRY, PLAIN_END, PLAIN_BAD } plain_step;

/* Reads the next block. PLAIN_BAD: the block is bad; message says what is
 * wrong and reader->fault_line where, and the reader has gone on to the end
 * of that block (its "e" line, or the end of the file), so the next call
 * reads the block after it. A read error is PLAIN_BAD too, with
 * read_failed set; every call after it gives PLAIN_END. Keys may come in
 * any order; each is needed once. The FEN's en passant square is dropped,
 * as Stockfish drops it, when no pawn can take there; its fullmove number
 * is not read (the ply says it). */
plain_step seebatch_plain_next(plain_reader *reader, training_entry *entry, char *message,
                               size_t message_size);

#endif
