#include "position_line.h"

#include <stdio.h>
#include <stdlib.h>
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

bool position_is_possible(const seebatch_board *board, bool keep_impossible, char *message,
                          size_t size)
{
    seebatch_error error;
    if (keep_impossible || seebatch_position_status(board, 1, NULL, &error) == SEEBATCH_OK)
        return true;
    snprintf(message, size, "%s (" KEEP_IMPOSSIBLE_OPTION " evaluates it)", error.message);
    return false;
}

/* The board of a FEN (ending in NUL, length bytes): a plain one by the
 * reader that says whether it is possible at a glance, any other by
 * seebatch_board_from_fen, which names what is wrong. */
static bool board_from_fen(position_line *out, const char *fen, size_t length, bool keep_impossible,
                           char *message, size_t size)
{
    bool possible = false; /* set by the reader only when it reads a FEN */
    if (length != 0 && seebatch_plain_fen_read(&out->board, fen, length, &possible) == length)
        return possible || position_is_possible(&out->board, keep_impossible, message, size);
    seebatch_error error;
    if (seebatch_board_from_fen(&out->board, fen, &error) != SEEBATCH_OK) {
        snprintf(message, size, "%s", error.message);
        return false;
    }
    return position_is_possible(&out->board, keep_impossible, message, size);
}

bool is_uci_command(const char *text, size_t length)
{
    static const char word[] = "position";
    size_t i = 0;
    while (i < length && is_space(text[i]))
        i++;
    return length - i >= sizeof word - 1 && memcmp(text + i, word, sizeof word - 1) == 0 &&
           (length - i == sizeof word - 1 || is_space(text[i + sizeof word - 1]));
}

/* The moves after the position, from the ';' at head, if any. */
static bool parse_moves_after(const line *input, size_t head, position_line *out, char *message,
                              size_t size)
{
    out->has_moves = head < input->length;
    out->move_count = 0;
    if (!out->has_moves)
        return true;
    return parse_moves(out, input->text + head + 1, input->length - head - 1, message, size);
}

/* Where the word "moves" starts in text[0..length), or length. */
static size_t moves_word_at(const char *text, size_t length)
{
    static const char word[] = "moves";
    size_t n = sizeof word - 1;
    for (size_t i = 0; i + n <= length; i++)
        if (memcmp(text + i, word, n) == 0 && (i == 0 || is_space(text[i - 1])) &&
            (i + n == length || is_space(text[i + n])))
            return i;
    return length;
}

bool read_uci_start(const char *text, size_t length, bool keep_impossible, game_start *start,
                    char *message, size_t size)
{
    /* seebatch_board_from_fen reads the command up to "moves" from a copy
     * ending in NUL (the caller has refused a NUL inside). */
    size_t at = moves_word_at(text, length);
    char *copy = malloc(at + 1);
    if (!copy) {
        snprintf(message, size, "out of memory for a UCI command of %zu bytes", length);
        return false;
    }
    memcpy(copy, text, at);
    copy[at] = '\0';
    seebatch_error error;
    seebatch_status status = seebatch_board_from_fen(&start->board, copy, &error);
    free(copy);
    if (status != SEEBATCH_OK) {
        snprintf(message, size, "%s", error.message);
        return false;
    }
    size_t after = at < length ? at + sizeof "moves" - 1 : length;
    start->moves = text + after;
    start->moves_length = length - after;
    char reason[SEEBATCH_MESSAGE_SIZE + 64];
    if (position_is_possible(&start->board, keep_impossible, reason, sizeof reason))
        return true;
    snprintf(message, size, "UCI position: %s", reason);
    return false;
}

/* A UCI position command up to head (uci_position.h): the position after
 * its moves (seebatch_game_play; none after "moves" is the start), written
 * as a FEN for the records, then any moves after ';'. */
static bool parse_uci_line(const line *input, size_t head, bool keep_impossible, position_line *out,
                           char *message, size_t size)
{
    game_start start;
    if (!read_uci_start(input->text, head, keep_impossible, &start, message, size))
        return false;
    seebatch_game game = {start.board, NULL, NULL, 0, 0};
    seebatch_error error;
    if (seebatch_game_play(&game, start.moves, start.moves_length, &error) != SEEBATCH_OK) {
        snprintf(message, size, "UCI position: %s", error.message);
        return false;
    }
    out->board = game.board;
    out->fen_length = seebatch_board_to_fen(&out->board, out->written_fen, sizeof out->written_fen);
    out->fen = out->written_fen;
    return parse_moves_after(input, head, out, message, size);
}

