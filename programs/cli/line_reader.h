/*
 * Reads a stream line by line in fixed memory: a line longer than the buffer
 * is reported as too long and skipped, never grown into. Bytes are returned
 * with their length, so NUL bytes inside a line are seen, not hidden.
 */
#ifndef SEEBATCH_LINE_READER_H
#define SEEBATCH_LINE_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define LINE_MAX_BYTES 65536

typedef struct line_reader {
    FILE *stream;
    char buffer[2 * LINE_MAX_BYTES];
    size_t start, end; /* unread bytes are buffer[start..end) */
    bool at_eof;
    int read_error; /* errno of a failed read, 0 if none: the input then ends */
    unsigned long line_number;
    unsigned long long bytes_read; /* from the stream so far (for progress) */
} line_reader;

typedef struct line {
    const char *text;     /* not NUL-terminated; valid until the next read */
    size_t length;        /* without the line end ("\n" or "\r\n") */
    bool too_long;        /* longer than LINE_MAX_BYTES: text is NULL */
    unsigned long number; /* 1-based */
} line;

void line_reader_init(line_reader *reader, FILE *stream);

/* The next line, or false at the end of the stream. */
bool line_reader_next(line_reader *reader, line *out);

/* The bytes of the stream the lines returned so far took (line ends
 * included), for progress: what was read less what waits in the buffer. */
static inline unsigned long long line_reader_consumed(const line_reader *reader)
{
    return reader->bytes_read - (reader->end - reader->start);
}

#endif
