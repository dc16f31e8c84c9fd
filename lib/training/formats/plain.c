#define _POSIX_C_SOURCE 200809L /* strnlen */
#include "plain.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chain_moves.h"
#include "text/decimal.h"
#include "errors.h" /* seebatch_printable */
#include "seebatch_training.h"
#include "text/fen_write.h"

static size_t seebatch_append_text(char *out, size_t n, const char *text)
{
    size_t length = strlen(text);
    memcpy(out + n, text, length);
    return n + length;
}

static size_t seebatch_append_line(char *out, size_t n, const char *key, long value)
{
    n = seebatch_append_text(out, n, key);
    out[n++] = ' ';
    char *end = seebatch_put_signed_decimal(out + n, value);
    *end++ = '\n';
    return (size_t)(end - out);
}

size_t seebatch_training_fen(const seebatch_board *board, uint16_t ply, char *out, size_t size)
{
    return seebatch_fen_with_counters(board, board ? written_rule50(board->halfmove_clock) : 0,
                                      fullmove_of_ply(ply), false, out, size);
}

size_t seebatch_entry_fen(const training_entry *entry, char *out)
{
    return seebatch_training_fen(&entry->board, entry->ply, out, SEEBATCH_FEN_MAX);
}

size_t seebatch_plain_format(const training_entry *entry, char *out)
{
    char fen[SEEBATCH_FEN_MAX], uci[SEEBATCH_UCI_MAX];
    seebatch_entry_fen(entry, fen);
    seebatch_move_to_uci(entry->move, uci);
    size_t n = seebatch_append_text(out, 0, "fen ");
    n = seebatch_append_text(out, n, fen);
    n = seebatch_append_text(out, n, "\nmove ");
    n = seebatch_append_text(out, n, uci);
    n = seebatch_append_text(out, n, "\n");
    n = seebatch_append_line(out, n, "score", entry->score);
    n = seebatch_append_line(out, n, "ply", entry->ply);
    n = seebatch_append_line(out, n, "result", entry->result);
    n = seebatch_append_text(out, n, "e\n");
    out[n] = '\0';
    return n;
}

enum { KEY_FEN = 1, KEY_MOVE = 2, KEY_SCORE = 4, KEY_PLY = 8, KEY_RESULT = 16, KEYS_ALL = 31 };

typedef struct block_state {
    training_entry *entry;
    unsigned seen;
    char move_text[16];
} block_state;

static bool seebatch_parse_whole(const char *text, long minimum, long maximum, long *value)
{
    char *end;
    errno = 0;
    long parsed = strtol(text, &end, 10);
    if (!*text || *end || errno || parsed < minimum || parsed > maximum)
        return false;
    *value = parsed;
    return true;
}

/* Takes one "key value" line; false with message on a bad one. */
static bool seebatch_take_line(block_state *state, const char *key, const char *value,
                               char *message, size_t size)
{
    static const char *const keys[] = {"fen", "move", "score", "ply", "result"};
    static const long limits[][2] = {{0, 0}, {0, 0}, {-32768, 32767}, {0, 65535}, {-1, 1}};
    for (unsigned k = 0; k < 5; k++) {
        if (strcmp(key, keys[k]) != 0)
            continue;
        if (state->seen & (1u << k)) {
            snprintf(message, size, "\"%s\" twice in one entry", keys[k]);
            return false;
        }
        state->seen |= 1u << k;
        if (k == 0) {
            seebatch_error error;
            if (seebatch_board_from_fen(&state->entry->board, value, &error) != SEEBATCH_OK) {
                snprintf(message, size, "bad fen: %s", error.message);
                return false;
            }
            return true;
        }
        if (k == 1) { /* cut to the buffer, as the move's message shows it */
            size_t length = strnlen(value, sizeof state->move_text - 1);
            memcpy(state->move_text, value, length);
            state->move_text[length] = '\0';
            return true;
        }
        long number;
        if (!seebatch_parse_whole(value, limits[k][0], limits[k][1], &number)) {
            char shown[48];
            snprintf(message, size, "%s needs a whole number %ld..%ld, not \"%s\"", keys[k],
                     limits[k][0], limits[k][1],
                     seebatch_printable(value, SIZE_MAX, sizeof shown - 4, shown));
            return false;
        }
        if (k == 2)
            state->entry->score = (int16_t)number;
        else if (k == 3)
            state->entry->ply = (uint16_t)number;
        else
            state->entry->result = (int8_t)number;
        return true;
    }
    char shown[48];
    snprintf(message, size, "unknown key \"%s\"",
             seebatch_printable(key, SIZE_MAX, sizeof shown - 4, shown));
    return false;
}

