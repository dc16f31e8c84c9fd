/*
 * EPD records as seebatch_epd_read (seebatch.h) reads them: four FEN
 * fields and operations; the FEN made takes hmvc and fmvn where given (0
 * and 1 otherwise); a FEN (a number as fifth field) or "FEN;moves" is no EPD
 * record; malformed operations are refused naming the column. Each line is
 * read from a heap copy of exactly its length (no NUL), so the sanitizer
 * build catches any read past its end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "seebatch.h"
#include "text/epd_record.h"

#define PLACE "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq -"

typedef enum epd_result { EPD_NOT_EPD, EPD_RECORD, EPD_BAD } epd_result;

/* seebatch_epd_read on a heap copy of exactly the line (no NUL). */
static epd_result read_line(const char *line, char *fen, size_t *fields_end, char *message)
{
    size_t length = strlen(line);
    char *copy = malloc(length ? length : 1);
    if (!copy)
        abort();
    memcpy(copy, line, length);
    seebatch_epd_record record;
    seebatch_error error = {SEEBATCH_OK, ""};
    seebatch_status status = seebatch_epd_read(copy, length, &record, &error);
    free(copy);
    strcpy(message, error.message);
    if (status != SEEBATCH_OK) {
        CHECK_EQ(status, SEEBATCH_ERROR_FEN, "%s: the status of a bad record", line);
        CHECK_EQ(error.status, status, "%s: error.status", line);
        return EPD_BAD;
    }
    strcpy(fen, record.fen);
    *fields_end = record.fields_end;
    return record.is_record ? EPD_RECORD : EPD_NOT_EPD;
}

static void expect_fen(const char *line, const char *fen_expected)
{
    char fen[256] = "", message[200] = "";
    size_t end = 0;
    epd_result result = read_line(line, fen, &end, message);
    CHECK_EQ(result, EPD_RECORD, "%s: %s", line, message);
    CHECK(strcmp(fen, fen_expected) == 0, "%s: FEN \"%s\", expected \"%s\"", line, fen,
          fen_expected);
    /* The four fields end after the en passant field " KQkq -". */
    CHECK_EQ(end, (size_t)(strstr(line, " KQkq -") - line) + strlen(" KQkq -"), "%s", line);
}

static void expect_not(const char *line)
{
    char fen[256] = "", message[200] = "";
    size_t end = 0;
    CHECK_EQ(read_line(line, fen, &end, message), EPD_NOT_EPD, "%s", line);
}

static void expect_bad(const char *line, const char *message_expected)
{
    char fen[256] = "", message[200] = "";
    size_t end = 0;
    CHECK_EQ(read_line(line, fen, &end, message), EPD_BAD, "%s", line);
    CHECK(strcmp(message, message_expected) == 0, "%s: \"%s\", expected \"%s\"", line, message,
          message_expected);
}

/* The text of a span of line. */
static int span_is(const char *line, size_t start, size_t length, const char *expected)
{
    return length == strlen(expected) && memcmp(line + start, expected, length) == 0;
}

/* The operations described: each opcode, its operands as written and how
 * many; past SEEBATCH_EPD_OPERATIONS_MAX counted, not described. */
static void operations_described(void)
{
    const char *line = PLACE " bm Nf6  Bc5; id \"a; b\";hmvc 3; noop;";
    seebatch_epd_record record;
    CHECK_EQ(seebatch_epd_read(line, strlen(line), &record, NULL), SEEBATCH_OK, "%s", line);
    CHECK_EQ(record.operation_count, 4, "four operations");
    static const char *const opcodes[] = {"bm", "id", "hmvc", "noop"};
    static const char *const operands[] = {"Nf6  Bc5", "\"a; b\"", "3", ""};
    static const size_t counts[] = {2, 1, 1, 0};
    for (int i = 0; i < 4; i++) {
        const seebatch_epd_operation *op = &record.operations[i];
        CHECK(span_is(line, op->opcode, op->opcode_length, opcodes[i]), "opcode %d: \"%.*s\"", i,
              (int)op->opcode_length, line + op->opcode);
        CHECK(span_is(line, op->operands, op->operands_length, operands[i]),
              "operands %d: \"%.*s\"", i, (int)op->operands_length, line + op->operands);
        CHECK_EQ(op->operand_count, counts[i], "operand count %d", i);
    }
    char many[1024];
    size_t n = (size_t)snprintf(many, sizeof many, "%s", PLACE);
    for (int i = 0; i < SEEBATCH_EPD_OPERATIONS_MAX + 3; i++)
        n += (size_t)snprintf(many + n, sizeof many - n, " c%d;", i);
    CHECK_EQ(seebatch_epd_read(many, n, &record, NULL), SEEBATCH_OK, "many operations");
    CHECK_EQ(record.operation_count, SEEBATCH_EPD_OPERATIONS_MAX + 3, "all counted");
    const seebatch_epd_operation *last = &record.operations[SEEBATCH_EPD_OPERATIONS_MAX - 1];
    CHECK(span_is(many, last->opcode, last->opcode_length, "c31"), "the last described");
    seebatch_error error;
    CHECK_EQ(seebatch_epd_read(NULL, 0, &record, &error), SEEBATCH_ERROR_ARGUMENT, "NULL text");
    CHECK_EQ(seebatch_epd_read(line, 1, NULL, &error), SEEBATCH_ERROR_ARGUMENT, "NULL record");
}

