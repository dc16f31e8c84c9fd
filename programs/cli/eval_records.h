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
    /* With several inputs, before a number: the input's name as a field,
     * its separator or key included (eval.c's file_field); else none. */
    const char *file;
    size_t file_length;
} record_number;

/* The records of one position: its FEN text (as read, or as written for a
 * training entry), its number, and its moves with their values. */
typedef struct position_records {
    const char *fen;
    size_t fen_length;
    const record_number *number;
    const seebatch_move *moves;
    const int32_t *values;
    size_t count;
} position_records;

/* Appends one record a move, in the format:
 *   text   [[FILE;]N;]FEN;move;value        csv  [[FILE,]N,]FEN,move,value
 *   jsonl  {[["file":"FILE",]"line":N,|"entry":N,]"fen":"FEN","move":"move","value":value}
 * A FEN holds printable ASCII, spaces and tabs; jsonl writes a tab as \t. */
void append_position_records(text_buffer *out, output_format format,
                             const position_records *records);

/* The room the records of a position may take: what append_position_records
 * reserves, and what put_position_records needs at p; fen_length counts the
 * number's file field too (it is copied with the FEN). Per record the FEN
 * (twice its length in JSON, for escapes), a number, a move, a value and the
 * JSON around them; per position the slack a copy may run past the records
 * (eval_records.c). */
enum { RECORD_BEYOND_FEN = 128, RECORDS_SLACK = 96 };
static inline size_t position_records_room(output_format format, size_t fen_length, size_t count)
{
    size_t fen_room = fen_length * (format == FORMAT_JSONL ? 2 : 1);
    return count == 0 ? 0 : count * (fen_room + RECORD_BEYOND_FEN) + RECORDS_SLACK;
}

/* The same records written at p, which has position_records_room bytes
 * free (the bytes past the records written are unspecified); returns their
 * end. For a number that is not a mark (a mark needs the buffer). */
char *put_position_records(char *p, output_format format, const position_records *records);

/* The records of one game's moves as played (eval --games): the fields
 * every record of the game starts with, written by the caller in the
 * format (game_lines.c: the file, the game's number, its tags; no
 * separator after them), then per move its ply in the game (1 for white's
 * first move, from the board's fullmove number and side to move), the move,
 * its value and whether it captures. */
typedef struct game_records {
    const char *prefix;
    size_t prefix_length;
    const seebatch_board *before; /* the board of each move, as it stood before it */
    const seebatch_move *moves;
    const int32_t *values;
    size_t count;
} game_records;

/* Appends one record a move, in the format:
 *   text   PREFIX;ply;move;value;capture      (capture: 1 or 0)
 *   csv    PREFIX,ply,move,value,capture
 *   jsonl  {PREFIX,"ply":P,"move":"m","value":v,"capture":true|false} */
void append_game_records(text_buffer *out, output_format format, const game_records *records);

/* The ply of a move played on the board, as the records number it: 1 for
 * white's first move, from the board's fullmove number and side to move. */
unsigned long long game_ply(const seebatch_board *board);

#endif
