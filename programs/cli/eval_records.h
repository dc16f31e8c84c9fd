/* eval's output records, formatted straight into the output buffer: the
 * FEN copied from the input's own bytes, move and numbers from tables, the
 * part every record of a position shares written once and copied. */
#ifndef SEEBATCH_EVAL_RECORDS_H
#define SEEBATCH_EVAL_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "seebatch.h"
#include "text_buffer.h"

typedef enum output_format { FORMAT_TEXT, FORMAT_CSV, FORMAT_JSONL } output_format;

/* The number a record starts with: none, a line's, or an entry's as a mark
 * relative to its chunk (text_buffer.h), known only when written. */
typedef struct record_number {
    enum { NUMBER_NONE, NUMBER_LINE, NUMBER_ENTRY_MARK } kind;
    unsigned long long value;
} record_number;

/* The records of one position: its FEN text (as read, or as written for a
 * training entry), its number, and its moves with their values. */
typedef struct position_records {
    const char *fen;
    size_t fen_length;
    record_number number;
    const seebatch_move *moves;
    const int32_t *values;
    size_t count;
} position_records;

/* Appends one record a move, in the format:
 *   text   [N;]FEN;move;value        csv  [N,]FEN,move,value
 *   jsonl  {["line":N,|"entry":N,]"fen":"FEN","move":"move","value":value}
 * A FEN holds printable ASCII, spaces and tabs; jsonl writes a tab as \t. */
void append_position_records(text_buffer *out, output_format format,
                             const position_records *records);

#endif