int main(void)
{
    /* Records: the counters from hmvc and fmvn, else 0 and 1. */
    expect_fen(PLACE " bm Nf6; id \"x\";", PLACE " 0 1");
    expect_fen(PLACE " hmvc 7; fmvn 30;", PLACE " 7 30");
    expect_fen(PLACE " fmvn 12; bm Nf6 Bc5; hmvc 3;", PLACE " 3 12");
    expect_fen("  " PLACE "\tid \"a; b\";  hmvc 65535;fmvn 1;  ", PLACE " 65535 1");
    expect_fen(PLACE " c0 \"a comment, with \"; c1 \"\";", PLACE " 0 1");
    expect_fen(PLACE " bm Nf6;", PLACE " 0 1");
    expect_fen(PLACE " my_op x;", PLACE " 0 1"); /* '_' in an opcode */
    /* Not EPD: a FEN, with or without moves, or four fields then moves. */
    expect_not(PLACE " 0 1");
    expect_not(PLACE " 0 1;e7e5");
    expect_not(PLACE ";e7e5");
    expect_not(PLACE);
    expect_not("");
    expect_not(PLACE " 5x 1");
    /* Malformed operations: the column of the fault. */
    expect_bad(PLACE " hmvc x;", "EPD opcode hmvc, column 63: needs one number 0..65535");
    expect_bad(PLACE " hmvc 1 2;", "EPD opcode hmvc, column 63: needs one number 0..65535");
    expect_bad(PLACE " hmvc;", "EPD opcode hmvc, column 63: needs one number 0..65535");
    expect_bad(PLACE " hmvc 65536;", "EPD opcode hmvc, column 63: needs one number 0..65535");
    expect_bad(PLACE " fmvn 0;", "EPD opcode fmvn, column 63: needs one number 1..65535");
    expect_bad(PLACE " hmvc 1; hmvc 2;", "EPD opcode hmvc, column 71: given twice");
    expect_bad(PLACE " bm Nf6", "EPD opcode bm, column 63: no ';' ends it");
    expect_bad(PLACE " bm Nf6; id \"x", "EPD, column 74: a string opened here is not closed");
    expect_bad(PLACE " b+m x;", "EPD, column 64: '+' in an opcode");
    expect_bad(PLACE " bm x; ;", "EPD, column 69: an opcode starts with a letter, not ';'");
    expect_bad(PLACE " bm x; 7;", "EPD, column 69: an opcode starts with a letter, not '7'");
    /* Bytes outside printable ASCII named as '?'; a long opcode cut to 16
     * letters in the message; a number of more than five digits. */
    expect_bad(PLACE " b\x01m x;", "EPD, column 64: '?' in an opcode");
    expect_bad(PLACE " bm x; \x7f;", "EPD, column 69: an opcode starts with a letter, not '?'");
    expect_bad(PLACE " abcdefghijklmnopqrstu x",
               "EPD opcode abcdefghijklmnop, column 63: no ';' ends it");
    expect_bad(PLACE " hmvc 000001;", "EPD opcode hmvc, column 63: needs one number 0..65535");
    /* An empty string is no number. */
    expect_bad(PLACE " hmvc \"\";", "EPD opcode hmvc, column 63: needs one number 0..65535");
    /* The FEN made must fit the record's 256 bytes, counters and all:
     * fields of 256 bytes do not. */
    char line[400];
    snprintf(line, sizeof line, "%0250d w - - id \"long\";", 0);
    expect_bad(line, "FEN is longer than 255 bytes");
    operations_described();
    return check_finish("epd records");
}
