/*
 * EPD records (seebatch_epd_read, epd_record.h): the four position
 * fields of a FEN, then operations. The halfmove clock and fullmove number
 * come from the opcodes hmvc and fmvn where given (0 and 1 otherwise); the
 * other opcodes are described to the caller and change nothing here.
 */
#include "epd_record.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "errors.h"
#include "printf_like.h"
#include "seebatch.h"

enum { EPD_FIELDS = 4, EPD_COUNTER_MAX = 65535 };

static bool seebatch_epd_is_space(char c) { return c == ' ' || c == '\t'; }
static bool seebatch_epd_is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool seebatch_epd_is_digit(char c) { return c >= '0' && c <= '9'; }

/* Where reading is, and what the operations said. */
typedef struct epd_cursor {
    const char *text;
    size_t length, at;
    long counters[2]; /* hmvc, fmvn; -1 when not given */
    seebatch_epd_record *record; /* the operations described */
    seebatch_error *error;
} epd_cursor;

/* A fault of the record, in error (SEEBATCH_ERROR_FEN); false. It takes
 * the error, not the cursor: a cursor whose address escaped would be kept
 * in memory, where the compiler otherwise keeps it in registers. */
static bool seebatch_epd_fault(seebatch_error *error, const char *format, ...)
    SEEBATCH_PRINTF_LIKE(2, 3);

static bool seebatch_epd_fault(seebatch_error *error, const char *format, ...)
{
    if (error) {
        va_list args;
        va_start(args, format);
        vsnprintf(error->message, sizeof error->message, format, args);
        va_end(args);
        error->status = SEEBATCH_ERROR_FEN;
    }
    return false;
}

static void seebatch_epd_skip_spaces(epd_cursor *c)
{
    while (c->at < c->length && seebatch_epd_is_space(c->text[c->at]))
        c->at++;
}

/* The column (from 1) of the byte at offset. */
static size_t seebatch_epd_column(size_t offset) { return offset + 1; }

/* One operand of an operation: a word, or a "string"; false (reported) for a
 * string that does not end. Sets *start and *length of what it holds. */
static bool seebatch_epd_read_operand(epd_cursor *c, size_t *start, size_t *length)
{
    if (c->text[c->at] == '"') {
        const char *close = memchr(c->text + c->at + 1, '"', c->length - c->at - 1);
        if (!close) {
            seebatch_epd_fault(c->error, "EPD, column %zu: a string opened here is not closed",
                     seebatch_epd_column(c->at));
            return false;
        }
        *start = c->at + 1;
        *length = (size_t)(close - c->text) - *start;
        c->at = (size_t)(close - c->text) + 1;
        return true;
    }
    *start = c->at;
    while (c->at < c->length && !seebatch_epd_is_space(c->text[c->at]) && c->text[c->at] != ';')
        c->at++;
    *length = c->at - *start;
    return true;
}

/* An operation as read: its opcode (name, at the byte at) and operands
 * (how many, and where the first is). */
typedef struct epd_operation {
    char name[8];   /* the opcode when it is 4 letters long, else "" */
    int which;      /* 0 hmvc, 1 fmvn, -1 another opcode */
    size_t at;      /* the opcode's byte */
    size_t first, first_length; /* the first operand */
    int operands;
} epd_operation;

/* hmvc or fmvn's operand: a decimal number 0..65535 (fmvn: from 1). */
static bool seebatch_epd_take_counter(epd_cursor *c, const epd_operation *op)
{
    long value = 0;
    bool number = op->operands == 1 && op->first_length > 0 && op->first_length <= 5;
    for (size_t i = 0; number && i < op->first_length; i++) {
        number = seebatch_epd_is_digit(c->text[op->first + i]);
        value = value * 10 + (c->text[op->first + i] - '0');
    }
    if (!number || value > EPD_COUNTER_MAX || (op->which == 1 && value == 0)) {
        seebatch_epd_fault(c->error, "EPD opcode %s, column %zu: needs one number %d..%d",
                 op->name, seebatch_epd_column(op->at), op->which, EPD_COUNTER_MAX);
        return false;
    }
    if (c->counters[op->which] >= 0) {
        seebatch_epd_fault(c->error, "EPD opcode %s, column %zu: given twice", op->name,
                 seebatch_epd_column(op->at));
        return false;
    }
    c->counters[op->which] = value;
    return true;
}

/* Counts an operation, and describes it where the line has room. */
static void seebatch_epd_describe(seebatch_epd_record *record,
                                  const seebatch_epd_operation *operation)
{
    if (record->operation_count < SEEBATCH_EPD_OPERATIONS_MAX)
        record->operations[record->operation_count] = *operation;
    record->operation_count++;
}

