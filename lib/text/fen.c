/*
 * Forsyth-Edwards Notation to and from seebatch_board.
 *
 * The parser is strict about syntax (every malformed field is named with its
 * character position) and lenient about chess: SEE is defined on any
 * consistent board, so pawns on the back ranks, missing kings and castling
 * rights with no rook (or no king) behind them are accepted. Move generation
 * simply never castles without the king and rook on their squares. The one
 * chess rule enforced is "at most one king per colour", as seebatch.h
 * documents; a board with more is still consistent and SEE is defined on it,
 * but it has no FEN, so seebatch_board_to_fen writes none for it (every FEN
 * written parses back to the same board).
 *
 * Only spaces and tabs count as white space; a line ending is the caller's
 * to strip. The input is never read past its terminating NUL.
 */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "board/bitboard.h"
#include "board/castling.h"
#include "decimal.h"
#include "epd_record.h"
#include "errors.h"
#include "fen_scan.h"
#include "fen_write.h"
#include "printf_like.h"

enum { FEN_INPUT_MAX = SEEBATCH_FEN_INPUT_MAX, FEN_FIELDS = 6, FEN_COUNTER_MAX = 65535 };

/* Where one space-separated field lies in the input. */
typedef struct fen_field {
    size_t start;
    size_t length;
} fen_field;

static const char *const field_names[FEN_FIELDS] = {
    "piece placement", "side to move",   "castling",
    "en passant",      "halfmove clock", "fullmove number",
};

/* Index modulo 6 is the piece type, index / 6 the colour. */
static const char piece_chars[] = "PNBRQKpnbrqk";
/* Index in this string is the bit number of the castling right. */
static const char castling_letters[] = "KQkq";

static seebatch_status seebatch_fen_fail(seebatch_error *error, int field, size_t position,
                                         const char *format, ...) SEEBATCH_PRINTF_LIKE(4, 5);

/* field is 1-based, as in the messages; position is the 1-based character. */
static seebatch_status seebatch_fen_fail(seebatch_error *error, int field, size_t position,
                                         const char *format, ...)
{
    char what[SEEBATCH_MESSAGE_SIZE];
    va_list args;
    va_start(args, format);
    vsnprintf(what, sizeof what, format, args);
    va_end(args);
    return seebatch_fail(error, SEEBATCH_ERROR_FEN, "FEN field %d (%s), character %zu: %s", field,
                         field_names[field - 1], position, what);
}

static bool seebatch_is_blank(char c) { return c == ' ' || c == '\t'; }

/* "'x'" for a printable character, "byte 0x0a" otherwise, so a message stays
 * one readable line whatever the input holds. */
static const char *seebatch_describe_char(char c, char out[12])
{
    unsigned char byte = (unsigned char)c;
    if (byte >= 0x20 && byte < 0x7f)
        snprintf(out, 12, "'%c'", c);
    else
        snprintf(out, 12, "byte 0x%02x", byte);
    return out;
}

enum { SHOWN_MAX = 16 };

/* Splits text into fields; stops after FEN_FIELDS + 1, since one field too
 * many is already an error. Returns the number found. */
static int seebatch_split_fields(const char *text, size_t length, fen_field fields[FEN_FIELDS + 1])
{
    int count = 0;
    size_t i = 0;
    while (count < FEN_FIELDS + 1) {
        while (i < length && seebatch_is_blank(text[i]))
            i++;
        if (i == length)
            break;
        fields[count].start = i;
        while (i < length && !seebatch_is_blank(text[i]))
            i++;
        fields[count].length = i - fields[count].start;
        count++;
    }
    return count;
}

/* Non-ASCII bytes are rejected before a field is read, so the field parsers
 * only ever see ASCII. */
