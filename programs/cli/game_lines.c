#include "game_lines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval_exchange.h"
#include "game_faults.h"
#include "name_fields.h"
#include "numbers.h"
#include "position_words.h"

/* A line of at most SEEBATCH_LINE_MAX bytes holds at most this many moves (four
 * characters and a blank each). */
enum { GAME_MOVES_MAX = SEEBATCH_LINE_MAX / 5 + 1 };
/* A fault of the FEN tag, then the message that quotes it (or a bad ply's,
 * the library's why with the plies scored and not). */
enum { FAULT_ROOM = SEEBATCH_MESSAGE_SIZE + 64, MESSAGE_ROOM = FAULT_ROOM + 128 };

/* Where a game's moves start: the position, and the text of its moves. */
typedef struct game_start {
    seebatch_board board;
    const char *moves;
    size_t moves_length;
} game_start;

static const char start_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

struct game_reader {
    const game_settings *settings;
    const char *file; /* the field records start with (game_reader_start_input) */
    size_t file_length;
    unsigned long long game; /* the games of this input so far */
    game_counts counts;
    bool in_pgn; /* the last game was raw PGN: its movetext lines after it are its own */
    seebatch_board start_position;
    /* The tags since the last game: the FEN tag's position, or why the
     * game's start is not known (a FEN tag that cannot be read, a tag line
     * with no name or too long to read, which may have been it), and the
     * text of the tags asked for, each ending in NUL. */
    bool has_fen;
    seebatch_board fen_start;
    char start_fault[FAULT_ROOM]; /* empty when the start is known */
    text_buffer tag_text;
    size_t tag_at[GAME_TAGS_MAX];
    bool tag_given[GAME_TAGS_MAX];
    text_buffer prefix; /* a game's records' first fields */
    /* A game's moves, the board of each, their values; move i on board i. */
    seebatch_board before[GAME_MOVES_MAX];
    seebatch_move moves[GAME_MOVES_MAX];
    int32_t values[GAME_MOVES_MAX];
    uint32_t board_of_move[GAME_MOVES_MAX];
};

game_reader *game_reader_new(const game_settings *settings)
{
    game_reader *reader = calloc(1, sizeof *reader);
    if (!reader)
        return NULL;
    reader->settings = settings;
    seebatch_board_from_fen(&reader->start_position, start_fen, NULL);
    for (uint32_t i = 0; i < GAME_MOVES_MAX; i++)
        reader->board_of_move[i] = i;
    return reader;
}

void game_reader_free(game_reader *reader)
{
    if (!reader)
        return;
    text_buffer_free(&reader->tag_text);
    text_buffer_free(&reader->prefix);
    free(reader);
}

/* Forgets the tags read since the last game. */
static void forget_tags(game_reader *reader)
{
    reader->has_fen = false;
    reader->start_fault[0] = '\0';
    reader->tag_text.length = 0;
    memset(reader->tag_given, 0, sizeof reader->tag_given);
}

void game_reader_start_input(game_reader *reader, const char *file, size_t file_length)
{
    reader->file = file;
    reader->file_length = file_length;
    reader->game = 0;
    reader->in_pgn = false;
    forget_tags(reader);
}

game_counts game_reader_counts(const game_reader *reader) { return reader->counts; }

static bool is_blank(char c) { return c == ' ' || c == '\t'; }

/* ------------------------------------------------------------------------ */
/* Tags                                                                     */
/* ------------------------------------------------------------------------ */

/* A PGN tag's parts: its name and its value with the escapes \" and \\
 * undone, written NUL-ended into value (room for the line's length + 1). */
static bool parse_tag(const char *text, size_t length, const char **name, size_t *name_length,
                      char *value)
{
    size_t i = 0;
    while (i < length && is_blank(text[i]))
        i++;
    if (i == length || text[i++] != '[')
        return false;
    while (i < length && is_blank(text[i]))
        i++;
    *name = text + i;
    while (i < length && (text[i] == '_' || (text[i] >= '0' && text[i] <= '9') ||
                          ((text[i] | 0x20) >= 'a' && (text[i] | 0x20) <= 'z')))
        i++;
    *name_length = (size_t)(text + i - *name);
    while (i < length && is_blank(text[i]))
        i++;
    if (*name_length == 0 || i == length || text[i++] != '"')
        return false;
    size_t out = 0;
    for (; i < length && text[i] != '"'; i++) {
        if (text[i] == '\\' && i + 1 < length)
            i++;
        value[out++] = text[i];
    }
    value[out] = '\0';
    if (i == length)
        return false;
    for (i++; i < length && is_blank(text[i]); i++)
        ;
    if (i == length || text[i++] != ']')
        return false;
    while (i < length && is_blank(text[i]))
        i++;
    return i == length;
}

