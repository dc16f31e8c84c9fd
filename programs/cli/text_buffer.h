/* A growable byte buffer the tool formats output into, so a chunk of lines
 * can be evaluated anywhere (another thread) and written in input order. */
#ifndef SEEBATCH_TEXT_BUFFER_H
#define SEEBATCH_TEXT_BUFFER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "seebatch_training.h"
#include "tool_only.h"

typedef struct text_buffer {
    char *bytes;
    size_t length, capacity;
} text_buffer;

void text_buffer_append(text_buffer *buffer, const char *bytes, size_t length);
/* Makes room for `extra` more bytes and returns where they go: the caller
 * writes at most that many there and moves length past what it wrote. */
char *text_buffer_reserve(text_buffer *buffer, size_t extra);
void text_buffer_printf(text_buffer *buffer, const char *format, ...)
    SEEBATCH_PRINTF_LIKE(2, 3);
/* Writes the contents to stream and empties the buffer (keeping its memory).
 * Returns false when the stream has failed, now or before: what was written
 * since may be lost, so the caller stops and reports it. */
bool text_buffer_flush(text_buffer *buffer, FILE *stream);
void text_buffer_free(text_buffer *buffer);

/* Numbers not known when the text is made (a chunk's entries are numbered
 * only once the chunks before it are counted): text_buffer_append_number_mark
 * appends a mark holding a number relative to the chunk, and
 * text_buffer_flush_numbered writes the text with each mark replaced by base
 * + that number. The marks use bytes that formatted output never holds. */
void text_buffer_append_number_mark(text_buffer *buffer, unsigned long long relative);
bool text_buffer_flush_numbered(text_buffer *buffer, FILE *stream, unsigned long long base);

#endif
