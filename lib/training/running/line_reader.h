/*
 * Reads a stream line by line in fixed memory, for the runner's portions of
 * lines (file_runner.h): a line longer than SEEBATCH_LINE_MAX bytes is
 * given as too long and skipped, never grown into. Bytes are returned
 * with their length, so NUL bytes inside a line are seen, not hidden.
 */
#ifndef SEEBATCH_LINE_READER_H
#define SEEBATCH_LINE_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "seebatch_training.h"

typedef struct line_reader {
    FILE *stream;
    char buffer[2 * SEEBATCH_LINE_MAX];
    size_t start, end; /* unread bytes are buffer[start..end) */
    bool at_eof;
    int read_error; /* errno of a failed read, 0 if none: the input then ends */
    uint64_t line_number;
    unsigned long long bytes_read; /* from the stream so far (for progress) */
} line_reader;

void seebatch_line_reader_init(line_reader *reader, FILE *stream);

/* The next line (its text valid until the next call), or false at the end
 * of the stream. */
bool seebatch_line_reader_next(line_reader *reader, seebatch_line *out);

/* The bytes of the stream the lines returned so far took (line ends
 * included), for progress: what was read less what waits in the buffer. */
static inline unsigned long long seebatch_line_reader_consumed(const line_reader *reader)
{
    return reader->bytes_read - (reader->end - reader->start);
}

#endif
