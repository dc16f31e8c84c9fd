#include "position_line.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "epd_record.h"
#include "fen_scan.h"
#include "uci_position.h"

static bool seebatch_line_is_space(char c) { return c == ' ' || c == '\t'; }

/* The characters that end a move's word: a blank, or the ';' before a
 * suite line's value (one load a character, where three tests were). */
static const bool seebatch_word_ends[256] = {[' '] = true, ['\t'] = true, [';'] = true};

static void seebatch_line_trim(const char **text, size_t *length)
{
    while (*length && seebatch_line_is_space(**text)) {
        ++*text;
        --*length;
    }
    while (*length && seebatch_line_is_space((*text)[*length - 1]))
        --*length;
}

/* Whether the board is a position a game reaches, or is kept anyway; else
 * the reason after prefix in message, and the line marked impossible. */
static bool seebatch_line_possible(seebatch_position_line *line, const char *prefix, char *message,
                                   size_t size)
{
    seebatch_error error;
    if (line->keep_impossible ||
        seebatch_position_status(line->board, 1, NULL, &error) == SEEBATCH_OK)
        return true;
    snprintf(message, size, "%s%s", prefix, error.message);
    line->impossible = true;
    return false;
}

/* One UCI move of the moves after ';': a token too long to be a move is
 * given to the library cut, yet longer than a move and than what its
 * message quotes: the one wording of the error, its start shown. */
static bool seebatch_line_move(seebatch_position_line *line, const char *word, size_t length,
                               char *message, size_t size)
{
    char token[SEEBATCH_UCI_MAX + 16];
    size_t token_length = length < sizeof token ? length : sizeof token - 1;
    if (line->move_count == SEEBATCH_MAX_MOVES) {
        snprintf(message, size, "more than %d moves", SEEBATCH_MAX_MOVES);
        return false;
    }
    memcpy(token, word, token_length);
    token[token_length] = '\0';
    seebatch_error error;
    if (seebatch_move_parse(line->board, token, &line->moves[line->move_count], &error) !=
        SEEBATCH_OK) {
        /* The library's message names the move text; add its place. */
        snprintf(message, size, "%s (move %zu of the line)", error.message, line->move_count + 1);
        return false;
    }
    line->move_count++;
    return true;
}

/* A move's SEE as a suite line gives it (text[0..length)): a whole number,
 * blanks around it allowed, no more than ten digits (an int32_t's). */
static bool seebatch_line_value(seebatch_position_line *line, const char *text, size_t length,
                                char *message, size_t size)
{
    seebatch_line_trim(&text, &length);
    size_t sign = length && (text[0] == '-' || text[0] == '+');
    long long value = 0;
    bool number = length > sign && length - sign <= 10;
    for (size_t i = sign; number && i < length; i++) {
        number = text[i] >= '0' && text[i] <= '9';
        value = value * 10 + (text[i] - '0');
    }
    if (!number || value > INT32_MAX) {
        snprintf(message, size,
                 "value \"%.*s\" after the move is not a whole number (ten digits at most)",
                 (int)(length < 24 ? length : 24), text);
        return false;
    }
    line->has_value = true;
    line->value = (int32_t)(text[0] == '-' ? -value : value);
    return true;
}

/* The moves after the position, from the ';' at head, if any: UCI moves
 * apart by blanks; a second ';' and a value after one move (a suite's
 * line). */
static bool seebatch_line_moves_after(seebatch_position_line *line, size_t head, char *message,
                                      size_t size)
{
    const char *text = line->text;
    size_t length = line->length;
    line->has_moves = head < length;
    line->move_count = 0;
    if (!line->has_moves)
        return true;
    /* A word ends at a blank or a second ';' (the value's): one pass over
     * the moves, with no search of the line for the ';' first. */
    size_t i = head + 1;
    for (;;) {
        while (i < length && seebatch_line_is_space(text[i]))
            i++;
        if (i == length || text[i] == ';')
            break;
        size_t start = i;
        while (i < length && !seebatch_word_ends[(unsigned char)text[i]])
            i++;
        if (!seebatch_line_move(line, text + start, i - start, message, size))
            return false;
    }
    if (i < length && !seebatch_line_value(line, text + i + 1, length - i - 1, message, size))
        return false;
    if (line->move_count == 0) {
        snprintf(message, size, "no moves after ';'");
        return false;
    }
    if (line->has_value && line->move_count != 1) {
        snprintf(message, size, "a value after the moves is one move's SEE, not %zu moves'",
                 line->move_count);
        return false;
    }
    return true;
}

/* The board of a FEN (ending in NUL, length bytes): a plain one by the
 * reader that says whether it is possible at a glance, any other by
 * seebatch_board_from_fen, which names what is wrong. */
