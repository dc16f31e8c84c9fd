/*
 * eval's record writer (programs/cli/eval_records.c) against a plain one
 * written here with snprintf and seebatch_move_to_uci, byte for byte: every
 * format, with no number, a line's number and an entry's mark (with a file
 * field before them, as several inputs give, or none); FENs of every
 * length around the writer's copy sizes (64 and 96 bytes), tabs among them;
 * every move kind, values at every digit count and both extremes; positions
 * one at a time (append_position_records) and a block of them written back
 * to back in one reservation (put_position_records), as eval writes them.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "eval_records.h"

enum { MOST_MOVES = 40, FEN_MOST = 300 };

/* The records as eval_records.h documents them, one snprintf a piece. */
static size_t reference(char *out, output_format format, const position_records *r)
{
    size_t n = 0;
    for (size_t i = 0; i < r->count; i++) {
        char uci[SEEBATCH_UCI_MAX + 1], number[48] = "";
        uci[seebatch_move_to_uci(r->moves[i], uci)] = '\0';
        bool mark = r->number->kind == NUMBER_ENTRY_MARK;
        if (r->number->kind != NUMBER_NONE)
            snprintf(number, sizeof number, mark ? "\x01%llu\x02" : "%llu", r->number->value);
        if (format == FORMAT_JSONL) {
            n += (size_t)sprintf(out + n, "{%s", r->number->file ? r->number->file : "");
            if (r->number->kind != NUMBER_NONE)
                n += (size_t)sprintf(out + n, "\"%s\":%s,", mark ? "entry" : "line", number);
            n += (size_t)sprintf(out + n, "\"fen\":\"");
            for (size_t k = 0; k < r->fen_length; k++)
                n += (size_t)(r->fen[k] == '\t' ? sprintf(out + n, "\\t")
                                                : sprintf(out + n, "%c", r->fen[k]));
            n += (size_t)sprintf(out + n, "\",\"move\":\"%s\",\"value\":%ld}\n", uci,
                                 (long)r->values[i]);
            continue;
        }
        char separator = format == FORMAT_CSV ? ',' : ';';
        if (r->number->kind != NUMBER_NONE)
            n += (size_t)sprintf(out + n, "%s%s%c", r->number->file ? r->number->file : "", number,
                                 separator);
        memcpy(out + n, r->fen, r->fen_length);
        n += r->fen_length;
        n += (size_t)sprintf(out + n, "%c%s%c%ld\n", separator, uci, separator, (long)r->values[i]);
    }
    return n;
}

static uint64_t next_random(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return *state >> 33;
}

static const int32_t values[] = {0,     1,      -1,     9,         -9,        10,    99,
                                 100,   -100,   999,    -999,      1000,      -1000, 9999,
                                 10000, 123456, -98765, INT32_MAX, INT32_MIN, 42,    -7};

/* One position's worth of made-up data: a FEN of `fen_length` printable
 * bytes (tabs and spaces among them), `count` moves of any kind. */
typedef struct made_position {
    char fen[FEN_MOST];
    seebatch_move moves[MOST_MOVES];
    int32_t values[MOST_MOVES];
    record_number number;
    position_records records;
} made_position;

static void make_position(made_position *p, uint64_t *state, size_t fen_length, size_t count,
                          record_number number)
{
    for (size_t k = 0; k < fen_length; k++) {
        unsigned pick = (unsigned)(next_random(state) % 100);
        p->fen[k] = pick < 3 ? '\t' : pick < 10 ? ' ' : (char)('!' + next_random(state) % 94);
    }
    for (size_t i = 0; i < count; i++) {
        unsigned kind = (unsigned)(next_random(state) % 8); /* 7: no kind the library makes */
        p->moves[i] = seebatch_move_make((unsigned)next_random(state) % 64,
                                         (unsigned)next_random(state) % 64, kind);
        p->values[i] = values[next_random(state) % (sizeof values / sizeof values[0])];
    }
    p->number = number;
    p->records = (position_records){p->fen, fen_length, &p->number, p->moves, p->values, count};
}

static const size_t fen_lengths[] = {1,  2,  7,  15, 16,  17,  31,  32,  33,  47,
                                     56, 57, 58, 62, 63,  64,  65,  66,  80,  94,
                                     95, 96, 97, 98, 112, 127, 128, 129, 200, 299};

