/*
 * EPD records: the four position fields of a FEN (placement, side to move,
 * castling, en passant), then operations, each an opcode (a letter, then
 * letters, digits or '_'), its operands (words, or "strings" in double
 * quotes) and a ';':
 *   r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - bm Nf6; id "x";
 * The halfmove clock and fullmove number come from the opcodes hmvc and fmvn
 * where given (0 and 1 otherwise); the other opcodes are read and ignored.
 * A line is an EPD record when its fifth field starts with a letter, which
 * a FEN's halfmove clock never does.
 */
#ifndef SEEBATCH_EPD_RECORD_H
#define SEEBATCH_EPD_RECORD_H

#include <stdbool.h>
#include <stddef.h>

typedef enum epd_result { EPD_NOT_EPD, EPD_RECORD, EPD_BAD } epd_result;

/* A line to read (in) and what reading it gives (out). */
typedef struct epd_line {
    const char *text; /* the line, no line end */
    size_t length;
    char *fen; /* fen_size bytes */
    size_t fen_size;
    char *message; /* message_size bytes */
    size_t message_size;
    size_t fields_end; /* out */
} epd_line;

/* Reads line->text. EPD_NOT_EPD: not an EPD record (a FEN, perhaps with
 * moves), nothing written. EPD_RECORD: fen holds the four fields and the
 * two counters as a FEN, and fields_end the length of the line up to the
 * end of the fourth field. EPD_BAD: message says what is wrong, naming the
 * column (from 1). */
epd_result seebatch_epd_read(epd_line *line);

#endif