static bool seebatch_line_board(seebatch_position_line *line, const char *fen, size_t length,
                                char *message, size_t size)
{
    bool possible = false; /* set by the reader only when it reads a FEN */
    if (length != 0 && seebatch_plain_fen_read(line->board, fen, length, &possible) == length)
        return possible || seebatch_line_possible(line, "", message, size);
    seebatch_error error;
    if (seebatch_board_from_fen(line->board, fen, &error) != SEEBATCH_OK) {
        snprintf(message, size, "%s", error.message);
        return false;
    }
    return seebatch_line_possible(line, "", message, size);
}

/* Where the word "moves" starts in text[0..length), or length. */
static size_t seebatch_line_moves_word(const char *text, size_t length)
{
    static const char word[] = "moves";
    size_t n = sizeof word - 1;
    for (size_t i = 0; i + n <= length; i++)
        if (memcmp(text + i, word, n) == 0 && (i == 0 || seebatch_line_is_space(text[i - 1])) &&
            (i + n == length || seebatch_line_is_space(text[i + n])))
            return i;
    return length;
}

/* The start of a UCI position command (text[0..length), no NUL inside): the
 * position before its moves, read by seebatch_board_from_fen and checked
 * possible; the moves, the text after "moves" (empty when none). */
static bool seebatch_line_uci_start(seebatch_position_line *line, const char *text, size_t length,
                                    char *message, size_t size)
{
    /* seebatch_board_from_fen reads the command up to "moves" from a copy
     * ending in NUL. */
    size_t at = seebatch_line_moves_word(text, length);
    char *copy = malloc(at + 1);
    if (!copy) {
        snprintf(message, size, "out of memory for a UCI command of %zu bytes", length);
        return false;
    }
    memcpy(copy, text, at);
    copy[at] = '\0';
    seebatch_error error;
    seebatch_status status = seebatch_board_from_fen(line->board, copy, &error);
    free(copy);
    if (status != SEEBATCH_OK) {
        snprintf(message, size, "%s", error.message);
        return false;
    }
    size_t after = at < length ? at + sizeof "moves" - 1 : length;
    line->fen = text;
    line->fen_length = at;
    line->moves_text = text + after;
    line->moves_length = length - after;
    return seebatch_line_possible(line, "UCI position: ", message, size);
}

/* A UCI position command up to head: the position after its moves
 * (seebatch_game_play; none after "moves" is the start), written as a FEN
 * for the records, then any moves after ';'. */
static bool seebatch_line_uci(seebatch_position_line *line, size_t head, char *message, size_t size)
{
    if (!seebatch_line_uci_start(line, line->text, head, message, size))
        return false;
    seebatch_game game = {*line->board, NULL, NULL, 0, 0};
    seebatch_error error;
    if (seebatch_game_play(&game, line->moves_text, line->moves_length, &error) != SEEBATCH_OK) {
        snprintf(message, size, "UCI position: %s", error.message);
        return false;
    }
    *line->board = game.board;
    line->fen_length =
        seebatch_board_to_fen(line->board, line->written_fen, sizeof line->written_fen);
    line->fen = line->written_fen;
    return seebatch_line_moves_after(line, head, message, size);
}

/* A suite's operations of an EPD record, each the first of its opcode with
 * one operand, NULL where there is none: "uci" and "see". One pass, and
 * three-letter opcodes alone compared: a record of other operations costs
 * a length test each. */
static void seebatch_line_suite_operations(const char *text, const seebatch_epd_record *record,
                                           const seebatch_epd_operation **uci,
                                           const seebatch_epd_operation **see)
{
    *uci = *see = NULL;
    size_t count = record->operation_count < SEEBATCH_EPD_OPERATIONS_MAX
                       ? record->operation_count
                       : SEEBATCH_EPD_OPERATIONS_MAX;
    for (size_t i = 0; i < count; i++) {
        const seebatch_epd_operation *o = &record->operations[i];
        if (o->opcode_length != 3 || o->operand_count != 1)
            continue;
        if (!*uci && memcmp(text + o->opcode, "uci", 3) == 0)
            *uci = o;
        else if (!*see && memcmp(text + o->opcode, "see", 3) == 0)
            *see = o;
    }
}

/* An EPD record names no moves (its operations are not moves), but a
 * suite's (seebatch suite --format epd): "uci" names its move, "see" the
 * move's SEE. */
static bool seebatch_line_suite_record(seebatch_position_line *line,
                                       const seebatch_epd_record *record, char *message,
                                       size_t size)
{
    const seebatch_epd_operation *uci, *see;
    seebatch_line_suite_operations(line->text, record, &uci, &see);
    if (!uci && !see)
        return true;
    if (!uci) {
        snprintf(message, size, "EPD opcode see gives the SEE of the move \"uci\" names: none");
        return false;
    }
    line->has_moves = true;
    return seebatch_line_move(line, line->text + uci->operands, uci->operands_length, message,
                              size) &&
           (!see || seebatch_line_value(line, line->text + see->operands, see->operands_length,
                                        message, size));
}