/* File fields as eval makes them with several inputs (copied as they are),
 * of lengths around the prefix copy's: none, short, and past 96 bytes. */
static const char *const file_fields[] = {
    "", "a.fen;", "\"file\":\"d/x\\\"y.fen\",",
    "a-long-directory-name/another-long-directory-name/and-a-third-one/positions.fen,",
    ("\"file\":\"a-long-directory-name/another-long-directory-name/and-a-third-one/"
     "positions.epd\",")};

static record_number number_of(int kind, uint64_t *state)
{
    static const unsigned long long numbers[] = {0, 1, 9, 10, 4096, 123456789012ull, ~0ull};
    unsigned long long value = numbers[next_random(state) % 7];
    const char *file = kind == 0 ? "" : file_fields[next_random(state) % 5];
    return (record_number){kind == 0   ? NUMBER_NONE
                           : kind == 1 ? NUMBER_LINE
                                       : NUMBER_ENTRY_MARK,
                           value, file, strlen(file)};
}

/* Each position alone, appended to a buffer that already holds text. */
static void test_one_at_a_time(output_format format, int number_kind, uint64_t *state)
{
    static made_position p;
    static char expected[MOST_MOVES * (2 * FEN_MOST + 128) + 64];
    for (size_t f = 0; f < sizeof fen_lengths / sizeof fen_lengths[0]; f++)
        for (size_t count = 0; count <= MOST_MOVES; count += 1 + count / 4) {
            make_position(&p, state, fen_lengths[f], count, number_of(number_kind, state));
            text_buffer out = {NULL, 0, 0};
            text_buffer_append(&out, "before\n", 7);
            append_position_records(&out, format, &p.records);
            size_t length = reference(expected, format, &p.records);
            CHECK(out.length == 7 + length && memcmp(out.bytes + 7, expected, length) == 0,
                  "format %d, number kind %d, FEN of %zu bytes, %zu moves: records differ",
                  (int)format, number_kind, fen_lengths[f], count);
            text_buffer_free(&out);
        }
}

/* A block: positions of assorted sizes written back to back in one
 * reservation, short records first (a copy of the prefix then overlaps
 * the record it is copied from). */
static void test_block(output_format format, int number_kind, uint64_t *state)
{
    enum { POSITIONS = 64 };
    static made_position p[POSITIONS];
    static char expected[POSITIONS * MOST_MOVES * (2 * FEN_MOST + 128)];
    for (int round = 0; round < scaled(40); round++) {
        size_t room = 0, length = 0;
        for (int b = 0; b < POSITIONS; b++) {
            size_t fen_length =
                fen_lengths[next_random(state) % (sizeof fen_lengths / sizeof fen_lengths[0])];
            size_t count = (size_t)(next_random(state) % 5 == 0 ? next_random(state) % MOST_MOVES
                                                                : next_random(state) % 4);
            make_position(&p[b], state, fen_length, count, number_of(number_kind, state));
            room +=
                position_records_room(format, fen_length + p[b].records.number->file_length, count);
            length += reference(expected + length, format, &p[b].records);
        }
        text_buffer out = {NULL, 0, 0};
        char *at = text_buffer_reserve(&out, room);
        memset(at, 'x', room); /* no stale byte may show */
        for (int b = 0; b < POSITIONS; b++)
            at = put_position_records(at, format, &p[b].records);
        out.length = (size_t)(at - out.bytes);
        CHECK(out.length == length && memcmp(out.bytes, expected, length) == 0,
              "format %d, number kind %d, round %d: the block's records differ", (int)format,
              number_kind, round);
        text_buffer_free(&out);
    }
}

int main(void)
{
    uint64_t state = 35;
    for (int format = FORMAT_TEXT; format <= FORMAT_JSONL; format++) {
        for (int number_kind = 0; number_kind < 3; number_kind++)
            test_one_at_a_time((output_format)format, number_kind, &state);
        for (int number_kind = 0; number_kind < 2; number_kind++) /* a block holds no marks */
            test_block((output_format)format, number_kind, &state);
    }
    return check_finish("records_writer");
}
