#include "eval_records.h"

#include <stdbool.h>
#include <string.h>

#include "numbers.h"

/* The decimal text of 0 to 999 as 4 bytes each: the digits, then how many
 * (a byte, read after the 4 are written, never shown). One string literal
 * the preprocessor builds from each number's spelling: a table of words it
 * computed was 671 MB of clang's AST, which tests/design/door_names.py
 * reads. */
#define TWO10(t)                                                                                   \
    #t "0\0\2" #t "1\0\2" #t "2\0\2" #t "3\0\2" #t "4\0\2" #t "5\0\2" #t "6\0\2" #t "7\0\2" \
    #t "8\0\2" #t "9\0\2"
#define THREE10(t)                                                                                 \
    #t "0\3" #t "1\3" #t "2\3" #t "3\3" #t "4\3" #t "5\3" #t "6\3" #t "7\3" #t "8\3" #t "9\3"
#define THREE100(h)                                                                                \
    THREE10(h##0) THREE10(h##1) THREE10(h##2) THREE10(h##3) THREE10(h##4) THREE10(h##5)          \
    THREE10(h##6) THREE10(h##7) THREE10(h##8) THREE10(h##9)
static const char small_numbers[4000] =
    "0\0\0\1" "1\0\0\1" "2\0\0\1" "3\0\0\1" "4\0\0\1" "5\0\0\1" "6\0\0\1" "7\0\0\1"
    "8\0\0\1" "9\0\0\1" TWO10(1) TWO10(2) TWO10(3) TWO10(4) TWO10(5) TWO10(6) TWO10(7) TWO10(8)
    TWO10(9) THREE100(1) THREE100(2) THREE100(3) THREE100(4) THREE100(5) THREE100(6) THREE100(7)
    THREE100(8) THREE100(9);

/* A value: below 1000 in size (nearly every SEE value) by its table entry,
 * written whole (the room reserved covers its 4 bytes) with no branch on
 * its digits; others as put_decimal writes them. */
static char *put_signed(char *p, int32_t value)
{
    *p = '-';
    p += value < 0;
    unsigned long long size =
        value < 0 ? 0ull - (unsigned long long)value : (unsigned long long)value;
    if (size >= 1000)
        return put_decimal(p, size);
    memcpy(p, small_numbers + 4 * size, 4);
    return p + small_numbers[4 * size + 3];
}

/* "a1" to "h8", two letters a square. */
static const char square_names[129] =
    "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4"
    "a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8";

/* The letter a promotion kind adds to the move ("nbrq"), NUL for the kinds
 * that add none (normal, en passant, castling, and the unused kinds). */
static const char promotion_letter[16] = {0, 'n', 'b', 'r', 'q'};

/* A castling move, rare, as seebatch_move_to_uci writes it (its to-square
 * as standard chess writes it, or the rook's in Chess960), then `after`.
 * Out of line, so that put_uci, inlined in every record's loop, stays
 * small (inlined with it, a record cost 20 instructions more). */
static __attribute__((noinline, cold)) char *put_castling_uci(char *p, seebatch_move move,
                                                              char after)
{
    char uci[SEEBATCH_UCI_MAX];
    size_t length = seebatch_move_to_uci(move, uci);
    memcpy(p, uci, length);
    p[length] = after;
    return p + length + 1;
}

/* The move in UCI, as seebatch_move_to_uci writes it, followed by `after`:
 * the squares and a fifth byte always written, the fifth kept only for a
 * promotion, so no branch asks the kind (the room reserved covers it) but
 * castling's. */
static inline char *put_uci(char *p, seebatch_move move, char after)
{
    if (__builtin_expect(seebatch_move_kind(move) == SEEBATCH_MOVE_CASTLING, 0))
        return put_castling_uci(p, move, after);
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    memcpy(p, square_names + 2 * from, 2);
    memcpy(p + 2, square_names + 2 * to, 2);
    char letter = promotion_letter[seebatch_move_kind(move)];
    p[4] = letter;
    p += 4 + (letter != 0);
    *p = after;
    return p + 1;
}

static char *put_text(char *p, const char *text, size_t length)
{
    memcpy(p, text, length);
    return p + length;
}

/* The FEN with each tab written \t, for JSON. */
static char *put_json_fen(char *p, const char *fen, size_t length)
{
    for (const char *tab; (tab = memchr(fen, '\t', length)) != NULL;) {
        p = put_text(p, fen, (size_t)(tab - fen));
        p = put_text(p, "\\t", 2);
        length -= (size_t)(tab - fen) + 1;
        fen = tab + 1;
    }
    return put_text(p, fen, length);
}

/* What every record of the position starts with, up to its move. The line
 * number goes in as digits; an entry's as a mark (text_buffer.h), which
 * needs the buffer itself, so it is appended there and its place returned. */
static char *put_prefix(text_buffer *out, char *p, output_format format,
                        const position_records *records)
{
    char separator = format == FORMAT_CSV ? ',' : ';';
    record_number number = *records->number;
    if (format == FORMAT_JSONL)
        *p++ = '{';
    if (number.kind != NUMBER_NONE && number.file_length)
        p = put_text(p, number.file, number.file_length);
    if (format == FORMAT_JSONL && number.kind != NUMBER_NONE)
        p = number.kind == NUMBER_LINE ? put_text(p, "\"line\":", 7) : put_text(p, "\"entry\":", 8);
    if (number.kind == NUMBER_LINE)
        p = put_decimal(p, number.value);
    if (number.kind == NUMBER_ENTRY_MARK) {
        out->length = (size_t)(p - out->bytes);
        text_buffer_append_number_mark(out, number.value);
        p = out->bytes + out->length;
    }
    if (format == FORMAT_JSONL) {
        if (number.kind != NUMBER_NONE)
            *p++ = ',';
        p = put_text(p, "\"fen\":\"", 7);
        p = put_json_fen(p, records->fen, records->fen_length);
        return put_text(p, "\",\"move\":\"", 10);
    }
    if (number.kind != NUMBER_NONE)
        *p++ = separator;
    p = put_text(p, records->fen, records->fen_length);
    *p++ = separator;
    return p;
}

/* The first record's prefix again, 96 bytes at once where it is no longer
 * (every FEN of a usual position: no loop whose end mispredicts; 64 bytes
 * at once left a third of real positions to a loop), else 16 at a time:
 * the copy may run up to 95 bytes past the prefix, at both ends, which stays
 * inside the room reserved for the position's records (PREFIX_SLACK); what
 * it writes past the prefix is written over by the record's rest or the
 * next record, or left past the buffer's length. */
enum { PREFIX_SLACK = RECORDS_SLACK };

typedef char sixteen_bytes __attribute__((vector_size(16)));

static char *put_prefix_again(char *p, const char *first, size_t length)
{
    if (length <= 96) {
        /* all read before any is written: a short first record overlaps */
        sixteen_bytes a, b, c, d, e, f;
        memcpy(&a, first, 16);
        memcpy(&b, first + 16, 16);
        memcpy(&c, first + 32, 16);
        memcpy(&d, first + 48, 16);
        memcpy(&e, first + 64, 16);
        memcpy(&f, first + 80, 16);
        memcpy(p, &a, 16);
        memcpy(p + 16, &b, 16);
        memcpy(p + 32, &c, 16);
        memcpy(p + 48, &d, 16);
        memcpy(p + 64, &e, 16);
        memcpy(p + 80, &f, 16);
        return p + length;
    }
    for (size_t done = 0; done < length; done += 16)
        memcpy(p + done, first + done, 16);
    return p + length;
}

/* Every record from the first one's move on: its prefix (at `first`,
 * ending at p) written already, the others' copied from it. The format a
 * constant where this is inlined, so no branch asks it per record. */
static inline __attribute__((always_inline)) char *
put_moves(char *p, output_format format, const char *first, const position_records *records)
{
    size_t prefix_length = (size_t)(p - first);
    char separator = format == FORMAT_CSV ? ',' : ';';
    for (size_t i = 0; i < records->count; i++) {
        if (i > 0)
            p = put_prefix_again(p, first, prefix_length);
        if (format == FORMAT_JSONL) {
            p = put_uci(p, records->moves[i], '"');
            p = put_text(p, ",\"value\":", 9);
        } else {
            p = put_uci(p, records->moves[i], separator);
        }
        p = put_signed(p, records->values[i]);
        if (format == FORMAT_JSONL)
            *p++ = '}';
        *p++ = '\n';
    }
    return p;
}

/* put_moves with the format made a constant. */
static char *put_moves_in(char *p, output_format format, const char *first,
                          const position_records *records)
{
    switch (format) {
    case FORMAT_TEXT:
        return put_moves(p, FORMAT_TEXT, first, records);
    case FORMAT_CSV:
        return put_moves(p, FORMAT_CSV, first, records);
    default:
        return put_moves(p, FORMAT_JSONL, first, records);
    }
}

char *put_position_records(char *p, output_format format, const position_records *records)
{
    if (records->count == 0)
        return p;
    char *first = p;
    if (format == FORMAT_TEXT && records->number->kind == NUMBER_NONE) {
        p = put_text(p, records->fen, records->fen_length);
        *p++ = ';';
        return put_moves(p, FORMAT_TEXT, first, records);
    }
    p = put_prefix(NULL, p, format, records); /* no mark: the buffer is not needed */
    return put_moves_in(p, format, first, records);
}

void append_position_records(text_buffer *out, output_format format,
                             const position_records *records)
{
    if (records->count == 0)
        return;
    char *p = text_buffer_reserve(
        out, position_records_room(format, records->fen_length + records->number->file_length,
                                   records->count));
    if (records->number->kind != NUMBER_ENTRY_MARK) {
        out->length = (size_t)(put_position_records(p, format, records) - out->bytes);
        return;
    }
    size_t start = out->length;
    p = put_prefix(out, p, format, records);
    const char *first = out->bytes + start; /* the mark may have moved the buffer */
    out->length = (size_t)(put_moves_in(p, format, first, records) - out->bytes);
}

/* ------------------------------------------------------------------------ */
/* Games (eval --games)                                                     */
/* ------------------------------------------------------------------------ */

/* Per record, past its prefix: a ply, a move, a value, the flag and the
 * separators or JSON keys around them, and the 4 bytes put_signed writes. */
enum { GAME_RECORD_BEYOND_PREFIX = 128 };

unsigned long long game_ply(const seebatch_board *board)
{
    unsigned long long full = board->fullmove_number ? board->fullmove_number : 1u;
    return 2 * (full - 1) + board->side_to_move + 1;
}

/* Whether the move takes a piece: onto one of the other colour, or en
 * passant (castling, the king taking its own rook, takes nothing). */
static bool captures(const seebatch_board *board, seebatch_move move)
{
    unsigned mover = (unsigned)(board->colors[SEEBATCH_BLACK] >> seebatch_move_from(move)) & 1u;
    return seebatch_move_kind(move) == SEEBATCH_MOVE_EN_PASSANT ||
           ((board->colors[mover ^ 1u] >> seebatch_move_to(move)) & 1u);
}

void append_game_records(text_buffer *out, output_format format, const game_records *records)
{
    if (records->count == 0)
        return;
    char *p = text_buffer_reserve(out, records->count *
                                           (records->prefix_length + GAME_RECORD_BEYOND_PREFIX));
    char separator = format == FORMAT_CSV ? ',' : ';';
    for (size_t i = 0; i < records->count; i++) {
        const seebatch_board *board = &records->before[i];
        bool capture = captures(board, records->moves[i]);
        if (format == FORMAT_JSONL) {
            *p++ = '{';
            p = put_text(p, records->prefix, records->prefix_length);
            p = put_text(p, ",\"ply\":", 7);
            p = put_decimal(p, game_ply(board));
            p = put_text(p, ",\"move\":\"", 9);
            p = put_uci(p, records->moves[i], '"');
            p = put_text(p, ",\"value\":", 9);
            p = put_signed(p, records->values[i]);
            p = capture ? put_text(p, ",\"capture\":true}\n", 17)
                        : put_text(p, ",\"capture\":false}\n", 18);
            continue;
        }
        p = put_text(p, records->prefix, records->prefix_length);
        *p++ = separator;
        p = put_decimal(p, game_ply(board));
        *p++ = separator;
        p = put_uci(p, records->moves[i], separator);
        p = put_signed(p, records->values[i]);
        *p++ = separator;
        *p++ = capture ? '1' : '0';
        *p++ = '\n';
    }
    out->length = (size_t)(p - out->bytes);
}