static seebatch_status seebatch_check_ascii(const char *text, fen_field field, int number,
                                            seebatch_error *error)
{
    for (size_t i = field.start; i < field.start + field.length; i++)
        if ((unsigned char)text[i] >= 0x80)
            return seebatch_fen_fail(error, number, i + 1, "byte 0x%02x is not ASCII",
                                     (unsigned char)text[i]);
    return SEEBATCH_OK;
}

/* The state of the placement parser within the current rank. */
typedef struct rank_cursor {
    unsigned rank;      /* 7 for the first rank written (rank 8) */
    unsigned squares;   /* squares described so far, may pass 8 */
    size_t overflow_at; /* position of the character that passed 8, or 0 */
    bool previous_was_digit;
} rank_cursor;

static void seebatch_advance(rank_cursor *cursor, unsigned squares, size_t position)
{
    if (cursor->squares <= 8 && cursor->squares + squares > 8)
        cursor->overflow_at = position;
    cursor->squares += squares;
}

static seebatch_status seebatch_place_piece(seebatch_board *board, rank_cursor *cursor, char letter,
                                            size_t position, seebatch_error *error)
{
    const char *found = strchr(piece_chars, letter); /* letter is never NUL here */
    char shown[12];
    if (!found)
        return seebatch_fen_fail(error, 1, position,
                                 "unknown character %s; expected a piece letter (PNBRQK pnbrqk), "
                                 "a digit 1-8 or '/'",
                                 seebatch_describe_char(letter, shown));
    int type = (int)(found - piece_chars) % SEEBATCH_PIECE_TYPES;
    unsigned color = (unsigned)(found - piece_chars) / SEEBATCH_PIECE_TYPES;
    if (cursor->squares < 8) {
        bitboard bit = seebatch_square_bit(cursor->rank * 8 + cursor->squares);
        if (type == SEEBATCH_KING && (board->pieces[type] & board->colors[color]))
            return seebatch_fen_fail(error, 1, position, "second %s king; a colour has at most one",
                                     color == SEEBATCH_WHITE ? "white" : "black");
        board->pieces[type] |= bit;
        board->colors[color] |= bit;
    }
    seebatch_advance(cursor, 1, position);
    cursor->previous_was_digit = false;
    return SEEBATCH_OK;
}

static seebatch_status seebatch_skip_squares(rank_cursor *cursor, char digit, size_t position,
                                             seebatch_error *error)
{
    if (digit == '0' || digit == '9')
        return seebatch_fen_fail(error, 1, position,
                                 "digit %c is not a count of empty squares (1-8)", digit);
    /* "44" describes 8 squares, but no FEN writer produces it, so it is far
     * more likely a typo than a deliberate choice. */
    if (cursor->previous_was_digit)
        return seebatch_fen_fail(error, 1, position,
                                 "two digits in a row; write one count of empty squares");
    seebatch_advance(cursor, (unsigned)(digit - '0'), position);
    cursor->previous_was_digit = true;
    return SEEBATCH_OK;
}

/* Called at each '/' and at the end of the field. */
static seebatch_status seebatch_end_rank(rank_cursor *cursor, bool last, size_t position,
                                         seebatch_error *error)
{
    if (cursor->squares != 8)
        return seebatch_fen_fail(error, 1, cursor->overflow_at ? cursor->overflow_at : position,
                                 "rank %u has %u squares", cursor->rank + 1, cursor->squares);
    if (last && cursor->rank != 0)
        return seebatch_fen_fail(error, 1, position, "only %u ranks; a FEN describes 8",
                                 8 - cursor->rank);
    if (!last && cursor->rank == 0)
        return seebatch_fen_fail(error, 1, position, "more than 8 ranks");
    cursor->rank--;
    cursor->squares = 0;
    cursor->overflow_at = 0;
    cursor->previous_was_digit = false;
    return SEEBATCH_OK;
}

