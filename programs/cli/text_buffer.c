#include "text_buffer.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"

/* Room for extra more bytes; the first call allocates even for none, so that
 * the end of the text is always a pointer into memory (NULL + 0 is undefined). */
static void reserve(text_buffer *buffer, size_t extra)
{
    if (buffer->bytes && buffer->length + extra <= buffer->capacity)
        return;
    size_t capacity = buffer->capacity ? buffer->capacity : 4096;
    while (capacity < buffer->length + extra)
        capacity *= 2;
    char *bytes = realloc(buffer->bytes, capacity);
    if (!bytes) {
        fputs("seebatch: out of memory\n", stderr);
        exit(EXIT_RESOURCE_FAILURE);
    }
    buffer->bytes = bytes;
    buffer->capacity = capacity;
}

char *text_buffer_reserve(text_buffer *buffer, size_t extra)
{
    reserve(buffer, extra);
    return buffer->bytes + buffer->length;
}

void text_buffer_append(text_buffer *buffer, const char *bytes, size_t length)
{
    if (length == 0)
        return; /* bytes may be NULL then, and memcpy must not see it */
    reserve(buffer, length);
    memcpy(buffer->bytes + buffer->length, bytes, length);
    buffer->length += length;
}

void text_buffer_printf(text_buffer *buffer, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int needed = vsnprintf(NULL, 0, format, args);
    va_end(args);
    if (needed < 0)
        return;
    reserve(buffer, (size_t)needed + 1);
    va_start(args, format);
    vsnprintf(buffer->bytes + buffer->length, (size_t)needed + 1, format, args);
    va_end(args);
    buffer->length += (size_t)needed;
}

bool text_buffer_flush(text_buffer *buffer, FILE *stream)
{
    bool written =
        buffer->length == 0 || fwrite(buffer->bytes, 1, buffer->length, stream) == buffer->length;
    buffer->length = 0;
    /* fwrite only fills stdio's buffer: a failure of an earlier write shows
     * in the stream's error flag, not in this count. */
    if (written && !ferror(stream))
        return true;
    remember_write_error();
    return false;
}

void text_buffer_free(text_buffer *buffer)
{
    free(buffer->bytes);
    *buffer = (text_buffer){NULL, 0, 0};
}

enum { MARK_START = '\x01', MARK_END = '\x02' };

void text_buffer_append_number_mark(text_buffer *buffer, unsigned long long relative)
{
    text_buffer_printf(buffer, "%c%llu%c", MARK_START, relative, MARK_END);
}

bool text_buffer_flush_numbered(text_buffer *buffer, FILE *stream, unsigned long long base)
{
    const char *text = buffer->bytes, *end = text + buffer->length;
    while (text < end) {
        const char *mark = memchr(text, MARK_START, (size_t)(end - text));
        size_t plain = (size_t)((mark ? mark : end) - text);
        if (plain && fwrite(text, 1, plain, stream) != plain)
            break;
        if (!mark) {
            text = end;
            break;
        }
        char *after;
        unsigned long long relative = strtoull(mark + 1, &after, 10);
        fprintf(stream, "%llu", base + relative);
        text = after + (after < end && *after == MARK_END);
    }
    buffer->length = 0;
    if (text == end && !ferror(stream))
        return true;
    remember_write_error();
    return false;
}
