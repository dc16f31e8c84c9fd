#include "position_line.h"

#include <stdio.h>
#include <string.h>

#include "tool_only.h"

static bool is_space(char c) { return c == ' ' || c == '\t'; }

static void trim(const char **text, size_t *length)
{
    while (*length && is_space(**text)) {
        ++*text;
        --*length;
    }
    while (*length && is_space((*text)[*length - 1]))
        --*length;
}

/* Parses the space-separated UCI moves after ';'. */
static bool parse_moves(position_line *out, const char *text, size_t length, char *message,
                        size_t size)
{
    size_t i = 0;
    out->move_count = 0;
    for (;;) {
        while (i < length && is_space(text[i]))
            i++;
        if (i == length)
            break;
        size_t start = i;
        while (i < length && !is_space(text[i]))
            i++;
        /* A token too long to be a move is given to the library cut, yet
         * longer than a move and than what its message quotes: the one
         * wording of the error, its start shown. */
        char token[SEEBATCH_UCI_MAX + 16];
        size_t token_length = i - start < sizeof token ? i - start : sizeof token - 1;
        if (out->move_count == SEEBATCH_MAX_MOVES) {
            snprintf(message, size, "more than %d moves", SEEBATCH_MAX_MOVES);
            return false;
        }
        memcpy(token, text + start, token_length);
        token[token_length] = '\0';
        seebatch_error error;
        if (seebatch_move_parse(&out->board, token, &out->moves[out->move_count], &error) !=
            SEEBATCH_OK) {
            /* The library's message names the move text; add its place. */
            snprintf(message, size, "%s (move %zu of the line)", error.message,
                     out->move_count + 1);
            return false;
        }
        out->move_count++;
    }
    if (out->move_count == 0) {
        snprintf(message, size, "no moves after ';'");
        return false;
    }
    return true;
}

static bool board_from_fen(position_line *out, const char *fen, char *message, size_t size)
{
    seebatch_error error;
    if (seebatch_board_from_fen(&out->board, fen, &error) == SEEBATCH_OK)
        return true;
    snprintf(message, size, "%s", error.message);
    return false;
}

bool parse_position_line(const line *input, position_line *out, char *message, size_t size)
{
    /* A line that is one plain FEN (no ';', no blank at either end, no NUL)
     * is read in place; any other line takes the steps below. */
    if (seebatch_fen_scan(&out->board, input->text, input->length)) {
        out->fen = input->text;
        out->fen_length = input->length;
        out->has_moves = false;
        out->move_count = 0;
        return true;
    }
    if (memchr(input->text, '\0', input->length)) {
        snprintf(message, size, "contains a NUL byte");
        return false;
    }
    char fen[256];
    epd_line line = {input->text, input->length, fen, sizeof fen, message, size, 0};
    switch (seebatch_epd_read(&line)) {
    case EPD_BAD:
        return false;
    case EPD_RECORD:
        /* An EPD record names no moves (its operations are not moves). */
        out->fen = input->text;
        out->fen_length = line.fields_end;
        trim(&out->fen, &out->fen_length);
        out->has_moves = false;
        out->move_count = 0;
        return board_from_fen(out, fen, message, size);
    case EPD_NOT_EPD:
        break;
    }
    const char *separator = memchr(input->text, ';', input->length);
    out->fen = input->text;
    out->fen_length = separator ? (size_t)(separator - input->text) : input->length;
    trim(&out->fen, &out->fen_length);
    if (out->fen_length >= sizeof fen) {
        snprintf(message, size, "FEN is longer than %zu bytes", sizeof fen - 1);
        return false;
    }
    memcpy(fen, out->fen, out->fen_length);
    fen[out->fen_length] = '\0';
    if (!board_from_fen(out, fen, message, size))
        return false;
    out->has_moves = separator != NULL;
    out->move_count = 0;
    if (!separator)
        return true;
    const char *list = separator + 1;
    return parse_moves(out, list, input->length - (size_t)(list - input->text), message, size);
}

bool read_position_line(const line *input, position_line *out, text_buffer *errors)
{
    char message[SEEBATCH_MESSAGE_SIZE + 64];
    if (parse_position_line(input, out, message, sizeof message))
        return true;
    text_buffer_printf(errors, "line %lu: %s\n", input->number, message);
    return false;
}