static seebatch_status seebatch_parse_placement(seebatch_board *board, const char *text,
                                                fen_field field, seebatch_error *error)
{
    rank_cursor cursor = {7, 0, 0, false};
    for (size_t i = 0; i <= field.length; i++) {
        size_t position = field.start + i + 1;
        char c = i < field.length ? text[field.start + i] : '/';
        seebatch_status status;
        if (i == field.length || c == '/')
            status = seebatch_end_rank(&cursor, i == field.length, position, error);
        else if (c >= '0' && c <= '9')
            status = seebatch_skip_squares(&cursor, c, position, error);
        else
            status = seebatch_place_piece(board, &cursor, c, position, error);
        if (status != SEEBATCH_OK)
            return status;
    }
    return SEEBATCH_OK;
}

static seebatch_status seebatch_parse_side(seebatch_board *board, const char *text, fen_field field,
                                           seebatch_error *error)
{
    const char *value = text + field.start;
    if (field.length == 1 && (value[0] == 'w' || value[0] == 'b')) {
        board->side_to_move = value[0] == 'w' ? SEEBATCH_WHITE : SEEBATCH_BLACK;
        return SEEBATCH_OK;
    }
    char shown[SHOWN_MAX + 4];
    return seebatch_fen_fail(
        error, 2, field.start + 1, "side to move is \"%s\"; expected w or b",
        seebatch_printable(text + field.start, field.length, SHOWN_MAX, shown));
}

/* The right a castling letter names and its rook's file: K Q k q (X-FEN:
 * the outermost rook on that side of the king), or a rook's file A-H, a-h
 * (Shredder-FEN, and X-FEN for a rook not the outermost), whose side of
 * the king says which right. Needs the placement, read before. */
static seebatch_status seebatch_castling_letter(const seebatch_board *board, char letter,
                                                size_t position, unsigned *right, unsigned *file,
                                                seebatch_error *error)
{
    char shown[12];
    const char *found = memchr(castling_letters, letter, sizeof castling_letters - 1);
    if (found) { /* memchr over the four letters: strchr would find a NUL's terminator */
        *right = (unsigned)(found - castling_letters);
        *file = castling_outermost_file(board, *right);
        return SEEBATCH_OK;
    }
    bool white = letter >= 'A' && letter <= 'H', black = letter >= 'a' && letter <= 'h';
    if (!white && !black)
        return seebatch_fen_fail(error, 3, position,
                                 "unknown castling letter %s; expected K, Q, k, q, a rook's file "
                                 "A-H or a-h (Chess960), or '-'",
                                 seebatch_describe_char(letter, shown));
    unsigned color = white ? SEEBATCH_WHITE : SEEBATCH_BLACK;
    unsigned king = castling_king_square(board, color);
    *file = (unsigned)(letter - (white ? 'A' : 'a'));
    if (king == CASTLING_NO_SQUARE || file_of(king) == *file)
        return seebatch_fen_fail(
            error, 3, position, "castling letter %c names a rook's file, but %s", letter,
            king == CASTLING_NO_SQUARE ? "no king of its colour stands on its first rank to castle"
                                       : "its king stands on that file");
    *right = 2 * color + (*file < file_of(king) ? 1u : 0u);
    return SEEBATCH_OK;
}

static seebatch_status seebatch_parse_castling(seebatch_board *board, const char *text,
                                               fen_field field, seebatch_error *error)
{
    static const char *const right_names[4] = {"white's kingside", "white's queenside",
                                               "black's kingside", "black's queenside"};
    const char *value = text + field.start;
    if (field.length == 1 && value[0] == '-')
        return SEEBATCH_OK;
    unsigned word = 0;
    for (size_t i = 0; i < field.length; i++) {
        size_t position = field.start + i + 1;
        unsigned right = 0, file = 0;
        if (value[i] == '-')
            return seebatch_fen_fail(error, 3, position, "'-' must stand alone");
        seebatch_status status =
            seebatch_castling_letter(board, value[i], position, &right, &file, error);
        if (status != SEEBATCH_OK)
            return status;
        if (word & (1u << right))
            return seebatch_fen_fail(error, 3, position, "castling letter %c names %s right again",
                                     value[i], right_names[right]);
        if ((word & 15u) >> right)
            return seebatch_fen_fail(error, 3, position,
                                     "castling letter %c is out of order; the order is white's "
                                     "then black's, kingside first (KQkq, HAha)",
                                     value[i]);
        word = castling_with_file(word | 1u << right, right, file);
    }
    castling_store(board, word);
    return SEEBATCH_OK;
}

