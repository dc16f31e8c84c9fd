/* How the training tests judge a failed call (test_training_errors.c,
 * test_filter_file_faults.c): its status, the error's status and words of
 * its message; an error filled with something else first, so that a call
 * that leaves it alone is seen; and a failure told as memory. */
#ifndef SEEBATCH_ERROR_CHECKS_H
#define SEEBATCH_ERROR_CHECKS_H

#include <errno.h>
#include <string.h>

#include "check.h"
#include "seebatch.h"

/* A failed call's error: the status returned, and a message holding `words`. */
static inline void check_error(seebatch_status status, const seebatch_error *error,
                               seebatch_status expected, const char *words)
{
    CHECK_EQ(status, expected, "status (message \"%s\")", error->message);
    CHECK_EQ(error->status, status, "error->status");
    CHECK(strstr(error->message, words) != NULL, "\"%s\" not in \"%s\"", words, error->message);
}

static inline seebatch_error spoiled(void)
{
    seebatch_error error = {SEEBATCH_ERROR_FEN, "left from before"};
    return error;
}

/* A failed run's error: the status of every training fault, naming memory. */
static inline void names_memory(seebatch_status status, const seebatch_error *error,
                                const char *what, unsigned long n)
{
    CHECK_EQ(status, SEEBATCH_ERROR_ARGUMENT, "%s, allocation %lu failing: \"%s\"", what, n,
             error->message);
    CHECK(strstr(error->message, "out of memory") || strstr(error->message, strerror(ENOMEM)),
          "%s, allocation %lu failing: \"%s\" names no memory", what, n, error->message);
}

#endif
