/*
 * A line that names a position, read by the one reader of every program
 * that reads them (the tool's eval, check, filter and game lines):
 *   FEN                       the position (its counters may be left out)
 *   FEN;move move ...         and the moves named on it (UCI)
 *   FEN;move;value            one move and its SEE as a suite writes it
 *   EPD record                four FEN fields, then operations (epd_record.c)
 *   position startpos|fen F [moves ...]   a UCI command: the position after
 *                             its moves, or in a game the position before them
 * A plain FEN (seebatch_plain_fen_read: the wide reader where the CPU runs
 * it) is read in place, straight into the caller's board; any other spelling
 * takes the full readers, which name what is wrong. The reasons written name
 * no line: the caller words its own place ("line N: why"). Internal: the
 * programs reach it through lib/tool_only.h.
 */
#ifndef SEEBATCH_POSITION_LINE_H
#define SEEBATCH_POSITION_LINE_H

#include <stdbool.h>
#include <stddef.h>

#include "fen_scan.h"
#include "seebatch.h"

#pragma GCC visibility push(hidden)

typedef struct seebatch_position_line {
    /* In. */
    const char *text; /* the line, length bytes (no NUL needed) */
    size_t length;
    seebatch_board *board; /* where the position is written */
    /* Room for SEEBATCH_MAX_MOVES moves named after ';', each one its piece
     * can make (seebatch_move_parse), legal or not; NULL for a game's line:
     * its moves are left as text (moves_text), to be played from the
     * position in turn, and a UCI command's position is the one before them. */
    seebatch_move *moves;
    bool keep_impossible; /* a position no game reaches is read, not refused */
    /* Out. */
    const char *fen; /* the FEN as written, trimmed, in the text; a UCI command's
                      * (not a game's): written_fen, the position after its moves;
                      * a game's line naming no position: NULL */
    size_t fen_length;
    char written_fen[SEEBATCH_FEN_MAX];
    bool has_moves;    /* the line names moves after ';' */
    size_t move_count; /* the moves named (not for a game) */
    /* A suite's line ("FEN;move;value", or an EPD record with "uci" and
     * "see" operations): its one move's SEE as the line gives it. */
    bool has_value;
    int32_t value;
    /* A game: the text of its moves, from the position read (the whole line
     * when it names none). */
    const char *moves_text;
    size_t moves_length;
    /* The line was refused as a position no game reaches
     * (seebatch_position_status): the reason says why. */
    bool impossible;
} seebatch_position_line;

/* What seebatch_position_line_read does after the plain reader, given
 * what it said (end, possible): every line but the usual one. */
bool seebatch_position_line_rest(seebatch_position_line *line, size_t end, bool possible,
                                 char *message, size_t size);

/* Reads line->text into *line. On failure writes a one-line reason into
 * message (size bytes) and returns false. Inline: the usual line, one plain
 * FEN of a game's position, costs its reading and a few stores. */
static inline bool seebatch_position_line_read(seebatch_position_line *line, char *message,
                                               size_t size)
{
    line->impossible = false;
    line->has_value = false;
    bool possible = false;
    size_t end = 0;
    if (line->moves) {
        end = seebatch_plain_fen_read(line->board, line->text, line->length, &possible);
        if (end == line->length && possible) {
            line->fen = line->text;
            line->fen_length = end;
            line->has_moves = false;
            line->move_count = 0;
            return true;
        }
    }
    return seebatch_position_line_rest(line, end, possible, message, size);
}

#pragma GCC visibility pop

#endif