static bool parse_other_line(const line *input, bool keep_impossible, position_line *out,
                             char *message, size_t size);

/* The line after seebatch_plain_fen_read has read it into out->board. */
static bool parse_after_plain_read(const line *input, plain_fen read, bool keep_impossible,
                                   position_line *out, char *message, size_t size)
{
    size_t end = read.end;
    if (end == 0)
        return parse_other_line(input, keep_impossible, out, message, size);
    out->fen = input->text;
    out->fen_length = end;
    if (end < input->length && memchr(input->text + end, '\0', input->length - end)) {
        snprintf(message, size, "contains a NUL byte");
        return false;
    }
    if (!read.possible && !position_is_possible(&out->board, keep_impossible, message, size))
        return false;
    return parse_moves_after(input, end, out, message, size);
}

bool parse_position_line(const line *input, bool keep_impossible, position_line *out, char *message,
                         size_t size)
{
    /* A line whose FEN is plain ("FEN" or "FEN;moves": no blank at either
     * end of the FEN, no NUL in it) is read in place; any other line takes
     * the steps of parse_other_line. */
    plain_fen read = {0, false};
    read.end = seebatch_plain_fen_read(&out->board, input->text, input->length, &read.possible);
    return parse_after_plain_read(input, read, keep_impossible, out, message, size);
}

/* A line with no plain FEN at its start: a UCI command, an EPD record, or a
 * FEN in another spelling (with moves after ';' or not). */
static bool parse_other_line(const line *input, bool keep_impossible, position_line *out,
                             char *message, size_t size)
{
    if (memchr(input->text, '\0', input->length)) {
        snprintf(message, size, "contains a NUL byte");
        return false;
    }
    const char *separator = memchr(input->text, ';', input->length);
    size_t head = separator ? (size_t)(separator - input->text) : input->length;
    if (is_uci_command(input->text, head))
        return parse_uci_line(input, head, keep_impossible, out, message, size);
    seebatch_epd_record record;
    seebatch_error error;
    if (seebatch_epd_read(input->text, input->length, &record, &error) != SEEBATCH_OK) {
        snprintf(message, size, "%s", error.message);
        return false;
    }
    if (record.is_record) {
        /* An EPD record names no moves (its operations are not moves). */
        out->fen = input->text;
        out->fen_length = record.fields_end;
        trim(&out->fen, &out->fen_length);
        out->has_moves = false;
        out->move_count = 0;
        return board_from_fen(out, record.fen, strlen(record.fen), keep_impossible, message, size);
    }
    char *fen = record.fen; /* the line's FEN, copied to end in NUL */
    out->fen = input->text;
    out->fen_length = head;
    trim(&out->fen, &out->fen_length);
    if (out->fen_length >= sizeof record.fen) {
        snprintf(message, size, "FEN is longer than %zu bytes", sizeof record.fen - 1);
        return false;
    }
    memcpy(fen, out->fen, out->fen_length);
    fen[out->fen_length] = '\0';
    if (!board_from_fen(out, fen, out->fen_length, keep_impossible, message, size))
        return false;
    return parse_moves_after(input, head, out, message, size);
}

/* A reason appended to a worker's errors as "line N: reason"; false. */
static bool line_refused(const line *input, const char *message, text_buffer *errors)
{
    text_buffer_printf(errors, "line %llu: %s\n", (unsigned long long)input->number, message);
    return false;
}

bool read_position_line(const line *input, bool keep_impossible, position_line *out,
                        text_buffer *errors)
{
    char message[SEEBATCH_MESSAGE_SIZE + 64];
    return parse_position_line(input, keep_impossible, out, message, sizeof message) ||
           line_refused(input, message, errors);
}

bool read_position_line_after(const line *input, plain_fen read, bool keep_impossible,
                              position_line *out, text_buffer *errors)
{
    char message[SEEBATCH_MESSAGE_SIZE + 64];
    return parse_after_plain_read(input, read, keep_impossible, out, message, sizeof message) ||
           line_refused(input, message, errors);
}