/* The FEN tag: the position the game's moves start from. */
static void take_fen_tag(game_reader *reader, const char *value, uint64_t line_number)
{
    seebatch_error error;
    char fault[FAULT_ROOM] = "";
    reader->has_fen = true;
    if (seebatch_board_from_fen(&reader->fen_start, value, &error) != SEEBATCH_OK)
        snprintf(fault, sizeof fault, "%s", error.message);
    else
        position_is_possible(&reader->fen_start, reader->settings->keep_impossible, fault,
                             sizeof fault);
    if (fault[0] && !reader->start_fault[0])
        snprintf(reader->start_fault, sizeof reader->start_fault, "its FEN tag (line %llu): %s",
                 (unsigned long long)line_number, fault);
}

/* A line among the game's tags that may have been its FEN tag and was not
 * read: the game's start is not known, so none of its moves is scored. */
static void lose_start(game_reader *reader, uint64_t line_number, const char *why)
{
    if (!reader->start_fault[0])
        snprintf(reader->start_fault, sizeof reader->start_fault,
                 "line %llu, before its moves, %s: where the game starts is not known",
                 (unsigned long long)line_number, why);
}

void game_reader_line_too_long(void *state, uint64_t number)
{
    lose_start(state, number, "is longer than 65536 bytes, perhaps its FEN tag");
}

static bool read_tag_line(game_reader *reader, const line *input, text_buffer *errors)
{
    char *value = malloc(input->length + 1);
    if (!value) {
        text_buffer_printf(errors, "line %llu: out of memory for a tag of %zu bytes\n",
                           (unsigned long long)input->number, input->length);
        return false;
    }
    const char *name = NULL;
    size_t name_length = 0;
    bool good = parse_tag(input->text, input->length, &name, &name_length, value);
    if (!good) {
        text_buffer_printf(errors, "line %llu: a PGN tag is written [Name \"value\"]\n",
                           (unsigned long long)input->number);
        if (name_length == 0 || (name_length == 3 && memcmp(name, "FEN", 3) == 0))
            lose_start(reader, input->number,
                       name_length ? "is a FEN tag that cannot be read"
                                   : "is a tag whose name cannot be read, perhaps its FEN tag");
    } else if (name_length == 3 && memcmp(name, "FEN", 3) == 0)
        take_fen_tag(reader, value, input->number);
    const game_settings *settings = reader->settings;
    for (size_t t = 0; good && t < settings->tag_count; t++)
        if (strlen(settings->tags[t]) == name_length &&
            memcmp(settings->tags[t], name, name_length) == 0) {
            reader->tag_at[t] = reader->tag_text.length;
            reader->tag_given[t] = true;
            text_buffer_append(&reader->tag_text, value, strlen(value) + 1);
        }
    free(value);
    return good;
}

/* ------------------------------------------------------------------------ */
/* A game's records                                                         */
/* ------------------------------------------------------------------------ */

static char *put_bytes(char *p, const char *bytes, size_t length)
{
    if (length) /* an empty field may come with no text at all: memcpy wants a pointer */
        memcpy(p, bytes, length);
    return p + length;
}

/* A tag's value as a field of ';'-separated text: a ';' or control byte,
 * which would split the record, as '?'. */
static char *put_text_tag(char *p, const char *value)
{
    for (const unsigned char *c = (const unsigned char *)value; *c; c++)
        *p++ = *c < 0x20 || *c == 0x7f || *c == ';' ? '?' : (char)*c;
    return p;
}

/* The fields every record of the game starts with: the file's, the game's
 * number, the tags asked for ("" where the game has none). */
