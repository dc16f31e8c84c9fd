#include "errors.h"

#include <stdarg.h>
#include <stdio.h>

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
