/* The text of the two ways in (see_text.h). */
#include "see_text.h"

#include <stdarg.h>
#include <stdio.h>

/* Copies text and returns where it ends, or NULL when end is reached. */
static char *copy_text(char *out, const char *end, const char *text)
{
    while (*text) {
        if (out == end)
            return NULL;
        *out++ = *text++;
    }
    return out;
}

/* Writes number in decimal into digits (at least 21 bytes), returns its length. */
static size_t decimal(char *digits, int64_t number)
{
    char reversed[21];
    size_t n = 0;
    uint64_t magnitude = number < 0 ? 0 - (uint64_t)number : (uint64_t)number;
    do {
        reversed[n++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    size_t length = 0;
    if (number < 0)
        digits[length++] = '-';
    while (n)
        digits[length++] = reversed[--n];
    return length;
}

size_t see_text_question(char *out, size_t room, const see_question *question, see_asking asking)
{
    const char *end = out + room;
    char *at = copy_text(out, end, question->fen);
    at = at && at != end ? at : NULL;
    if (at)
        *at++ = ';';
    char move[sizeof question->move + 1] = {0};
    for (size_t i = 0; i < sizeof question->move && question->move[i]; i++)
        move[i] = question->move[i];
    at = at ? copy_text(at, end, move) : NULL;
    if (at && asking == SEE_ASK_THRESHOLDS) {
        char number[24] = ";";
        number[1 + decimal(number + 1, question->threshold)] = '\0';
        at = copy_text(at, end, number);
    }
    return at ? (size_t)(at - out) : 0;
}

void see_text_append(char *out, size_t size, size_t *used, const char *text)
{
    if (size == 0)
        return;
    while (*text && *used + 1 < size)
        out[(*used)++] = *text++;
    out[*used < size ? *used : size - 1] = '\0';
}

void see_text_append_number(char *out, size_t size, size_t *used, int64_t number)
{
    char digits[24];
    digits[decimal(digits, number)] = '\0';
    see_text_append(out, size, used, digits);
}

void see_text_append_quoted(char *out, size_t size, size_t *used, const char *bytes, size_t count,
                            size_t shown)
{
    see_text_append(out, size, used, "\"");
    for (size_t i = 0; i < count && i < shown; i++) {
        unsigned char c = (unsigned char)bytes[i];
        char one[2] = {c >= 0x20 && c < 0x7f ? (char)c : '?', '\0'};
        see_text_append(out, size, used, one);
    }
    see_text_append(out, size, used, count > shown ? "\"..." : "\"");
}

void see_text_fail(see_failure *why, uint64_t number, const see_question *question,
                   see_asking asking, const char *format, ...)
{
    char line[SEE_TEXT_FEN_MAX + 32];
    size_t length = see_text_question(line, sizeof line - 1, question, asking);
    size_t used = 0;
    see_text_append(why->message, sizeof why->message, &used, "question ");
    see_text_append_number(why->message, sizeof why->message, &used, (int64_t)number);
    see_text_append(why->message, sizeof why->message, &used, ", ");
    see_text_append_quoted(why->message, sizeof why->message, &used, line, length, length);
    see_text_append(why->message, sizeof why->message, &used, ": ");
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(why->message + used, sizeof why->message - used, format, arguments);
    va_end(arguments);
}

size_t see_text_guard_line(char *out, size_t size, const see_guarded *call, const char *what)
{
    size_t used = 0;
    see_text_append(out, size, &used, "seebatch: the SEE plug-in ");
    see_text_append(out, size, &used, call->library);
    see_text_append(out, size, &used, " ");
    see_text_append(out, size, &used, what);
    uint64_t number = atomic_load_explicit(&call->number, memory_order_relaxed);
    if (number != 0 && call->describe) {
        if (call->call) {
            see_text_append(out, size, &used, " in ");
            see_text_append(out, size, &used, call->call);
        }
        call->describe(call->source, number, out, size, &used);
    } else if (number == 0 || !call->questions || number < call->first) {
        see_text_append(out, size, &used, " in ");
        see_text_append(out, size, &used, call->call ? call->call : "a call");
    } else {
        char line[SEE_TEXT_FEN_MAX + 32];
        const see_question *question = &call->questions[number - call->first];
        size_t length = see_text_question(line, sizeof line - 1, question, call->asking);
        line[length] = '\0';
        see_text_append(out, size, &used, " on question ");
        see_text_append_number(out, size, &used, (int64_t)number);
        see_text_append(out, size, &used, ": ");
        see_text_append(out, size, &used, line);
    }
    see_text_append(out, size, &used, "\n");
    return used;
}