/* Needs the side to move, so it runs after parse_side. */
static seebatch_status seebatch_parse_en_passant(seebatch_board *board, const char *text,
                                                 fen_field field, seebatch_error *error)
{
    const char *value = text + field.start;
    board->en_passant = SEEBATCH_NO_SQUARE;
    if (field.length == 1 && value[0] == '-')
        return SEEBATCH_OK;
    bool well_formed = field.length == 2 && value[0] >= 'a' && value[0] <= 'h' && value[1] >= '1' &&
                       value[1] <= '8';
    char shown[SHOWN_MAX + 4];
    if (!well_formed)
        return seebatch_fen_fail(
            error, 4, field.start + 1, "\"%s\" is not a square like e3, nor '-'",
            seebatch_printable(text + field.start, field.length, SHOWN_MAX, shown));
    /* The square a pawn of the side that just moved passed over. */
    char expected = board->side_to_move == SEEBATCH_WHITE ? '6' : '3';
    if (value[1] != expected)
        return seebatch_fen_fail(
            error, 4, field.start + 2, "en passant square %.2s is not on rank %c (%s to move)",
            value, expected, board->side_to_move == SEEBATCH_WHITE ? "white" : "black");
    board->en_passant = (uint8_t)((value[1] - '1') * 8 + (value[0] - 'a'));
    return SEEBATCH_OK;
}

static seebatch_status seebatch_parse_counter(const char *text, fen_field field, int number,
                                              uint16_t *counter, seebatch_error *error)
{
    const char *value = text + field.start;
    unsigned long total = 0;
    for (size_t i = 0; i < field.length; i++) {
        char shown[12];
        if (value[i] < '0' || value[i] > '9')
            return seebatch_fen_fail(error, number, field.start + i + 1,
                                     "%s is not a decimal number",
                                     seebatch_describe_char(value[i], shown));
        if (total <= FEN_COUNTER_MAX) /* saturate: the digits may go on forever */
            total = total * 10 + (unsigned long)(value[i] - '0');
    }
    if (total > FEN_COUNTER_MAX)
        return seebatch_fen_fail(error, number, field.start + 1, "%.*s%s exceeds %d",
                                 field.length > 20 ? 20 : (int)field.length, value,
                                 field.length > 20 ? "..." : "", FEN_COUNTER_MAX);
    *counter = (uint16_t)total;
    return SEEBATCH_OK;
}

static seebatch_status seebatch_parse_field(seebatch_board *board, const char *text,
                                            fen_field field, int number, seebatch_error *error)
{
    seebatch_status status = seebatch_check_ascii(text, field, number, error);
    if (status != SEEBATCH_OK)
        return status;
    switch (number) {
    case 1:
        return seebatch_parse_placement(board, text, field, error);
    case 2:
        return seebatch_parse_side(board, text, field, error);
    case 3:
        return seebatch_parse_castling(board, text, field, error);
    case 4:
        return seebatch_parse_en_passant(board, text, field, error);
    case 5:
        return seebatch_parse_counter(text, field, 5, &board->halfmove_clock, error);
    default:
        return seebatch_parse_counter(text, field, 6, &board->fullmove_number, error);
    }
}

/* Fields are read in order, so the error reported is the first one in the
 * text; a missing required field is reported where the text ends. */