static void put_prefix(game_reader *reader)
{
    const game_settings *settings = reader->settings;
    size_t room = reader->file_length + 32 + 16 * settings->tag_count;
    for (size_t t = 0; t < settings->tag_count; t++)
        room += name_field_room(strlen(settings->tags[t])) +
                (reader->tag_given[t]
                     ? name_field_room(strlen(reader->tag_text.bytes + reader->tag_at[t]))
                     : 2);
    reader->prefix.length = 0;
    char *p = text_buffer_reserve(&reader->prefix, room), *start = p;
    p = put_bytes(p, reader->file, reader->file_length);
    output_format format = settings->format;
    if (format == FORMAT_JSONL)
        p = put_bytes(p, "\"game\":", 7);
    p = put_decimal(p, reader->game);
    if (format == FORMAT_JSONL && settings->tag_count)
        p = put_bytes(p, ",\"tags\":{", 9);
    for (size_t t = 0; t < settings->tag_count; t++) {
        const char *value = reader->tag_given[t] ? reader->tag_text.bytes + reader->tag_at[t] : "";
        if (format == FORMAT_JSONL) {
            if (t > 0)
                *p++ = ',';
            p = put_json_name(p, settings->tags[t]);
            *p++ = ':';
            p = put_json_name(p, value);
            continue;
        }
        *p++ = format == FORMAT_CSV ? ',' : ';';
        p = format == FORMAT_CSV ? put_csv_name(p, value) : put_text_tag(p, value);
    }
    if (format == FORMAT_JSONL && settings->tag_count)
        *p++ = '}';
    reader->prefix.length += (size_t)(p - start);
}

/* Plays the game from its start, keeping each move and the board before
 * it, and works out their SEE: *count moves, at a move that cannot be
 * played those before it (the message names it: name_game_stop). */
static bool play_game(game_reader *reader, const game_start *start, size_t *count, char *message,
                      size_t size)
{
    seebatch_game game = {start->board, reader->before, reader->moves, GAME_MOVES_MAX, 0};
    seebatch_error error;
    seebatch_status status = seebatch_game_play(&game, start->moves, start->moves_length, &error);
    if (status == SEEBATCH_ERROR_MOVE) {
        game_stop stop = {&game.board, start->moves, start->moves_length, game.count,
                          error.message};
        reader->in_pgn = name_game_stop(&stop, message, size);
        if (reader->in_pgn) {
            reader->counts.raw_pgn++;
        } else {
            reader->counts.stopped++;
            reader->counts.scored_before_stops += game.count;
        }
    } else if (status != SEEBATCH_OK) {
        snprintf(message, size, "%s", error.message);
    } else {
        reader->counts.without_moves += game.count == 0;
    }
    seebatch_batch batch = {reader->before,        game.count,    NULL,
                            reader->board_of_move, reader->moves, game.count};
    if (game.count)
        seebatch_values(reader->settings->rules, &batch, reader->values);
    *count = game.count;
    return status == SEEBATCH_OK;
}

/* Where the game's moves start: the position a UCI command or a FEN
 * before ';' names, else its FEN tag's, else the start position; and the
 * text of its moves. */
static bool find_game_start(game_reader *reader, const line *input, game_start *start,
                            char *message, size_t size)
{
    seebatch_position_line position = {.board = &start->board,
                                       .moves = NULL,
                                       .keep_impossible = reader->settings->keep_impossible};
    if (!parse_position_line(input, &position, message, size))
        return false;
    start->moves = position.moves_text;
    start->moves_length = position.moves_length;
    if (position.fen)
        return true;
    if (reader->start_fault[0]) {
        snprintf(message, size, "%s", reader->start_fault);
        return false;
    }
    start->board = reader->has_fen ? reader->fen_start : reader->start_position;
    return true;
}

bool read_game_line(const line *input, void *state, text_buffer *out, text_buffer *errors)
{
    game_reader *reader = state;
    size_t first = 0;
    while (first < input->length && is_blank(input->text[first]))
        first++;
    if (first < input->length && input->text[first] == '[') {
        reader->in_pgn = false;
        return read_tag_line(reader, input, errors);
    }
    if (reader->in_pgn && continues_pgn_movetext(input->text, input->length))
        return true; /* the rest of a raw PGN game, refused at its first line */
    reader->in_pgn = false;
    reader->game++;
    reader->counts.games++;
    char message[MESSAGE_ROOM];
    game_start start;
    size_t count = 0;
    bool good = find_game_start(reader, input, &start, message, sizeof message) &&
                play_game(reader, &start, &count, message, sizeof message);
    if (count > 0) { /* a game that stops at a bad ply is scored up to it */
        put_prefix(reader);
        game_records records = {reader->prefix.bytes, reader->prefix.length, reader->before,
                                reader->moves,        reader->values,        count};
        if (reader->settings->exchange)
            append_exchange_game_records(out, reader->settings->format, &records,
                                         reader->settings->exchange);
        else
            append_game_records(out, reader->settings->format, &records);
    }
    forget_tags(reader);
    if (!good)
        text_buffer_printf(errors, "line %llu: game %llu: %s\n", (unsigned long long)input->number,
                           reader->game, message);
    return good;
}
