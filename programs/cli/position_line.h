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
 * message and returns false. Moves must be ones their pieces can make
 * (seebatch_move_parse), legal or not. A position no game reaches
 * (seebatch_position_status) is refused unless keep_impossible. */
bool parse_position_line(const line *input, bool keep_impossible, position_line *out, char *message,
                         size_t size);

/* parse_position_line for a worker of eval or check: on failure appends
 * "line N: reason" to errors and returns false. */
bool read_position_line(const line *input, bool keep_impossible, position_line *out,
                        text_buffer *errors);

/* What seebatch_plain_fen_read said of a line: the length of the plain FEN
 * it read (0: none), and its yes-or-no on the position. */
typedef struct plain_fen {
    size_t end;
    bool possible;
} plain_fen;

/* read_position_line for a line seebatch_plain_fen_read has already read
 * into out->board: the steps after that reader, not it again. */
bool read_position_line_after(const line *input, plain_fen read, bool keep_impossible,
                              position_line *out, text_buffer *errors);

/* Whether the board is a position a game reaches, or kept anyway; else the
 * reason in message, with the option that keeps it. */
bool position_is_possible(const seebatch_board *board, bool keep_impossible, char *message,
                          size_t size);

/* Whether the text's first word is "position": a UCI position command, as
 * seebatch_board_from_fen reads it. */
bool is_uci_command(const char *text, size_t length);

/* The option that keeps impossible positions, and its help lines. */
#define KEEP_IMPOSSIBLE_OPTION "--allow-impossible"
#define KEEP_IMPOSSIBLE_HELP                                                                       \
    "  --allow-impossible  positions no game reaches (no king, kings side by side,\n"              \
    "                      the side not to move in check, a pawn on rank 1 or 8,\n"                \
    "                      a castling right or en passant square with nothing\n"                   \
    "                      behind it, ...) are evaluated, not refused\n"

/* Where a game's moves start: the position, and the text of its moves. */
typedef struct game_start {
    seebatch_board board;
    const char *moves;
    size_t moves_length;
} game_start;

/* The start of a UCI position command (text[0..length), no NUL inside):
 * the position before its moves, read by seebatch_board_from_fen and, unless
 * keep_impossible, checked possible; the moves, the text after "moves"
 * (empty when none). On failure the reason is in message. */
bool read_uci_start(const char *text, size_t length, bool keep_impossible, game_start *start,
                    char *message, size_t size);

#endif