/* The entry once its block is complete: the move is parsed on the board. */
static bool seebatch_finish_block(block_state *state, char *message, size_t size)
{
    if (state->seen != KEYS_ALL) {
        snprintf(message, size, "the entry ending here lacks %s",
                 !(state->seen & KEY_FEN)     ? "fen"
                 : !(state->seen & KEY_MOVE)  ? "move"
                 : !(state->seen & KEY_SCORE) ? "score"
                 : !(state->seen & KEY_PLY)   ? "ply"
                                              : "result");
        return false;
    }
    training_entry *entry = state->entry;
    if (entry->board.en_passant != SEEBATCH_NO_SQUARE &&
        !seebatch_en_passant_possible(&entry->board, entry->board.en_passant))
        entry->board.en_passant = SEEBATCH_NO_SQUARE;
    entry->board.fullmove_number = fullmove_of_ply(entry->ply);
    seebatch_error error;
    if (seebatch_move_parse(&entry->board, state->move_text, &entry->move, &error) != SEEBATCH_OK ||
        !seebatch_move_is_legal(&entry->board, entry->move)) {
        char shown[64];
        snprintf(message, size, "move %s: %s",
                 seebatch_printable(state->move_text, SIZE_MAX, sizeof shown - 4, shown),
                 error.status != SEEBATCH_OK ? error.message : "not a legal move here");
        return false;
    }
    return true;
}

enum { PLAIN_LINE_BYTES = 512 }; /* a line of up to 510 bytes, its '\n' and the NUL */

typedef enum line_status { LINE_NONE, LINE_READ, LINE_TOO_LONG } line_status;

/* Whether bytes are ahead, reading the next block when none are. */
static bool seebatch_bytes_ahead(plain_reader *reader)
{
    if (reader->next == reader->end) {
        reader->next = 0;
        reader->end = fread(reader->ahead, 1, sizeof reader->ahead, reader->file);
        reader->read += reader->end;
    }
    return reader->next < reader->end;
}

/* Reads one line, its '\n' kept, into line (size bytes, NUL-terminated) and
 * its length, NUL bytes included (fgets would hide them behind strlen). */
static line_status seebatch_read_line(plain_reader *reader, char *line, size_t size, size_t *length)
{
    size_t n = 0;
    bool ended = false;
    while (!ended && n + 1 < size && seebatch_bytes_ahead(reader)) {
        const char *from = reader->ahead + reader->next;
        size_t take = reader->end - reader->next;
        if (take > size - 1 - n)
            take = size - 1 - n;
        const char *newline = memchr(from, '\n', take);
        ended = newline != NULL;
        if (ended)
            take = (size_t)(newline - from) + 1;
        memcpy(line + n, from, take);
        n += take;
        reader->next += take;
    }
    line[n] = '\0';
    *length = n;
    if (n == 0)
        return LINE_NONE;
    return n + 1 == size && line[n - 1] != '\n' ? LINE_TOO_LONG : LINE_READ;
}

/* The rest of a line too long to read: no line of its own. */
static void seebatch_skip_rest_of_line(plain_reader *reader)
{
    while (seebatch_bytes_ahead(reader)) {
        const char *from = reader->ahead + reader->next;
        const char *newline = memchr(from, '\n', reader->end - reader->next);
        if (newline) {
            reader->next += (size_t)(newline - from) + 1;
            return;
        }
        reader->next = reader->end;
    }
}

/* A line the reader takes: not too long, and with no NUL byte (text has
 * none: a file of zeros, or garbage after a NUL, must not read as nothing
 * or be cut short unseen). Otherwise fills message. */