/* One operation "opcode operand ... ;" at c->at (not a space). */
static bool seebatch_epd_read_operation(epd_cursor *c)
{
    size_t at = c->at;
    if (!seebatch_epd_is_letter(c->text[at])) {
        seebatch_epd_fault(c->error, "EPD, column %zu: an opcode starts with a letter, not '%c'",
                 seebatch_epd_column(at), c->text[at] >= ' ' && c->text[at] < 127 ? c->text[at] : '?');
        return false;
    }
    while (c->at < c->length && (seebatch_epd_is_letter(c->text[c->at]) || seebatch_epd_is_digit(c->text[c->at]) ||
                                 c->text[c->at] == '_'))
        c->at++;
    if (c->at < c->length && !seebatch_epd_is_space(c->text[c->at]) && c->text[c->at] != ';') {
        seebatch_epd_fault(c->error, "EPD, column %zu: '%c' in an opcode", seebatch_epd_column(c->at),
                 c->text[c->at] >= ' ' && c->text[c->at] < 127 ? c->text[c->at] : '?');
        return false;
    }
    size_t name_length = c->at - at;
    epd_operation op = {"", -1, at, 0, 0, 0};
    if (name_length == 4)
        memcpy(op.name, c->text + at, 4);
    /* The two opcodes that set counters, told apart without a library call
     * (every record has a few operations). */
    op.which = name_length != 4                     ? -1
               : memcmp(op.name, "hmvc", 4) == 0 ? 0
               : memcmp(op.name, "fmvn", 4) == 0 ? 1
                                                  : -1;
    size_t operands = 0, operands_end = 0;
    for (;;) {
        seebatch_epd_skip_spaces(c);
        if (c->at == c->length) {
            seebatch_epd_fault(c->error, "EPD opcode %.*s, column %zu: no ';' ends it",
                     (int)(name_length > 16 ? 16 : name_length), c->text + at, seebatch_epd_column(at));
            return false;
        }
        if (c->text[c->at] == ';')
            break;
        size_t start, length;
        if (op.operands == 0)
            operands = c->at;
        if (!seebatch_epd_read_operand(c, &start, &length))
            return false;
        operands_end = c->at;
        if (op.operands++ == 0)
            op.first = start, op.first_length = length;
    }
    c->at++; /* the ';' */
    seebatch_epd_operation described = {at, name_length, operands, operands_end - operands,
                                        (size_t)op.operands};
    seebatch_epd_describe(c->record, &described);
    return op.which < 0 || seebatch_epd_take_counter(c, &op);
}

/* The end of each of the first five fields of text, or false when there
 * are fewer than five before the first ';'. */
static bool seebatch_epd_find_fields(const char *text, size_t length, size_t ends[EPD_FIELDS],
                        size_t *fifth)
{
    const char *semicolon = memchr(text, ';', length);
    size_t limit = semicolon ? (size_t)(semicolon - text) : length, at = 0;
    for (int field = 0;; field++) { /* returns at the fifth field at most */
        while (at < limit && seebatch_epd_is_space(text[at]))
            at++;
        if (at == limit)
            return false;
        if (field == EPD_FIELDS) {
            *fifth = at;
            return true;
        }
        while (at < limit && !seebatch_epd_is_space(text[at]))
            at++;
        ends[field] = at;
    }
}

seebatch_status seebatch_epd_read(const char *text, size_t length, seebatch_epd_record *record,
                                  seebatch_error *error)
{
    if (!text || !record)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "%s is NULL",
                             record ? "EPD text" : "record");
    record->is_record = 0;
    record->fields_end = 0;
    record->fen[0] = '\0';
    record->operation_count = 0;
    size_t ends[EPD_FIELDS], fifth;
    if (!seebatch_epd_find_fields(text, length, ends, &fifth) ||
        !seebatch_epd_is_letter(text[fifth]))
        return seebatch_succeed(error);
    epd_cursor c = {text, length, fifth, {-1, -1}, record, error};
    while (seebatch_epd_skip_spaces(&c), c.at < c.length)
        if (!seebatch_epd_read_operation(&c))
            return SEEBATCH_ERROR_FEN;
    size_t start = 0;
    while (seebatch_epd_is_space(text[start]))
        start++;
    int written = snprintf(record->fen, sizeof record->fen, "%.*s %ld %ld",
                           (int)(ends[EPD_FIELDS - 1] - start), text + start,
                           c.counters[0] < 0 ? 0 : c.counters[0],
                           c.counters[1] < 0 ? 1 : c.counters[1]);
    if (written < 0 || (size_t)written >= sizeof record->fen)
        return seebatch_fail(error, SEEBATCH_ERROR_FEN, "FEN is longer than %zu bytes",
                             sizeof record->fen - 1);
    record->is_record = 1;
    record->fields_end = ends[EPD_FIELDS - 1];
    return seebatch_succeed(error);
}