/* A line with no plain FEN at its start: a UCI command, an EPD record, or a
 * FEN in another spelling (with moves after ';' or not). */
static bool seebatch_line_other(seebatch_position_line *line, char *message, size_t size)
{
    const char *text = line->text;
    size_t length = line->length;
    if (memchr(text, '\0', length)) {
        snprintf(message, size, "contains a NUL byte");
        return false;
    }
    const char *separator = memchr(text, ';', length);
    size_t head = separator ? (size_t)(separator - text) : length;
    if (seebatch_is_uci_position(text, head))
        return seebatch_line_uci(line, head, message, size);
    seebatch_epd_record record;
    seebatch_error error;
    if (seebatch_epd_read(text, length, &record, &error) != SEEBATCH_OK) {
        snprintf(message, size, "%s", error.message);
        return false;
    }
    line->fen = text;
    if (record.is_record) {
        line->fen_length = record.fields_end;
        seebatch_line_trim(&line->fen, &line->fen_length);
        line->has_moves = false;
        line->move_count = 0;
        return seebatch_line_board(line, record.fen, strlen(record.fen), message, size) &&
               seebatch_line_suite_record(line, &record, message, size);
    }
    char *fen = record.fen; /* the line's FEN, copied to end in NUL */
    line->fen_length = head;
    seebatch_line_trim(&line->fen, &line->fen_length);
    if (line->fen_length >= sizeof record.fen) {
        snprintf(message, size, "FEN is longer than %zu bytes", sizeof record.fen - 1);
        return false;
    }
    memcpy(fen, line->fen, line->fen_length);
    fen[line->fen_length] = '\0';
    return seebatch_line_board(line, fen, line->fen_length, message, size) &&
           seebatch_line_moves_after(line, head, message, size);
}

/* A line's position and the moves named after it, once the plain reader
 * has read it (end: the length of its plain FEN, 0 for none; possible: its
 * yes at a glance): any other line by seebatch_line_other. */
static bool seebatch_line_after_plain(seebatch_position_line *line, size_t end, bool possible,
                                      char *message, size_t size)
{
    const char *text = line->text;
    size_t length = line->length;
    if (end == 0)
        return seebatch_line_other(line, message, size);
    line->fen = text;
    line->fen_length = end;
    if (end < length && memchr(text + end, '\0', length - end)) {
        snprintf(message, size, "contains a NUL byte");
        return false;
    }
    if (!possible && !seebatch_line_possible(line, "", message, size))
        return false;
    return seebatch_line_moves_after(line, end, message, size);
}

/* The same from the start: a plain FEN ("FEN" or "FEN;moves": no blank at
 * either end of the FEN, no NUL in it) read in place first. */
static bool seebatch_line_named(seebatch_position_line *line, char *message, size_t size)
{
    bool possible = false;
    size_t end = seebatch_plain_fen_read(line->board, line->text, line->length, &possible);
    return seebatch_line_after_plain(line, end, possible, message, size);
}

/* Whether the line's first word holds a '/': a FEN's placement. */
static bool seebatch_line_starts_with_fen(const char *text, size_t length)
{
    size_t i = 0;
    while (i < length && seebatch_line_is_space(text[i]))
        i++;
    for (; i < length && !seebatch_line_is_space(text[i]); i++)
        if (text[i] == '/')
            return true;
    return false;
}

/* A game's line: where its moves start (a UCI command's position before
 * them, a FEN before ';', or none named) and the text of its moves. */
static bool seebatch_line_game(seebatch_position_line *line, char *message, size_t size)
{
    const char *text = line->text;
    size_t length = line->length;
    line->has_moves = false;
    line->move_count = 0;
    if (memchr(text, '\0', length)) {
        snprintf(message, size, "contains a NUL byte");
        return false;
    }
    if (seebatch_is_uci_position(text, length))
        return seebatch_line_uci_start(line, text, length, message, size);
    const char *semicolon = memchr(text, ';', length);
    line->fen = NULL;
    line->moves_text = text;
    line->moves_length = length;
    if (!semicolon && !seebatch_line_starts_with_fen(text, length))
        return true;
    /* The position before ';' read as a line of its own. */
    line->length = semicolon ? (size_t)(semicolon - text) : length;
    bool named = seebatch_line_named(line, message, size);
    line->length = length;
    if (!named)
        return false;
    line->moves_text = semicolon ? semicolon + 1 : text + length;
    line->moves_length = semicolon ? (size_t)(text + length - semicolon - 1) : 0;
    return true;
}

bool seebatch_position_line_rest(seebatch_position_line *line, size_t end, bool possible,
                                 char *message, size_t size)
{
    if (!line->moves)
        return seebatch_line_game(line, message, size);
    return seebatch_line_after_plain(line, end, possible, message, size);
}
