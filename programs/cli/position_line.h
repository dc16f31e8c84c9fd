/* An input line of eval and check: "FEN", "FEN;move move ...", an EPD
 * record (seebatch_epd_read) or a UCI position command (seebatch_board_from_fen), with
 * moves after ';' too. */
#ifndef SEEBATCH_POSITION_LINE_H
#define SEEBATCH_POSITION_LINE_H

#include <stdbool.h>
#include <stddef.h>

#include "seebatch.h"
#include "seebatch_training.h"
#include "text_buffer.h"

/* An input line, as the library's runner gives it (seebatch_training.h). */
typedef seebatch_line line;

typedef struct position_line {
    seebatch_board board;
    /* the FEN as written, trimmed, pointing into the line; for a UCI
     * command the FEN of the position after its moves, in written_fen */
    const char *fen;
    char written_fen[SEEBATCH_FEN_MAX];
    size_t fen_length;
    bool has_moves; /* the line named its moves */
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    size_t move_count; /* the named moves; 0 when has_moves is false */
} position_line;

/* Parses the line; on failure writes a one-line reason (no line number) to
 * message and returns false. Moves must pass seebatch_move_check, not more. */
bool parse_position_line(const line *input, position_line *out, char *message, size_t size);

/* parse_position_line for a worker of eval or check: on failure appends
 * "line N: reason" to errors and returns false. */
bool read_position_line(const line *input, position_line *out, text_buffer *errors);

#endif
