/* Filling a seebatch_error: one helper so every message is formatted alike. */
#ifndef SEEBATCH_ERRORS_H
#define SEEBATCH_ERRORS_H

#include "seebatch.h"

/* Sets error (if not NULL) to status and the printf-formatted message, and
 * returns status, so a failing function can end with `return fail(...)`. */
seebatch_status fail(seebatch_error *error, seebatch_status status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* Marks error (if not NULL) as success and returns SEEBATCH_OK. */
seebatch_status succeed(seebatch_error *error);

/* "e4" for square 28. out holds at least 3 bytes. Returns out. */
const char *square_name(unsigned square, char out[3]);

#endif