static bool seebatch_is_text_line(const char *line, size_t length, line_status status,
                                  char *message, size_t message_size)
{
    const char *nul = memchr(line, '\0', length);
    if (nul) {
        snprintf(message, message_size, "a NUL byte at column %zu", (size_t)(nul - line) + 1);
        return false;
    }
    if (status == LINE_TOO_LONG) {
        snprintf(message, message_size, "longer than %d bytes", PLAIN_LINE_BYTES - 2);
        return false;
    }
    return true;
}

/* After a bad line inside a block: reads on to the block's "e" line (or the
 * end of the file), so that the next block is read from its start. */
static void seebatch_skip_rest_of_block(plain_reader *reader)
{
    char line[PLAIN_LINE_BYTES];
    size_t length;
    line_status status;
    while ((status = seebatch_read_line(reader, line, sizeof line, &length)) != LINE_NONE) {
        if (status == LINE_TOO_LONG)
            seebatch_skip_rest_of_line(reader);
        reader->line++;
        while (length && (line[length - 1] == '\n' || line[length - 1] == '\r'))
            line[--length] = '\0';
        if (status == LINE_READ && strcmp(line, "e") == 0 && !memchr(line, '\0', length))
            return;
    }
}

typedef enum block_end {
    BLOCK_ENTRY,   /* a good block */
    BLOCK_NONE,    /* the end of the file, between blocks */
    BLOCK_BAD,     /* a bad block, read to its end (its "e" line, or the file's) */
    BLOCK_BAD_LINE /* a bad line inside a block: the rest of the block is unread */
} block_end;

/* Reads the lines of one block; a bad one leaves the message and
 * reader->fault_line. */
static block_end seebatch_read_block(plain_reader *reader, block_state *state, char *message,
                                     size_t message_size)
{
    char line[PLAIN_LINE_BYTES];
    size_t length;
    line_status status;
    while ((status = seebatch_read_line(reader, line, sizeof line, &length)) != LINE_NONE) {
        reader->fault_line = ++reader->line;
        if (!seebatch_is_text_line(line, length, status, message, message_size)) {
            if (status == LINE_TOO_LONG)
                seebatch_skip_rest_of_line(reader);
            return BLOCK_BAD_LINE;
        }
        while (length && (line[length - 1] == '\n' || line[length - 1] == '\r'))
            line[--length] = '\0';
        if (length == 0 && state->seen == 0)
            continue;
        if (strcmp(line, "e") == 0)
            return seebatch_finish_block(state, message, message_size) ? BLOCK_ENTRY : BLOCK_BAD;
        char *space = strchr(line, ' ');
        if (!space) {
            char shown[64];
            snprintf(message, message_size, "expected \"key value\" or \"e\", found \"%s\"",
                     seebatch_printable(line, length, sizeof shown - 4, shown));
            return BLOCK_BAD_LINE;
        }
        *space = '\0';
        if (!seebatch_take_line(state, line, space + 1, message, message_size))
            return BLOCK_BAD_LINE;
    }
    if (ferror(reader->file)) {
        reader->fault_line = reader->line + 1;
        snprintf(message, message_size, "the input cannot be read: %s",
                 strerror(errno ? errno : EIO));
        reader->read_failed = true;
        return BLOCK_BAD;
    }
    if (state->seen == 0)
        return BLOCK_NONE;
    snprintf(message, message_size, "the input ends inside an entry (no \"e\" line)");
    return BLOCK_BAD;
}

plain_step seebatch_plain_next(plain_reader *reader, training_entry *entry, char *message,
                               size_t message_size)
{
    if (reader->read_failed)
        return PLAIN_END;
    block_state state = {entry, 0, ""};
    switch (seebatch_read_block(reader, &state, message, message_size)) {
    case BLOCK_ENTRY:
        return PLAIN_ENTRY;
    case BLOCK_NONE:
        return PLAIN_END;
    case BLOCK_BAD_LINE: {
        unsigned long fault_line = reader->fault_line;
        seebatch_skip_rest_of_block(reader);
        reader->fault_line = fault_line;
        return PLAIN_BAD;
    }
    default:
        return PLAIN_BAD;
    }
}
