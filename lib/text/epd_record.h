/*
 * EPD records: a FEN's four position fields, then operations (`... b KQkq -
 * bm Nf6; id "x";`), read for seebatch_board_from_fen (fen.c) and the
 * position lines (position_line.c), which read a record's FEN.
 */
#ifndef SEEBATCH_EPD_RECORD_H
#define SEEBATCH_EPD_RECORD_H

#include <stddef.h>

#include "seebatch.h"

#pragma GCC visibility push(hidden)

/* How many operations of an EPD record seebatch_epd_read describes. */
#define SEEBATCH_EPD_OPERATIONS_MAX 32

/* One operation of an EPD record, by offsets into the text read. */
typedef struct seebatch_epd_operation {
    size_t opcode, opcode_length; /* the opcode ("bm", "id", "hmvc"...) */
    /* Its operands as written, from the first to the end of the last
     * (strings with their quotes; blanks between kept); 0 long for none. */
    size_t operands, operands_length;
    size_t operand_count; /* how many: words, or "strings" with any blanks inside */
} seebatch_epd_operation;

/* An EPD line read by seebatch_epd_read. */
typedef struct seebatch_epd_record {
    int is_record;     /* 1: an EPD record; 0: none (a FEN), nothing else written */
    size_t fields_end; /* the text's length up to the end of its fourth field */
    /* The position as a FEN: the four fields, then hmvc's and fmvn's operand
     * (0 and 1 where not given), NUL-terminated. */
    char fen[256];
    size_t operation_count; /* operations in the record (all of them) */
    seebatch_epd_operation operations[SEEBATCH_EPD_OPERATIONS_MAX]; /* the first ones */
} seebatch_epd_record;

/*
 * Reads text[0..length) (no NUL needed) as an EPD record: a FEN's four
 * position fields, then operations, each an opcode (a letter, then letters,
 * digits or '_'), operands (words, or "strings") and ';' (`... b KQkq - bm
 * Nf6; id "x";`). It is one when its fifth field starts with a letter; else
 * is_record 0 and SEEBATCH_OK. The position fields are not checked
 * (seebatch_board_from_fen(record->fen) reads them). Errors, *record then
 * unspecified: SEEBATCH_ERROR_ARGUMENT (NULL), SEEBATCH_ERROR_FEN naming the
 * column from 1 ("EPD opcode fmvn, column 62: needs one number 1..65535"; a
 * string not closed, no ';', hmvc or fmvn twice) or a FEN over 255 bytes.
 * Thread-safe; no allocation.
 */
seebatch_status seebatch_epd_read(const char *text, size_t length, seebatch_epd_record *record,
                                  seebatch_error *error);

#pragma GCC visibility pop

#endif