static seebatch_status seebatch_parse_fields(seebatch_board *board, const char *text, size_t length,
                                             seebatch_error *error)
{
    fen_field fields[FEN_FIELDS + 1];
    int count = seebatch_split_fields(text, length, fields);
    for (int f = 0; f < count && f < FEN_FIELDS; f++) {
        seebatch_status status = seebatch_parse_field(board, text, fields[f], f + 1, error);
        if (status != SEEBATCH_OK)
            return status;
    }
    if (count > FEN_FIELDS)
        return seebatch_fail(error, SEEBATCH_ERROR_FEN,
                             "FEN, character %zu: unexpected text after field %d (%s)",
                             fields[FEN_FIELDS].start + 1, FEN_FIELDS, field_names[FEN_FIELDS - 1]);
    if (count < 4)
        return seebatch_fen_fail(error, count + 1, length + 1,
                                 count == 0 ? "missing: the FEN is empty"
                                            : "missing (fields 1 to 4 are required)");
    return SEEBATCH_OK;
}

seebatch_status seebatch_fen_parse_fully(seebatch_board *board, const char *text, size_t length,
                                         seebatch_error *error)
{
    /* An EPD record (four fields, then operations) is the FEN of its fields
     * with hmvc and fmvn as the clocks. */
    seebatch_epd_record record;
    seebatch_status read = seebatch_epd_read(text, length, &record, error);
    if (read == SEEBATCH_OK && record.is_record)
        return seebatch_fen_parse_fully(board, record.fen, strlen(record.fen), error);
    memset(board, 0, sizeof *board);
    if (read != SEEBATCH_OK)
        return read;
    board->en_passant = SEEBATCH_NO_SQUARE;
    board->fullmove_number = 1;
    seebatch_status status = seebatch_parse_fields(board, text, length, error);
    return status == SEEBATCH_OK ? seebatch_succeed(error) : status;
}

/* ------------------------------------------------------------------------ */

/* The letter of each occupied square (the others left unwritten: only
 * occupied squares are read): one pass over the pieces' bits, not six
 * tests a square. */
static void seebatch_letters_of(const seebatch_board *board, char letters[64])
{
    for (unsigned color = 0; color < 2; color++)
        for (unsigned type = 0; type < SEEBATCH_PIECE_TYPES; type++)
            for (bitboard bits = board->pieces[type] & board->colors[color]; bits; bits &= bits - 1)
                letters[lowest_square(bits)] = piece_chars[color * SEEBATCH_PIECE_TYPES + type];
}

/* The placement field, from the eighth rank down: each rank walked by its
 * pieces' bits, the empty squares before a piece written as one digit
 * (written always, kept only when there are some), not square by square
 * with a branch on each (the writer of every plain and EPD record). */
static size_t seebatch_write_placement(const seebatch_board *board, char *out)
{
    char letters[64];
    seebatch_letters_of(board, letters);
    bitboard occupied = occupied_squares(board);
    size_t n = 0;
    for (unsigned rank = 8; rank-- > 0;) {
        unsigned file = 0;
        for (unsigned row = (unsigned)(occupied >> (8 * rank)) & 0xFFu; row; row &= row - 1) {
            unsigned at = (unsigned)__builtin_ctz(row);
            out[n] = (char)('0' + (at - file));
            n += at != file;
            out[n++] = letters[8 * rank + at];
            file = at + 1;
        }
        out[n] = (char)('0' + (8 - file));
        n += file != 8;
        out[n++] = '/';
    }
    return n - 1; /* no '/' after the first rank */
}

/* The letter a right is written with, one the parser reads back as the
 * same right and rook: in X-FEN K, Q, k or q for the outermost rook on
 * that side of the king (or the corner, with none), else the rook's file;
 * in Shredder-FEN the rook's file wherever a king on the first rank gives
 * it a side. 0 when no letter reads back so (a right's file on the wrong
 * side of its king, or off the corner with no king to give it a side). */
