/* The tool's words around the library's one reader of position lines
 * (seebatch_position_line_read, lib/text/position_line.h): where a line is
 * refused ("line N: why") and the option that keeps a position no game
 * reaches. */
#ifndef SEEBATCH_CLI_POSITION_LINE_H
#define SEEBATCH_CLI_POSITION_LINE_H

#include <stdbool.h>
#include <stddef.h>

#include "seebatch.h"
#include "seebatch_training.h"
#include "text_buffer.h"
#include "tool_only.h"

/* An input line, as the library's runner gives it (seebatch_training.h). */
typedef seebatch_line line;

/* The option that keeps impossible positions, and its help lines. */
#define KEEP_IMPOSSIBLE_OPTION "--allow-impossible"
#define KEEP_IMPOSSIBLE_HELP                                                                       \
    "  --allow-impossible  positions no game reaches (no king, kings side by side,\n"              \
    "                      the side not to move in check, a pawn on rank 1 or 8,\n"                \
    "                      a castling right or en passant square with nothing\n"                   \
    "                      behind it, ...) are evaluated, not refused\n"

/* The reason of a position refused as no game's: the option that keeps
 * it, after what message says. */
void name_keeping_option(char *message, size_t size);

/* seebatch_position_line_read on the line; on failure the reason in
 * message (no line number), with the option that keeps an impossible
 * position, and false. */
static inline bool parse_position_line(const line *input, seebatch_position_line *position,
                                       char *message, size_t size)
{
    position->text = input->text;
    position->length = input->length;
    if (seebatch_position_line_read(position, message, size))
        return true;
    if (position->impossible)
        name_keeping_option(message, size);
    return false;
}

/* Appends the reason of a line refused to errors: "line N: reason", with
 * the option that keeps an impossible position; false. */
bool refuse_position_line(const line *input, const seebatch_position_line *position,
                          const char *reason, text_buffer *errors);

/* parse_position_line for a worker of eval or check: on failure appends
 * "line N: reason" to errors. Inline: the usual line costs one call. */
static inline bool read_position_line(const line *input, seebatch_position_line *position,
                                      text_buffer *errors)
{
    char reason[SEEBATCH_MESSAGE_SIZE + 64];
    position->text = input->text;
    position->length = input->length;
    return seebatch_position_line_read(position, reason, sizeof reason) ||
           refuse_position_line(input, position, reason, errors);
}

/* Whether the board is a position a game reaches, or kept anyway; else the
 * reason in message, with the option that keeps it. */
bool position_is_possible(const seebatch_board *board, bool keep_impossible, char *message,
                          size_t size);

#endif
