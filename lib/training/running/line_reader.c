#include "line_reader.h"

#include <errno.h>
#include <string.h>

void seebatch_line_reader_init(line_reader *reader, FILE *stream)
{
    reader->stream = stream;
    reader->start = reader->end = 0;
    reader->at_eof = false;
    reader->read_error = 0;
    reader->line_number = 0;
    reader->bytes_read = 0;
}

/* Moves the unread bytes to the front and reads more behind them. */
static void seebatch_refill(line_reader *reader)
{
    size_t unread = reader->end - reader->start;
    memmove(reader->buffer, reader->buffer + reader->start, unread);
    reader->start = 0;
    reader->end = unread;
    size_t got = fread(reader->buffer + unread, 1, sizeof reader->buffer - unread, reader->stream);
    reader->end += got;
    reader->bytes_read += got;
    if (got == 0) {
        reader->at_eof = true;
        if (ferror(reader->stream))
            reader->read_error = errno ? errno : EIO;
    }
}

/* Discards bytes up to and including the next newline (or the end). */
static void seebatch_skip_rest_of_line(line_reader *reader)
{
    for (;;) {
        char *newline = memchr(reader->buffer + reader->start, '\n', reader->end - reader->start);
        if (newline) {
            reader->start = (size_t)(newline - reader->buffer) + 1;
            return;
        }
        reader->start = reader->end;
        if (reader->at_eof)
            return;
        seebatch_refill(reader);
    }
}

bool seebatch_line_reader_next(line_reader *reader, seebatch_line *out)
{
    for (;;) {
        char *begin = reader->buffer + reader->start;
        size_t available = reader->end - reader->start;
        char *newline = memchr(begin, '\n', available);
        bool complete = newline || (reader->at_eof && available > 0);
        size_t consumed = newline ? (size_t)(newline - begin) : available;
        size_t length = consumed;
        if (complete && length > 0 && begin[length - 1] == '\r')
            length--;
        /* An incomplete line may still lose a '\r' at its end: one byte more. */
        if (length > SEEBATCH_LINE_MAX + (complete ? 0 : 1)) {
            seebatch_skip_rest_of_line(reader);
            *out = (seebatch_line){NULL, 0, ++reader->line_number, 1};
            return true;
        }
        if (complete) {
            reader->start += consumed + (newline ? 1 : 0);
            *out = (seebatch_line){begin, length, ++reader->line_number, 0};
            return true;
        }
        if (reader->at_eof)
            return false;
        seebatch_refill(reader);
    }
}
