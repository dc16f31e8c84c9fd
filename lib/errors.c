#include "errors.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

const char *const seebatch_type_names[SEEBATCH_PIECE_TYPES] = {"pawn", "knight", "bishop",
                                                               "rook", "queen",  "king"};
const char *const seebatch_color_names[2] = {"white", "black"};

seebatch_status seebatch_fail(seebatch_error *error, seebatch_status status, const char *format,
                              ...)
{
    if (error) {
        va_list args;
        va_start(args, format);
        vsnprintf(error->message, sizeof error->message, format, args);
        va_end(args);
        error->status = status;
    }
    return status;
}

/* Appends length bytes of text at out[at] as room allows (size bytes in
 * all, a NUL kept after); returns the end. */
static size_t seebatch_append(char *out, size_t size, size_t at, const char *text, size_t length)
{
    size_t n = length < size - 1 - at ? length : size - 1 - at;
    memcpy(out + at, text, n);
    out[at + n] = '\0';
    return at + n;
}

const char *seebatch_name_text(char *out, size_t size, const char *name, const char *text)
{
    /* A shortened name keeps this much at least: a file's own name, mostly. */
    enum { LEAST_TAIL = 24, MARKS = sizeof "..." - 1 + sizeof ": " - 1 };
    size_t name_length = strlen(name), text_length = strlen(text);
    size_t room =
        size - 1 > text_length + MARKS + LEAST_TAIL ? size - 1 - text_length - MARKS : LEAST_TAIL;
    /* Whole, or (a text too long even so) the text cut at its end. */
    bool shortened = name_length + 2 + text_length >= size && room < name_length;
    size_t at = seebatch_append(out, size, 0, "...", shortened ? 3 : 0);
    at = seebatch_append(out, size, at, shortened ? name + name_length - room : name,
                         shortened ? room : name_length);
    at = seebatch_append(out, size, at, ": ", 2);
    seebatch_append(out, size, at, text, text_length);
    return out;
}

seebatch_status seebatch_fail_about(seebatch_error *error, seebatch_status status, const char *name,
                                    const char *format, ...)
{
    if (error) {
        char text[SEEBATCH_MESSAGE_SIZE];
        va_list args;
        va_start(args, format);
        vsnprintf(text, sizeof text, format, args);
        va_end(args);
        seebatch_name_text(error->message, sizeof error->message, name, text);
        error->status = status;
    }
    return status;
}

seebatch_status seebatch_succeed(seebatch_error *error)
{
    if (error) {
        error->status = SEEBATCH_OK;
        error->message[0] = '\0';
    }
    return SEEBATCH_OK;
}

const char *seebatch_printable(const char *text, size_t length, size_t limit, char *out)
{
    size_t n = 0;
    for (; n < limit && n < length && text[n] != '\0'; n++) {
        unsigned char byte = (unsigned char)text[n];
        out[n] = byte >= 0x20 && byte < 0x7f ? (char)byte : '?';
    }
    if (n < length && text[n] != '\0')
        out[n++] = '.', out[n++] = '.', out[n++] = '.';
    out[n] = '\0';
    return out;
}

const char *seebatch_square_name(unsigned square, char out[3])
{
    out[0] = (char)('a' + (square & 7u));
    out[1] = (char)('1' + ((square >> 3) & 7u));
    out[2] = '\0';
    return out;
}

const char *seebatch_status_name(seebatch_status status)
{
    switch (status) {
    case SEEBATCH_OK:
        return "ok";
    case SEEBATCH_ERROR_ARGUMENT:
        return "bad argument";
    case SEEBATCH_ERROR_FEN:
        return "bad FEN";
    case SEEBATCH_ERROR_BOARD:
        return "inconsistent board";
    case SEEBATCH_ERROR_MOVE:
        return "bad move";
    case SEEBATCH_ERROR_CONFIG:
        return "bad configuration";
    case SEEBATCH_ERROR_BACKEND:
        return "bad backend";
    }
    return "unknown status";
}
