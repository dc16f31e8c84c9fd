/* Filling a seebatch_error: one helper so every message is formatted alike. */
#ifndef SEEBATCH_ERRORS_H
#define SEEBATCH_ERRORS_H

#include <stddef.h>

#include "seebatch.h"
#include "printf_like.h"

/* Sets error (if not NULL) to status and the printf-formatted message, and
 * returns status, so a failing function can end with `return seebatch_fail(...)`. */
seebatch_status seebatch_fail(seebatch_error *error, seebatch_status status, const char *format,
                              ...) SEEBATCH_PRINTF_LIKE(3, 4);

/* "NAME: TEXT" into out (size bytes, at least 64), TEXT whole where it fits:
 * a name too long for both is shown as "..." and its last characters. A
 * message about a file is read for its place and why, and a path may be of
 * any length (seebatch_error says so to callers). Returns out. */
const char *seebatch_name_text(char *out, size_t size, const char *name, const char *text);

/* seebatch_fail for a message about the file `name`: "NAME: " and the
 * printf-formatted rest, as seebatch_name_text puts them. */
seebatch_status seebatch_fail_about(seebatch_error *error, seebatch_status status, const char *name,
                                    const char *format, ...) SEEBATCH_PRINTF_LIKE(4, 5);

/* Marks error (if not NULL) as success and returns SEEBATCH_OK. */
seebatch_status seebatch_succeed(seebatch_error *error);

/* Text for a message: at most `limit` bytes of text, stopping early at a NUL
 * or after `length` bytes, with bytes that are not printable ASCII shown as
 * '?' (so input never puts control characters on a terminal) and "..." when
 * cut. out holds limit + 4 bytes. Returns out. */
const char *seebatch_printable(const char *text, size_t length, size_t limit, char *out);

/* Names for messages, indexed by SEEBATCH_PAWN.. and SEEBATCH_WHITE.. */
extern const char *const seebatch_type_names[SEEBATCH_PIECE_TYPES];
extern const char *const seebatch_color_names[2];

/* "e4" for square 28. out holds at least 3 bytes. Returns out. */
const char *seebatch_square_name(unsigned square, char out[3]);

#endif