static char seebatch_castling_letter_of(const seebatch_board *board, unsigned right, bool shredder)
{
    unsigned file = file_of(castling_rook_square(castling_word(board), right));
    unsigned color = castling_color(right);
    unsigned king = castling_king_square(board, color);
    bool file_reads_back = king != CASTLING_NO_SQUARE && file != file_of(king) &&
                           (file > file_of(king)) == castling_is_kingside(right);
    char file_letter = (char)((color == SEEBATCH_WHITE ? 'A' : 'a') + file);
    if (shredder && file_reads_back)
        return file_letter;
    if (castling_outermost_file(board, right) == file)
        return castling_letters[right];
    return file_reads_back ? file_letter : 0;
}

/* The castling field into out; 0 when a right has no letter. */
static size_t seebatch_write_castling(const seebatch_board *board, bool shredder, char *out)
{
    size_t n = 0;
    for (unsigned right = 0; right < 4; right++)
        if (board->castling & (1u << right)) {
            char letter = seebatch_castling_letter_of(board, right, shredder);
            if (!letter)
                return 0;
            out[n++] = letter;
        }
    if (n == 0)
        out[n++] = '-';
    return n;
}

/* out holds SEEBATCH_FEN_MAX bytes; the longest FEN is 92 characters
 * (71 for the placement, " w KQkq e3 65535 65535"). Returns 0 when the
 * castling rights have no letters. */
static size_t seebatch_write_fen(const seebatch_board *board, uint16_t halfmove, uint16_t fullmove,
                                 bool shredder, char *out)
{
    size_t n = seebatch_write_placement(board, out);
    out[n++] = ' ';
    out[n++] = board->side_to_move == SEEBATCH_WHITE ? 'w' : 'b';
    out[n++] = ' ';
    size_t castling = seebatch_write_castling(board, shredder, out + n);
    if (castling == 0)
        return 0;
    n += castling;
    out[n++] = ' ';
    if (board->en_passant == SEEBATCH_NO_SQUARE)
        out[n++] = '-';
    else
        n += strlen(seebatch_square_name(board->en_passant, out + n));
    char *end = out + n;
    *end++ = ' ';
    end = seebatch_put_decimal(end, halfmove);
    *end++ = ' ';
    end = seebatch_put_decimal(end, fullmove);
    *end = '\0';
    return (size_t)(end - out);
}

/* The parser rejects a second king of a colour, so such a board gets no FEN:
 * every FEN written here parses back to the same board. */
static bool seebatch_expressible(const seebatch_board *board)
{
    bitboard kings = board->pieces[SEEBATCH_KING];
    return !more_than_one(kings & board->colors[SEEBATCH_WHITE]) &&
           !more_than_one(kings & board->colors[SEEBATCH_BLACK]);
}

size_t seebatch_fen_with_counters(const seebatch_board *board, uint16_t halfmove, uint16_t fullmove,
                                  bool shredder, char *buffer, size_t size)
{
    if (buffer && size > 0)
        buffer[0] = '\0';
    if (!board || !buffer || seebatch_board_validate(board, NULL) != SEEBATCH_OK ||
        !seebatch_expressible(board))
        return 0;
    char text[SEEBATCH_FEN_MAX];
    size_t length = seebatch_write_fen(board, halfmove, fullmove, shredder, text);
    if (length == 0 || length + 1 > size)
        return 0;
    memcpy(buffer, text, length + 1);
    return length;
}

size_t seebatch_board_to_fen(const seebatch_board *board, char *buffer, size_t size)
{
    return seebatch_fen_with_counters(board, board ? board->halfmove_clock : 0,
                                      board ? board->fullmove_number : 0, false, buffer, size);
}

size_t seebatch_board_to_shredder_fen(const seebatch_board *board, char *buffer, size_t size)
{
    return seebatch_fen_with_counters(board, board ? board->halfmove_clock : 0,
                                      board ? board->fullmove_number : 0, true, buffer, size);
}
